"""What a name of a function is bound to, read from the function's libcst
tree: every value a plain assignment gives it, or nothing known when any
other statement binds it (a parameter, a loop, ``with ... as``, ``:=``, an
import, ``global``). :mod:`doxtool.python.calls` asks it what the receiver of
a method is and which modes an ``open`` call may be given.
"""

from __future__ import annotations

import libcst as cst

from doxtool.python.cstnodes import child_nodes, dotted_name

#: a function with more nodes than this is not searched (a generated module)
_MAX_NODES = 20000


def _stores(target: cst.BaseExpression) -> set[str]:
    """Names an assignment target binds (``a``, ``a, *b``); none for ``x.y`` or ``x[0]``."""
    kind = type(target)
    if kind is cst.Name:
        return {target.value}  # type: ignore[attr-defined]
    if kind in (cst.Tuple, cst.List):
        names: set[str] = set()
        for element in target.elements:  # type: ignore[attr-defined]
            names |= _stores(element.value)
        return names
    if kind is cst.StarredElement:
        return _stores(target.value)  # type: ignore[attr-defined]
    return set()


def _other_binding(node: cst.CSTNode, name: str) -> bool:
    """Whether ``node`` binds ``name`` some way other than ``name = value``."""
    kind = type(node)
    if kind is cst.Param:
        return node.name.value == name  # type: ignore[attr-defined]
    if kind is cst.AugAssign or kind is cst.NamedExpr:
        return name in _stores(node.target)  # type: ignore[attr-defined]
    if kind in (cst.For, cst.CompFor):
        return name in _stores(node.target)  # type: ignore[attr-defined]
    if kind is cst.AsName:
        return name in _stores(node.name)  # type: ignore[arg-type,attr-defined]
    if kind in (cst.FunctionDef, cst.ClassDef):
        return node.name.value == name  # type: ignore[attr-defined]
    if kind in (cst.Global, cst.Nonlocal):
        return any(item.name.value == name for item in node.names)  # type: ignore[attr-defined]
    if kind is cst.ImportAlias:
        dotted = dotted_name(node.name) if node.asname is None else None  # type: ignore[attr-defined]
        return dotted is not None and dotted[0] == name
    if kind in (cst.MatchAs, cst.MatchStar):
        inner = node.name  # type: ignore[attr-defined]
        return inner is not None and inner.value == name
    return False


def bound_values(fn: cst.CSTNode, name: str) -> list[cst.BaseExpression] | None:
    """Every value ``name = value`` (or ``name: T = value``) gives ``name``
    in ``fn``, nested blocks included; None when ``fn`` binds it any other
    way, or never (then it is a global or a builtin: not known here)."""
    values: list[cst.BaseExpression] = []
    stack: list[cst.CSTNode] = [fn]
    seen = 0
    while stack:
        node = stack.pop()
        seen += 1
        if seen > _MAX_NODES:
            return None
        kind = type(node)
        if kind is cst.Assign:
            for target in node.targets:  # type: ignore[attr-defined]
                if type(target.target) is cst.Name and target.target.value == name:
                    values.append(node.value)  # type: ignore[attr-defined]
                elif name in _stores(target.target):
                    return None  # unpacked: the value it gets is not read
        elif kind is cst.AnnAssign:
            if name in _stores(node.target):  # type: ignore[attr-defined]
                if node.value is None:  # type: ignore[attr-defined]
                    continue  # only annotated
                values.append(node.value)  # type: ignore[attr-defined]
        elif _other_binding(node, name):
            return None
        stack.extend(child_nodes(node))
    return values or None


def made_by(value: cst.BaseExpression) -> list[str] | None:
    """The dotted name of the callable whose result ``value`` is
    (``Cls(...)``, ``await make(...)``); None for anything else."""
    if type(value) is cst.Await:
        value = value.expression
    if type(value) is not cst.Call:
        return None
    return dotted_name(value.func)
