"""The shapes of ``ast`` nodes that :mod:`~doxtool.python.replacements` reads,
for helper summaries (:mod:`~doxtool.python.keyreads`), and what a
summary's read takes from it (:func:`replace_default`); those of libcst
nodes, for the walk over tool classes, are :mod:`~doxtool.python.cstshapes`'.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from typing import Any

from doxtool.core.facts import json_stateable, json_type
from doxtool.core.literaleval import literal_eval
from doxtool.core.summary_facts import KeyRead
from doxtool.python.astreach import terminates
from doxtool.python.astwalk import children, walk
from doxtool.python.readforms import FILLING_METHODS, STRING_METHODS
from doxtool.python.replacements import (
    CONVERTERS,
    KEPT,
    KNOWN,
    TYPES,
    UNKNOWN,
    Outcome,
    gives_again,
    replaced,
    replaced_at_use,
)


def literal(node: ast.expr) -> tuple[bool, Any]:
    """``(True, value)`` for a literal a JSON value can state, else ``(False, None)``."""
    try:
        value = literal_eval(node)
    except (ValueError, SyntaxError, TypeError, RecursionError, MemoryError):
        return False, None
    return (True, value) if json_stateable(value) else (False, None)


def replace_default(
    read: KeyRead,
    body: Sequence[ast.stmt],
    name: str,
    handed: Callable[[ast.expr], bool],
    made: tuple[Any] | None = None,
) -> None:
    """A helper's read whose value ``name`` holds (a parameter's literal
    default, ``x = d.get(k)``), as the first statement of ``body`` that uses
    the name replaces it, the way a tool's is read
    (:mod:`~doxtool.python.fallbacks`). A read of a handed dict there
    (``handed``) is another key standing in, no default. ``made`` holds what
    a wrapper makes of the read's value, where the name holds that instead
    (``x = str(d.get(k, "")).strip()``: ``""``, :mod:`.wrappedreads`)."""
    held = made[0] if made is not None else read.default if read.has_default else None
    outcome = replaced(_AST_SHAPES, body, name, held)
    if outcome.kind == KEPT and replaced_at_use(_AST_SHAPES, body, name, held):
        outcome = Outcome(UNKNOWN)  # ``{"size": size or "2K"}``: not known
    if outcome.kind == KEPT or (outcome.leaf is not None and handed(outcome.leaf)):
        return
    if gives_again(outcome, held):
        return  # ``x = str(x or "").strip()`` makes the ``""`` held again
    read.replaced = True
    if held is not None:  # the replaced literal still gives the type
        read.weak = read.weak or json_type(held)
    if outcome.kind == KNOWN and outcome.value and json_stateable(outcome.value):
        read.default, read.has_default, read.default_unknown = outcome.value, True, False
    else:
        read.default, read.has_default, read.default_unknown = None, False, True


#: nodes whose ``test`` is judged for truth only
_AST_TESTED = (ast.If, ast.While, ast.IfExp, ast.Assert)


def _truth_tests(node: ast.AST) -> list[ast.AST]:
    """The expressions ``node`` judges for truth only: an ``if``'s, ``while``'s,
    conditional expression's or ``assert``'s test, the operand of ``not``, a
    comprehension's ``if`` clauses, a ``case``'s guard."""
    kind = type(node)
    if kind in _AST_TESTED:
        return [node.test]  # type: ignore[attr-defined]
    if kind is ast.UnaryOp and type(node.op) is ast.Not:  # type: ignore[attr-defined]
        return [node.operand]  # type: ignore[attr-defined]
    if kind is ast.comprehension:
        return list(node.ifs)  # type: ignore[attr-defined]
    guard = node.guard if kind is ast.match_case else None  # type: ignore[attr-defined]
    return [guard] if guard is not None else []


def _is_name(node: ast.AST, name: str) -> bool:
    return type(node) is ast.Name and node.id == name  # type: ignore[attr-defined]


_AST_COMPARE = {
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.Is: "is",
    ast.IsNot: "is not",
    ast.In: "in",
    ast.NotIn: "not in",
}


class AstShapes:
    """:class:`~doxtool.python.replacements.Shapes` of an ``ast`` tree;
    ``value`` resolves literals."""

    def __init__(self, value: Callable[[ast.expr], tuple[bool, Any]]) -> None:
        self.value = value

    def expr(self, node: ast.AST) -> tuple[Any, ...]:
        if isinstance(node, ast.Name):
            return ("name", node.id)
        if isinstance(node, ast.BoolOp):
            op = "or" if isinstance(node.op, ast.Or) else "and"
            rest = node.values[1:]
            right = rest[0] if len(rest) == 1 else ast.BoolOp(op=node.op, values=rest)
            return (op, node.values[0], right)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            return ("not", node.operand)
        if isinstance(node, ast.Compare) and len(node.ops) == 1:
            op = _AST_COMPARE.get(type(node.ops[0]))
            if op is not None:
                return ("compare", node.left, op, node.comparators[0])
        if isinstance(node, ast.IfExp):
            return ("ifexp", node.test, node.body, node.orelse)
        if isinstance(node, ast.Call) and not node.keywords:
            if any(isinstance(a, ast.Starred) for a in node.args):
                return ("other",)
            func = node.func
            if isinstance(func, ast.Name) and func.id == "isinstance" and len(node.args) == 2:
                kinds = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
                names = [k.id if isinstance(k, ast.Name) and k.id in TYPES else None for k in kinds]
                return ("isinstance", node.args[0], names)
            if isinstance(func, ast.Name) and len(node.args) == 1 and func.id in CONVERTERS:
                return ("convert", func.id, node.args[0])
            if isinstance(func, ast.Attribute) and func.attr in STRING_METHODS:
                return ("method", func.value, func.attr, node.args)
        return ("other",)

    def stmt(self, node: ast.AST, name: str) -> tuple[Any, ...]:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name) and target.id == name:
                return ("assign", node.value)
            value = _unpacked(target, node.value, name)
            if value is not None:
                return ("assign", value)
        if (
            isinstance(node, ast.AnnAssign)
            and node.value is not None
            and isinstance(node.target, ast.Name)
            and node.target.id == name
        ):
            return ("assign", node.value)
        if isinstance(node, ast.If):
            return ("if", node.test, node.body, node.orelse)
        return ("other",)

    def uses(self, node: ast.AST, name: str) -> bool:
        return any(type(n) is ast.Name and n.id == name for n in walk(node))

    def alias(self, node: ast.AST) -> tuple[str, ast.AST] | None:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            target, value = node.target, node.value
        else:
            return None
        return (target.id, value) if isinstance(target, ast.Name) else None

    def fallbacks(self, node: ast.AST, name: str) -> list[ast.AST]:
        found: list[ast.AST] = []
        nodes = list(walk(node))
        # an ``or`` tested for truth only gives no value
        tests = {id(test) for n in nodes for test in _truth_tests(n)}
        for n in nodes:  # breadth first: ``if (a or b) and c``, ``if a or b or c``
            if type(n) is ast.BoolOp and id(n) in tests:
                tests.update(id(v) for v in n.values)  # type: ignore[attr-defined]
        for current in nodes:
            if (
                id(current) not in tests
                and type(current) is ast.BoolOp
                and type(current.op) is ast.Or  # type: ignore[attr-defined]
                and any(_is_name(v, name) for v in current.values[:-1])  # type: ignore[attr-defined]
            ):
                found.append(current)
            if type(current) is ast.IfExp and self._falls_back(current, name):  # type: ignore[arg-type]
                found.append(current)
        return found

    def _falls_back(self, node: ast.IfExp, name: str) -> bool:
        """``True if mark is None else bool(mark)``: the test is about ``name``,
        and one arm hands it on, the other not (``"yes" if mark else "no"`` only
        says something of it; ``f"{s[:50]}..." if len(s) > 50 else s`` shows it either way)."""
        body, orelse = self.uses(node.body, name), self.uses(node.orelse, name)
        arm = node.body if body else node.orelse
        return self.uses(node.test, name) and body != orelse and type(arm) is not ast.JoinedStr

    def assignments(self, node: ast.AST, name: str) -> list[ast.AST | None]:
        found: list[ast.AST | None] = []
        todo = [node]
        while todo:
            current = todo.pop()
            kind = type(current)
            if kind is ast.Assign or kind is ast.AnnAssign:  # what :meth:`stmt` reads
                value = self.stmt(current, name)
                if value[0] == "assign":
                    found.append(value[1])
                    todo.append(value[1])
                    continue
            if kind is ast.Name:
                if current.id == name and type(current.ctx) in _BINDING:  # type: ignore[attr-defined]
                    found.append(None)
            elif kind is ast.alias and (current.asname or current.name) == name:  # type: ignore[attr-defined]
                found.append(None)
            if kind not in _AST_SCOPES:
                todo.extend(children(current))
        return found

    def ends(self, body: Sequence[ast.AST]) -> bool:
        return terminates(body)  # type: ignore[arg-type]

    def fills(self, node: ast.AST, name: str) -> bool:
        todo = [node]
        while todo:
            current = todo.pop()
            kind = type(current)
            if kind is ast.Call:
                func = current.func  # type: ignore[attr-defined]
                if (
                    type(func) is ast.Attribute
                    and func.attr in FILLING_METHODS
                    and type(func.value) is ast.Name
                    and func.value.id == name
                ):
                    return True
            elif kind is ast.Subscript:
                value = current.value  # type: ignore[attr-defined]
                stored = type(current.ctx) is not ast.Load  # type: ignore[attr-defined]
                if stored and type(value) is ast.Name and value.id == name:
                    return True
            if kind not in _AST_SCOPES:
                todo.extend(children(current))
        return False


#: contexts of a name that bind it
_BINDING = (ast.Store, ast.Del)
#: nodes whose bodies are scopes of their own
_AST_SCOPES = frozenset({ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda})


def _ast_types(node: ast.expr) -> list[str | None]:
    """The builtin classes ``isinstance`` tests for (None for any other)."""
    kinds = node.elts if isinstance(node, ast.Tuple) else [node]
    return [k.id if isinstance(k, ast.Name) and k.id in TYPES else None for k in kinds]


_AST_SHAPES = AstShapes(literal)


def _unpacked(target: ast.expr, value: ast.expr, name: str) -> ast.expr | None:
    """The value a tuple target of plain names gives ``name`` from a tuple of
    as many values, none starred and none other made of the name (``url,
    path = url.strip(), path``)."""
    if not isinstance(target, (ast.Tuple, ast.List)) or not isinstance(
        value, (ast.Tuple, ast.List)
    ):
        return None
    if len(target.elts) != len(value.elts) or any(isinstance(e, ast.Starred) for e in value.elts):
        return None
    if not all(isinstance(e, ast.Name) for e in target.elts):
        return None
    places = [i for i, e in enumerate(target.elts) if isinstance(e, ast.Name) and e.id == name]
    if len(places) != 1:
        return None
    # a value the name gives another place (``a, b = b, a``) is not only its own
    others = [e for i, e in enumerate(value.elts) if i != places[0]]
    if any(type(n) is ast.Name and n.id == name for o in others for n in walk(o)):
        return None
    return value.elts[places[0]]


def stated_default(read: KeyRead, default: ast.expr | None) -> None:
    """``d.get(key, default)``: a literal is the default; another value (a
    parameter of an accessor, ``self.limit``) states none known."""
    if default is not None:
        known, value = literal(default)
        if known:
            read.default, read.has_default = value, True
        else:
            read.default_unknown = True
