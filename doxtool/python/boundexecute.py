"""A tool class whose ``execute`` is not a ``def`` doxtool reads.

``execute = _impl`` in the class body (or an import, or a ``def`` under an
``if``) binds the method the framework calls, but not as a method doxtool
walks: what it reads, returns and does is not known, and the class is not
one without ``execute`` either (:meth:`~doxtool.python.toolscan.ToolScan.run_unread`).
"""

from __future__ import annotations

import libcst as cst

from doxtool.python.cstnodes import child_nodes
from doxtool.python.modulescan import Class, ModuleScan


def execute_unread(scan: ModuleScan, cls: Class) -> bool:
    """Whether the ``execute`` of a class is bound, in its body or in that of
    the nearest base of the module that binds it, other than by a ``def``
    directly in the body (``execute = _impl``, an import, a ``def`` under
    an ``if``): doxtool does not read what it runs."""
    if "execute" not in scan.loc.source:
        return False  # every name libcst read is written in the module's text
    for owner in scan.mro(cls):
        if any(_binds_execute(stmt) for stmt in owner.node.body.body):
            return True
        if "execute" in owner.methods:
            return False
    return False


def _binds_execute(stmt: cst.CSTNode) -> bool:
    """Whether a statement of a class body binds ``execute`` other than as
    the ``def`` it is."""
    if type(stmt) in (cst.FunctionDef, cst.ClassDef):
        return False  # a ``def execute`` is a method; nothing inside binds in the class
    if not _names_execute(stmt):
        return False  # every binding the finder sees is a name ``execute`` written there
    finder = _ExecuteBinding()
    stmt.visit(finder)
    return finder.found


def _names_execute(stmt: cst.CSTNode) -> bool:
    """Whether a name ``execute`` is written anywhere in ``stmt``: the fields
    :func:`~doxtool.python.cstnodes.child_nodes` leaves out hold tokens, and
    parameters (``*args``), which the finder does not enter either."""
    todo = [stmt]
    while todo:
        node = todo.pop()
        if type(node) is cst.Name:
            if node.value == "execute":
                return True
            continue
        todo.extend(child_nodes(node))
    return False


class _ExecuteBinding(cst.CSTVisitor):
    """Finds a binding of the name ``execute`` (not inside a nested scope)."""

    def __init__(self) -> None:
        self.found = False

    def _name(self, node: cst.CSTNode | None) -> None:
        if type(node) is cst.Name and node.value == "execute":
            self.found = True

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        self._name(node.name)
        return False

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        self._name(node.name)
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
        node.target.visit(_TargetNames(self))

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        self._name(node.target)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._name(node.target)

    def visit_For(self, node: cst.For) -> None:
        node.target.visit(_TargetNames(self))

    def visit_AsName(self, node: cst.AsName) -> None:
        node.name.visit(_TargetNames(self))

    def visit_NamedExpr(self, node: cst.NamedExpr) -> None:
        self._name(node.target)

    def visit_ImportAlias(self, node: cst.ImportAlias) -> None:
        if node.asname is None:
            self._name(node.name)  # ``import a.execute`` binds ``a``


class _TargetNames(cst.CSTVisitor):
    """The names an assignment target binds (not attributes, not subscripts)."""

    def __init__(self, finder: _ExecuteBinding) -> None:
        self.finder = finder

    def visit_Name(self, node: cst.Name) -> None:
        self.finder._name(node)

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        return False

    def visit_Subscript(self, node: cst.Subscript) -> bool:
        return False
