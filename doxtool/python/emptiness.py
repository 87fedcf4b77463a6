"""Tests of emptiness: which values a condition shows are not empty.

``if text:`` (in its body), ``if not text: return ...``, ``if len(text) == 0:
raise ...``, ``if text.strip() == "": ...`` (past them, or in their ``else``)
all show that ``text`` holds something, as ``if text in ("", None): return
...`` does past it. :func:`nonempty_when` reads a test
and says which expressions are not empty when it is true, or when it is false;
nothing is evaluated, and a test it does not recognise shows nothing.
"""

from __future__ import annotations

import libcst as cst

#: methods whose result is empty only when their receiver is (or is blank)
_STRIPS = frozenset({"strip", "lstrip", "rstrip"})
#: comparison operators with their sides swapped (``0 == len(x)``)
_MIRRORED: dict[type, type] = {
    cst.Equal: cst.Equal,
    cst.NotEqual: cst.NotEqual,
    cst.LessThan: cst.GreaterThan,
    cst.GreaterThan: cst.LessThan,
    cst.LessThanEqual: cst.GreaterThanEqual,
    cst.GreaterThanEqual: cst.LessThanEqual,
}
#: ``len(x) <op> <n>`` true exactly when ``x`` is empty
_LEN_EMPTY = {(cst.Equal, 0), (cst.LessThanEqual, 0), (cst.LessThan, 1)}
#: ``len(x) <op> <n>`` true exactly when ``x`` is not empty
_LEN_FULL = {(cst.NotEqual, 0), (cst.GreaterThan, 0), (cst.GreaterThanEqual, 1)}


def nonempty_when(test: cst.BaseExpression, truth: bool) -> list[cst.BaseExpression]:
    """The expressions ``test`` shows are not empty when it is ``truth``."""
    kind = type(test)
    if kind is cst.UnaryOperation and type(test.operator) is cst.Not:
        return nonempty_when(test.expression, not truth)
    if kind is cst.BooleanOperation:
        # ``a and b`` true: both are; ``a or b`` false: neither is
        if (type(test.operator) is cst.And) == truth:
            return [*nonempty_when(test.left, truth), *nonempty_when(test.right, truth)]
        return []
    if kind is cst.Comparison:
        found = _comparison(test)
        if found is None:
            return []
        subject, empty_when_true = found
        return [subject] if truth != empty_when_true else []
    if kind is cst.Call and _is_builtin_call(test, "bool"):
        return nonempty_when(test.args[0].value, truth)
    if not truth:
        return []
    subject = _subject(test)
    return [subject] if subject is not None else []


def nonempty_value(node: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The expressions shown not empty when the value of ``node`` is not
    ``""`` (past ``match text.strip(): case "": return ...``): ``text``; none
    for a value that is no string to test (``text or other``, ``bool(text)``,
    ``a == b``)."""
    if type(node) is cst.Call and _is_builtin_call(node, "bool"):
        return []
    subject = _subject(node)
    return [subject] if subject is not None else []


def _subject(node: cst.BaseExpression) -> cst.BaseExpression | None:
    """What is empty exactly when ``node`` is (``x`` for ``x.strip()``, ``len(x)``)."""
    while True:
        if type(node) is cst.Call and _is_builtin_call(node, "len"):
            node = node.args[0].value
        elif (
            type(node) is cst.Call
            and not node.args
            and type(node.func) is cst.Attribute
            and node.func.attr.value in _STRIPS
        ):
            node = node.func.value
        else:
            break
    if type(node) in (cst.BooleanOperation, cst.Comparison, cst.UnaryOperation):
        return None
    return node


def _comparison(test: cst.Comparison) -> tuple[cst.BaseExpression, bool] | None:
    """``(x, True)`` for a test true exactly when ``x`` is empty, ``(x, False)``
    for one true exactly when it is not."""
    if len(test.comparisons) != 1:
        return None
    target = test.comparisons[0]
    op: type = type(target.operator)
    left, right = test.left, target.comparator
    if _is_literal(left) and not _is_literal(right):
        if op not in _MIRRORED:
            return None
        left, right, op = right, left, _MIRRORED[op]
    if op in (cst.In, cst.NotIn) and _holds_empty_string(right):
        # ``x in ("", None)`` is false only for a value other than ``""``
        subject = _subject(left)
        return (subject, op is cst.In) if subject is not None else None
    if _is_empty_string(right) and op in (cst.Equal, cst.NotEqual):
        subject = _subject(left)
        return (subject, op is cst.Equal) if subject is not None else None
    if type(left) is cst.Call and _is_builtin_call(left, "len") and type(right) is cst.Integer:
        number = int(right.value) if right.value.isdigit() else None
        subject = _subject(left)
        if subject is None or number is None:
            return None
        if (op, number) in _LEN_EMPTY:
            return subject, True
        if (op, number) in _LEN_FULL:
            return subject, False
    return None


def _holds_empty_string(node: cst.BaseExpression) -> bool:
    """Whether ``node`` is a tuple, list or set written out with ``""`` among its elements."""
    if type(node) not in (cst.Tuple, cst.List, cst.Set):
        return False
    elements = node.elements  # type: ignore[attr-defined]
    return any(type(e) is cst.Element and _is_empty_string(e.value) for e in elements)


def _is_builtin_call(node: cst.Call, name: str) -> bool:
    return (
        type(node.func) is cst.Name
        and node.func.value == name
        and len(node.args) == 1
        and node.args[0].keyword is None
        and not node.args[0].star
    )


def _is_literal(node: cst.BaseExpression) -> bool:
    return type(node) in (cst.SimpleString, cst.Integer)


def _is_empty_string(node: cst.BaseExpression) -> bool:
    if type(node) is not cst.SimpleString:
        return False
    value = node.value.lstrip("rRbBuU")
    return value in ('""', "''", '""""""', "''''''")
