"""What a block returns, read through a name bound there just before:
``message = "Error: x is required"`` then ``return message`` returns what
``return "Error: x is required"`` does, so a check judges the two alike
(:mod:`~doxtool.python.contracts`, :mod:`~doxtool.python.absence`).
"""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

_SIMPLE = (cst.SimpleStatementLine, cst.SimpleStatementSuite)


def with_returned_inline(body: Sequence[cst.BaseStatement]) -> Sequence[cst.BaseStatement]:
    """``body`` with a last ``return name`` written as ``return <value>``
    when the block binds ``name = <value>`` before it, with no statement
    between naming it and no compound statement between (a branch or a loop
    may bind it on some paths only). ``body`` itself otherwise."""
    if not body or type(body[-1]) not in _SIMPLE:
        return body
    last = body[-1]
    smalls = list(last.body)  # type: ignore[attr-defined]
    ret = smalls[-1] if smalls else None
    if type(ret) is not cst.Return or type(ret.value) is not cst.Name:
        return body
    name = ret.value.value
    # the simple statements before the return, latest first
    before: list[cst.BaseSmallStatement] = list(reversed(smalls[:-1]))
    for stmt in reversed(body[:-1]):
        if type(stmt) not in _SIMPLE:
            break
        before.extend(reversed(stmt.body))  # type: ignore[attr-defined]
    for small in before:
        value = _bound_value(small, name)
        if value is not None:
            inlined = last.with_changes(body=[*smalls[:-1], ret.with_changes(value=value)])
            return [*body[:-1], inlined]
        if _binds(small, name):
            return body
    return body


def _bound_value(small: cst.BaseSmallStatement, name: str) -> cst.BaseExpression | None:
    """The value of ``name = <value>`` (one target, a plain name)."""
    if type(small) is not cst.Assign or len(small.targets) != 1:
        return None
    target = small.targets[0].target
    return small.value if type(target) is cst.Name and target.value == name else None


def _binds(small: cst.BaseSmallStatement, name: str) -> bool:
    """Whether a simple statement names ``name`` at all (it may bind it: a
    target, a walrus, ``del``, an import; a read is taken as one too)."""
    stack: list[cst.CSTNode] = [small]
    while stack:
        node = stack.pop()
        if type(node) is cst.Name and node.value == name:
            return True
        stack.extend(node.children)
    return False
