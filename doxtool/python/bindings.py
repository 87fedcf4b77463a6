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

from doxtool.python.cstnodes import child_nodes, parameter_names
from doxtool.python.literals import string_value


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


#: the kinds of node :func:`_bound` may find a binding in (no other binds)
_BINDING_KINDS = frozenset(
    {
        cst.Assign,
        cst.AnnAssign,
        cst.AugAssign,
        cst.NamedExpr,
        cst.For,
        cst.CompFor,
        cst.Del,
        cst.WithItem,
        cst.ExceptHandler,
        cst.ExceptStarHandler,
        cst.Import,
        cst.ImportFrom,
        cst.MatchAs,
        cst.MatchStar,
        cst.MatchMapping,
        cst.FunctionDef,
        cst.ClassDef,
    }
)
#: :data:`_NESTED_SCOPES` as exact types (libcst subclasses none of them)
_NESTED_KINDS = frozenset(_NESTED_SCOPES)


@dataclass(frozen=True, eq=False)
class ScopeBindings:
    """Every binding of one scope, found in one walk."""

    names: dict[str, list[Binding]]
    #: names a ``global``/``nonlocal`` declares in the scope or a scope nested in it
    declared: frozenset[str]
    #: a star import: any name may be bound
    star: bool

    def of(self, name: str) -> list[Binding] | None:
        """The bindings of ``name``; None when they cannot be told."""
        if self.star or name in self.declared:
            return None
        return self.names.get(name, [])


def scope_bindings(scope: cst.CSTNode, declares: bool = True) -> ScopeBindings:
    """The bindings of every name in ``scope`` (a function's body, or a
    module). ``declares=False``: the module's text holds no ``global`` and
    no ``nonlocal``, so nested scopes need not be searched for them."""
    names: dict[str, list[Binding]] = {}
    declared: set[str] = set()
    star = False
    todo: list[cst.CSTNode] = child_nodes(scope)
    while todo:
        node = todo.pop()
        kind = type(node)
        if kind is cst.Global or kind is cst.Nonlocal:
            declared.update(item.name.value for item in node.names)  # type: ignore[attr-defined]
            continue
        if kind in _BINDING_KINDS:
            bound = _bound(node)
            if bound is None:
                star = True
            else:
                for bound_name, value in bound:
                    names.setdefault(bound_name, []).append(Binding(node, value))
        if kind in _NESTED_KINDS:
            # its decorators, defaults and bases belong to this scope; its body
            # to its own (which may still declare a name ``global``)
            if declares:
                declared.update(_declarations(node))
            for field in ("decorators", "params", "bases", "keywords"):
                value = getattr(node, field, None)
                if isinstance(value, (list, tuple)):
                    todo.extend(value)
                elif type(value) is cst.Parameters:
                    named = (*value.posonly_params, *value.params, *value.kwonly_params)
                    todo.extend(p.default for p in named if p.default is not None)
            continue
        todo.extend(child_nodes(node))
    return ScopeBindings(names, frozenset(declared), star)


def _declarations(node: cst.CSTNode) -> set[str]:
    """The names a ``global``/``nonlocal`` in ``node`` (nested scopes included) declares."""
    found: set[str] = set()
    todo: list[cst.CSTNode] = [node]
    while todo:
        current = todo.pop()
        if type(current) in (cst.Global, cst.Nonlocal):
            found.update(item.name.value for item in current.names)  # type: ignore[attr-defined]
            continue
        todo.extend(child_nodes(current))
    return found


def shadowed(
    name: str, function: cst.FunctionDef, module: cst.Module, cache: dict[int, ScopeBindings]
) -> bool:
    """Whether ``name``, which a module-level ``class`` or ``def`` binds,
    may stand for something else in ``function``: the function binds it
    itself (a parameter, an assignment, a ``for`` target, a nested ``def``,
    an import), or the module binds it more than once (``Store =
    wrap(Store)``). ``cache``: each scope's bindings, found once."""
    if name in parameter_names(function.params):
        return True
    for scope in (function.body, module):
        table = cache.get(id(scope))
        if table is None:
            table = cache[id(scope)] = scope_bindings(scope)
        bound = table.of(name)
        if bound is None or len(bound) > (scope is module):
            return True
    return False


def local_keys(function: cst.FunctionDef) -> dict[str, str | None]:
    """Every name ``function`` binds (its parameters, and what scopes nested
    in it bind or declare, included), to the string it always holds there
    when its one binding is ``name = "<string>"`` in the function's own scope
    (``name = "limit"``, then ``self.args.get(name)``), None for any other: a
    name bound again, in a branch, a loop, a nested scope, by ``+=``, ``:=``
    or a ``global`` declaration, or a parameter. The ``ast`` walk's rule is
    :func:`~doxtool.python.scopebinds.local_keys`."""
    counts: dict[str, int] = {}
    strings: dict[str, str] = {}
    # the function's own scope first, then the nodes of the scopes nested in it
    # (the order changes no count, and a name with a string is bound once)
    nested: list[cst.CSTNode] = []
    for own, todo in ((True, child_nodes(function)), (False, nested)):
        while todo:
            node = todo.pop()
            kind = type(node)
            if kind is cst.Global or kind is cst.Nonlocal:
                counts.update((item.name.value, 2) for item in node.names)  # type: ignore[attr-defined]
                continue
            if kind is cst.Param:
                counts[node.name.value] = 2  # type: ignore[attr-defined]
            elif kind in _BINDING_KINDS:
                for name, value in _bound(node) or ():
                    counts[name] = counts.get(name, 0) + 1
                    if own and kind is cst.Assign and type(value) in _STRINGS:
                        text = string_value(value)  # type: ignore[arg-type]
                        if isinstance(text, str):
                            strings[name] = text
            (todo if kind not in _NESTED_KINDS else nested).extend(child_nodes(node))
    return {name: strings.get(name) if n == 1 else None for name, n in counts.items()}


_STRINGS = (cst.SimpleString, cst.ConcatenatedString)


def nested_binds(function: cst.FunctionDef, name: str) -> bool:
    """Whether a scope nested in ``function`` (a ``def``, ``lambda`` or
    ``class`` in its body) binds ``name`` for itself: a parameter of it, or
    any binding in its body. There, ``name`` is not the function's own."""
    todo: list[tuple[cst.CSTNode, bool]] = [(child, False) for child in child_nodes(function.body)]
    while todo:
        node, inner = todo.pop()
        kind = type(node)
        if inner and kind is cst.Param and node.name.value == name:  # type: ignore[attr-defined]
            return True
        if inner and kind in _BINDING_KINDS:
            bound = _bound(node)
            if bound is None or any(bound_name == name for bound_name, _ in bound):
                return True
        todo.extend((child, inner or kind in _NESTED_KINDS) for child in child_nodes(node))
    return False
