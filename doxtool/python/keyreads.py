"""The keys a function reads from the dicts it is handed, for its summary (part of
:class:`~doxtool.python.functionwalk.FunctionWalk`): literal keys, computed ones (a parameter
a caller binds to a literal, or no name at all), the coercion of what is read, the guards that
make a read optional, and ``if not value: raise`` checks that make it needed.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from typing import Any

from doxtool.core.facts import json_type
from doxtool.core.summary_facts import KeyRead, OutCall
from doxtool.python.astbodytop import BodyTop
from doxtool.python.astcomputedkeys import computed_read
from doxtool.python.astemptied import emptied
from doxtool.python.astkeygroups import KeyGroups
from doxtool.python.astlengths import LengthNames
from doxtool.python.astmade import MadeValues, judged_as_made, made_by
from doxtool.python.astparamrefusals import joined_refusals, part_refusals
from doxtool.python.astpresence import PresenceBinds
from doxtool.python.astrefusedkeys import present_entry
from doxtool.python.astshapes import literal, replace_default, stated_default
from doxtool.python.astskipped import SkippedBranches
from doxtool.python.aststrings import StringBodies
from doxtool.python.keyfills import KeyWrites
from doxtool.python.mergeforms import OPAQUE, PLAIN, Merge, merged_read
from doxtool.python.names import dotted_parts, optional_inner
from doxtool.python.readforms import (
    ANNOTATION_TYPES,
    COERCIONS,
    PARSE,
    READ_METHODS,
    REFUSALS,
    STRING_METHODS,
)
from doxtool.python.summaryscope import ModuleScope


class KeyReads(
    BodyTop, PresenceBinds, SkippedBranches, MadeValues, StringBodies, LengthNames, KeyGroups
):
    """Reads of handed dicts: a part of :class:`~doxtool.python.functionwalk.FunctionWalk`."""

    owner: ModuleScope
    node: ast.FunctionDef | ast.AsyncFunctionDef
    params: list[str]
    bound: bool
    self_name: str | None
    refused_params: list[list[str]]
    sources: set[str]
    writes: KeyWrites
    loop_keys: dict[str, str]
    conditional: int
    on_error: int
    branches: int
    guards: list[frozenset[str] | None]
    present_past: frozenset[str]  # :mod:`.astliteralguards`
    filled: dict[tuple[str, str], ast.expr]
    absent: list[frozenset[str]]
    undecided: list[list[KeyRead | OutCall]]
    reads: list[KeyRead]
    coercions: dict[int, str]
    outer_conversions: dict[int, str]
    var_reads: dict[str, KeyRead]
    var_groups: dict[str, tuple[list[KeyRead], list[Any]]]
    fallbacks: dict[int, ast.expr]
    fallback_values: dict[int, tuple[bool, Any]]
    #: reads whose default a parameter holds (``args.get(name, default)``)
    param_defaults: set[int]
    _assigned: frozenset[str] | None
    check_places: dict[int, tuple[int, bool]]

    def _stated(self, read: KeyRead, default: ast.expr | None) -> None:
        stated_default(read, default)
        if isinstance(default, ast.Name) and default.id in self.params:
            self.param_defaults.add(id(read))

    def _note_missing_values(self, body: Sequence[ast.stmt], index: int) -> None:
        """What names hold when a key is missing, ``body[index]`` next
        (:mod:`.astpresence`, :mod:`.astskipped`)."""
        self._note_presence_binding(body, index)
        self._note_skipped_branch(body, index)
        self._forget_rebound(body[index])  # :mod:`.astmade`

    def _track_read(self, stmt: ast.stmt, targets: list[ast.expr], new: list[KeyRead]) -> None:
        """``value = str(args.get(key) or "").strip()`` at the top of the body:
        ``value`` stands for that read."""
        self._kept_key_filter(targets, stmt.value)  # type: ignore[attr-defined]
        self._note_binding(stmt, targets, new)  # :mod:`.astskipped`
        for target in targets:
            if isinstance(target, ast.Name):
                self.var_reads.pop(target.id, None)
                self.var_groups.pop(target.id, None)
                self.var_made.pop(target.id, None)
        if len(targets) == 1 and isinstance(targets[0], ast.Subscript):
            value = stmt.value  # type: ignore[attr-defined]
            joined = isinstance(value, ast.BoolOp) and isinstance(value.op, ast.Or)
            self._track_key_group(targets[0], or_group(value, new) if joined else None, stmt)
        if len(targets) != 1 or not isinstance(targets[0], ast.Name):
            return
        top = self._top(stmt)
        if not top and id(stmt) not in self.check_places:  # :mod:`.astkeychecks`
            return
        grouped = self._key_group_of(stmt.value) if top else None  # type: ignore[attr-defined]
        if grouped is not None:  # ``url = d.get("url")`` past ``d["url"] = d.get("a") or ...``
            self.var_groups[targets[0].id] = grouped
            return
        node: ast.expr | None = stmt.value
        made: str | None = None  # what made the value of the read (:attr:`var_made`)
        while node is not None:
            if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):
                group = or_group(node, new)
                if group is not None and made is None:
                    self.var_groups[targets[0].id] = group
                    return
            # an ``or`` starts where its first operand does: tested first
            read = _read_at(new, node)
            if read is not None and made is not None:
                self.var_made[targets[0].id] = (made, read)
                return
            if read is not None:
                self.var_reads[targets[0].id] = read
                self._filled_fallback(read, targets[0].id)  # :mod:`.astskipped`
                if top and read.kind == "get" and not read.default_unknown:
                    # ``x = d.get(k)`` then ``x = int(x) if x else 10`` (:mod:`.astskipped`)
                    self._replace_wrapped_read(read, targets[0].id, stmt, stmt.value, node)
                return
            inner = stands_for(node)
            found = made_by(node, inner) if made is None else None
            if found is not None and not judged_as_made(found[0], node, stmt.value):
                return  # ``str(int(x))``: text, which a test of ``int`` does not judge
            if found is not None:
                made, inner = found
            node = inner

    def _contract(self, stmt: ast.stmt, test: ast.expr, raises: bool) -> None:
        """``if not value: raise ...`` (``test`` true on what it refuses, ``raises`` for
        a body that raises with no ``else``), ``assert value`` or a bound (:mod:`.astmade`)
        at the top of the body: the read is needed. Any other test (of a read itself, over
        literal keys), and a check in a loop over them: :meth:`._key_contract`."""
        test = self._length_test(test)  # ``n = len(x)``: :mod:`.astlengths`
        found = emptied(test)
        grouped = self._key_group_tested(test) if self._top(stmt) else None
        if grouped is not None:  # ``d["url"] = d.get("link") or d.get("href")`` above
            if raises and not self._returned_before(stmt):
                self._group_contract(*grouped, "falsy")
            return
        if found is None or not self._top(stmt):
            if self._top(stmt):  # parts of an ``or``, an ``and``: :mod:`.astparamrefusals`
                for name, refusal in part_refusals(test):
                    self._refused_param(stmt, name, refusal, raises)
                for name, refusal in joined_refusals(test):
                    self._joined_contract(stmt, name, refusal, raises)
                self._bound_contract(stmt, test, raises)  # :mod:`.astmade`
            self._key_contract(stmt, test, raises)  # type: ignore[attr-defined]
            return
        name, refusal = found
        self._refused_param(stmt, name, refusal, raises)
        if name in self.var_groups:
            if raises and not self._returned_before(stmt):
                self._group_contract(*self.var_groups[name], refusal)
            return
        if self._made_contract(stmt, name, refusal, raises):
            return
        held, refusal = self._made_judged(name, refusal)  # type: ignore[attr-defined]
        if name in self.var_either and raises and not self._returned_before(stmt):
            self._either_contract(self.var_either[name], refusal)  # :mod:`.astskipped`
        elif held is not None and raises and not self._returned_before(stmt):
            self._read_contract(held, refusal)
        elif name in self.var_reads and raises and self._past_exit(stmt):  # type: ignore[attr-defined]
            # past ``if value is None: return ...``: refused on some calls only
            read = self.var_reads[name]
            read.conditional = self._read_contract(read, refusal) or read.conditional

    def _joined_contract(self, stmt: ast.stmt, name: str, refusal: str, raises: bool) -> None:
        """A check on the calls another test takes only: needed on some calls."""
        if not raises or self._returned_before(stmt):
            return
        if name in self.params and not self._bound_through(stmt, name):
            self.hedged_params.append([name, refusal])  # type: ignore[attr-defined]
        elif (read := self.var_reads.get(name)) is not None:
            read.conditional = self._read_contract(read, refusal) or read.conditional

    def _refused_param(self, stmt: ast.stmt, name: str, refusal: str, raises: bool) -> None:
        """A check on every call refusing ``refusal`` of the parameter ``name``."""
        if (
            name in self.params
            and name != self.self_name
            and not self._bound_through(stmt, name)
            and raises
            and not self._returned_before(stmt)
        ):
            self.refused_params.append([name, refusal])

    def _read_contract(self, read: KeyRead, refusal: str) -> bool:
        """A check that raises on what it refuses, run on every call, over
        the value of ``read``: the key is needed, unless what a missing key
        gives (a default, a fallback) may pass. Whether it is."""
        if read.has_default and not REFUSALS[refusal](read.default):
            return False  # a missing key gives the default, which the check lets pass
        # past a replacement (``if not v: v = []``), what it left (:mod:`.astskipped`)
        left = self.missing_left.get(id(read))
        missing = None if left is None else left[1]
        if read.kind == "get" and not read.has_default and not REFUSALS[refusal](missing):
            return False  # ``d.get(k) == ""``: the None a missing key gives passes
        known, value = left or self.fallback_values.get(id(read), (True, None))
        if read.default_unknown and (not known or not REFUSALS[refusal](value)):
            return False  # a fallback that may pass the check
        read.default_unknown = False  # a fallback the check refuses is no default
        # ``args.get(key, None)`` then ``if value is None: raise``: an explicit None
        # the check refuses is no default, as ``.get(key)`` has none; nor is
        # ``args.get(key, "")`` then ``if not value: raise`` (its type still holds)
        if read.has_default:
            read.weak = read.weak or json_type(read.default)
            read.refused_default = read.default is not None
            read.default, read.has_default = None, False
        read.contract = True
        some = self._on_some_calls(read, refusal) or id(read) in self.param_defaults
        read.conditional = read.conditional or some  # a parameter's default: the caller's
        return True

    def _returned_before(self, stmt: ast.stmt) -> bool:
        """Whether a statement before ``stmt`` (at the top of the body) may
        return: the check then holds on some paths only."""
        return self._first_return < self._top_index[id(stmt)]

    def _source(self, node: ast.expr) -> str | None:
        """The dict an expression is: a parameter, ``<param>.args``, a name
        for one or a copy of one (:mod:`~doxtool.python.astdicts`)."""
        held = self._held(node)  # type: ignore[attr-defined]
        if held is None or held[1] is OPAQUE or not held[1].plain:
            return None
        return held[0][0]  # type: ignore[no-any-return]

    def _itself(self, node: ast.expr) -> str | None:
        """The dict an expression is, not a copy or merge of it: a parameter
        not rebound, a name bound to one at the top of the body, or ``<param>.args``."""
        if type(node) is ast.Name:
            # a name for the dict itself, or one never bound (:mod:`~doxtool.python.astdicts`)
            aliases, held = self.aliases, self.held_names  # type: ignore[attr-defined]
            return self._source(node) if node.id in aliases or node.id not in held else None
        if type(node) is ast.Attribute and type(node.value) is ast.Name:
            return self._source(node) if node.attr == "args" else None
        return None

    def _key(self, node: ast.expr) -> str | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, ast.Name):
            if node.id in self.loop_keys:
                return self.loop_keys[node.id]
            local = self._local_keys  # type: ignore[attr-defined]  # :mod:`.loopkeys`
            return local[node.id] if node.id in local else self.owner.constants.get(node.id)
        return None

    def _note_fill(self, stmt: ast.stmt) -> None:
        """A key filled where missing at the top guards its later reads (:class:`KeyWrites`)."""
        if self._top(stmt) and (
            fill := self.writes.note(stmt, self._source, self._key, self._itself)
        ):
            self.filled.setdefault(fill[:2], fill[2])

    def _written_over(self, source: str, key: str, node: ast.expr) -> bool:
        """Whether the read ``node`` reads the dict itself after a write over the key."""
        if (source, key) not in self.writes.written:
            return False
        if type(node) is ast.Subscript:
            return self._itself(node.value) == source
        func = getattr(node, "func", None)  # ``d.get("k")``, ``d.pop("k")``
        return type(func) is ast.Attribute and self._itself(func.value) == source

    def _guarded(self, key: str, source: str | None = None) -> bool:
        """Whether a test around takes ``key`` present, or one before it in
        its block raises without it in the dict ``source`` (:attr:`present_past`)."""
        past = source is not None and present_entry(source, key) in self.present_past
        return past or any(g is None or key in g for g in self.guards)

    def _absent(self) -> list[str]:
        """Keys known missing here; none past another key's presence test (``alternatives_of``)."""
        return [] if any(self.guards) else sorted({k for group in self.absent for k in group})

    def _read(
        self,
        source: str,
        key_node: ast.expr,
        node: ast.expr,
        kind: str,
        default: Any = None,
        merge: Merge = PLAIN,
    ) -> None:
        key = self._key(key_node)
        if key is not None and (key in merge.overrides or self._written_over(source, key, node)):
            return  # ``(args | {"mode": "x"})["mode"]``, or written over before: no argument
        if key is None:
            # a computed key: the caller's literal when it is a parameter
            # never rebound, else a read no one can name
            param = key_node.id if isinstance(key_node, ast.Name) else None
            if param not in self.params or param in self._rebound():
                param = None
            code = expression_code(key_node)
            computed = computed_read(self, source, node, kind, code, param, default)
            self._coerce(computed, node)
            self._stated(computed, default)
            fallback = self.fallbacks.get(id(node))  # ``d.get(name) or "z"``, as below
            if fallback is not None and kind == "get" and not computed.default:
                self._fallback(computed, fallback)
            self.reads.append(computed)
            return
        # ``args.pop(key)`` with no default raises ``KeyError`` as ``args[key]`` does
        raises = kind == "subscript" or (kind == "pop" and default is None)
        filled = self.filled.get((source, key)) if raises else None  # :mod:`.keyfills`
        read = KeyRead(
            key=key,
            source=source,
            line=node.lineno,
            column=node.col_offset + 1,
            kind=kind,
            guarded=not raises or self._guarded(key, source) or filled is not None,
        )
        stated_default(read, filled)
        self._coerce(read, node)
        if key is not None and not merge.plain:
            merged_read(read, merge, key)
        if raises and not read.guarded and key in merge.fallback:
            read.conditional = True  # ``(args or {"k": 1})["k"]``: a literal has it on some calls
        elif raises and not read.guarded:
            read.alternatives = [k for k in self._absent() if k != key]
            read.conditional = self.conditional > 0 or self.branches > 0
            read.on_error = self.on_error > 0 and not read.conditional
            self.writes.doubt(read, (source, key), bool(self.undecided))  # :mod:`.keyfills`
            if not read.conditional and not read.alternatives and self.undecided:
                read.conditional = True  # in a branch of an ``if`` not about the dicts
                self.undecided[-1].append(read)
        if not self._taken_present(key, source):  # ``int(d.get("n", 3)) if d.get("n") else 5``
            self._stated(read, default)
        if key is not None and not merge.plain:
            # again past the read's own default: the merge's holds over it
            merged_read(read, merge, key)
        self._presence_default(read, node)  # ``if "k" in d: x = d["k"]``
        fallback = self.fallbacks.get(id(node))
        if fallback is not None and not raises and not (read.has_default and read.default):
            self._fallback(read, fallback)
        self.reads.append(read)

    def _fallback(self, read: KeyRead, fallback: ast.expr) -> None:
        """``d.get(k) or 10``: a literal is the default; another fallback (``or self.limit``,
        ``or []``) states none, another key's read (``or d.get("message")``) is none."""
        if self._handed_read(fallback):
            return
        known, value = literal(fallback)
        if known and value:
            read.default, read.has_default = value, True
            return
        read.default, read.has_default, read.default_unknown = None, False, True
        self.fallback_values[id(read)] = (known, value)

    def _handed_read(self, node: ast.expr) -> bool:
        """Whether ``node`` reads a handed dict (``d.get("message")``, ``d["message"]``)."""
        inner: ast.expr | None = node
        while isinstance(inner, (ast.Call, ast.BoolOp)) and stands_for(inner) is not None:
            inner = stands_for(inner)
        if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute):
            inner = inner.func.value  # ``d.get("message")``
        elif isinstance(inner, ast.Subscript):
            inner = inner.value  # ``d["message"]``
        return inner is not None and self._source(inner) is not None

    def _parameter_reads(self) -> list[KeyRead]:
        """The parameters a ``**`` splat can fill (by name: not positional-only,
        nor a method's bound first one), each a read of the key of its name
        with its default and the type its annotation names."""
        args = self.node.args
        positional = [*args.posonlyargs, *args.args]
        defaults: list[ast.expr | None] = [None] * (len(positional) - len(args.defaults))
        defaults += args.defaults
        pairs = list(zip(positional, defaults, strict=True))[len(args.posonlyargs) :]
        if self.bound and not args.posonlyargs:
            pairs = pairs[1:]
        pairs += zip(args.kwonlyargs, args.kw_defaults, strict=True)
        out = []
        for param, default in pairs:
            read = KeyRead(
                key=param.arg,
                source="**",
                line=param.lineno,
                column=param.col_offset + 1,
                kind="parameter",
                guarded=default is not None,
                coerced=_annotation_type(param.annotation),
            )
            if default is not None:
                known, value = literal(default)
                if known:  # unless the body replaces it: ``x = int(x) if x else 10``
                    read.default, read.has_default = value, True
                    replace_default(read, self.node.body, param.arg, self._handed_read)
            out.append(read)
        return out

    def _rebound(self) -> frozenset[str]:
        """Names the function assigns (a parameter among them no longer holds what was passed)."""
        if self._assigned is None:
            self._assigned = frozenset(self.owner.binds().of(self.node).assigned())
        return self._assigned

    def _coerce(self, read: KeyRead, node: ast.expr) -> None:
        coercion = self.coercions.get(id(node))
        if coercion == PARSE:  # ``int(x, 16)``: a string, parsed
            read.coerced = "string"
            return
        if coercion in ("str", ""):  # ``str(x)``, or a string method (``""``)
            read.weak = "string"
        elif coercion is not None and coercion != "bool":  # ``bool(x)`` tests truthiness
            read.coerced = COERCIONS[self.outer_conversions.get(id(node), coercion)]
        if coercion and coercion != "bool":
            read.coercion = coercion

    def _subscript(self, node: ast.Subscript) -> None:
        found = self._readable(node.value)  # type: ignore[attr-defined]
        if found is not None and isinstance(node.ctx, ast.Load):
            self._read(found[0], node.slice, node, "subscript", merge=found[1])
        elif found is None and isinstance(node.ctx, ast.Load):
            self._value_key_read(node)  # type: ignore[attr-defined]

    def _compare(self, node: ast.Compare) -> None:
        left = node.left
        for op, right in zip(node.ops, node.comparators, strict=True):
            if isinstance(op, (ast.In, ast.NotIn)):
                found = self._readable(right)  # type: ignore[attr-defined]
                if found is not None:
                    self._read(found[0], left, node, "contains", merge=found[1])
            left = right


