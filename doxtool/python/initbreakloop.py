"""The ``break_loop`` a call of a class gives when the call passes none
(read with ``ast``): what ``Response(message=m)`` ends the loop with under a
framework whose ``Response`` has a default for it.

Read only for a class whose parameters :mod:`doxtool.python.initparams`
knows exactly, and only when its code says the value outright:

- a dataclass field ``break_loop: bool = False`` (a literal ``True`` or
  ``False``), with no ``__post_init__``;
- an own ``__init__`` whose ``break_loop`` parameter defaults to a literal
  ``True`` or ``False`` and whose body, at its top, stores the parameter
  unchanged (``self.break_loop = break_loop``), never binding the
  parameter's name again.

Anything else gives None: a default that is not a literal boolean, a
``__setattr__``, ``__getattr__`` or ``__getattribute__``, or a second place
in the class that writes ``self.break_loop`` (another method may change
it), a store under ``if`` or after a ``return`` (one under ``if`` too), an
own ``__init__`` in a class whose body also binds the name ``break_loop``
(a property or another descriptor reads and stores what it likes).
"""

from __future__ import annotations

import ast

from doxtool.core.outline_facts import Param
from doxtool.python.signatures import DEFS

_NAME = "break_loop"
#: methods that may change what the attribute holds
_HOOKS = frozenset({"__post_init__", "__setattr__", "__getattr__", "__getattribute__"})


def break_loop_default(node: ast.ClassDef, params: list[Param]) -> bool | None:
    """The ``break_loop`` an instance of ``node`` made without one holds;
    None when not known. ``params``: the parameters a call of it takes."""
    param = next((p for p in params if p.name == _NAME), None)
    if param is None or not param.has_default:
        return None
    if any(isinstance(s, DEFS) and s.name in _HOOKS for s in node.body):
        return None
    if node.decorator_list:  # a dataclass: initparams read its fields
        fields = [
            s
            for s in node.body
            if isinstance(s, ast.AnnAssign)
            and isinstance(s.target, ast.Name)
            and s.target.id == _NAME
        ]
        if len(fields) != 1 or _writes(node, None) != 0:
            return None
        return _literal(fields[0].value)
    if any(_binds_name(stmt) for stmt in node.body):
        return None  # ``@property def break_loop``: what it gives is its own
    inits = [s for s in node.body if isinstance(s, DEFS) and s.name == "__init__"]
    if len(inits) != 1 or isinstance(inits[0], ast.AsyncFunctionDef):
        return None
    return _stored_default(node, inits[0])


def _stored_default(node: ast.ClassDef, init: ast.FunctionDef) -> bool | None:
    """The literal default of ``__init__``'s ``break_loop``, when its body
    stores the parameter unchanged as ``self.break_loop`` and nothing else
    in the class writes the attribute."""
    args = init.args
    positional = [*args.posonlyargs, *args.args]
    if not positional:
        return None
    receiver = positional[0].arg
    defaults = dict(zip([a.arg for a in positional[::-1]], args.defaults[::-1], strict=False))
    defaults.update(
        (a.arg, d) for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is not None
    )
    value = _literal(defaults.get(_NAME))
    if value is None or _writes(node, init) != 1:
        return None
    for child in ast.walk(init):
        if (
            isinstance(child, ast.Name)
            and child.id == _NAME
            and not isinstance(child.ctx, ast.Load)
        ):
            return None  # the parameter bound again
        if isinstance(child, (ast.Global, ast.Nonlocal)) and _NAME in child.names:
            return None
    for stmt in init.body:
        if any(isinstance(child, ast.Return) for child in _own_nodes(stmt)):
            return None  # the store may not run
        if (
            isinstance(stmt, ast.Assign)
            and len(stmt.targets) == 1
            and _is_attribute(stmt.targets[0], receiver)
            and isinstance(stmt.value, ast.Name)
            and stmt.value.id == _NAME
        ):
            return value
    return None


def _binds_name(stmt: ast.stmt) -> bool:
    """Whether a statement of a class body binds ``break_loop`` on the class
    to what may take over the attribute (a method, a property, a descriptor);
    an annotation, or a plain constant an instance's own value hides
    (``break_loop: bool = False``), does not."""
    if isinstance(stmt, (*DEFS, ast.ClassDef)):
        return stmt.name == _NAME
    if isinstance(stmt, ast.Assign):
        targets, value = stmt.targets, stmt.value
    elif isinstance(stmt, (ast.AnnAssign, ast.AugAssign)):
        targets, value = [stmt.target], stmt.value
    else:
        return False
    named = any(isinstance(t, ast.Name) and t.id == _NAME for t in targets)
    return named and not (value is None or isinstance(value, ast.Constant))


def _own_nodes(stmt: ast.stmt) -> list[ast.AST]:
    """``stmt`` and the nodes below it, but not those of a function or class
    defined in it (a ``return`` there leaves no ``__init__``)."""
    found: list[ast.AST] = []
    stack: list[ast.AST] = [stmt]
    while stack:
        node = stack.pop()
        found.append(node)
        if node is not stmt and isinstance(node, (*DEFS, ast.Lambda, ast.ClassDef)):
            continue
        stack.extend(ast.iter_child_nodes(node))
    return found


def _writes(node: ast.ClassDef, init: ast.FunctionDef | None) -> int:
    """How many places in the class write an attribute ``break_loop``
    (``x.break_loop = ...``, ``+=``, ``del``, ``setattr(x, "break_loop", ...)``);
    in ``init`` only through its first parameter, elsewhere through anything."""
    count = 0
    for child in ast.walk(node):
        if isinstance(child, ast.Attribute) and child.attr == _NAME:
            count += not isinstance(child.ctx, ast.Load)
        elif (
            isinstance(child, ast.Call)
            and isinstance(child.func, ast.Name)
            and child.func.id in ("setattr", "delattr")
        ):
            count += 2  # not read: as good as a second write
    if init is not None:
        receiver = [*init.args.posonlyargs, *init.args.args][0].arg
        own = [
            c
            for c in ast.walk(init)
            if isinstance(c, ast.Attribute)
            and c.attr == _NAME
            and not isinstance(c.ctx, ast.Load)
            and not _is_attribute(c, receiver)
        ]
        count += len(own)  # ``other.break_loop = ...`` in ``__init__``
    return count


def _is_attribute(target: ast.expr, receiver: str) -> bool:
    """Whether ``target`` is ``<receiver>.break_loop``."""
    return (
        isinstance(target, ast.Attribute)
        and target.attr == _NAME
        and isinstance(target.value, ast.Name)
        and target.value.id == receiver
    )


def _literal(value: ast.expr | None) -> bool | None:
    if isinstance(value, ast.Constant) and isinstance(value.value, bool):
        return value.value
    return None
