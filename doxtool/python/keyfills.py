"""Keys a function fills where they are missing in a dict it is handed, by a
statement at the top of its body, for its summary (part of
:class:`~doxtool.python.functionwalk.FunctionWalk`)::

    self.args.setdefault("limit", 5)
    if "limit" not in self.args:          # also ``if not "limit" in self.args``
        self.args["limit"] = 5

A read of the key after such a statement cannot raise: a missing key gets
the value filled, its default when a literal (else none is claimed). A fill
under any other condition, or of another dict, guards nothing.

As :mod:`~doxtool.python.renamedkeys` reads a tool's own code: a key written
from another key when that one is given (``if "q" in args: args["query"] =
args.pop("q")``) is there when either was given (:attr:`KeyWrites.aliased`),
and a key written otherwise by a compound statement at the top of the body
(under a test not about the dict, in a loop) may be there or not
(:attr:`KeyWrites.maybe`).
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass, field

from doxtool.core.summary_facts import KeyRead
from doxtool.python.astparse import statements

#: the dict an expression is (``self.args``, a parameter), or None
SourceOf = Callable[[ast.expr], "str | None"]
#: the literal key an expression is, or None
KeyOf = Callable[[ast.expr], "str | None"]


def top_fill(stmt: ast.stmt, source: SourceOf, key: KeyOf) -> tuple[str, str, ast.expr] | None:
    """(dict, key, the value filled) for a statement that fills a key of a
    dict where it is missing, on every path past it; None for any other."""
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
        call, func = stmt.value, stmt.value.func
        if (
            isinstance(func, ast.Attribute)
            and func.attr == "setdefault"
            and len(call.args) == 2
            and not call.keywords
            and not any(isinstance(a, ast.Starred) for a in call.args)
        ):
            return _place(source(func.value), key(call.args[0]), call.args[1])
        return None
    if not isinstance(stmt, ast.If) or stmt.orelse:
        return None
    missing = _missing(stmt.test, source, key)
    if missing is None:
        return None
    if any(isinstance(s, (ast.Return, ast.Raise)) for s in ast.walk(stmt)):
        return None  # the call may end where the key is missing
    for inner in stmt.body:
        if isinstance(inner, ast.Assign) and len(inner.targets) == 1:
            target = inner.targets[0]
            if isinstance(target, ast.Subscript):
                place = _place(source(target.value), key(target.slice), inner.value)
                if place is not None and place[:2] == missing:
                    return place
    return None


def _place(
    source: str | None, key: str | None, value: ast.expr
) -> tuple[str, str, ast.expr] | None:
    return None if source is None or key is None else (source, key, value)


def _missing(test: ast.expr, source: SourceOf, key: KeyOf) -> tuple[str, str] | None:
    """(dict, key) a test is true for when the key is missing from the dict:
    ``"k" not in d``, ``not "k" in d``."""
    negated = isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not)
    inner = test.operand if isinstance(test, ast.UnaryOp) and negated else test
    if not isinstance(inner, ast.Compare) or len(inner.ops) != 1:
        return None
    wanted = ast.In if negated else ast.NotIn
    if not isinstance(inner.ops[0], wanted):
        return None
    found_source, found_key = source(inner.comparators[0]), key(inner.left)
    return None if found_source is None or found_key is None else (found_source, found_key)


@dataclass
class KeyWrites:
    """Keys a function's statements so far wrote into the dicts it is handed,
    other than fills (:func:`top_fill`)."""

    #: (dict, key) -> the other keys whose value is written under it when given
    aliased: dict[tuple[str, str], set[str]] = field(default_factory=dict)
    #: (dict, key) written on some paths only
    maybe: set[tuple[str, str]] = field(default_factory=set)
    #: (dict, key) written on every path, from no value of the dict: a later
    #: read of it reads no argument
    written: set[tuple[str, str]] = field(default_factory=set)

    def note(
        self, stmt: ast.stmt, source: SourceOf, key: KeyOf, itself: SourceOf
    ) -> tuple[str, str, ast.expr] | None:
        """What a statement at the top of the body writes: the fill it makes
        (:func:`top_fill`), if any; other writes are kept here. ``itself``
        names a dict only where the expression is that dict, not a copy."""
        fill = top_fill(stmt, source, key)
        filled = fill[:2] if fill is not None else None
        if not hasattr(stmt, "body"):  # a simple statement: a fill's, or a write over the key
            over = [p for p, whole in _written(stmt, itself, key) if whole] if fill is None else []
            own = {k for _, k in over}
            if over and not any(_mentions(v, source, key, own) for v in _values(stmt)):
                self.written.update(over)
            return fill
        known = {filled} if filled is not None else set()
        if isinstance(stmt, ast.If) and not stmt.orelse and filled is None:
            known = self._renamed(stmt, source, key)
        for inner in _simple(stmt):
            for place, _ in _written(inner, source, key):
                if place not in known and not _raises_on(inner, place, source, key):
                    self.maybe.add(place)
        return fill

    def doubt(self, read: KeyRead, place: tuple[str, str], undecided: bool) -> None:
        """A read that raises without its key, past such writes of it: on
        some calls only (written on some paths, or from other keys on a
        branch: ``undecided``, an ``if`` not about the dicts), or one of
        those keys is needed."""
        aliased = sorted(self.aliased.get(place, ()))
        if place in self.maybe or (aliased and (read.conditional or undecided)):
            read.conditional = True
        elif aliased and not read.alternatives:
            read.alternatives = aliased

    def _renamed(self, stmt: ast.If, source: SourceOf, key: KeyOf) -> set[tuple[str, str]]:
        """``if "q" in d and "query" not in d: d["query"] = d.pop("q")``."""
        tests = _presence(stmt.test, source, key)
        if tests is None or any(isinstance(s, ast.Return) for s in stmt.body):
            return set()
        done: set[tuple[str, str]] = set()
        for inner in stmt.body:
            if not isinstance(inner, ast.Assign) or len(inner.targets) != 1:
                continue
            target = inner.targets[0]
            if not isinstance(target, ast.Subscript):
                continue
            place = _pair(source(target.value), key(target.slice))
            other = _key_source(inner.value, source, key)
            if renamed_from(place, other, tests):
                self.aliased.setdefault(place, set()).add(other[1])  # type: ignore[index]
                done.add(place)  # type: ignore[arg-type]
        return done


def renamed_from(
    place: tuple[str, str] | None,
    source: tuple[str, str] | None,
    tests: set[tuple[bool, tuple[str, str]]],
) -> bool:
    """Whether a write of ``place`` (dict, key) from ``source`` (a read of
    another key of the same dict) renames it: the test it runs under is
    about the two keys only, and holds when the old one is given. Both walks
    decide so (:mod:`doxtool.python.renamedkeys` on libcst's tree)."""
    if place is None or source is None or source[0] != place[0] or source == place:
        return False
    return (True, source) in tests and {p for _, p in tests} <= {place, source}


def _pair(source: str | None, key: str | None) -> tuple[str, str] | None:
    return None if source is None or key is None else (source, key)


def _presence(
    test: ast.expr, source: SourceOf, key: KeyOf
) -> set[tuple[bool, tuple[str, str]]] | None:
    """(present, place) for each condition of a conjunction, each a test of
    whether a key of a dict is there; None for any other test."""
    parts = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else [test]
    found: set[tuple[bool, tuple[str, str]]] = set()
    for part in parts:
        missing = _missing(part, source, key) or _got(part, source, key, present=False)
        if missing is not None:
            found.add((False, missing))
            continue
        present = _got(part, source, key, present=True)
        compare = isinstance(part, ast.Compare) and len(part.ops) == 1
        if present is None and compare and isinstance(part.ops[0], ast.In):  # type: ignore[attr-defined]
            present = _pair(source(part.comparators[0]), key(part.left))  # type: ignore[attr-defined]
        if present is None:
            return None
        found.add((True, present))
    return found


def _got(test: ast.expr, source: SourceOf, key: KeyOf, present: bool) -> tuple[str, str] | None:
    """``d.get("k")``, ``d.get("k") is not None`` (``present``); ``not
    d.get("k")``, ``d.get("k") is None`` (else)."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return None if present else _get_of(test.operand, source, key)
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        none = isinstance(test.comparators[0], ast.Constant) and test.comparators[0].value is None
        wanted = ast.IsNot if present else ast.Is
        return _get_of(test.left, source, key) if none and isinstance(test.ops[0], wanted) else None
    return _get_of(test, source, key) if present else None


def _get_of(node: ast.expr, source: SourceOf, key: KeyOf) -> tuple[str, str] | None:
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
        return None
    if node.func.attr != "get" or len(node.args) != 1 or node.keywords:
        return None
    return _pair(source(node.func.value), key(node.args[0]))


def _key_source(value: ast.expr, source: SourceOf, key: KeyOf) -> tuple[str, str] | None:
    """``d.pop("b")``, ``d["b"]``, ``d.get("b")`` (with a default or not)."""
    if isinstance(value, ast.Subscript):
        return _pair(source(value.value), key(value.slice))
    if not isinstance(value, ast.Call) or not isinstance(value.func, ast.Attribute):
        return None
    if value.func.attr not in ("pop", "get") or not 1 <= len(value.args) <= 2 or value.keywords:
        return None
    if any(isinstance(a, ast.Starred) for a in value.args):
        return None
    return _pair(source(value.func.value), key(value.args[0]))


def _simple(stmt: ast.stmt) -> list[ast.stmt]:
    """The statements at any depth of a compound statement (not inside a
    function or class): only blocks hold statements, so only they are walked."""
    return list(statements([stmt]))[1:]


def _written(stmt: ast.stmt, source: SourceOf, key: KeyOf) -> list[tuple[tuple[str, str], bool]]:
    """(place, whether over what was there) for each key a simple statement
    writes: ``d["k"] = v``, ``d.update({"k": v})``, ``d.update(k=v)``, ``d
    |= {"k": v}``; ``d.setdefault("k", v)`` writes only where it is missing."""
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
        target = stmt.targets[0]
        if isinstance(target, ast.Subscript):
            place = _pair(source(target.value), key(target.slice))
            return [(place, True)] if place is not None else []
        return []
    if isinstance(stmt, ast.AugAssign) and isinstance(stmt.op, ast.BitOr):
        return _dict_writes(source(stmt.target), stmt.value, key)
    if not isinstance(stmt, ast.Expr) or not isinstance(stmt.value, ast.Call):
        return []
    call, func = stmt.value, stmt.value.func
    if not isinstance(func, ast.Attribute) or any(isinstance(a, ast.Starred) for a in call.args):
        return []
    if func.attr == "setdefault" and call.args:
        place = _pair(source(func.value), key(call.args[0]))
        return [(place, False)] if place is not None else []
    if func.attr == "update" and len(call.args) == 1 and not call.keywords:
        return _dict_writes(source(func.value), call.args[0], key)
    if func.attr == "update" and not call.args and all(k.arg for k in call.keywords):
        name = source(func.value)
        return [((name, k.arg), True) for k in call.keywords if name and k.arg]
    return []


def _values(stmt: ast.stmt) -> list[ast.expr]:
    """The values a simple statement writes from (a call's arguments)."""
    value = getattr(stmt, "value", None)
    if isinstance(stmt, ast.Expr) and isinstance(value, ast.Call):
        return [*value.args, *(k.value for k in value.keywords)]
    return [value] if isinstance(value, ast.expr) else []


def _mentions(
    node: ast.expr, source: SourceOf, key: KeyOf, own: set[str] | frozenset[str] = frozenset()
) -> bool:
    """Whether an expression uses a handed dict otherwise than to read keys
    named by a literal other than ``own`` (``d["url"] = d.pop("link", "")``
    reads ``link`` only: what the model sent as ``url`` is gone)."""
    todo: list[ast.AST] = [node]
    while todo:
        current = todo.pop()
        other = _other_key_read(current, source, key, own)
        if other is not None:
            todo.extend(other)
            continue
        if isinstance(current, ast.expr) and source(current) is not None:
            return True
        todo.extend(ast.iter_child_nodes(current))
    return False


def _other_key_read(
    node: ast.AST, source: SourceOf, key: KeyOf, own: set[str] | frozenset[str]
) -> list[ast.expr] | None:
    """Of a read of a handed dict's key named by a literal not in ``own``
    (``d["k"]``, ``d.get("k", x)``, ``d.pop("k", x)``), what else it
    evaluates (the fallback); None for any other node."""
    if isinstance(node, ast.Subscript) and source(node.value) is not None:
        name = key(node.slice)
        return [] if name is not None and name not in own else None
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
        return None
    if node.func.attr not in ("get", "pop") or node.keywords or not 1 <= len(node.args) <= 2:
        return None
    if any(isinstance(a, ast.Starred) for a in node.args) or source(node.func.value) is None:
        return None
    name = key(node.args[0])
    return node.args[1:] if name is not None and name not in own else None


def _dict_writes(
    name: str | None, mapping: ast.expr, key: KeyOf
) -> list[tuple[tuple[str, str], bool]]:
    """The keys of a literal dict written over the dict ``name``."""
    if name is None or not isinstance(mapping, ast.Dict):
        return []
    places = [_pair(name, key(k)) for k in mapping.keys if k is not None]
    return [(p, True) for p in places if p is not None]


def _raises_on(stmt: ast.stmt, place: tuple[str, str], source: SourceOf, key: KeyOf) -> bool:
    """Whether the value written reads ``place`` so that it raises when the
    key is missing (``d["k"] = d["k"].strip()``): no fill."""
    value = getattr(stmt, "value", None)
    for node in ast.walk(value) if value is not None else ():
        found = None
        if isinstance(node, ast.Subscript):
            found = _pair(source(node.value), key(node.slice))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "pop"
            and len(node.args) == 1
            and not node.keywords
        ):
            found = _pair(source(node.func.value), key(node.args[0]))
        if found == place:
            return True
    return False
