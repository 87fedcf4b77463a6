"""What a name holds past an ``if`` at the top of a helper's body, for the
checks of what a missing key gives (part of
:class:`~doxtool.python.keyreads.KeyReads`), as the tool walk reads it
(:mod:`~doxtool.python.partialbinds`).

``items = args.get("items")``, then ``if isinstance(items, str): items =
json.loads(items)`` at the top of the body: the walk forgets what ``items``
stands for past the ``if``, as the branch may remake it. But the ``None`` a
missing key gives fails the test, so the branch never runs without the key
and the name still holds that ``None`` there: a check past it that refuses
``None`` (``if not isinstance(items, list): raise ...``) refuses a missing
key. The name stands for the read in such checks only, not in anything else
the walk reads of it (types, compared values), which the remade value may
take.

A name an ``if`` binds to a read in one arm only holds the read on the
calls that take that arm: past ``items = ["all"]``, then ``if cfg: items =
args.get("items")``, a check of ``items`` refuses a missing key on some
calls only (``required or optional``), on every call where it refuses the
literal the other calls keep as well (``items = []``: required). The other
way round (``items = args.get("items")``, then ``if cfg: items = []``), the
calls that skip the arm keep the read: some calls only.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from functools import cached_property
from typing import Any

from doxtool.core.summary_facts import KeyRead
from doxtool.python.asthandedreads import handed_reads, unknown_default
from doxtool.python.astparse import statements
from doxtool.python.astreach import terminates
from doxtool.python.astshapes import _AST_SHAPES, literal, replace_default
from doxtool.python.keyaggregates import READ_ONLY_CALLS
from doxtool.python.readforms import FILLING_METHODS, KEEPING_METHODS, REFUSALS
from doxtool.python.replacements import KNOWN, UNKNOWN, discarded, evaluate, replaced
from doxtool.python.wrappedreads import made_of, unwrap_ast_read


class SkippedBranches:
    """Names a missing key leaves as they were: a part of
    :class:`~doxtool.python.keyreads.KeyReads`."""

    node: ast.FunctionDef | ast.AsyncFunctionDef
    var_reads: dict[str, KeyRead]
    fallback_values: dict[int, tuple[bool, Any]]

    @cached_property
    def var_missing_only(self) -> dict[str, KeyRead]:
        """Local name -> the read whose missing value it holds past a
        branch that missing key does not take and that remade the name."""
        return {}

    @cached_property
    def _skipped(self) -> dict[int, dict[str, KeyRead]]:
        """Id of an ``if`` at the top of the body -> the names it remakes on
        calls with their key only, each with its read."""
        return {}

    @cached_property
    def var_partial(self) -> dict[str, tuple[KeyRead, Any]]:
        """Local name -> the read it holds past an ``if`` on the calls that
        take one arm (or skip it) only, and the literal the other calls
        keep (:data:`_NOTHING`: none known)."""
        return {}

    @cached_property
    def _partial_reads(self) -> dict[int, Any]:
        """Id of a read :attr:`var_partial` holds -> the literal the other calls keep."""
        return {}

    @cached_property
    def _top_literals(self) -> dict[str, Any]:
        """Local name -> the literal a statement at the top last bound it to."""
        return {}

    @cached_property
    def _arm_reads(self) -> dict[int, KeyRead]:
        """Id of ``name = <read>`` in a branch -> the read."""
        return {}

    def _note_binding(self, stmt: ast.stmt, targets: list[ast.expr], new: list[KeyRead]) -> None:
        """``name = value``: the name no longer holds what it held."""
        self._note_length(targets, stmt.value)  # type: ignore[attr-defined]
        for target in targets:
            if type(target) is ast.Name:
                self.var_missing_only.pop(target.id, None)
                self.var_partial.pop(target.id, None)
                self.var_either.pop(target.id, None)
                self._top_literals.pop(target.id, None)
        if len(targets) != 1 or type(targets[0]) is not ast.Name:
            return
        value = stmt.value  # type: ignore[attr-defined]
        for read in handed_reads(value, new, self._source):  # type: ignore[attr-defined]
            unknown_default(read)  # ``q = _maybe_int(d.get("q"))``
        if self._top(stmt):  # type: ignore[attr-defined]
            known, held = literal(value)
            if known:
                self._top_literals[targets[0].id] = held
            return
        read = next((r for r in new if (r.line, r.column) == _place(value)), None)
        if read is not None and read.kind == "get" and not read.default_unknown:
            self._arm_reads[id(stmt)] = read

    def _on_some_calls(self, read: KeyRead, refusal: str) -> bool:
        """Whether a check refusing ``refusal`` of ``read``'s missing value
        refuses it on some calls only: the read a name holds past an ``if``
        on some calls, the others keeping a literal the check passes."""
        if id(read) not in self._partial_reads:
            return False
        kept = self._partial_reads[id(read)]
        return kept is _NOTHING or not REFUSALS[refusal](kept)

    def _note_partial(
        self, stmt: ast.If, before: dict[str, KeyRead], literals: dict[str, Any]
    ) -> None:
        """Past ``stmt``: the names it binds in one arm only, to a read there
        (``literals``: what the names held before) or away from the read they
        held (``before``)."""
        arms = [stmt.body, stmt.orelse]
        for taken, other in (arms, arms[::-1]):
            for inner in taken:
                if not isinstance(inner, ast.Assign) or len(inner.targets) != 1:
                    continue
                target = inner.targets[0]
                if type(target) is not ast.Name:
                    continue
                name = target.id
                read = self._arm_reads.get(id(inner))
                kept = _kept_literal(other, name, literals)
                if read is not None and kept is not None:
                    if _undecided(stmt.test, name, literals):
                        self.var_partial[name] = (read, kept[0])
                elif _binds(other, name):
                    continue
                elif read is None and name in before and name not in self.var_missing_only:
                    held = before[name]
                    missing = {name: held.default if held.has_default else None}
                    if _undecided(stmt.test, name, missing):
                        self.var_partial[name] = (held, _NOTHING)
        for held, kept in self.var_partial.values():
            self._partial_reads[id(held)] = kept
        self._note_either(stmt)

    @cached_property
    def var_either(self) -> dict[str, list[KeyRead]]:
        """Local name -> the reads of one key each arm of an ``if`` at the
        top bound it to: past it, it holds one of them."""
        return {}

    def _note_either(self, stmt: ast.If) -> None:
        """``if a: items = d.get("x")``, ``else: items = d.get("x", [])``
        (each arm of an ``if``/``elif``/``else`` chain)."""
        arms = _chain_arms(stmt)
        if not arms[-1] or any(terminates(arm) for arm in arms):
            return
        names = {
            t.id
            for s in stmt.body
            if isinstance(s, ast.Assign)
            for t in s.targets
            if type(t) is ast.Name
        }
        for name in names:
            reads = [_arm_read(arm, name, self._arm_reads) for arm in arms]
            keys = {(r.source, r.key) for r in reads if r is not None}
            if None not in reads and len(keys) == 1:
                self.var_either[name] = reads  # type: ignore[assignment]

    def _either_contract(self, reads: list[KeyRead], refusal: str) -> None:
        """A check on every call of a name :attr:`var_either` holds: each read
        whose missing value it refuses is needed, on the calls taking its arm
        only where another's passes (whose default then holds on its arm's
        calls only: neither claimed nor denied)."""
        refusing = REFUSALS[refusal]
        refused = [r for r in reads if refusing(r.default if r.has_default else None)]
        every = len(refused) == len(reads)
        for read in refused:
            if self._read_contract(read, refusal) and not every:  # type: ignore[attr-defined]
                read.conditional = True
        for read in reads if refused and not every else ():
            if read.has_default and read not in refused:
                read.default, read.has_default, read.default_unknown = None, False, True

    def _note_skipped_branch(self, body: Sequence[ast.stmt], index: int) -> None:
        """``body[index]``, at the top of the body: an ``if`` with no ``else``
        whose test a missing key's value of a name fails, whose body binds
        that name again; past such an ``if``, the name holds that value."""
        if body is not self.node.body:
            return
        if index > 0:
            self.var_missing_only.update(self._skipped.pop(id(body[index - 1]), {}))
            pending = self._pending.pop(id(body[index - 1]), None)
            if pending is not None:
                self._note_partial(*pending)
        stmt = body[index]
        if not isinstance(stmt, ast.If):
            return
        self._pending[id(stmt)] = (stmt, dict(self.var_reads), dict(self._top_literals))
        bound = {
            target.id
            for inner in statements([*stmt.body, *stmt.orelse])
            if isinstance(inner, (ast.Assign, ast.AnnAssign, ast.AugAssign))
            for target in (inner.targets if isinstance(inner, ast.Assign) else [inner.target])
            if type(target) is ast.Name
        }
        found: dict[str, KeyRead] = {}
        for name in bound:
            read = self.var_reads.get(name)
            if read is None or read.kind != "get":
                continue
            # what a missing key gives it here: before the replacement this
            # ``if`` makes, if it makes the read's (``if not items: items = []``)
            held = self._replacing(read, name, index)
            if held is None and (read.default_unknown or id(read) in self.fallback_values):
                continue
            missing = held[0] if held is not None else read.default if read.has_default else None
            decided = evaluate(_AST_SHAPES, stmt.test, name, missing)
            if decided.kind == UNKNOWN:
                continue
            if not _binds(stmt.body if decided.value else stmt.orelse, name):
                found[name] = read  # the arm a missing key takes keeps its value
                continue
            # taken: past it, a missing key leaves the literal it binds (the tool
            # walk's :meth:`~doxtool.python.partialbinds.PartialBindings._missing_left`)
            outcome = replaced(_AST_SHAPES, [stmt], name, missing) if not missing else None
            if (
                outcome is not None
                and outcome.kind == KNOWN
                and not self._in_place(outcome.value, name)
            ):
                self.missing_left[id(read)] = (True, outcome.value)
                found[name] = read
        if found:
            self._skipped[id(stmt)] = found

    def _filled_fallback(self, read: KeyRead, name: str) -> None:
        """``items = d.get("x") or []``, then ``items.append("all")``: the
        container the fallback gives is filled before a check sees it, so
        what the check judges is not known."""
        fallback = self.fallback_values.get(id(read))
        if fallback is not None and fallback[0] and self._in_place(fallback[1], name):
            self.fallback_values[id(read)] = (False, None)

    def _in_place(self, value: Any, name: str) -> bool:
        """Whether the container a missing key leaves in ``name`` may be
        changed by a method of the name (``items.append("all")``)."""
        mutable = isinstance(value, (list, dict, set))
        return mutable and any(_fills(node, name) for node in ast.walk(self.node))

    @cached_property
    def missing_left(self) -> dict[int, tuple[bool, Any]]:
        """Id of a read -> (True, the value) a missing key leaves in the name
        holding it past the ``if`` that replaces it (``if not items: items = []``)."""
        return {}

    @cached_property
    def _replaced_from(self) -> dict[int, tuple[Any, int]]:
        """Id of a read a statement after it replaces -> what a missing key
        gives it, and the index at the top of the statement binding it."""
        return {}

    def _replace_wrapped_read(
        self, read: KeyRead, name: str, stmt: ast.stmt, value: ast.expr, node: ast.expr
    ) -> None:
        """``name = <value>`` (``stmt``) at the top, ``value`` the read
        ``node`` bare or under conversions and string methods whose result is
        computed (``str(d.get(k, "")).strip()``, :mod:`.wrappedreads`): what
        the statements after it make of what a missing key leaves in ``name``."""
        index = self._top_index[id(stmt)]  # type: ignore[attr-defined]
        if node is value:
            self._replace_top_read(read, name, index)
            return
        unwrapped = unwrap_ast_read(value, literal)
        if unwrapped is None or unwrapped[0] is not node:
            return
        if read.default:  # a value a caller may pass as well: kept, unless dropped
            self._replace_top_read(read, name, index)
            return
        known, made = made_of(read.default, unwrapped[1])
        if known:
            self._replace_top_read(read, name, index, (made,))

    def _replace_top_read(
        self, read: KeyRead, name: str, index: int, made: tuple[Any] | None = None
    ) -> None:
        """``name = <read>`` at ``index`` at the top: what the statements
        after it make of what a missing key gives (:func:`replace_default`),
        nothing where they drop it unused (``v = d.get("b", "y")``, then ``v
        = d.get("b")``: ``"y"`` is no default). ``made`` holds what a wrapper
        of the read makes of that value (``str(d.get("m", "")).strip()``)."""
        rest = self.node.body[index + 1 :]
        if discarded(_AST_SHAPES, rest, name):
            read.default, read.has_default = None, False
            return
        held = made[0] if made is not None else read.default if read.has_default else None
        replace_default(read, rest, name, self._handed_read, made)  # type: ignore[attr-defined]
        if read.replaced:
            self._replaced_from[id(read)] = (held, index)
            self._note_replacing_assignment(read, name, rest, held)

    def _note_replacing_assignment(
        self, read: KeyRead, name: str, rest: Sequence[ast.stmt], held: Any
    ) -> None:
        """``items = items or []`` at the top, the first statement after the
        read using the name: past it, a missing key leaves the literal it
        binds (as ``if not items: items = []`` does), which a check of the
        name judges."""
        stmt = next((s for s in rest if _AST_SHAPES.uses(s, name)), None)
        if stmt is None or _AST_SHAPES.stmt(stmt, name)[0] != "assign":
            return
        outcome = replaced(_AST_SHAPES, [stmt], name, held)
        if outcome.kind == KNOWN and not self._in_place(outcome.value, name):
            self.missing_left[id(read)] = (True, outcome.value)
            self._skipped[id(stmt)] = {name: read}

    def _replacing(self, read: KeyRead, name: str, index: int) -> tuple[Any] | None:
        """What a missing key gives ``read`` when the ``if`` at ``index`` is
        the first statement using ``name`` after its binding (the one that
        replaces it)."""
        if id(read) not in self._replaced_from:
            return None
        held, bound_at = self._replaced_from[id(read)]
        between = self.node.body[bound_at + 1 : index]
        if any(type(n) is ast.Name and n.id == name for s in between for n in ast.walk(s)):
            return None
        return (held,)

    @cached_property
    def _pending(self) -> dict[int, tuple[ast.If, dict[str, KeyRead], dict[str, Any]]]:
        """Id of an ``if`` at the top being walked -> it, with the reads and
        the literals names held before it."""
        return {}

    def _missing_read(self, name: str) -> KeyRead | None:
        """The read ``name`` stands for in a check of what a missing key gives."""
        partial = self.var_partial.get(name)
        return (
            self.var_reads.get(name)
            or self.var_missing_only.get(name)
            or (partial[0] if partial is not None else None)
        )


#: no literal known to be kept on the other calls
_NOTHING = object()


def _fills(node: ast.AST, name: str) -> bool:
    """Whether ``node`` may fill the container ``name`` holds in place
    (``items.append(...)``, ``items["k"] = ...``, ``items += [...]``), by a
    call handed it (``add_defaults(items)``, not ``len(items)``) or through
    another name bound to it."""

    def named(node: ast.AST) -> bool:
        return isinstance(node, ast.Name) and node.id == name

    if isinstance(node, ast.Attribute) and node.attr in FILLING_METHODS:
        return named(node.value)
    if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store):
        return named(node.value)
    if isinstance(node, ast.AugAssign):
        return named(node.target)
    if isinstance(node, ast.Assign):
        return named(node.value)
    if isinstance(node, ast.Call):
        func = node.func
        keeps = (isinstance(func, ast.Name) and func.id in READ_ONLY_CALLS) or (
            isinstance(func, ast.Attribute) and func.attr in KEEPING_METHODS
        )
        handed = [*node.args, *(k.value for k in node.keywords)]
        return not keeps and any(
            named(a.value if isinstance(a, ast.Starred) else a) for a in handed
        )
    return False


def _place(node: ast.expr) -> tuple[int, int]:
    return node.lineno, node.col_offset + 1


def _kept_literal(
    other: Sequence[ast.stmt], name: str, literals: dict[str, Any]
) -> tuple[Any] | None:
    """The literal ``name`` holds past the arm ``other`` of an ``if``: the one
    it binds the name to, a plain statement of its own and its only binding
    (``else: items = []``), or the one it held before when the arm does not
    bind it."""
    if not _binds(other, name):
        return (literals[name],) if name in literals else None
    bindings = [
        s
        for s in other
        if isinstance(s, ast.Assign)
        and len(s.targets) == 1
        and type(s.targets[0]) is ast.Name
        and s.targets[0].id == name
    ]
    if len(bindings) != 1 or _binds([s for s in other if s is not bindings[0]], name):
        return None
    known, value = literal(bindings[0].value)
    return (value,) if known else None


def _chain_arms(stmt: ast.If) -> list[list[ast.stmt]]:
    """The arms of an ``if``/``elif``/``else`` chain (the last one empty
    when there is no ``else``)."""
    arms = [stmt.body]
    while len(stmt.orelse) == 1 and isinstance(stmt.orelse[0], ast.If):
        stmt = stmt.orelse[0]
        arms.append(stmt.body)
    return [*arms, stmt.orelse]


def _arm_read(arm: Sequence[ast.stmt], name: str, reads: dict[int, KeyRead]) -> KeyRead | None:
    """The read the arm of an ``if`` binds ``name`` to, its one binding of it."""
    bindings = [s for s in arm if _binds([s], name)]
    if len(bindings) != 1:
        return None
    return reads.get(id(bindings[0]))


def _undecided(test: ast.expr, name: str, values: dict[str, Any]) -> bool:
    """Whether which arm of an ``if`` runs is not known where ``name`` holds
    its value of ``values`` (``if not items: items = []`` on the ``None`` a
    missing key gives is: every such call takes it)."""
    if name not in values:
        return True
    return evaluate(_AST_SHAPES, test, name, values[name]).kind == UNKNOWN


def _binds(body: Sequence[ast.stmt], name: str) -> bool:
    """Whether a statement of ``body`` (nested ones too) may bind ``name``."""
    return any(
        type(node) is ast.Name and node.id == name and type(node.ctx) is ast.Store
        for stmt in body
        for node in ast.walk(stmt)
    )
