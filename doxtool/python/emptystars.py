"""A ``*rest`` splat that hands nothing: ``execute``'s own ``*args``.

The framework calls a tool's ``execute`` with the arguments by name
(``await tool.execute(**tool.args)``), so the ``*args`` parameter of
``execute`` holds nothing, while the code binds no other value to the name:
``return await super().execute(*args, **kwargs)`` hands on what
``super().execute(**kwargs)`` does. Any other ``*`` splat may fill
parameters by position, which are then not known.
"""

from __future__ import annotations

import libcst as cst

from doxtool.python.cstnodes import child_nodes
from doxtool.python.modulescan import Func

#: statements and expressions that bind the names of their targets
_BINDERS = (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.For, cst.CompFor, cst.NamedExpr)


def empty_stars(node: cst.Call, fn: Func, entry: Func | None) -> frozenset[str]:
    """The names of ``node``'s ``*`` splats known to hand nothing: the
    ``*args`` of ``execute`` (``entry``), called in it, never bound again."""
    if fn is not entry:
        return frozenset()
    star = fn.node.params.star_arg
    if type(star) is not cst.Param:
        return frozenset()
    name = star.name.value
    if not any(
        a.star == "*" and type(a.value) is cst.Name and a.value.value == name for a in node.args
    ):
        return frozenset()
    return frozenset() if _rebinds(fn.node.body, name) else frozenset({name})


def _rebinds(body: cst.CSTNode, name: str) -> bool:
    """Whether code in ``body`` (nested functions included) binds ``name``
    again, or deletes or declares it."""
    todo: list[cst.CSTNode] = [body]
    while todo:
        node = todo.pop()
        if isinstance(node, _BINDERS) and _names(node.target, name):
            return True
        if type(node) is cst.Del and _names(node.target, name):
            return True
        if type(node) in (cst.Global, cst.Nonlocal) and any(
            n.name.value == name for n in node.names
        ):
            return True
        if type(node) is cst.AsName and _names(node.name, name):
            return True
        if type(node) in (cst.MatchAs, cst.MatchStar) and _names(node.name, name):
            return True  # ``case [*args]:``, ``case x as args:``
        if type(node) is cst.MatchMapping and _names(node.rest, name):
            return True  # ``case {**args}:``
        todo.extend(child_nodes(node))
    return False


def _names(target: cst.CSTNode | None, name: str) -> bool:
    """Whether a binding target names ``name`` (in a tuple, a list, a star)."""
    todo: list[cst.CSTNode] = [] if target is None else [target]
    while todo:
        node = todo.pop()
        if type(node) is cst.Name:
            if node.value == name:
                return True
        elif type(node) in (cst.Tuple, cst.List, cst.StarredElement, cst.Element):
            todo.extend(child_nodes(node))
    return False
