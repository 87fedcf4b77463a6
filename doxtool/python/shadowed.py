"""Imports a later top-level ``def`` of the same name shadows.

``from helpers.files import clean``, then ``def clean(path): ...`` further
down: at run time the module's ``clean`` is the function it defines, the
last binding at the top of the module, so a call of ``clean(...)`` reaches
it and never the imported one. An import after the ``def`` (at the top, or
in a block there: ``try``, ``if``) binds the name again, and stands; an
assignment there (``clean = files.clean``) binds it to what doxtool does not
follow as the name's, so the import is kept, as it is without the ``def``.
"""

from __future__ import annotations

import libcst as cst

from doxtool.python.modulescan import ModuleScan


def drop_shadowed_imports(scan: ModuleScan) -> None:
    """Forget the imports of the names a later top-level ``def`` rebinds."""
    imported: set[str] = set()
    shadowed: set[str] = set()
    for stmt in scan.tree.body:
        if type(stmt) is cst.FunctionDef:
            name = stmt.name.value
            if name in imported:
                shadowed.add(name)
            imported.discard(name)
            continue
        if type(stmt) is cst.ClassDef:
            continue
        bound = top_imported_names(stmt, scan)
        shadowed -= bound | top_assigned_names(stmt)
        imported |= bound
    for name in shadowed:
        if name in scan.functions:
            scan.names.pop(name, None)
            scan.facts.imported_names.pop(name, None)


def top_imported_names(stmt: cst.CSTNode, scan: ModuleScan) -> set[str]:
    """The names the imports of a top-level statement bind (in its blocks
    too, not in a function or class it defines)."""
    names: dict[str, str] = {}
    todo: list[cst.CSTNode] = [stmt]
    while todo:
        node = todo.pop()
        if type(node) in (cst.Import, cst.ImportFrom):
            scan._bind_import(node, names)  # type: ignore[arg-type]
        elif type(node) not in (cst.FunctionDef, cst.ClassDef, cst.Lambda):
            todo.extend(node.children)
    return set(names)


def top_assigned_names(stmt: cst.CSTNode) -> set[str]:
    """The names a top-level statement assigns (in its blocks too, not in a
    function or class it defines): ``clean = files.clean``."""
    names: set[str] = set()
    todo: list[cst.CSTNode] = [stmt]
    while todo:
        node = todo.pop()
        if type(node) in (cst.AssignTarget, cst.AnnAssign, cst.AugAssign):
            target = node.target  # type: ignore[attr-defined]
            if type(target) is cst.Name:
                names.add(target.value)
        elif type(node) not in (cst.FunctionDef, cst.ClassDef, cst.Lambda):
            todo.extend(node.children)
    return names
