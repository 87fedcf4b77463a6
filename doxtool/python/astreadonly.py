"""How a function uses a name that holds a dict made from the arguments,
for the ``ast`` summaries (:mod:`doxtool.python.astdicts`): only to read
keys of it, to bind it again and to copy or merge it, each followed in
turn; or also in a way the summary does not follow (changed, handed on,
stored or shown whole). The libcst walk asks the same of a tool's code
(:func:`doxtool.python.merges._only_read`).
"""

from __future__ import annotations

import ast

from doxtool.python.readforms import READ_METHODS


def only_read(function: ast.AST, name: str) -> bool:
    """Whether a function uses ``name`` only to read keys of it (``d["k"]``,
    ``d.get("k")``, ``"k" in d``, ``{**d}``) or to bind it (``d = ...``,
    ``d |= ...``): the dict is not changed, handed on, stored or shown whole."""
    parents: dict[int, ast.AST] = {}
    uses: list[ast.Name] = []
    for node in ast.walk(function):
        for child in ast.iter_child_nodes(node):
            parents[id(child)] = node
            if type(child) is ast.Name and child.id == name:
                uses.append(child)
    for use in uses:
        parent = parents.get(id(use))
        if type(use.ctx) is ast.Store:
            if type(parent) in (ast.Assign, ast.AnnAssign, ast.NamedExpr):
                continue
            if type(parent) is ast.AugAssign and type(parent.op) is ast.BitOr:
                continue
            return False
        if type(parent) is ast.Subscript and parent.value is use:
            if type(parent.ctx) is not ast.Load:
                return False  # a key written or deleted
            continue
        if (
            type(parent) is ast.Attribute
            and parent.attr in READ_METHODS
            and type(parents.get(id(parent))) is ast.Call
        ):
            continue
        if type(parent) is ast.Compare and use in parent.comparators:
            index = parent.comparators.index(use)
            if type(parent.ops[index]) in (ast.In, ast.NotIn):
                continue
        if type(parent) is ast.Dict and any(
            v is use and k is None for k, v in zip(parent.keys, parent.values, strict=True)
        ):
            continue  # ``{**d}``: a merge of the merge, followed in turn
        if type(parent) is ast.AugAssign and parent.target is use:
            continue
        if _copies(parent, use, parents):
            continue  # ``dict(d)``, ``d.copy()``: a copy, followed in turn
        if type(parent) is ast.BinOp and type(parent.op) is ast.BitOr:
            continue  # ``DEFAULTS | d``: a merge of the merge, followed in turn
        return False
    return True


def _copies(parent: ast.AST | None, use: ast.Name, parents: dict[int, ast.AST]) -> bool:
    """Whether ``parent`` copies the dict ``use`` names (``dict(d)``, ``d.copy()``)."""
    if type(parent) is ast.Call:
        func = parent.func
        plain = not parent.keywords and parent.args == [use]
        return plain and type(func) is ast.Name and func.id == "dict"
    if type(parent) is ast.Attribute and parent.attr == "copy":
        call = parents.get(id(parent))
        return type(call) is ast.Call and call.func is parent and not call.args
    return False