def stands_for(node: ast.expr) -> ast.expr | None:
    """The expression whose value ``node`` keeps, through a coercion, a string
    method or a fallback (``str(x or "").strip()`` keeps ``x``)."""
    if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):
        return node.values[0]
    if isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Name) and func.id in COERCIONS and node.args:
            return node.args[0]
        if isinstance(func, ast.Attribute) and func.attr in STRING_METHODS:
            return func.value
    return None


def _read_at(reads: list[KeyRead], node: ast.expr) -> KeyRead | None:
    """The read ``node`` is (by its position), if any: not a method called on
    the read, which starts where it does (``d.get("t", "").split(",")``)."""
    func = node.func if isinstance(node, ast.Call) else None
    if isinstance(func, ast.Attribute) and func.attr not in READ_METHODS:
        return None
    where = (node.lineno, node.col_offset + 1)
    return next((r for r in reads if (r.line, r.column) == where), None)


def or_group(node: ast.BoolOp, reads: list[KeyRead]) -> tuple[list[KeyRead], list[Any]] | None:
    """The reads of two keys or more an ``or`` stands for, and its literal
    operands (``d.get("text") or d.get("message") or ""``); None when an
    operand is something else, which may stand in."""
    found: list[KeyRead] = []
    literals: list[Any] = []
    for operand in node.values:
        inner: ast.expr | None = operand
        read = None
        while inner is not None and read is None:
            read = _read_at(reads, inner)
            inner = stands_for(inner) if read is None else None
        if read is not None:
            found.append(read)
            continue
        known, value = literal(operand)
        if not known:
            return None
        literals.append(value)
    if len({read.key for read in found}) < 2 or not all(read.key for read in found):
        return None  # one key, or a key computed
    return found, literals


def _annotation_type(node: ast.expr | None) -> str | None:
    """The JSON type an annotation names (``int``, ``Optional[str]``,
    ``list[str] | None``); None when it names none or several."""
    node = optional_inner(node) if node is not None else None
    if isinstance(node, ast.Subscript):
        node = node.value  # ``list[str]``: a list
    dotted = dotted_parts(node) if node is not None else None
    return ANNOTATION_TYPES.get(dotted[-1]) if dotted else None


def expression_code(node: ast.expr) -> str:
    try:
        text = ast.unparse(node)
    except (ValueError, RecursionError):  # pragma: no cover - unparse of a parsed node
        return "?"
    return text if len(text) <= 80 else text[:77] + "..."
