"""Names a function binds once to a literal it only loops over or tests
against (``allowed = {"title", "owner"}``, then ``for key in allowed`` or
``{k: values[k] for k in allowed if k in values}``): the loop runs over
those literal keys, as over the literal written in place (libcst's tree).
"""

from __future__ import annotations

import libcst as cst

from doxtool.python.cstnodes import child_nodes

_COLLECTIONS = (cst.List, cst.Tuple, cst.Set)


def bound_literals(function: cst.CSTNode) -> dict[str, cst.BaseExpression]:
    """Each name ``function`` binds exactly once, by ``name = <list, tuple or
    set literal>``, and otherwise names only as what a ``for`` (a statement
    or in a comprehension) runs over or the right side of ``in`` / ``not
    in``: nothing else can change it or hand it on (nested scopes included)."""
    assigned: dict[str, list[cst.BaseExpression]] = {}
    other: set[str] = set()
    todo: list[cst.CSTNode] = [function]
    while todo:
        node = todo.pop()
        kind = type(node)
        children = child_nodes(node)
        if kind is cst.Assign:
            targets = node.targets  # type: ignore[attr-defined]
            value = node.value  # type: ignore[attr-defined]
            if (
                len(targets) == 1
                and type(targets[0].target) is cst.Name
                and type(value) in _COLLECTIONS
            ):
                assigned.setdefault(targets[0].target.value, []).append(value)
                children = [value]
        elif kind in (cst.For, cst.CompFor) and type(node.iter) is cst.Name:  # type: ignore[attr-defined]
            children = [c for c in children if c is not node.iter]  # type: ignore[attr-defined]
        elif (
            kind is cst.ComparisonTarget
            and type(node.operator) in (cst.In, cst.NotIn)  # type: ignore[attr-defined]
            and type(node.comparator) is cst.Name  # type: ignore[attr-defined]
        ):
            children = [node.operator]  # type: ignore[attr-defined]
        elif kind is cst.Name:
            other.add(node.value)  # type: ignore[attr-defined]
        todo.extend(children)
    return {
        name: values[0]
        for name, values in assigned.items()
        if len(values) == 1 and name not in other
    }
