"""The shapes of libcst nodes that :mod:`~doxtool.python.replacements` reads,
for the walk over tool classes (:mod:`~doxtool.python.fallbacks`); those of
``ast`` nodes, for helper summaries, are :mod:`~doxtool.python.astshapes`'.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import libcst as cst

from doxtool.python.controlflow import terminates
from doxtool.python.cstnodes import child_nodes, suite_body
from doxtool.python.readforms import FILLING_METHODS, STRING_METHODS
from doxtool.python.replacements import CONVERTERS, TYPES

_CST_COMPARE = {
    cst.Equal: "==",
    cst.NotEqual: "!=",
    cst.Is: "is",
    cst.IsNot: "is not",
    cst.In: "in",
    cst.NotIn: "not in",
}
_CST_SCOPES = (cst.FunctionDef, cst.ClassDef, cst.Lambda)
#: dict methods that leave a ``**`` parameter's keys as the call made them
_DICT_READS = frozenset({"get", "pop", "items", "keys", "values", "copy"})
#: nodes whose ``test`` is judged for truth only (``CompIf``: a comprehension's ``if``)
_CST_TESTED = (cst.If, cst.While, cst.IfExp, cst.Assert, cst.CompIf)


class CstShapes:
    """:class:`~doxtool.python.replacements.Shapes` of a libcst tree;
    ``literal`` resolves literals and constants; ``unheld`` (:func:`unheld_keys`)
    names a function's ``**`` parameter and the keys it never holds."""

    def __init__(
        self,
        literal: Callable[[cst.BaseExpression], tuple[bool, Any]],
        unheld: tuple[str, frozenset[str]] | None = None,
    ) -> None:
        self.literal = literal
        self.unheld = unheld

    def value(self, node: cst.BaseExpression) -> tuple[bool, Any]:
        if self.unheld is not None and type(node) is cst.Call:
            read = _unheld_read(node, *self.unheld)
            if read is not None:
                return self.literal(read) if read is not node else (True, None)
        return self.literal(node)

    def expr(self, node: cst.CSTNode) -> tuple[Any, ...]:
        kind = type(node)
        if kind is cst.Name:
            return ("name", node.value)  # type: ignore[attr-defined]
        if kind is cst.BooleanOperation:
            assert isinstance(node, cst.BooleanOperation)
            op = "or" if type(node.operator) is cst.Or else "and"
            return (op, node.left, node.right)
        if kind is cst.UnaryOperation and type(node.operator) is cst.Not:  # type: ignore[attr-defined]
            return ("not", node.expression)  # type: ignore[attr-defined]
        if kind is cst.Comparison and len(node.comparisons) == 1:  # type: ignore[attr-defined]
            target = node.comparisons[0]  # type: ignore[attr-defined]
            op = _CST_COMPARE.get(type(target.operator))
            if op is not None:
                return ("compare", node.left, op, target.comparator)  # type: ignore[attr-defined]
        if kind is cst.IfExp:
            assert isinstance(node, cst.IfExp)
            return ("ifexp", node.test, node.body, node.orelse)
        if kind is cst.Call:
            assert isinstance(node, cst.Call)
            if any(a.keyword is not None or a.star for a in node.args):
                return ("other",)
            func = node.func
            values = [a.value for a in node.args]
            if type(func) is cst.Name and func.value == "isinstance" and len(values) == 2:
                return ("isinstance", values[0], _cst_types(values[1]))
            if type(func) is cst.Name and len(values) == 1 and func.value in CONVERTERS:
                return ("convert", func.value, values[0])
            if type(func) is cst.Attribute and func.attr.value in STRING_METHODS:
                return ("method", func.value, func.attr.value, values)
        return ("other",)

    def stmt(self, node: cst.CSTNode, name: str) -> tuple[Any, ...]:
        if type(node) is cst.SimpleStatementLine and len(node.body) == 1:  # type: ignore[attr-defined]
            value = assigned(node.body[0], name)  # type: ignore[attr-defined]
            return ("assign", value) if value is not None else ("other",)
        if type(node) is cst.If:
            assert isinstance(node, cst.If)
            orelse: Sequence[cst.CSTNode] = ()
            if type(node.orelse) is cst.If:
                orelse = [node.orelse]  # ``elif``: an ``if`` in the ``else``
            elif type(node.orelse) is cst.Else:
                orelse = suite_body(node.orelse.body)
            return ("if", node.test, suite_body(node.body), orelse)
        if type(node) is cst.Try:
            assert isinstance(node, cst.Try)
            rest: list[cst.CSTNode] = [s for h in node.handlers for s in suite_body(h.body)]
            for block in (node.orelse, node.finalbody):
                rest.extend(suite_body(block.body) if block is not None else ())
            return ("try", suite_body(node.body), rest)
        return ("other",)

    def uses(self, node: cst.CSTNode, name: str) -> bool:
        return uses(node, name)

    def alias(self, node: cst.CSTNode) -> tuple[str, cst.CSTNode] | None:
        if type(node) is not cst.SimpleStatementLine or len(node.body) != 1:  # type: ignore[attr-defined]
            return None
        small = node.body[0]  # type: ignore[attr-defined]
        if type(small) is cst.Assign and len(small.targets) == 1:
            target, value = small.targets[0].target, small.value
        elif type(small) is cst.AnnAssign and small.value is not None:
            target, value = small.target, small.value
        else:
            return None
        return (target.value, value) if type(target) is cst.Name else None

    def fallbacks(self, node: cst.CSTNode, name: str) -> list[cst.CSTNode]:
        found: list[cst.CSTNode] = []
        tests: set[int] = set()  # an ``or`` tested for truth only gives no value
        todo = [node]
        while todo:
            current = todo.pop()
            kind = type(current)
            if kind in _CST_TESTED:
                tests.add(id(current.test))  # type: ignore[attr-defined]
            elif kind is cst.UnaryOperation and type(current.operator) is cst.Not:  # type: ignore[attr-defined]
                tests.add(id(current.expression))  # type: ignore[attr-defined]
            elif kind is cst.MatchCase and current.guard is not None:  # type: ignore[attr-defined]
                tests.add(id(current.guard))  # type: ignore[attr-defined]
            if id(current) in tests:
                if kind is cst.BooleanOperation:
                    # each operand is tested for truth only too: ``(a or b) or c``
                    # (``a or b or c``), ``(a or b) and c``
                    tests.update((id(current.left), id(current.right)))  # type: ignore[attr-defined]
            elif kind is cst.BooleanOperation and type(current.operator) is cst.Or:  # type: ignore[attr-defined]
                left = current.left  # type: ignore[attr-defined]
                if is_name(left, name) or (  # ``a or name or "x"`` is ``(a or name) or "x"``
                    type(left) is cst.BooleanOperation
                    and type(left.operator) is cst.Or
                    and is_name(left.right, name)
                ):
                    found.append(current)
            if kind is cst.IfExp and _falls_back(current, name):  # type: ignore[arg-type]
                found.append(current)
            todo.extend(child_nodes(current))
        return found

    def assignments(self, node: cst.CSTNode, name: str) -> list[cst.CSTNode | None]:
        found: list[cst.CSTNode | None] = []
        todo = [node]
        while todo:
            current = todo.pop()
            kind = type(current)
            targets: list[cst.CSTNode] = []
            if (
                kind in (cst.Assign, cst.AnnAssign)
                and (value := assigned(current, name)) is not None
            ):
                found.append(value)
            elif kind is cst.Assign:
                targets = [t.target for t in current.targets]  # type: ignore[attr-defined]
            elif kind in (cst.AnnAssign, cst.AugAssign, cst.For, cst.NamedExpr, cst.Del):
                targets = [current.target]  # type: ignore[attr-defined]
            elif kind is cst.AsName:
                targets = [current.name]  # type: ignore[attr-defined]
            elif kind in _CST_SCOPES:
                continue
            while targets:
                target = targets.pop()
                if is_name(target, name):
                    found.append(None)
                elif type(target) in (cst.Tuple, cst.List):
                    targets.extend(e.value for e in target.elements)  # type: ignore[attr-defined]
                elif type(target) is cst.StarredElement:
                    targets.append(target.value)  # type: ignore[attr-defined]
            todo.extend(child_nodes(current))
        return found

    def ends(self, body: Sequence[cst.CSTNode]) -> bool:
        return terminates(body)  # type: ignore[arg-type]

    def fills(self, node: cst.CSTNode, name: str) -> bool:
        todo = [node]
        while todo:
            current = todo.pop()
            kind = type(current)
            if kind is cst.Call:
                func = current.func  # type: ignore[attr-defined]
                if (
                    type(func) is cst.Attribute
                    and func.attr.value in FILLING_METHODS
                    and is_name(func.value, name)
                ):
                    return True
            elif kind in (cst.AssignTarget, cst.AugAssign):
                target = current.target  # type: ignore[attr-defined]
                if type(target) is cst.Subscript and is_name(target.value, name):
                    return True
            elif kind in _CST_SCOPES:
                continue
            todo.extend(child_nodes(current))
        return False


