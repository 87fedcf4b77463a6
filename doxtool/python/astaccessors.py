"""Functions of a helper module that only read one key of a dict they are
handed, under the key a parameter holds, with the default another parameter
holds (``def arg(args, name, default=None): return args.get(name,
default)``), for their summary: the ``ast`` form of the shape
:mod:`~doxtool.python.accessors` reads in a tool's own module.

A tool's call ``to = arg(self.args, "to")`` reads ``to`` with the default
the call leaves (the parameter's literal default) or hands as a string
literal; a check of what it returns (``if not to: return Response(...)``)
is a check of that read (:mod:`~doxtool.python.calledaccessors`). A function
with any other statement, or any other return, is not one. Imports no libcst.
"""

from __future__ import annotations

import ast
from typing import Any

from doxtool.python.astshapes import literal

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef


def accessor_of(node: FunctionNode) -> list[Any]:
    """``[dict parameter, key parameter, default parameter, default known,
    default, inner dict parameter]`` when the whole body of ``node`` is ``return D.get(K)``,
    ``return D.get(K, <literal>)``, ``return D.get(K, P)`` or ``return
    D.get(K, E.get(K, P))`` with ``D``, ``E``, ``K`` and ``P`` parameters
    (``P`` not ``K``): the default parameter is ``P`` (``""`` for none), and
    what is known of its own default, a literal; the inner dict parameter is
    ``E`` (``""`` for none): what ``D`` lacks is read from it, so ``P`` is
    ``D``'s default only where ``E`` is the same dict; ``[]`` for any other
    function."""
    if len(node.body) != 1 or type(node.body[0]) is not ast.Return:
        return []
    args = node.args
    named = [*args.posonlyargs, *args.args, *args.kwonlyargs]
    params = {a.arg for a in named}
    read = _read(node.body[0].value, params)
    if read is None:
        return []
    source, key, default = read
    inner = _read(default, params) if type(default) is ast.Call else None
    other = ""  # ``E``: its read is the default of ``D``'s
    if inner is not None:
        if inner[1] != key or type(inner[2]) is not ast.Name:
            return []
        other, default = inner[0], inner[2]
    if default is None or (type(default) is not ast.Name and literal(default)[0]):
        return [source, key, "", False, None, other]
    if type(default) is not ast.Name or default.id not in params or default.id == key:
        return []
    defaults = dict(
        zip(
            [a.arg for a in (*args.posonlyargs, *args.args)][::-1],
            args.defaults[::-1],
            strict=False,
        )
    )
    defaults.update(
        (a.arg, d) for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is not None
    )
    left = defaults.get(default.id)
    known, value = literal(left) if left is not None else (False, None)
    return [source, key, default.id, known, value, other]


def _read(node: ast.expr | None, params: set[str]) -> tuple[str, str, ast.expr | None] | None:
    """(dict parameter, key parameter, default) of ``D.get(K)`` or ``D.get(K, default)``."""
    if type(node) is not ast.Call or type(node.func) is not ast.Attribute:
        return None
    if node.func.attr != "get" or len(node.args) not in (1, 2) or node.keywords:
        return None
    if any(type(a) is ast.Starred for a in node.args):
        return None
    source, key = node.func.value, node.args[0]
    if type(source) is not ast.Name or type(key) is not ast.Name:
        return None
    if source.id not in params or key.id not in params:
        return None
    return source.id, key.id, node.args[1] if len(node.args) == 2 else None
