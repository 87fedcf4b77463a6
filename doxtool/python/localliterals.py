"""Names a function binds once to a literal it only loops over or tests
against (``allowed = {"title", "owner"}``, then ``for key in allowed`` or
``{k: values[k] for k in allowed if k in values}``): the loop runs over
those literal keys, as over the literal written in place (libcst's tree).
"""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from doxtool.python.cstnodes import child_nodes

_COLLECTIONS = (cst.List, cst.Tuple, cst.Set)

#: what a name's use keeps of a node's children to walk on (the name's own
#: read left out), or ``None`` when the node is no read of a bound name
Reads = Callable[[cst.CSTNode], "list[cst.CSTNode] | None"]


def bound_literals(function: cst.CSTNode) -> dict[str, cst.BaseExpression]:
    """Each name ``function`` binds exactly once, by ``name = <list, tuple or
    set literal>``, and otherwise names only as what a ``for`` (a statement
    or in a comprehension) runs over, the right side of ``in`` / ``not in``
    or a value an f-string formats (``f"one of {allowed}"``) or a string
    literal joins (``", ".join(allowed)``): nothing else
    can change it or hand it on (nested scopes included)."""
    return bound_once(function, _COLLECTIONS, _loop_read)


def _loop_read(node: cst.CSTNode) -> list[cst.CSTNode] | None:
    """``for key in name``: the children but the name looped over; ``{name}``
    in an f-string: the children but the name formatted."""
    if type(node) in (cst.For, cst.CompFor) and type(node.iter) is cst.Name:  # type: ignore[attr-defined]
        return [c for c in child_nodes(node) if c is not node.iter]  # type: ignore[attr-defined]
    if type(node) is cst.FormattedStringExpression and type(node.expression) is cst.Name:
        return [c for c in child_nodes(node) if c is not node.expression]
    if _joined_name(node):  # ``", ".join(name)``: a string made of it
        return [node.func]  # type: ignore[attr-defined]
    return None


def _joined_name(node: cst.CSTNode) -> bool:
    """Whether ``node`` is ``"<sep>".join(name)``: a string literal's ``join``
    of a bare name, which reads the name and changes nothing."""
    if type(node) is not cst.Call or len(node.args) != 1:
        return False
    func, arg = node.func, node.args[0]
    return (
        type(func) is cst.Attribute
        and func.attr.value == "join"
        and type(func.value) in (cst.SimpleString, cst.ConcatenatedString)
        and arg.keyword is None
        and not arg.star
        and type(arg.value) is cst.Name
    )


def bound_once(
    function: cst.CSTNode, shapes: tuple[type[cst.CSTNode], ...], reads: Reads
) -> dict[str, cst.BaseExpression]:
    """Each name ``function`` binds exactly once, by ``name = <literal of one
    of shapes>``, and otherwise names only where ``reads`` says it is read,
    or as the right side of ``in`` / ``not in``; any other use of the name
    (nested scopes included) keeps it out."""
    assigned: dict[str, list[cst.BaseExpression]] = {}
    other: set[str] = set()
    todo: list[cst.CSTNode] = [function]
    while todo:
        node = todo.pop()
        kind = type(node)
        children = child_nodes(node)
        if (
            kind is cst.Assign
            and len(node.targets) == 1  # type: ignore[attr-defined]
            and type(node.targets[0].target) is cst.Name  # type: ignore[attr-defined]
        ):
            name, value = node.targets[0].target.value, node.value  # type: ignore[attr-defined]
            if type(value) in shapes:
                assigned.setdefault(name, []).append(value)
            else:
                other.add(name)
            children = [value]
        elif (
            kind is cst.ComparisonTarget
            and type(node.operator) in (cst.In, cst.NotIn)  # type: ignore[attr-defined]
            and type(node.comparator) is cst.Name  # type: ignore[attr-defined]
        ):
            children = [node.operator]  # type: ignore[attr-defined]
        elif (kept := reads(node)) is not None:
            children = kept
        elif kind is cst.Name:
            other.add(node.value)  # type: ignore[attr-defined]
        todo.extend(children)
    return {
        name: values[0]
        for name, values in assigned.items()
        if len(values) == 1 and name not in other
    }
