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
    parents, uses = _uses(function, name)
    return all(_reads(use, parents) for use in uses)


def looked_in(function: ast.AST, name: str) -> bool:
    """Whether a function uses ``name`` only as :func:`only_read` allows or
    to look in it (a truth test, ``len(x)``, ``sep.join(x)``, iteration over
    it, ``x + other``, ``f"{x}"``): the container is not changed, handed on
    or stored. The tool walk asks the same (:func:`doxtool.python.nameuses.looked_in`)."""
    parents, uses = _uses(function, name)
    return all(_reads(use, parents) or _looks(use, parents) for use in uses)


def _uses(function: ast.AST, name: str) -> tuple[dict[int, ast.AST], list[ast.Name]]:
    """Each node's parent, by id, and the uses of ``name``, in ``function``."""
    parents: dict[int, ast.AST] = {}
    uses: list[ast.Name] = []
    for node in ast.walk(function):
        for child in ast.iter_child_nodes(node):
            parents[id(child)] = node
            if type(child) is ast.Name and child.id == name:
                uses.append(child)
    return parents, uses


def _reads(use: ast.Name, parents: dict[int, ast.AST]) -> bool:
    """Whether ``use`` reads keys of the dict, binds the name, or copies or merges it."""
    parent = parents.get(id(use))
    if type(use.ctx) is ast.Store:
        if type(parent) in (ast.Assign, ast.AnnAssign, ast.NamedExpr):
            return True
        return type(parent) is ast.AugAssign and type(parent.op) is ast.BitOr
    if type(parent) is ast.Subscript and parent.value is use:
        return type(parent.ctx) is ast.Load  # not a key written or deleted
    if (
        type(parent) is ast.Attribute
        and parent.attr in READ_METHODS
        and type(parents.get(id(parent))) is ast.Call
    ):
        return True
    if type(parent) is ast.Compare and use in parent.comparators:
        index = parent.comparators.index(use)
        if type(parent.ops[index]) in (ast.In, ast.NotIn):
            return True
    if type(parent) is ast.Dict and any(
        v is use and k is None for k, v in zip(parent.keys, parent.values, strict=True)
    ):
        return True  # ``{**d}``: a merge of the merge, followed in turn
    if type(parent) is ast.AugAssign and parent.target is use:
        return True
    if _copies(parent, use, parents):
        return True  # ``dict(d)``, ``d.copy()``: a copy, followed in turn
    # ``DEFAULTS | d``: a merge of the merge, followed in turn
    return type(parent) is ast.BinOp and type(parent.op) is ast.BitOr


#: calls of one argument that look at a container without changing it
_LOOKING_CALLS = frozenset({"len", "str", "repr", "bool"})


def _looks(use: ast.Name, parents: dict[int, ast.AST]) -> bool:
    """Whether ``use`` only looks in the container: tests its truth, takes
    its length, joins or iterates over it, adds it to another, shows it."""
    node: ast.AST = use
    parent = parents.get(id(node))
    while type(parent) is ast.BoolOp or (
        type(parent) is ast.UnaryOp and type(parent.op) is ast.Not
    ):
        node, parent = parent, parents.get(id(parent))  # ``not (x or y)``: tested too
    if type(parent) in (ast.If, ast.While, ast.IfExp, ast.Assert) and parent.test is node:  # type: ignore[union-attr]
        return True
    if node is not use:
        return type(node) is ast.UnaryOp  # ``v = not x``: a truth, no container
    if type(parent) is ast.Call and parent.args == [use] and not parent.keywords:
        func = parent.func
        named = type(func) is ast.Name and func.id in _LOOKING_CALLS
        return named or (type(func) is ast.Attribute and func.attr == "join")
    if type(parent) in (ast.For, ast.AsyncFor, ast.comprehension):
        return parent.iter is use  # type: ignore[union-attr]
    if type(parent) is ast.BinOp:
        return type(parent.op) is ast.Add
    return type(parent) is ast.FormattedValue


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
