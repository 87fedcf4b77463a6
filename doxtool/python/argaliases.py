"""Names that are ``self.args`` in a function (part of
:class:`~doxtool.python.toolscan.ToolScan`).

``args = self.args`` (or ``getattr(self, "args")``) as a statement at the top
of the function body, the only binding of ``args`` there (no parameter of
that name, no ``global`` or ``nonlocal`` of it), in a function that neither
rebinds its ``self`` nor replaces ``self.args``: every use of ``args`` is
the same dict, so a key filled through it is filled in ``self.args``
(:mod:`~doxtool.python.argfills`). A name bound in a branch, rebound, or
bound to a copy (``dict(self.args)``) is another dict.
"""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from doxtool.python.bindings import Binding
from doxtool.python.cstnodes import child_nodes, getattr_of, suite_body
from doxtool.python.modulescan import Func
from doxtool.python.walkstate import Env

#: (scope, name) -> the bindings of the name there (None: not known)
BoundIn = Callable[[cst.CSTNode, str], "list[Binding] | None"]


class SelfArgsAliases:
    """Names for ``self.args``: a part of :class:`~doxtool.python.toolscan.ToolScan`."""

    #: (function node id, the name of its ``self``) -> its names for ``self.args``
    _aliases: dict[tuple[int, str], frozenset[str]]

    def _self_args_alias(self, name: str, env: Env) -> bool:
        """Whether ``name`` is ``self.args`` wherever the function uses it."""
        if env.self_name is None:
            return False
        key = (id(env.func.node), env.self_name)
        found = self._aliases.get(key)
        if found is None:
            bound_in = self._bound_in  # type: ignore[attr-defined]
            found = self._aliases[key] = self_args_aliases(env.func, env.self_name, bound_in)
        return name in found


def self_args_aliases(fn: Func, self_name: str, bound_in: BoundIn) -> frozenset[str]:
    """The names that are ``self.args`` (``self_name``'s) throughout ``fn``."""
    body = fn.node.body
    candidates = _top_aliases(body, self_name)
    if not candidates:  # the usual case: no scope walk needed
        return frozenset()
    if bound_in(body, self_name) != [] or _replaces_args(fn.node, self_name):
        return frozenset()
    params = fn.node.params
    named = [*params.posonly_params, *params.params, *params.kwonly_params]
    stars = [p for p in (params.star_arg, params.star_kwarg) if isinstance(p, cst.Param)]
    taken = {p.name.value for p in [*named, *stars]}
    found = set()
    for name, small in candidates:
        bound = bound_in(body, name)
        if name not in taken and bound is not None and [b.node for b in bound] == [small]:
            found.add(name)
    return frozenset(found)


def _top_aliases(body: cst.BaseSuite, self_name: str) -> list[tuple[str, cst.BaseSmallStatement]]:
    """``name = self.args`` statements at the top level of ``body``, with their names."""
    found: list[tuple[str, cst.BaseSmallStatement]] = []
    for stmt in suite_body(body):
        if type(stmt) is not cst.SimpleStatementLine:
            continue
        for small in stmt.body:
            if type(small) is cst.Assign and len(small.targets) == 1:
                target, value = small.targets[0].target, small.value
            elif type(small) is cst.AnnAssign:  # ``args: dict = self.args``
                target, value = small.target, small.value
            else:
                continue
            if type(target) is cst.Name and value is not None and _is_self_args(value, self_name):
                found.append((target.value, small))
    return found


#: nodes whose ``target`` is bound (an attribute target sets the attribute)
_TARGETS = (cst.AssignTarget, cst.AnnAssign, cst.AugAssign, cst.Del, cst.For, cst.CompFor)


def _is_self_args(node: cst.BaseExpression, self_name: str) -> bool:
    attribute = (
        type(node) is cst.Attribute
        and node.attr.value == "args"
        and type(node.value) is cst.Name
        and node.value.value == self_name
    )
    return attribute or getattr_of(node) == (self_name, "args")


def _replaces_args(node: cst.CSTNode, self_name: str) -> bool:
    """Whether ``self.args`` is assigned, deleted or set anywhere in ``node``."""
    todo: list[cst.CSTNode] = [node]
    while todo:
        current = todo.pop()
        kind = type(current)
        targets: list[cst.CSTNode] = []
        if kind in _TARGETS:
            targets = [current.target]  # type: ignore[attr-defined]
        elif kind is cst.AsName:
            targets = [current.name]  # type: ignore[attr-defined]
        elif kind is cst.Call and type(current.func) is cst.Name:  # type: ignore[attr-defined]
            call: cst.Call = current  # type: ignore[assignment]
            if call.func.value in ("setattr", "delattr") and call.args:  # type: ignore[attr-defined]
                owner = call.args[0].value
                if type(owner) is cst.Name and owner.value == self_name:
                    return True
        for target in targets:
            todo_targets = [target]
            while todo_targets:
                inner = todo_targets.pop()
                if type(inner) is cst.Attribute and _is_self_args(inner, self_name):
                    return True
                if type(inner) in (cst.Tuple, cst.List):
                    todo_targets.extend(e.value for e in inner.elements)  # type: ignore[attr-defined]
                elif type(inner) is cst.StarredElement:
                    todo_targets.append(inner.value)  # type: ignore[attr-defined]
        todo.extend(child_nodes(current))
    return False
