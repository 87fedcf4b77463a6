"""Calls whose callee is computed (part of the call walk, :mod:`doxtool.python.calls`).

``getattr(shutil, op)(src, dst)``, ``OPS[op](path)`` of a table of library
or helper functions, ``make_handler(kind)(path)``, or such a value kept in a
name first (``fn = getattr(files, name)``, ``fn = ops.get(op)``, ``fn =
make_handler(kind)``, then ``fn(path)``): which function runs is decided at
run time, so any side effect may come of it and none is claimed. What the
walk follows is not such a call: a ``getattr`` of the tool itself
(``getattr(self, f"do_{action}")``) or a table of the tool's methods and
lambdas (``HANDLERS[action]``), which reach code the walk reads, a name such
a table of the module's functions gave (followed at its call),
and a name written as a literal (``getattr(x, "now", None)``), the attribute
``x.now``, read as any attribute is.
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from doxtool.python.cstnodes import dotted_name
from doxtool.python.walkstate import Env


def computed_callee(func: cst.BaseExpression, env: Env, scan: Any) -> bool:
    """Whether a call's callee is computed at run time, the call itself or a
    name the function binds to such a value (``scan``: the tool's walk, with
    ``_bound_in`` and ``_dispatch_table``)."""
    if _computed(func, env, scan):
        return True
    if type(func) is not cst.Name or func.value in env.names:
        return False
    if func.value in env.dispatched or func.value in env.closures:
        return False  # a table of the tool's own code, a nested function: followed
    bound = scan._bound_in(env.func.node.body, func.value) or []
    return any(b.value is not None and _computed(b.value, env, scan, True) for b in bound)


def _computed(node: cst.BaseExpression, env: Env, scan: Any, held: bool = False) -> bool:
    """Whether ``node`` gives a callable decided at run time (``held``: as
    the value of a name, where a lookup ``ops.get(op)`` gives one too)."""
    if type(node) is cst.Await:
        node = node.expression
    if type(node) is cst.Subscript:
        return not _own_table(node.value, env, scan)
    if type(node) is not cst.Call:
        return False
    if type(node.func) is cst.Name and node.func.value == "getattr" and "getattr" not in env.names:
        # of a module, kept in a name (``fn = getattr(os, "remove", None)``): no alias is followed
        literal = getattr_dotted(node, env) if held else None
        return _other_getattr(node, env) or (literal is not None and literal[0] in env.names)
    if type(node.func) is cst.Name and node.func.value in _PLAIN_BUILTINS:
        return False  # ``type(value)(text)``: one of the value's own class
    if not held:
        return True  # ``make_handler(kind)(path)``: what a call hands back
    func = node.func
    if type(func) is cst.Attribute and func.attr.value == "get" and node.args:
        return not _own_table(func.value, env, scan)  # ``fn = ops.get(op)``
    return type(func) is cst.Call or _makes_callable(node, env)


def _own_table(node: cst.BaseExpression, env: Env, scan: Any) -> bool:
    """Whether ``node`` is a dict of the tool's methods (whose effects count
    whole) and lambdas (whose bodies the walk reads where they stand); a
    function of the module there runs only where a name the table gave is
    called (``handler = HANDLERS.get(action)``, then ``handler()``)."""
    table = node if type(node) is cst.Dict else scan._dict_node(node, env)
    if table is None:
        return False
    return all(type(e) is cst.DictElement and _own_code(e.value, env, scan) for e in table.elements)


def _own_code(value: cst.BaseExpression, env: Env, scan: Any) -> bool:
    """A lambda or a method of the tool (``self._list``)."""
    if type(value) is cst.Lambda:
        return True
    return (
        type(value) is cst.Attribute
        and type(value.value) is cst.Name
        and value.value.value == env.self_name
        and scan._method(value.attr.value) is not None
    )


def _makes_callable(node: cst.Call, env: Env) -> bool:
    """A call of a function of the module or another object, kept and then
    called (``fn = make_handler(kind)``): what it hands back is not known;
    a class of the repository or a library's (``Runner()``) is followed or
    judged as a made object, not here."""
    func = node.func
    if type(func) is cst.Name:
        name = func.value
        return not name[:1].isupper() and name not in _PLAIN_BUILTINS
    if type(func) is cst.Attribute:
        return not func.attr.value[:1].isupper()
    return True


#: builtins whose result, called, is no function decided at run time of ours
_PLAIN_BUILTINS = frozenset({"type", "super", "object", "staticmethod", "classmethod"})


def _other_getattr(node: cst.Call, env: Env) -> bool:
    """``getattr(obj, name)`` (the builtin) of an ``obj`` that is not the
    tool, under a name computed at run time."""
    first = node.args[0] if node.args else None
    if first is None or first.star or first.keyword is not None:
        return True  # ``getattr(*parts)``: of what, not known
    name = node.args[1].value if len(node.args) > 1 else None
    if type(name) is cst.SimpleString:
        return False  # ``getattr(x, "now", None)``: ``x.now``, as any attribute
    receiver = first.value
    return not (type(receiver) is cst.Name and receiver.value == env.self_name)


def getattr_dotted(func: cst.BaseExpression, env: Env) -> list[str] | None:
    """``getattr(os, "remove")`` (the builtin, of a dotted object, under a
    literal name) as the callee it gives, ``os.remove``; None for anything
    else."""
    if type(func) is not cst.Call or type(func.func) is not cst.Name:
        return None
    if func.func.value != "getattr" or "getattr" in env.names or len(func.args) < 2:
        return None
    first, second = func.args[:2]
    if first.star or second.star or first.keyword is not None or second.keyword is not None:
        return None
    text = second.value.evaluated_value if type(second.value) is cst.SimpleString else None
    owner = dotted_name(first.value)
    if owner is None or not isinstance(text, str) or not text.isidentifier():
        return None
    return [*owner, text]
