"""Imports a later top-level ``del`` unbinds, or a later top-level assignment
binds to a literal.

``from .zulu import ZuluTool; from .alpha import AlphaTool; del ZuluTool``:
once the module has run, ``ZuluTool`` is no name of it. The framework's
loader, looking through the module's members, never sees it, and neither
does a module importing it. So too ``ZuluTool = None``: the name holds no
class. An import or another binding after the ``del`` or the assignment (at
the top, or in a block there) binds the name again, and the import stands,
as it does for a ``del`` or an assignment inside a block (``if``, ``try``),
which may not run.
"""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from doxtool.python.modulescan import ModuleScan
from doxtool.python.shadowed import top_assigned_names, top_imported_names

#: values an assignment binds that are no class
_LITERALS = (
    cst.Integer,
    cst.Float,
    cst.Imaginary,
    cst.SimpleString,
    cst.ConcatenatedString,
    cst.FormattedString,
)


def drop_unbound_imports(scan: ModuleScan) -> None:
    """Forget the imports of the names the module unbinds at its top."""
    imported = scan.facts.imported_names
    if not any(
        (type(node) is cst.Del and _deleted_names(node.target) & imported.keys())
        or (_assigns_literal(node) and top_assigned_names(node) & imported.keys())
        for node in _top_statements(scan.tree.body)
    ):
        return  # (most modules: no statement is walked for the names it binds)
    unbound: set[str] = set()
    for node in _top_statements(scan.tree.body):
        if type(node) is cst.Del:
            unbound |= _deleted_names(node.target)
            continue
        if _assigns_literal(node):
            unbound |= top_assigned_names(node)
            continue
        bound = top_imported_names(node, scan) | top_assigned_names(node)
        if type(node) in (cst.FunctionDef, cst.ClassDef):
            bound.add(node.name.value)  # type: ignore[attr-defined]
        unbound -= bound
    for name in unbound:
        if name in scan.facts.imported_names:
            scan.names.pop(name, None)
            scan.facts.imported_names.pop(name, None)


def _top_statements(body: list[cst.BaseStatement]) -> Iterator[cst.CSTNode]:
    """The module's top-level statements in order, each small statement of a
    line apart (``import x; del x``)."""
    for stmt in body:
        if type(stmt) is cst.SimpleStatementLine:
            yield from stmt.body
        else:
            yield stmt


def _deleted_names(target: cst.BaseDelTargetExpression) -> set[str]:
    """The plain names a ``del`` target unbinds (``del A``, ``del A, B``)."""
    if type(target) is cst.Name:
        return {target.value}
    if type(target) in (cst.Tuple, cst.List):
        return {
            name
            for element in target.elements
            for name in _deleted_names(element.value)  # type: ignore[attr-defined]
        }
    return set()


def _assigns_literal(node: cst.CSTNode) -> bool:
    """Whether ``node`` is ``NAME = <literal>`` (``None``, a number, a string)."""
    if type(node) is not cst.Assign:
        return False
    value = node.value
    if not all(type(t.target) is cst.Name for t in node.targets):
        return False
    if type(value) is cst.Name:
        return value.value in ("None", "True", "False")
    return isinstance(value, _LITERALS)
