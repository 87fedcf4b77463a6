"""Names a helper's ``if`` binds to a read of a handed dict when the key is
present (part of :class:`~doxtool.python.keyreads.KeyReads`): ``url =
"about:blank"`` then ``if "url" in args: url = args["url"]`` gives ``url``
the default ``"about:blank"``, as a tool's own code does
(:mod:`~doxtool.python.presencebinds`)."""

from __future__ import annotations

import ast
from collections.abc import Sequence
from typing import Any

from doxtool.core.facts import json_stateable
from doxtool.core.summary_facts import KeyRead
from doxtool.python.astrefusedkeys import present_entry
from doxtool.python.astshapes import _AST_SHAPES, literal
from doxtool.python.presencebinds import bound_elsewhere, missing_binding
from doxtool.python.readforms import COERCIONS, READ_METHODS, STRING_METHODS
from doxtool.python.replacements import KNOWN, Outcome
from doxtool.python.truthtests import falsy_when_missing


class PresenceBinds:
    """Defaults bound around a test of a key's presence: a part of
    :class:`~doxtool.python.keyreads.KeyReads`."""

    #: a read an ``if`` binds a name to when its key is present -> what the
    #: name holds when it is missing
    presence_values: dict[int, Outcome]
    #: (:attr:`~doxtool.python.keyreads.KeyReads.fallbacks`)
    fallbacks: dict[int, ast.expr]
    guards: list[frozenset[str] | None]
    present_past: frozenset[str]  # :mod:`.astliteralguards`
    params: list[str]
    node: ast.FunctionDef | ast.AsyncFunctionDef

    def _note_presence_binding(self, body: Sequence[ast.stmt], index: int) -> None:
        """``if "k" in d: x = d["k"]`` (``"k" not in d``, ``if d.get("k"):``),
        the statement ``body[index]``: what ``x`` holds when ``k`` is missing."""
        stmt = body[index]
        arms = self._presence_arms(stmt) if isinstance(stmt, ast.If) else None
        if arms is None:
            return
        key, present, missing = arms
        for line in present:
            if not isinstance(line, ast.Assign) or len(line.targets) != 1:
                continue
            target, read = line.targets[0], _unwrapped(line.value)
            if not isinstance(target, ast.Name) or self._read_key(read) != key:
                continue
            name = target.id
            elsewhere = name in self.params or bound_elsewhere(
                _AST_SHAPES, self.node.body, stmt, name
            )
            outcome = missing_binding(
                _AST_SHAPES, body[:index], missing, body[index + 1 :], name, elsewhere
            )
            if outcome is not None:
                self.presence_values[id(read)] = outcome

    def _presence_arms(
        self, stmt: ast.If
    ) -> tuple[str, Sequence[ast.stmt], Sequence[ast.stmt]] | None:
        """The key ``stmt`` tests the presence of, the statements run when it
        is present and those run when it is missing."""
        test = stmt.test
        if isinstance(test, ast.Call):  # ``if d.get("k"):``
            if len(test.args) == 2 and literal(test.args[1]) != (True, None):
                return None  # a default of its own may be truthy
            key = self._read_key(test)
            return (key, stmt.body, stmt.orelse) if key is not None else None
        if not isinstance(test, ast.Compare) or len(test.ops) != 1:
            return None
        key = self._key(test.left)
        if key is None or self._source(test.comparators[0]) is None:
            return None
        if isinstance(test.ops[0], ast.In):
            return key, stmt.body, stmt.orelse
        if isinstance(test.ops[0], ast.NotIn):
            return key, stmt.orelse, stmt.body
        return None

    def _read_key(self, node: ast.expr) -> str | None:
        """The key ``node`` itself reads of a handed dict (``d[k]``, ``d.get(k)``)."""
        if isinstance(node, ast.Subscript):
            return self._key(node.slice) if self._source(node.value) is not None else None
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in READ_METHODS
            and node.args
            and len(node.args) <= 2
            and not node.keywords
            and self._source(node.func.value) is not None
        ):
            return self._key(node.args[0])
        return None

    def _tests(self, test: ast.expr) -> tuple[frozenset[str], frozenset[str]]:
        """Keys known present when ``test`` is true (``"k" in d``, a value
        read with no default of its own, ``d.get("k")``, also ``d.get("k") is
        not None``), keys known absent
        when it is false (``"k" in d``)."""
        present: set[str] = set()
        absent: set[str] = set()
        parts = [test]
        while parts:
            node = parts.pop()
            if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And):
                parts.extend(node.values)
                continue
            if (
                isinstance(node, ast.Compare)
                and len(node.ops) == 1
                and self._source(node.comparators[0]) is not None
            ):
                key = self._key(node.left)
                if key is not None and isinstance(node.ops[0], ast.In):
                    present.add(key)
                    if node is test:
                        absent.add(key)
            elif _true_only_when_there(node) and (key := self._read_key(node)) is not None:
                present.add(key)
            elif _not_none(node) and (key := self._read_key(node.left)) is not None:  # type: ignore[attr-defined]
                present.add(key)  # ``d.get("k") is not None``
            elif (read := falsy_when_missing(node)) is not None and (
                key := self._read_key(read)
            ) is not None:
                present.add(key)  # ``str(d.get("k", "")).strip()``
        return frozenset(present), frozenset(absent)

    def _truth_fallback(self, node: ast.IfExp) -> None:
        """``int(d.get("n", 0)) if str(d.get("n", "")).strip() else 0``: the
        test is false for a missing ``n``, so what it gives is the other arm,
        as after ``d.get("n") or 0`` (:mod:`~doxtool.python.truthtests`); the
        read's own default reaches only the test."""
        read = falsy_when_missing(node.test)
        if read is None or self._read_key(read) is None:
            return
        key = self._read_key(read)
        body: ast.expr | None = node.body
        while body is not None and self._read_key(body) is None:
            body = _kept(body)
        if body is None or self._read_key(body) != key or self._mentions_read(node.orelse):
            return
        self.fallbacks[id(read)] = node.orelse

    def _mentions_read(self, node: ast.expr) -> bool:
        """Whether ``node`` reads a handed dict anywhere (another argument stands in)."""
        return any(self._read_key(n) is not None for n in ast.walk(node) if isinstance(n, ast.expr))

    def _taken_present(self, key: str, source: str | None = None) -> bool:
        """Whether an enclosing test takes ``key`` present (``x if d.get("k")
        else 5``), or one before it raises without it in the dict ``source``:
        what a missing key gives never gets here."""
        past = source is not None and present_entry(source, key) in self.present_past
        return past or any(g is not None and key in g for g in self.guards)

    def _presence_default(self, read: KeyRead, node: ast.expr) -> None:
        """What a missing key gives, where an ``if`` on its presence binds a
        name to the read ``node`` (:meth:`_note_presence_binding`)."""
        outcome = self.presence_values.get(id(node))
        if outcome is None:
            return
        value: Any = outcome.value
        if outcome.kind == KNOWN and value and json_stateable(value):
            read.default, read.has_default, read.default_unknown = value, True, False
        else:
            read.default, read.has_default, read.default_unknown = None, False, True


