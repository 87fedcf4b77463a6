"""Source text of libcst nodes, without libcst's code generator where it is not needed.

``Module.code_for_node`` renders a node through libcst's generic code
generator: a context manager and a few calls per node, some tens of
microseconds for a name. Names and dotted names (imports, annotations,
bases) make up most of what the extractor renders; :func:`code_of` writes
those directly and hands anything else, or anything with parentheses or
spacing inside, to the generator. The text is the generator's, character
for character.
"""

from __future__ import annotations

import libcst as cst


def _plain(whitespace: cst.BaseParenthesizableWhitespace) -> bool:
    return type(whitespace) is cst.SimpleWhitespace and not whitespace.value


def dotted_text(node: cst.CSTNode) -> str | None:
    """``a.b.c`` for a name or an attribute chain written without spaces or
    parentheses; None for anything else."""
    parts: list[str] = []
    while type(node) is cst.Attribute:
        dot = node.dot
        if (
            node.lpar
            or node.attr.lpar
            or not (
                type(dot) is cst.Dot
                and _plain(dot.whitespace_before)
                and _plain(dot.whitespace_after)
            )
        ):
            return None
        parts.append(node.attr.value)
        node = node.value
    if type(node) is not cst.Name or node.lpar:
        return None
    parts.append(node.value)
    parts.reverse()
    return ".".join(parts)


def code_of(node: cst.CSTNode, module: cst.Module) -> str:
    """``module.code_for_node(node)``, faster for names and dotted names."""
    text = dotted_text(node)
    return text if text is not None else module.code_for_node(node)
