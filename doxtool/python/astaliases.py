"""A call in a helper through a local name that only stands for another
callable (``rm = os.remove``, then ``rm(path)``), read in the ``ast`` half as
:mod:`doxtool.python.callaliases` reads it in a tool: the name is bound,
wherever the function does it (the functions nested in it counted too),
only by plain assignments of one same dotted name, and is no parameter. A
module's outline, which reads its calls without their function, takes such
a name only where the whole module binds it so."""

from __future__ import annotations

import ast

from doxtool.python.names import dotted_parts
from doxtool.python.scopebinds import Binds


def local_alias(
    node: ast.FunctionDef | ast.AsyncFunctionDef, name: str, binds: Binds
) -> list[str] | None:
    """The dotted name ``name`` stands for in ``node`` (``binds``: the
    names the function binds); None when it may hold anything else."""
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
    values: set[tuple[str, ...] | None] = set()
    count = 0
    for sub in ast.walk(node):
        if type(sub) is ast.Assign and any(
            type(t) is ast.Name and t.id == name for t in sub.targets
        ):
            if len(sub.targets) != 1:
                return None
            dotted = dotted_parts(sub.value)
            values.add(tuple(dotted) if dotted else None)
            count += 1
    if count != stores or len(values) != 1:
        return None
    held = values.pop()
    return None if held is None or held[0] == name else list(held)
