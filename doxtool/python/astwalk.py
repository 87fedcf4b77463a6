"""The nodes under an ``ast`` node, as :func:`ast.walk` gives them, faster.

:func:`ast.walk` reaches each node's children through two generators
(``iter_child_nodes`` over ``iter_fields``) and a ``try`` per field; the
summaries walk every function more than once, so that overhead adds up.
:func:`walk` returns the same nodes in the same order (breadth first, each
node's children in the order of its fields, a list field's items in order),
reading each node class's fields once and skipping the fields that can never
hold a node (names, flags, numbers).
"""

from __future__ import annotations

import ast

#: fields that hold no node in any node class (identifiers, flags, numbers)
_SCALAR_FIELDS = frozenset(
    {"id", "attr", "arg", "asname", "module", "level", "is_async", "conversion", "type_comment"}
)
_FIELDS: dict[type, tuple[str, ...]] = {}
_AST = ast.AST


def node_fields(kind: type) -> tuple[str, ...]:
    """The fields of a node class that may hold a node, read once per class."""
    names = _FIELDS.get(kind)
    if names is None:
        names = _FIELDS[kind] = tuple(f for f in kind._fields if f not in _SCALAR_FIELDS)
    return names


def walk(node: ast.AST) -> list[ast.AST]:
    """``list(ast.walk(node))``: ``node`` and every node under it, breadth first."""
    out: list[ast.AST] = [node]
    fields = _FIELDS
    append = out.append
    for current in out:  # grows while it is read: the queue of the walk
        names = fields.get(type(current))
        if names is None:
            names = node_fields(type(current))
        for name in names:
            value = getattr(current, name, None)
            if value is None:
                continue
            if isinstance(value, list):
                for item in value:
                    if isinstance(item, _AST):
                        append(item)
            elif isinstance(value, _AST):
                append(value)
    return out


def children(node: ast.AST) -> list[ast.AST]:
    """``list(ast.iter_child_nodes(node))``: the nodes right under ``node``, in
    the order of its fields, faster."""
    out: list[ast.AST] = []
    for name in node_fields(type(node)):
        value = getattr(node, name, None)
        if isinstance(value, _AST):
            out.append(value)
        elif isinstance(value, list):
            out.extend(item for item in value if isinstance(item, _AST))
    return out


def walk_all(nodes: list[ast.stmt] | list[ast.expr]) -> list[ast.AST]:
    """The walks of several nodes, one after the other (a body's statements)."""
    out: list[ast.AST] = []
    for node in nodes:
        out.extend(walk(node))
    return out


def walk_split(node: ast.AST, field: str) -> tuple[list[ast.AST], list[ast.AST]]:
    """The nodes under ``node``'s ``field`` (a function's ``body``: the walks
    of its items, one after the other), and the others (``node`` itself and
    the walks of its other fields): between them, the nodes of ``walk(node)``."""
    inside: list[ast.AST] = []
    outside: list[ast.AST] = [node]
    for name in node_fields(type(node)):
        value = getattr(node, name, None)
        out = inside if name == field else outside
        if isinstance(value, list):
            for item in value:
                if isinstance(item, _AST):
                    out.extend(walk(item))
        elif isinstance(value, _AST):
            out.extend(walk(value))
    return inside, outside


def binding_count(function: ast.AST, name: str) -> int:
    """How many places of ``function`` bind ``name`` (a parameter too)."""
    count = 0
    for node in walk(function):
        stored = isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load)
        if (stored and node.id == name) or (isinstance(node, ast.arg) and node.arg == name):  # type: ignore[attr-defined]
            count += 1
        elif isinstance(node, (ast.alias, ast.ExceptHandler)):
            bound = node.asname or node.name if isinstance(node, ast.alias) else node.name
            count += bound == name
        elif isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
            count += 2  # bound elsewhere as well
    return count
