"""The fallback an ``or`` gives what a call of an accessor returns
(``arg(self.args, "n") or 5``), noted in the tool walk (libcst). A helper
module's accessor gets it handed on with the call as
:attr:`~doxtool.core.call_facts.HelperCall.fallback`;
:func:`~doxtool.python.calledaccessors.with_fallback` applies it to the
accessor's read once the call is followed. A method or nested function of
the tool's module (:mod:`~doxtool.python.accessors`) gets it as the default
its read holds at the call (:func:`past_fallback`). Kept apart from
:mod:`~doxtool.python.calledaccessors`, which the ``ast`` side imports
without libcst."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import libcst as cst


def note_call_fallback(
    node: cst.BooleanOperation, held: dict[int, list[cst.BaseExpression]]
) -> None:
    """``arg(self.args, "n") or 5 or 7``: the operands after a call (awaited
    or not) that is the first operand of an ``or`` (the outermost ``or`` of a chain is seen
    first), held by the call's id until the call is recorded."""
    rest: list[cst.BaseExpression] = []
    left: cst.BaseExpression = node
    while type(left) is cst.BooleanOperation and type(left.operator) is cst.Or:
        rest.append(left.right)
        left = left.left
    left = first_operand(left)  # ``await self._aget("n") or 5``
    if type(left) is cst.Call:
        held.setdefault(id(left), rest[::-1])


def first_operand(node: cst.BaseExpression) -> cst.BaseExpression:
    """The first operand of an ``or`` chain (``node`` itself if it is none), past an ``await``."""
    while type(node) is cst.BooleanOperation and type(node.operator) is cst.Or:
        node = node.left
    return node.expression if type(node) is cst.Await else node


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


def past_fallback(
    held: cst.BaseExpression | None,
    operands: list[cst.BaseExpression] | None,
    value: Callable[[cst.BaseExpression], tuple[bool, Any]],
    chosen: set[int],
) -> cst.BaseExpression | None:
    """What ``accessor("k", held) or a or b`` gives a missing key, as the
    literal node the accessor's read is to hold for its default: ``held``
    when it is not falsy (or no ``or`` follows), else the first operand that
    is not falsy, or the last, whose id goes into ``chosen`` (the read takes
    it as the ``or`` after a read gives it); None (not known) past an
    operand that is no literal, or where ``held`` is not known."""
    if held is None or not operands:
        return held
    known, found = value(held)
    if not known:
        return None
    if found:
        return held
    for operand in operands:
        known, found = value(operand)
        if not known:
            return None
        if found:
            chosen.add(id(operand))
            return operand
    chosen.add(id(operands[-1]))
    return operands[-1]


def never_empty(
    node: cst.BaseExpression, value: Callable[[cst.BaseExpression], tuple[bool, Any]]
) -> bool:
    """Whether a value handed to a call is an ``or`` ending in a literal that
    is not empty (``shout(text or "hello")``): it is never empty nor None, so
    a check of the callee refusing those never refuses it, whatever a
    missing key gives."""
    if type(node) is not cst.BooleanOperation or type(node.operator) is not cst.Or:
        return False
    known, found = value(node.right)
    return known and bool(found)