def _true_only_when_there(node: ast.expr) -> bool:
    """Whether ``node``, a read, is true only when its key is there: ``d["k"]``,
    or ``d.get("k")`` with no default but None (not ``d.pop``, which takes it out)."""
    if isinstance(node, ast.Subscript):
        return True
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
        return False
    return node.func.attr == "get" and (len(node.args) < 2 or literal(node.args[1]) == (True, None))


def _not_none(node: ast.expr) -> bool:
    """Whether ``node`` is ``<read> is not None``, true only when the key of a
    read :func:`_true_only_when_there` is there."""
    return (
        isinstance(node, ast.Compare)
        and len(node.ops) == 1
        and isinstance(node.ops[0], ast.IsNot)
        and literal(node.comparators[0]) == (True, None)
        and _true_only_when_there(node.left)
    )


def _unwrapped(node: ast.expr) -> ast.expr:
    """The value under conversions and string methods (``str(d["k"]).strip()``: ``d["k"]``)."""
    while isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Name) and func.id in COERCIONS and len(node.args) == 1:
            node = node.args[0]
        elif isinstance(func, ast.Attribute) and func.attr in STRING_METHODS:
            node = func.value
        else:
            break
    return node


def _kept(node: ast.expr) -> ast.expr | None:
    """The expression whose value ``node`` keeps, through a coercion or a
    string method (``int(d.get("n"))`` keeps ``d.get("n")``)."""
    if isinstance(node, ast.Call) and node.args:
        func = node.func
        if isinstance(func, ast.Name) and func.id in COERCIONS:
            return node.args[0]
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in STRING_METHODS
    ):
        return node.func.value
    return None
