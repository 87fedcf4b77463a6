"""Which parts of an expression run on some calls only, for the ``ast``
walk of a helper (:mod:`doxtool.python.functionwalk`): the operands an
``and``/``or`` may skip, what follows a comprehension's condition; and the
test an ``assert`` fails on. Imports no libcst.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

#: keys known present when an expression is true / absent when it is false
Tests = Callable[[ast.expr], tuple[frozenset[str], frozenset[str]]]

#: ``(expression, keys present, keys absent)``: an expression evaluated on
#: some calls only, with what is known of the keys there
Branch = tuple[ast.expr, frozenset[str], frozenset[str]]

_NONE: frozenset[str] = frozenset()


def operand_branches(node: ast.BoolOp, tests: Tests) -> list[ast.expr | Branch]:
    """The operands of ``a and b`` / ``a or b`` in order: the first as it
    is, each later one a branch, evaluated when those before it are true
    (``and``: the keys they test present) or false (``or``: absent)."""
    present, absent = _NONE, _NONE
    out: list[ast.expr | Branch] = [node.values[0]]
    for before, operand in zip(node.values, node.values[1:], strict=False):
        known_present, known_absent = tests(before)
        if isinstance(node.op, ast.And):
            present = present | known_present
        else:
            absent = absent | known_absent
        out.append((operand, present, absent))
    return out


def comprehension_branches(
    node: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp,
) -> list[ast.expr | Branch] | None:
    """The parts of a comprehension with a condition (``[d["x"] for t in
    items if t]``): its iterables as they are, its conditions and its
    element as branches (evaluated on some items only). None when it has
    no condition."""
    if not any(generator.ifs for generator in node.generators):
        return None
    parts = [node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]
    out: list[ast.expr | Branch] = [(part, _NONE, _NONE) for part in parts]
    for generator in node.generators:
        out.append(generator.iter)
        out.extend((test, _NONE, _NONE) for test in generator.ifs)
    return out


#: comparison operators and their negation
_NEGATED: dict[type, type] = {
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Lt: ast.GtE,
    ast.GtE: ast.Lt,
    ast.Gt: ast.LtE,
    ast.LtE: ast.Gt,
}


def negated(test: ast.expr) -> ast.expr:
    """An expression true exactly when ``test`` is false (``assert x is not
    None`` fails on ``x is None``), built for reading, never compiled."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return test.operand
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and type(test.ops[0]) in _NEGATED:
        op: Any = _NEGATED[type(test.ops[0])]()
        return ast.Compare(left=test.left, ops=[op], comparators=test.comparators)
    return ast.UnaryOp(op=ast.Not(), operand=test)
