"""A call in a helper through a local name that only stands for another
callable (``rm = os.remove``, then ``rm(path)``), read in the ``ast`` half as
:mod:`doxtool.python.callaliases` reads it in a tool: the name is bound,
wherever the function does it (the functions nested in it counted too),
only by plain assignments of one same dotted name, and is no parameter; or,
where the function binds it nowhere, the whole module binds it so (at its
top: ``_rm = os.remove``). A module's outline, which reads its calls
without their function, takes such a name only where the whole module
binds it so. The assignments of a function or module are read once."""

from __future__ import annotations

import ast
import weakref
from collections.abc import Iterator

from doxtool.python.names import dotted_parts
from doxtool.python.scopebinds import Binds


def local_alias(node: ast.AST, name: str, binds: Binds) -> list[str] | None:
    """The dotted name ``name`` stands for in ``node``, a function or the
    whole module (``binds``: the names it binds); None when it may hold
    anything else."""
    stores = binds.stores.get(name, 0)
    if not stores:
        return None
    kinds = (binds.globals, binds.nonlocals, binds.defined, binds.imported, binds.handlers)
    if any(name in kind for kind in (*kinds, binds.params, binds.augmented, binds.walrus)):
        return None
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        args = node.args
        every = [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]
        if any(a is not None and a.arg == name for a in every):
            return None
    written = _assignments(node).get(name, [])
    values = set(written)
    count = len(written)
    if count != stores or len(values) != 1:
        return None
    held = values.pop()
    return None if held is None or held[0] == name else list(held)


#: a function or module -> each name its plain assignments bind -> the dotted
#: name each binds it to (None: another value, or one of several targets)
_ASSIGNED: weakref.WeakKeyDictionary[ast.AST, dict[str, list[tuple[str, ...] | None]]] = (
    weakref.WeakKeyDictionary()
)


def _assignments(node: ast.AST) -> dict[str, list[tuple[str, ...] | None]]:
    """The plain assignments under ``node`` by name, read once while it lives
    (statements alone are visited: an assignment is one)."""
    found = _ASSIGNED.get(node)
    if found is None:
        found = {}
        for sub in _statements_under(node):
            if type(sub) is ast.Assign:
                dotted = dotted_parts(sub.value) if len(sub.targets) == 1 else None
                for target in sub.targets:
                    if type(target) is ast.Name:
                        found.setdefault(target.id, []).append(tuple(dotted) if dotted else None)
        _ASSIGNED[node] = found
    return found


def _statements_under(node: ast.AST) -> Iterator[ast.stmt]:
    """Every statement under ``node``, those of nested functions and classes
    included (what ``ast.walk`` finds of them, without visiting expressions)."""
    todo: list[ast.AST] = [node]
    while todo:
        current = todo.pop()
        if isinstance(current, ast.stmt):
            yield current
        for field in _BLOCKS:
            block = getattr(current, field, None)
            if type(block) is list:
                todo.extend(block)


#: the fields that hold statements, or the handlers and cases that hold them
_BLOCKS = ("body", "orelse", "finalbody", "handlers", "cases")
