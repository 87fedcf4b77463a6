"""Keys of a loop that stand in for one another (part of the walk of a
loop over literal keys, :meth:`~doxtool.python.toolwalk.StatementWalk._loop`).

``for key in ("text", "message"): value = self.args.get(key)``, then a
``return`` or ``break`` with the value found: the first key present ends
the loop, and the others are read only when it is missing, as an ``or`` of
reads would read them. A loop over keys of another dict (``node.get(key)``)
reads no argument, and one whose only exits are checks' errors needs every
key.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import libcst as cst

from doxtool.python.cstnodes import child_nodes
from doxtool.python.readforms import READ_METHODS


def reads_by_name(
    body: Sequence[cst.CSTNode], name: str, is_source: Callable[[cst.BaseExpression], bool]
) -> bool:
    """Whether ``body`` reads the arguments dict (``is_source``) with the
    key the name ``name`` holds: ``d.get(name)``, ``d.pop(name)``, ``d[name]``."""
    todo: list[cst.CSTNode] = list(body)
    while todo:
        node = todo.pop()
        if type(node) is cst.Call and type(node.func) is cst.Attribute and node.args:
            first = node.args[0].value
            if (
                node.func.attr.value in READ_METHODS
                and type(first) is cst.Name
                and first.value == name
                and is_source(node.func.value)
            ):
                return True
        elif type(node) is cst.Subscript and len(node.slice) == 1:
            index = node.slice[0].slice
            if (
                type(index) is cst.Index
                and type(index.value) is cst.Name
                and index.value.value == name
                and is_source(node.value)
            ):
                return True
        if type(node) not in (cst.FunctionDef, cst.ClassDef, cst.Lambda):
            todo.extend(child_nodes(node))
    return False
