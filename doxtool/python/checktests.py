"""What the test of a check says (part of the argument contracts,
:mod:`doxtool.python.contracts`): whether it looks for what is wrong
(``not x``, ``x is None``), whether it is true for the values a dispatch
refuses (``x not in (...)``) or, in an ``assert``, for those it accepts
(``x in (...)``), and the test true exactly when another is false.
"""

from __future__ import annotations

import libcst as cst

from doxtool.python.cstcode import bare_code


def negative(test: cst.BaseExpression) -> bool:
    """Whether a test looks for what is wrong (``not x``, ``x is None``,
    ``x not in ...``, any of them joined by ``or``), not for a choice."""
    if type(test) is cst.BooleanOperation and type(test.operator) is cst.Or:
        return negative(test.left) and negative(test.right)
    if type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
        return True
    if type(test) is cst.Comparison and len(test.comparisons) == 1:
        target = test.comparisons[0]
        if type(target.operator) in (cst.NotIn, cst.NotEqual, cst.IsNot):
            return True
        if type(target.operator) in (cst.Is, cst.Equal):
            value = target.comparator
            return (type(value) is cst.Name and value.value == "None") or (
                type(value) is cst.SimpleString and value.value in ('""', "''")
            )
    return False


def rejects(test: cst.BaseExpression) -> bool:
    """Whether a test is true for the values a dispatch does not accept
    (``x not in (...)``, ``x != "a"``, ``x != "a" and x != "b"``, several
    joined by ``or``: ``src not in UNITS or dst not in UNITS``, beside tests
    of a value's type, ``not isinstance(x, str) or x not in MODES``, or tests
    that compare nothing, ``x not in MODES or not text.strip()``): its body
    is the rejection. A value outside the listed ones makes the test true
    whatever the other parts say; a part that compares nothing names no
    value to take for one the dispatch accepts."""
    parts = _or_parts(test)
    return any(map(_rejecting, parts)) and all(
        _rejecting(part) or _type_refused(part) or _compares_nothing(part) for part in parts
    )


def _or_parts(test: cst.BaseExpression) -> list[cst.BaseExpression]:
    if type(test) is cst.BooleanOperation and type(test.operator) is cst.Or:
        return [*_or_parts(test.left), *_or_parts(test.right)]
    return [test]


def _rejecting(test: cst.BaseExpression) -> bool:
    if type(test) is cst.BooleanOperation and type(test.operator) is cst.And:
        # ``mode != "fast" and mode != "slow"``, as ``mode not in ("fast",
        # "slow")``; beside a test of the value's truth (``mode and mode not
        # in (...)``), which lets the empty values pass
        compared = [p for p in and_parts(test) if type(p) is cst.Comparison]
        tested = [bare_code(p) for p in and_parts(test) if type(p) is not cst.Comparison]
        if len(compared) == 1 and _rejecting(compared[0]):
            subjects = {bare_code(compared[0].left)}
        else:
            subjects = {_unequal_subject(part) for part in compared}
        return bool(compared) and None not in subjects and len(subjects | set(tested)) == 1
    return (
        type(test) is cst.Comparison
        and len(test.comparisons) == 1
        and type(test.comparisons[0].operator) in (cst.NotIn, cst.NotEqual)
    )


def _compares_nothing(test: cst.BaseExpression) -> bool:
    """Whether no comparison is part of ``test`` (``not text.strip()``,
    ``self.busy``), a lambda's or a comprehension's included."""
    todo: list[cst.CSTNode] = [test]
    while todo:
        node = todo.pop()
        if type(node) is cst.Comparison:
            return False
        todo.extend(node.children)
    return True


_LITERALS = (cst.SimpleString, cst.Integer, cst.Float)


def takes_listed(test: cst.BaseExpression) -> bool:
    """Whether ``test`` is true only for literals it lists: ``x == "a"``,
    ``x in ("a", "b")``, or several of those joined by ``or``."""
    if type(test) is cst.BooleanOperation and type(test.operator) is cst.Or:
        return takes_listed(test.left) and takes_listed(test.right)
    if type(test) is not cst.Comparison or len(test.comparisons) != 1:
        return False
    target = test.comparisons[0]
    other = target.comparator
    if type(target.operator) is cst.Equal:
        return type(other) in _LITERALS or type(test.left) in _LITERALS
    if type(target.operator) is cst.In and type(other) in (cst.Tuple, cst.List, cst.Set):
        return all(type(e.value) in _LITERALS for e in other.elements)  # type: ignore[attr-defined]
    return False


def truth_tested(test: cst.BaseExpression) -> list[cst.BaseExpression]:
    """What a rejecting test takes the truth of beside its comparisons
    (``mode`` of ``mode and mode not in (...)``): the empty values pass it."""
    if type(test) is not cst.BooleanOperation or type(test.operator) is not cst.And:
        return []
    return [part for part in and_parts(test) if type(part) is not cst.Comparison]


def and_parts(test: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The conjuncts of ``a and b and c`` (``[test]`` for any other test)."""
    if type(test) is cst.BooleanOperation and type(test.operator) is cst.And:
        return [*and_parts(test.left), *and_parts(test.right)]
    return [test]


def _unequal_subject(test: cst.BaseExpression) -> str | None:
    """The code of what ``x != "a"`` compares with a literal (``x``)."""
    if type(test) is not cst.Comparison or len(test.comparisons) != 1:
        return None
    target = test.comparisons[0]
    if type(target.operator) is not cst.NotEqual:
        return None
    sides = (test.left, target.comparator)
    literal = [type(side) in (cst.SimpleString, cst.Integer) for side in sides]
    if literal.count(True) != 1:
        return None
    return bare_code(sides[literal.index(False)])


def _type_refused(test: cst.BaseExpression) -> bool:
    """``not isinstance(x, str)``: true for every value of another type."""
    if type(test) is not cst.UnaryOperation or type(test.operator) is not cst.Not:
        return False
    call = test.expression
    return (
        type(call) is cst.Call
        and type(call.func) is cst.Name
        and call.func.value == "isinstance"
        and len(call.args) == 2
    )


def accepts(test: cst.BaseExpression) -> bool:
    """Whether an ``assert`` test is true only for the values it lists
    (``mode in ("fast", "slow")``, ``mode == "fast"``, several joined by
    ``and``): what it refuses is every other value, a closed dispatch."""
    if type(test) is cst.BooleanOperation and type(test.operator) is cst.And:
        return accepts(test.left) and accepts(test.right)
    return (
        type(test) is cst.Comparison
        and len(test.comparisons) == 1
        and type(test.comparisons[0].operator) in (cst.In, cst.Equal)
    )


#: comparison operators and their negation
_NEGATED: dict[type, type] = {
    cst.Is: cst.IsNot,
    cst.IsNot: cst.Is,
    cst.Equal: cst.NotEqual,
    cst.NotEqual: cst.Equal,
    cst.In: cst.NotIn,
    cst.NotIn: cst.In,
}


def negated(test: cst.BaseExpression) -> cst.BaseExpression:
    """An expression true exactly when ``test`` is false (``assert x is not
    None`` fails on ``x is None``), built for reading only."""
    if type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
        return test.expression
    if type(test) is cst.Comparison and len(test.comparisons) == 1:
        target = test.comparisons[0]
        if type(target.operator) in _NEGATED:
            op = _NEGATED[type(target.operator)]()
            return cst.Comparison(test.left, [cst.ComparisonTarget(op, target.comparator)])
    return cst.UnaryOperation(cst.Not(), test)
