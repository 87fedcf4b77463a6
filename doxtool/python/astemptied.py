"""What a test says is empty, for the ``ast`` summaries
(:mod:`doxtool.python.keyreads`): ``if not value: raise`` and its spellings
make the read of ``value`` needed.
"""

from __future__ import annotations

import ast


def emptied(test: ast.expr) -> tuple[str, str] | None:
    """The variable ``test`` is true for when it is missing or empty: ``not x``,
    ``x is None``, ``x == ""``, ``len(x) == 0``, ``not x.strip()`` and the
    like, with the kind of value
    (:data:`~doxtool.python.readforms.REFUSALS`) the test is true for."""
    found = emptied_node(test)
    if found is None or type(found[0]) is not ast.Name:
        return None
    return found[0].id, found[1]  # type: ignore[attr-defined]


def emptied_node(test: ast.expr) -> tuple[ast.expr, str] | None:
    """What ``test`` is true for when it is missing or empty, as
    :func:`emptied` reads it, the expression itself (a name, or a read:
    ``not d.get("k")``, ``d.get("k") is None``, ``not d.get("k", "").strip()``)."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _falsy(_subject(test.operand))
    if not isinstance(test, ast.Compare) or len(test.ops) != 1:
        return None
    left, op, right = test.left, test.ops[0], test.comparators[0]
    if isinstance(left, ast.Constant) and not isinstance(right, ast.Constant):
        if type(op) not in _MIRRORED:
            return None
        left, right, op = right, left, _MIRRORED[type(op)]()
    if not isinstance(right, ast.Constant):
        return None
    value = right.value
    if isinstance(left, ast.NamedExpr):
        left = left.value  # ``(x := d.get("k")) is None`` tests what it binds
    if isinstance(left, ast.Call) and _is_len(left):
        empty = (type(op), value) in _LEN_EMPTY and type(value) is int
        return _falsy(_subject(left.args[0])) if empty else None
    if isinstance(op, ast.Is) and value is None:
        # a string method's result is never None
        return (left, "none") if _subject(left) is left else None
    if isinstance(op, ast.Eq) and value == "":
        if isinstance(left, ast.Call) and _split(left):
            return None  # a list is never ``""``
        subject = _subject(left)
        # ``x.strip() == ""`` fails on None as well
        return (subject, "blank" if subject is left else "falsy") if subject else None
    return None


def _falsy(subject: ast.expr | None) -> tuple[ast.expr, str] | None:
    return (subject, "falsy") if subject is not None else None


def _subject(node: ast.expr) -> ast.expr:
    """What is empty exactly when ``node`` is (``x`` for ``x.strip()``, ``len(x)``)."""
    while True:
        if isinstance(node, ast.NamedExpr):
            node = node.value  # ``(x := d.get("k"))`` is what it binds
        elif isinstance(node, ast.Call) and _is_len(node):
            node = node.args[0]
        elif (
            isinstance(node, ast.Call)
            and not node.args
            and not node.keywords
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in _STRIPS | _SPLITS
        ):
            node = node.func.value
        else:
            return node


def _is_len(node: ast.Call) -> bool:
    return (
        isinstance(node.func, ast.Name)
        and node.func.id == "len"
        and len(node.args) == 1
        and not node.keywords
        and not isinstance(node.args[0], ast.Starred)
    )


#: methods whose result is empty only when their receiver is (or is blank)
_STRIPS = frozenset({"strip", "lstrip", "rstrip"})
#: methods whose result (on whitespace: no argument) is an empty list only
#: when their receiver is blank: ``not x.split()`` is ``not x.strip()``
_SPLITS = frozenset({"split", "rsplit"})


def _split(node: ast.Call) -> bool:
    return isinstance(node.func, ast.Attribute) and node.func.attr in _SPLITS


#: comparison operators with their sides swapped (``0 == len(x)``)
_MIRRORED: dict[type, type] = {
    ast.Eq: ast.Eq,
    ast.NotEq: ast.NotEq,
    ast.Lt: ast.Gt,
    ast.Gt: ast.Lt,
    ast.LtE: ast.GtE,
    ast.GtE: ast.LtE,
}
#: ``len(x) <op> <n>`` true exactly when ``x`` is empty
_LEN_EMPTY = {(ast.Eq, 0), (ast.LtE, 0), (ast.Lt, 1)}
