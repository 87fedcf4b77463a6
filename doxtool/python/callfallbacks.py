"""The fallback an ``or`` gives what a call of a helper module's accessor
returns (``arg(self.args, "n") or 5``), noted in the tool walk (libcst) and
handed on with the call as :attr:`~doxtool.core.call_facts.HelperCall.fallback`;
:func:`~doxtool.python.calledaccessors.with_fallback` applies it to the
accessor's read once the call is followed. Kept apart from
:mod:`~doxtool.python.calledaccessors`, which the ``ast`` side imports
without libcst."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import libcst as cst


def note_call_fallback(
    node: cst.BooleanOperation, held: dict[int, list[cst.BaseExpression]]
) -> None:
    """``arg(self.args, "n") or 5 or 7``: the operands after a call that is
    the first operand of an ``or`` (the outermost ``or`` of a chain is seen
    first), held by the call's id until the call is recorded."""
    rest: list[cst.BaseExpression] = []
    left: cst.BaseExpression = node
    while type(left) is cst.BooleanOperation and type(left.operator) is cst.Or:
        rest.append(left.right)
        left = left.left
    if type(left) is cst.Call:
        held.setdefault(id(left), rest[::-1])


def or_value(
    operands: list[cst.BaseExpression], value: Callable[[cst.BaseExpression], tuple[bool, Any]]
) -> list[Any]:
    """[known, value] of ``a or b or ...`` past a falsy first operand: the
    first literal that is not empty, or the last; not known past an operand
    that is no literal."""
    found: Any = None
    for operand in operands:
        known, found = value(operand)
        if not known:
            return [False, None]
        if found:
            break
    return [True, found]
