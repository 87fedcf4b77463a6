"""Every node under a libcst node, read from its fields (libcst's own
``children`` runs a visitor over the node, costing many times as much)."""

from __future__ import annotations

import libcst as cst

from doxtool.python.cstnodes import child_nodes


def children(node: cst.CSTNode) -> list[cst.CSTNode]:
    """The nodes ``node.children`` gives, but for tokens and whitespace,
    which hold no name or expression: :func:`~doxtool.python.cstnodes.child_nodes`,
    with the ``*args`` and ``**kwargs`` parameters its fields leave out."""
    if type(node) is cst.Parameters:
        return list(node.children)
    return child_nodes(node)
