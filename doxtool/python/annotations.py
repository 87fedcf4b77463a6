"""What a parameter's annotation says of its argument's JSON type.

``int | str``, ``Union[int, str]`` and ``Optional[X]`` are read member by
member: a union of several types claims no single one.
"""

from __future__ import annotations

import libcst as cst

from doxtool.python.cstnodes import dotted_name
from doxtool.python.readforms import ANNOTATION_TYPES as _ANNOTATION_TYPES


def annotation_members(node: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The types an annotation names, past ``None``: ``X | Y``,
    ``Union[X, Y]`` and ``Optional[X]`` (nested alike) give each member,
    anything else itself."""
    if type(node) is cst.BinaryOperation and type(node.operator) is cst.BitOr:
        return annotation_members(node.left) + annotation_members(node.right)
    if type(node) is cst.Name and node.value == "None":
        return []
    if type(node) is cst.Subscript and node.slice:
        dotted = dotted_name(node.value)
        if dotted and dotted[-1] in ("Optional", "Union"):
            members: list[cst.BaseExpression] = []
            for element in node.slice:
                if type(element.slice) is not cst.Index:
                    return [node]
                members += annotation_members(element.slice.value)
            return members
    return [node]


def is_union(node: cst.BaseExpression) -> bool:
    """Whether an annotation names several types (``int | str``,
    ``Union[int, str, None]``): it claims no single one."""
    return len(annotation_members(node)) > 1


def type_of_annotation(node: cst.BaseExpression) -> str | None:
    """The one JSON type an annotation names (past ``None``); None for a
    union of several types or a type that is none of JSON's."""
    members = annotation_members(node)
    if len(members) != 1:
        return None
    node = members[0]
    if type(node) in (cst.SimpleString, cst.ConcatenatedString):
        return None
    if type(node) is cst.Subscript:
        dotted = dotted_name(node.value)
        return _ANNOTATION_TYPES.get(dotted[-1]) if dotted else None
    dotted = dotted_name(node)
    return _ANNOTATION_TYPES.get(dotted[-1]) if dotted else None