def unheld_keys(fn: cst.FunctionDef) -> tuple[str, frozenset[str]] | None:
    """A function's ``**`` parameter and the names of its parameters a
    keyword binds (``def execute(self, url="", **kwargs)``): a call binds
    such a keyword to the parameter, so the ``**`` dict never holds it and
    ``kwargs.get("url", "")`` gives its default. None without a ``**``
    parameter, or where the body uses the name other than to read the dict
    (``kwargs.get(...)``, ``kwargs.items()``, ``**kwargs``): bound again,
    filled, or handed to a call that may fill it."""
    params = fn.params
    if not isinstance(params.star_kwarg, cst.Param):
        return None
    star = params.star_kwarg.name.value
    reads: set[int] = set()
    todo: list[cst.CSTNode] = [fn.body]
    while todo:
        current = todo.pop()
        kind = type(current)
        if (kind is cst.Attribute and current.attr.value in _DICT_READS) or (  # type: ignore[attr-defined]
            kind is cst.Arg and current.star == "**"  # type: ignore[attr-defined]
        ):
            reads.add(id(current.value))  # type: ignore[attr-defined]
        elif is_name(current, star) and id(current) not in reads:
            return None
        todo.extend(child_nodes(current))
    return star, frozenset(p.name.value for p in (*params.params, *params.kwonly_params))


