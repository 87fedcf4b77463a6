"""Where a name is bound in one scope (a function's body, or a module), read
from libcst without evaluating anything.

``stop = True`` bound once in a function, or ``END_TURN = False`` bound once
at module level and never rebound, is a value the code always has there: a
``break_loop=stop`` is then that value. Any other binding (a second
assignment, ``+=``, ``:=``, a ``for`` or ``with`` target, an import, a
``global`` or ``nonlocal`` declaration of it in a nested scope, a star
import) makes the value unknown.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst


@dataclass(frozen=True, eq=False)
class Binding:
    """One binding of a name: the node that binds it, and the value of a plain
    ``name = value`` (None for any other kind of binding)."""

    node: cst.CSTNode
    value: cst.BaseExpression | None


#: nodes that open a scope of their own: what they bind is not the scope's
#: (a ``global``/``nonlocal`` inside them still rebinds it)
_NESTED_SCOPES = (cst.FunctionDef, cst.ClassDef, cst.Lambda)


def _target_names(target: cst.BaseExpression) -> list[str]:
    """Names an assignment target binds (``a``, ``a, *b``), not attributes."""
    out: list[str] = []
    todo: list[cst.CSTNode] = [target]
    while todo:
        node = todo.pop()
        if type(node) is cst.Name:
            out.append(node.value)
        elif type(node) in (cst.Tuple, cst.List):
            todo.extend(element.value for element in node.elements)  # type: ignore[attr-defined]
        elif type(node) is cst.StarredElement:
            todo.append(node.value)
    return out


def _bound(node: cst.CSTNode) -> list[tuple[str, cst.BaseExpression | None]] | None:
    """What ``node`` itself binds, with the value of a plain ``name = value``
    (None for any other kind of binding); None when it may bind any name
    (``from m import *``)."""
    kind = type(node)
    if kind is cst.Assign:
        single = len(node.targets) == 1
        return [
            (name, node.value if single and type(t.target) is cst.Name else None)
            for t in node.targets
            for name in _target_names(t.target)
        ]
    if kind is cst.AnnAssign:
        value = node.value if type(node.target) is cst.Name else None
        return [(name, value) for name in _target_names(node.target)]
    if kind in (cst.AugAssign, cst.NamedExpr, cst.For, cst.CompFor, cst.Del):
        return [(name, None) for name in _target_names(node.target)]
    if kind is cst.WithItem and node.asname is not None:
        return [(name, None) for name in _target_names(node.asname.name)]
    if kind in (cst.ExceptHandler, cst.ExceptStarHandler) and node.name is not None:
        return [(name, None) for name in _target_names(node.name.name)]
    if kind is cst.ImportFrom and type(node.names) is cst.ImportStar:
        return None
    if kind in (cst.Import, cst.ImportFrom):
        out: list[tuple[str, cst.BaseExpression | None]] = []
        for alias in node.names:  # type: ignore[union-attr]
            if alias.asname is not None:
                out.extend((name, None) for name in _target_names(alias.asname.name))
            else:
                head = alias.name
                while type(head) is cst.Attribute:
                    head = head.value
                if type(head) is cst.Name:
                    out.append((head.value, None))
        return out
    if kind in (cst.MatchAs, cst.MatchStar) and node.name is not None:
        return [(node.name.value, None)]
    if kind is cst.MatchMapping and node.rest is not None:
        return [(node.rest.value, None)]
    if kind in (cst.FunctionDef, cst.ClassDef):
        return [(node.name.value, None)]
    return []


def _declares(node: cst.CSTNode, name: str) -> bool:
    """Whether a ``global``/``nonlocal`` in ``node`` (nested scopes included) names ``name``."""
    todo: list[cst.CSTNode] = [node]
    while todo:
        current = todo.pop()
        if type(current) in (cst.Global, cst.Nonlocal) and any(
            item.name.value == name
            for item in current.names  # type: ignore[attr-defined]
        ):
            return True
        todo.extend(current.children)
    return False


def bindings(scope: cst.CSTNode, name: str) -> list[Binding] | None:
    """The bindings of ``name`` in ``scope`` (a function's body, or a
    module). None when they cannot be told: a ``global``/``nonlocal``
    declaration of the name anywhere inside, or a star import."""
    found: list[Binding] = []
    todo: list[cst.CSTNode] = list(scope.children)
    while todo:
        node = todo.pop()
        if type(node) in (cst.Global, cst.Nonlocal):
            if any(item.name.value == name for item in node.names):
                return None
            continue
        bound = _bound(node)
        if bound is None:
            return None
        found.extend(Binding(node, value) for bound_name, value in bound if bound_name == name)
        if isinstance(node, _NESTED_SCOPES):
            # its decorators, defaults and bases belong to this scope; its body
            # to its own (which may still declare the name ``global``)
            if _declares(node, name):
                return None
            for field in ("decorators", "params", "bases", "keywords"):
                value = getattr(node, field, None)
                if isinstance(value, (list, tuple)):
                    todo.extend(value)
                elif type(value) is cst.Parameters:
                    named = (*value.posonly_params, *value.params, *value.kwonly_params)
                    todo.extend(p.default for p in named if p.default is not None)
            continue
        todo.extend(node.children)
    return found
