"""Names a statement's header binds anew (part of the walk of
:class:`~doxtool.python.toolscan.ToolScan`).

``path = self.args.get("path")``, then ``for path in ["a", "b"]:`` or
``with open(name) as path:``: past that header the name no longer holds the
argument, so a test of it (``if path is None: raise ...``) says nothing of
the argument. An assignment is read where it is walked; these bindings are
forgotten before the statement holding them is walked.
"""

from __future__ import annotations

import libcst as cst

from doxtool.python.cstnodes import loop_names
from doxtool.python.walkstate import Env


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


def forget_headers(stmt: cst.BaseStatement, env: Env) -> None:
    """Before walking ``stmt``: the names its header binds stand for no
    argument any more."""
    for name in header_names(stmt):
        env.var_args.pop(name, None)
        env.var_groups.pop(name, None)
        env.var_partial.pop(name, None)
        env.var_missing_only.pop(name, None)
        env.var_missing_either.pop(name, None)
        env.var_also.pop(name, None)
        env.var_kept_some.pop(name, None)
