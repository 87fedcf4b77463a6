"""Calls whose callee ``getattr`` computes (part of the call walk,
:mod:`doxtool.python.calls`).

``getattr(shutil, op)(src, dst)``, or ``fn = getattr(files, name)`` then
``fn(path)``: which function runs is the attribute's, named at run time, so
any side effect may come of it and none is claimed. A name written as a
literal (``getattr(x, "now", None)``) is the attribute ``x.now``, read as
any attribute is. A ``getattr`` of the
tool itself (``getattr(self, f"do_{action}")``) reaches one of its own
methods, whose effects count whole already.
"""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from doxtool.python.bindings import Binding
from doxtool.python.walkstate import Env

#: the bindings of a name in a scope (``ToolScan._bound_in``)
BoundIn = Callable[[cst.CSTNode, str], "list[Binding] | None"]


def computed_callee(func: cst.BaseExpression, env: Env, bound_in: BoundIn) -> bool:
    """Whether a call's callee is what a ``getattr`` of another object than
    the tool gives: the call itself, or a name the function binds to one."""
    if _other_getattr(func, env):
        return True
    if type(func) is not cst.Name or func.value in env.names:
        return False
    bound = bound_in(env.func.node.body, func.value) or []
    return any(b.value is not None and _other_getattr(b.value, env) for b in bound)


def _other_getattr(node: cst.BaseExpression, env: Env) -> bool:
    """``getattr(obj, name)`` (the builtin) of an ``obj`` that is not the tool."""
    if type(node) is not cst.Call or type(node.func) is not cst.Name:
        return False
    if node.func.value != "getattr" or "getattr" in env.names:
        return False
    first = node.args[0] if node.args else None
    if first is None or first.star or first.keyword is not None:
        return True  # ``getattr(*parts)``: of what, not known
    name = node.args[1].value if len(node.args) > 1 else None
    if type(name) is cst.SimpleString:
        return False  # ``getattr(x, "now", None)``: ``x.now``, as any attribute
    receiver = first.value
    return not (type(receiver) is cst.Name and receiver.value == env.self_name)