def _unheld_read(call: cst.Call, star: str, keys: frozenset[str]) -> cst.CSTNode | None:
    """For ``star.get(key)`` or ``star.get(key, default)`` (``pop`` with a
    default) of a key in ``keys``: the default expression, or the call
    itself for a ``get`` without one (which gives ``None``); else None."""
    func, args = call.func, call.args
    if (
        type(func) is not cst.Attribute
        or not is_name(func.value, star)
        or func.attr.value not in ("get", "pop")
        or not 1 <= len(args) <= 2
        or any(a.keyword is not None or a.star for a in args)
        or type(args[0].value) is not cst.SimpleString
        or args[0].value.evaluated_value not in keys  # type: ignore[attr-defined]
    ):
        return None
    if len(args) == 2:
        return args[1].value
    return call if func.attr.value == "get" else None


def _falls_back(node: cst.IfExp, name: str) -> bool:
    """``True if mark is None else bool(mark)``: the test is about ``name``,
    and one arm hands it on, the other not (``"yes" if mark else "no"`` only
    says something of it; ``f"{s[:50]}..." if len(s) > 50 else s`` shows it either way)."""
    body, orelse = uses(node.body, name), uses(node.orelse, name)
    arm = node.body if body else node.orelse
    return uses(node.test, name) and body != orelse and type(arm) is not cst.FormattedString


def _cst_types(node: cst.BaseExpression) -> list[str | None]:
    """The builtin classes ``isinstance`` tests for (None for any other)."""
    kinds = [e.value for e in node.elements] if type(node) is cst.Tuple else [node]
    return [k.value if type(k) is cst.Name and k.value in TYPES else None for k in kinds]


def assigned(small: cst.CSTNode, name: str) -> cst.BaseExpression | None:
    """The value of ``name = <value>``, or of the name's place in a tuple
    given a tuple of as many values (``url, path = url.strip(), path``)."""
    if type(small) is cst.Assign and len(small.targets) == 1:  # type: ignore[attr-defined]
        target = small.targets[0].target  # type: ignore[attr-defined]
        if is_name(target, name):
            return small.value  # type: ignore[attr-defined]
        return _unpacked(target, small.value, name)  # type: ignore[attr-defined]
    if type(small) is cst.AnnAssign and is_name(small.target, name):  # type: ignore[attr-defined]
        return small.value  # type: ignore[attr-defined]
    return None


def _unpacked(
    target: cst.BaseExpression, value: cst.BaseExpression, name: str
) -> cst.BaseExpression | None:
    """The value :func:`unpacked_pairs` gives ``name``; None for any other shape."""
    pairs = unpacked_pairs(target, value)
    return next((v for t, v in pairs or () if t.value == name), None)


def unpacked_pairs(
    target: cst.BaseExpression, value: cst.BaseExpression
) -> list[tuple[cst.Name, cst.BaseExpression]] | None:
    """Each name of a tuple target of distinct plain names with the value a
    tuple of as many values (none starred) gives it, when no value uses
    another place's name (``url, path = url.strip(), path``: one assignment
    after the other binds the same; ``a, b = b, a`` does not); None for any
    other shape."""
    if type(target) not in (cst.Tuple, cst.List) or type(value) not in (cst.Tuple, cst.List):
        return None
    names, values = target.elements, value.elements  # type: ignore[attr-defined]
    if len(names) != len(values) or any(type(e) is not cst.Element for e in (*names, *values)):
        return None
    targets = [e.value for e in names]
    if not all(type(t) is cst.Name for t in targets) or len({t.value for t in targets}) != len(
        targets
    ):
        return None
    for i, element in enumerate(values):
        if any(uses(element.value, t.value) for j, t in enumerate(targets) if j != i):
            return None
    return [(t, e.value) for t, e in zip(targets, values, strict=True)]


def is_name(node: cst.CSTNode, name: str) -> bool:
    return type(node) is cst.Name and node.value == name  # type: ignore[attr-defined]


def uses(node: cst.CSTNode, name: str) -> bool:
    """Whether ``name`` occurs in ``node`` (nested functions too)."""
    todo = [node]
    while todo:
        current = todo.pop()
        if is_name(current, name):
            return True
        if type(current) is cst.Attribute:
            todo.append(current.value)  # type: ignore[attr-defined]  # ``self.lines`` is no use
        elif type(current) is cst.Arg:
            todo.append(current.value)  # type: ignore[attr-defined]  # nor is ``f(lines=...)``
        else:
            todo.extend(child_nodes(current))
    return False
