"""What an expression that stands for an argument says of its value: whether
it is the value as read (:func:`raw_value`), and the JSON types an
``isinstance`` test checks it for (:func:`tested_types`)."""

from __future__ import annotations

import libcst as cst

from doxtool.python.cstnodes import dotted_name
from doxtool.python.readforms import COERCIONS as _COERCIONS


def raw_value(node: cst.BaseExpression) -> bool:
    """Whether an expression that stands for an argument is its value as read:
    a name, a subscript, ``d.get(...)``, not a conversion (``str(x)``, ``x.lower()``)."""
    if type(node) in (cst.Name, cst.Subscript):
        return True
    return (
        type(node) is cst.Call
        and type(node.func) is cst.Attribute
        and node.func.attr.value in ("get", "pop")
    )


def tested_types(node: cst.BaseExpression) -> set[str]:
    """The JSON types ``isinstance(x, <node>)`` tests for (``str``, ``(list,
    tuple)``); ``"?"`` for a class that is none of them (``Sequence`` takes
    strings too)."""
    if type(node) is cst.Tuple:
        return {kind for element in node.elements for kind in tested_types(element.value)}
    dotted = dotted_name(node)
    kind = _COERCIONS.get(dotted[-1]) if dotted and len(dotted) == 1 else None
    return {kind or "?"}
