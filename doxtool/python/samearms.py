"""The value a normalising expression stands for: ``(c := args.get("c"))``
is ``args.get("c")``; a conditional expression both of whose arms are one
value, as it is or under conversions and string methods (``content if
isinstance(content, str) else str(content)``, ``x.strip() if flag else
x``), is that value, as ``str(content)`` is ``content``."""

from __future__ import annotations

import libcst as cst

from doxtool.python.readforms import COERCIONS, STRING_METHODS


def unwrapped(node: cst.BaseExpression) -> cst.BaseExpression:
    """The value under conversions and string methods (``str(text).strip()``: ``text``)."""
    while type(node) is cst.Call:
        func = node.func
        if type(func) is cst.Name and func.value in COERCIONS and len(node.args) == 1:
            node = node.args[0].value
        elif type(func) is cst.Attribute and func.attr.value in STRING_METHODS:
            node = func.value
        else:
            break
    return node


def inner_values(node: cst.NamedExpr | cst.IfExp) -> list[cst.BaseExpression]:
    """What ``node`` stands for: a walrus's value, or the one value both
    arms of a conditional expression are (none when they differ)."""
    if type(node) is cst.NamedExpr:
        return [node.value]
    body, orelse = unwrapped(node.body), unwrapped(node.orelse)  # type: ignore[union-attr]
    if type(body) is cst.Name and type(orelse) is cst.Name and body.value == orelse.value:
        return [node.body]  # type: ignore[union-attr]
    return []


def made_of_name(value: cst.BaseExpression) -> str | None:
    """The local name ``value`` is made of alone, as it is or under
    conversions and string methods (``str(content)``, ``content.strip()``,
    ``content if isinstance(content, str) else str(content)``)."""
    node = unwrapped(value)
    if type(node) is cst.IfExp:
        inner = inner_values(node)
        node = unwrapped(inner[0]) if inner else node
    return node.value if type(node) is cst.Name else None
