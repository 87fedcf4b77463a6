"""Which parts of an expression run on some calls only, for the ``ast``
walk of a helper (:mod:`doxtool.python.functionwalk`): the operands an
``and``/``or`` may skip, a comprehension's element and conditions; and the
test an ``assert`` fails on. Imports no libcst.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Container
from typing import Any

from doxtool.python.astwalk import walk

#: keys known present when an expression is true / absent when it is false
Tests = Callable[[ast.expr], tuple[frozenset[str], frozenset[str]]]

#: ``(expression, keys present, keys absent)``: an expression evaluated on
#: some calls only, with what is known of the keys there
Branch = tuple[ast.expr, frozenset[str], frozenset[str]]

_NONE: frozenset[str] = frozenset()
#: literal containers: a loop over one with an element runs at least once
_CONTAINERS = (ast.Tuple, ast.List, ast.Set)


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
    """The parts of a comprehension whose element may be evaluated no time
    (``[d["x"] for t in items]``, ``[d["x"] for t in (1, 2) if t]``): its
    first iterable as it is, evaluated where it stands; its element, its
    conditions and its later iterables as branches (evaluated per item, if
    any). None for one with no condition whose every loop is over a
    literal with an element: its element is evaluated at least once."""
    if not any(g.ifs or not nonempty_literal(g.iter) for g in node.generators):
        return None
    parts = [node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]
    out: list[ast.expr | Branch] = [(part, _NONE, _NONE) for part in parts]
    for index, generator in enumerate(node.generators):
        out.append(generator.iter if index == 0 else (generator.iter, _NONE, _NONE))
        out.extend((test, _NONE, _NONE) for test in generator.ifs)
    return out


def nonempty_literal(node: ast.expr) -> bool:
    """A literal tuple, list or set with an element that is not starred: a
    loop over it runs at least once."""
    return type(node) in _CONTAINERS and any(
        type(e) is not ast.Starred
        for e in node.elts  # type: ignore[attr-defined]
    )


#: values a loop written out over goes round as statements written once each
MAX_WRITTEN = 3


def written_out(node: ast.expr) -> str:
    """``written`` for a literal tuple, list or set of at most
    :data:`MAX_WRITTEN` values with no starred element (``for url in (a,
    b):`` goes round the values written out, as the same statements written
    once for each would; ``for delay in (1, 2, 4, 8, 16):`` retries, a loop),
    else ``""`` (:attr:`~doxtool.core.summary_facts.Step.what` of a loop)."""
    elements = node.elts if type(node) in _CONTAINERS else None  # type: ignore[attr-defined]
    if (
        elements
        and len(elements) <= MAX_WRITTEN
        and not any(type(e) is ast.Starred for e in elements)
    ):
        return "written"
    return ""


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


def shadows(
    node: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp,
    names: tuple[Container[str], ...],
) -> bool:
    """Whether a comprehension's targets bind a name one of ``names`` holds
    (the name of a handed dict)."""
    return any(
        isinstance(n, ast.Name) and any(n.id in held for held in names)
        for generator in node.generators
        for n in walk(generator.target)
    )
