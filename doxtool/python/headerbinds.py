"""Names a statement's header binds anew (part of the walk of
:class:`~doxtool.python.toolscan.ToolScan`).

``path = self.args.get("path")``, then ``for path in ["a", "b"]:`` or
``with open(name) as path:``, an import or a ``def`` of the name: a test of
it (``if path is None: raise ...``) may test the new value, so it says
nothing of the argument's presence past it
(:meth:`~doxtool.python.comparisons.Comparisons._raised_without`).
"""

from __future__ import annotations

import libcst as cst

from doxtool.python.cstnodes import child_nodes, loop_names
from doxtool.python.readmissing import binding_count


def header_names(stmt: cst.BaseStatement) -> list[str]:
    """The names a ``for`` target, a ``with`` item's ``as``, an import, a
    ``def`` or a ``class`` of ``stmt`` itself bind (not those of its body)."""
    if type(stmt) is cst.For:
        return loop_names(stmt.target)
    if type(stmt) is cst.With:
        return [
            name
            for item in stmt.items
            if item.asname is not None
            for name in loop_names(item.asname.name)  # type: ignore[arg-type]
        ]
    if type(stmt) in (cst.FunctionDef, cst.ClassDef):
        return [stmt.name.value]  # type: ignore[attr-defined]
    if type(stmt) in (cst.SimpleStatementLine, cst.SimpleStatementSuite):
        return [name for small in stmt.body for name in _imported(small)]  # type: ignore[attr-defined]
    return []


def _imported(small: cst.BaseSmallStatement) -> list[str]:
    """The names an import binds (``import a.b`` binds ``a``)."""
    if type(small) not in (cst.Import, cst.ImportFrom) or type(small.names) is cst.ImportStar:  # type: ignore[attr-defined]
        return []
    found: list[str] = []
    for alias in small.names:  # type: ignore[attr-defined]
        node = alias.asname.name if alias.asname is not None else alias.name
        while type(node) is cst.Attribute:
            node = node.value
        found.extend([node.value] if type(node) is cst.Name else [])
    return found


def rebound(function: cst.CSTNode, name: str) -> bool:
    """Whether ``function`` binds ``name`` more than once, a header counted
    (``path = self.args.get("path")``, then ``for path in ...``)."""
    if binding_count(function, name) > 1:
        return True
    todo: list[cst.CSTNode] = list(child_nodes(function))
    while todo:
        node = todo.pop()
        if isinstance(node, cst.BaseStatement) and name in header_names(node):
            return True
        todo.extend(child_nodes(node))
    return False
