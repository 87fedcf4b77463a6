"""Names a function binds once to a dict literal it only looks up in
(``action_map = {"list": self._list, "get": self._get}``, then
``handler = action_map.get(action)``): the lookup is one in that literal,
as in a module constant dict (:mod:`~doxtool.python.lookups`)."""

from __future__ import annotations

import libcst as cst

from doxtool.python.cstnodes import child_nodes
from doxtool.python.localliterals import bound_once

#: the dict's methods that read it and hand nothing of it on to change
_READS = frozenset({"get", "keys", "values", "items"})

#: builtins that copy the keys of a dict handed alone into a new container
#: (``sorted(handlers)`` in an error naming the actions), or count them
_KEY_COPIES = frozenset({"sorted", "list", "tuple", "set", "frozenset", "len"})


def bound_dicts(function: cst.CSTNode) -> dict[str, cst.Dict]:
    """Each name ``function`` binds exactly once, by ``name = {...}``, and
    otherwise names only to read it: ``name.get(...)``, ``name.keys()``
    (``values``, ``items``), ``name[...]`` read, the right side of ``in``
    / ``not in``, or its keys copied (``sorted(name)``, ``", ".join(name)``).
    Any other use (a call it is handed to, a method that may change it, a
    subscript written, a nested scope's rebinding) keeps it out: what it
    holds there is not known."""
    found = bound_once(function, (cst.Dict,), _dict_read)
    written = _written_subscripts(function)
    return {name: value for name, value in found.items() if name not in written}  # type: ignore[misc]


def _dict_read(node: cst.CSTNode) -> list[cst.CSTNode] | None:
    """``name.get(...)``, ``name[...]``: the children but the name read."""
    if type(node) is cst.Call and _reads_name(node.func):
        return [a for a in child_nodes(node) if a is not node.func]
    if type(node) is cst.Subscript and type(node.value) is cst.Name:
        return [c for c in child_nodes(node) if c is not node.value]
    if type(node) is cst.Call and _copies_keys(node):
        return []
    return None


def _copies_keys(node: cst.Call) -> bool:
    """``sorted(name)``, ``len(name)``, ``", ".join(name)``: the dict's keys
    read into something new, the dict itself handed on to nothing that may
    change it."""
    if len(node.args) != 1 or node.args[0].keyword is not None or node.args[0].star:
        return False
    if type(node.args[0].value) is not cst.Name:
        return False
    func = node.func
    if type(func) is cst.Name:
        return func.value in _KEY_COPIES
    return (
        type(func) is cst.Attribute
        and type(func.value) is cst.SimpleString
        and func.attr.value == "join"
    )


def _reads_name(func: cst.BaseExpression) -> bool:
    """``name.get``, ``name.keys`` and the like: a read of the dict ``name``."""
    return (
        type(func) is cst.Attribute and type(func.value) is cst.Name and func.attr.value in _READS
    )


def _written_subscripts(function: cst.CSTNode) -> set[str]:
    """Names whose items the function assigns or deletes (``d[k] = v``,
    ``del d[k]``, ``d[k] += 1``)."""
    found: set[str] = set()
    todo: list[cst.CSTNode] = [function]
    while todo:
        node = todo.pop()
        targets: list[cst.BaseExpression] = []
        if type(node) is cst.Assign:
            targets = [t.target for t in node.targets]
        elif type(node) in (cst.AugAssign, cst.AnnAssign):
            targets = [node.target]  # type: ignore[attr-defined]
        elif type(node) is cst.Del:
            targets = [node.target]
        for target in targets:
            if type(target) is cst.Subscript and type(target.value) is cst.Name:
                found.add(target.value.value)
        todo.extend(child_nodes(node))
    return found
