"""Arguments whose value is only compared, as read, with literals of one kind.

``self.args.get("flag") == "true"`` tests a string: a JSON ``true`` never
equals ``"true"``. ``flag is True`` tests a boolean: the string ``"true"``
never is ``True``. When every read of an argument is used only so (read
right in such a comparison, or bound to a local name whose every other use
is one), that comparison alone decides what the value does, and a value of
the other type is misread (PRM008). Any other use of the value (``if
flag:``, ``str(flag).lower()``, handing it on) decides too, and then
nothing is said.
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from doxtool.python.cstnodes import child_nodes
from doxtool.python.literals import literal_value

#: the comparisons that test a string as read / a boolean as read
_STRING_OPERATORS = (cst.Equal, cst.NotEqual, cst.In, cst.NotIn)
_BOOLEAN_OPERATORS = (cst.Is, cst.IsNot, cst.Equal, cst.NotEqual, cst.In, cst.NotIn)
_SPELLINGS = frozenset({"true", "false"})


def compared_kind(values: list[Any], operator: cst.BaseCompOp) -> str | None:
    """``"spelling"`` when a value compared with ``values`` by ``operator``
    is tested as a string spelling a boolean (``== "true"``, ``in ("true",
    "1")``), ``"boolean"`` when it is tested as a boolean (``is True``,
    ``== False``); None for any other comparison."""
    if not values:
        return None
    if all(isinstance(v, bool) for v in values):
        return "boolean" if isinstance(operator, _BOOLEAN_OPERATORS) else None
    if all(isinstance(v, str) for v in values) and any(
        v.strip().lower() in _SPELLINGS for v in values
    ):
        return "spelling" if isinstance(operator, _STRING_OPERATORS) else None
    return None


def _literal_kind(
    other: cst.BaseExpression, operator: cst.BaseCompOp, module: cst.Module
) -> str | None:
    ok, value = literal_value(other, module)
    if not ok:
        return None
    many = isinstance(operator, (cst.In, cst.NotIn))
    if many != isinstance(value, (list, tuple, set, frozenset)):
        return None
    return compared_kind(list(value) if many else [value], operator)


def sole_binding(
    func: cst.FunctionDef, name: str, module: cst.Module
) -> tuple[cst.BaseExpression, str] | None:
    """The value the local ``name`` is bound to in ``func``, and how it is
    compared, when ``name`` is bound there once (``name = <value>``) and
    every other use of it is an operand of a comparison with literals of one
    kind (:func:`compared_kind`); None otherwise."""
    binding: cst.BaseExpression | None = None
    accounted: set[int] = set()
    kinds: set[str | None] = set()
    names: list[cst.Name] = []
    stack: list[cst.CSTNode] = [func]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is cst.Name:
            if node.value == name:  # type: ignore[attr-defined]
                names.append(node)  # type: ignore[arg-type]
            continue
        if kind is cst.Attribute:
            accounted.add(id(node.attr))  # type: ignore[attr-defined]  # ``x.name``
        elif kind is cst.Arg and node.keyword is not None:  # type: ignore[attr-defined]
            accounted.add(id(node.keyword))  # type: ignore[attr-defined]  # ``f(name=...)``
        elif kind in (cst.Assign, cst.AnnAssign):
            targets = (
                [t.target for t in node.targets]  # type: ignore[attr-defined]
                if kind is cst.Assign
                else [node.target]  # type: ignore[attr-defined]
            )
            value = node.value  # type: ignore[attr-defined]
            for target in targets:
                if type(target) is cst.Name and target.value == name:
                    if binding is not None or value is None or len(targets) > 1:
                        return None
                    binding = value
                    accounted.add(id(target))
        elif kind is cst.Comparison and len(node.comparisons) == 1:  # type: ignore[attr-defined]
            left = node.left  # type: ignore[attr-defined]
            target = node.comparisons[0]  # type: ignore[attr-defined]
            for operand, other in ((left, target.comparator), (target.comparator, left)):
                if type(operand) is cst.Name and operand.value == name:
                    accounted.add(id(operand))
                    kinds.add(_literal_kind(other, target.operator, module))
        stack.extend(child_nodes(node))
    if binding is None or len(kinds) != 1 or None in kinds:
        return None
    if any(id(node) not in accounted for node in names):
        return None  # a use that is no such comparison, or another binding
    return binding, next(iter(kinds))  # type: ignore[arg-type]
