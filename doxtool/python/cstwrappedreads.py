"""A read under conversions and string methods in the tool walk's libcst
tree (:mod:`~doxtool.python.wrappedreads` says what they make of the value a
missing key gives it, and reads a helper's ``ast`` alike); kept apart so
that the ``ast`` half of extraction imports no libcst.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import libcst as cst

from doxtool.python.readforms import COMPUTED_METHODS
from doxtool.python.wrappedreads import CONVERSIONS, Step

#: what a node is as a literal (:meth:`~doxtool.python.argreads.ArgumentReads._value`)
Literal = Callable[[cst.BaseExpression], tuple[bool, Any]]


def unwrap_read(
    node: cst.BaseExpression, literal: Literal
) -> tuple[cst.BaseExpression, list[Step]] | None:
    """The expression under the conversions and string methods of
    ``node`` (``str(args.get("m", "")).strip()``: ``args.get("m", "")``)
    and the steps that wrap it, innermost first; None when ``node`` has no
    such wrapper, or one whose result is not computed (a method's argument
    that is not a literal, a starred one)."""
    steps: list[Step] = []
    while type(node) is cst.Call:
        func, args = node.func, node.args
        if any(a.star for a in args):
            return None
        if type(func) is cst.Name and func.value in CONVERSIONS:
            if len(args) != 1 or args[0].keyword is not None:
                return None  # ``int(x, 16)`` parses
            steps.append((func.value, (), ()))
            node = args[0].value
        elif type(func) is cst.Attribute and func.attr.value in COMPUTED_METHODS:
            values = [literal(a.value) for a in args]
            if not all(known for known, _ in values):
                return None
            positional = tuple(v for (_, v), a in zip(values, args, strict=True) if not a.keyword)
            keywords = tuple(
                (a.keyword.value, v) for (_, v), a in zip(values, args, strict=True) if a.keyword
            )
            steps.append((func.attr.value, positional, keywords))
            node = func.value
        else:
            break
    if not steps:
        return None
    steps.reverse()
    return node, steps
