"""The arguments dict replaced by a new dict (part of
:class:`~doxtool.python.argfills.ArgumentFills`).

A statement at the top of a function body that binds ``self.args`` to a dict
made there, holding no arguments dict, replaces the arguments on every path
past it::

    arguments = {"runtime": "terminal", "code": self.args.get("command", "")}
    arguments["session"] = 0
    self.args = arguments
    return await super().execute(**arguments)

Past it, no read of ``self.args`` (here or in a method it calls, a base's
``execute`` through ``super()`` among them) reads an argument: what the model
sent was read where the new dict was made. The new dict is a literal dict
with no ``**`` spread, ``dict(...)`` with keywords only, what a function
such as the one below makes (``self.args = json.loads(self.args["payload"])``:
past it, ``self.args.get("x")`` reads a key of the payload, no argument), or
a local name bound at the top of the body to one of those, or to (an item of) what a function
not of the tool makes handed neither the tool nor an arguments dict
(``arguments, error = check_arguments(lang, code)``: values of arguments
only, no arguments dict anywhere in what it is handed, nor ``locals()``;
not a function the body binds itself, which may close over them), whose only other
uses before the statement are writes of keys named by strings
(``arguments["k"] = ...``) and tests of it (``if arguments is None:``,
``if not arguments:``). Anything else (``self.args =
normalize(self.args)``) may still hold the arguments: nothing is claimed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import libcst as cst

from doxtool.python.cstnodes import child_nodes
from doxtool.python.literals import string_value
from doxtool.python.walkstate import Env, Fills


def new_dict(value: cst.BaseExpression) -> bool:
    """A dict made by ``value`` itself, holding no other dict."""
    if type(value) is cst.Dict:
        return not any(type(e) is cst.StarredDictElement for e in value.elements)
    if type(value) is cst.Call and type(value.func) is cst.Name and value.func.value == "dict":
        return all(a.keyword is not None and not a.star for a in value.args)
    return False


def replacing_dict(
    value: cst.BaseExpression, env: Env, dict_value: Callable[[cst.BaseExpression, Env], Any]
) -> bool:
    """Whether ``value``, bound to the arguments dict by the statement
    ``env.stmt`` at the top of the function, is a new dict (see the module
    docstring); ``dict_value``: what an expression holds of an arguments
    dict (None: none)."""
    top_body, small, self_name = env.top_body, env.stmt, env.self_name

    def holds(node: cst.BaseExpression) -> bool:
        return dict_value(node, env) is not None

    if new_dict(value) or _made_apart(value, holds, self_name, env.func.node):
        return True  # ``self.args = json.loads(self.args["payload"])`` too
    if type(value) is not cst.Name:
        return False
    before = _statements_before(top_body, small)
    if before is None:
        return False
    name = value.value
    for index in range(len(before) - 1, -1, -1):
        bound = _bound_value(before[index], name)
        if bound is not None:
            later = before[index + 1 :]
            made = new_dict(bound) or _made_apart(bound, holds, self_name, env.func.node)
            return made and _uses(later, name) == _key_writes(later, name) + _tests(later, name)
    return False


def _made_apart(
    value: cst.BaseExpression,
    holds: Callable[[cst.BaseExpression], bool],
    self_name: str | None,
    function: cst.FunctionDef,
) -> bool:
    """A call of a function not reached through the tool (``self``,
    ``super()``) nor bound in ``function`` (a nested ``def`` or a lambda
    there may close over the arguments), handed neither the tool nor an
    arguments dict."""
    if type(value) is not cst.Call:
        return False
    root: cst.BaseExpression = value.func
    while type(root) is cst.Attribute:
        root = root.value
    if type(root) is not cst.Name or root.value in (self_name, "super"):
        return False
    if root.value in _bound_in(function):
        return False
    return not any(
        arg.star or not _reads_keys_only(arg.value, holds, self_name, function)
        for arg in value.args
    )


def _reads_keys_only(
    node: cst.BaseExpression,
    holds: Callable[[cst.BaseExpression], bool],
    self_name: str | None,
    function: cst.FunctionDef,
) -> bool:
    """Whether every arguments dict in ``node`` (``holds``), and every use of
    the tool, is one a key is read of (``self.args.get("k")``, ``args["k"]``):
    it hands on values only, not the dict (``dict(kwargs.items())``,
    ``json.loads(json.dumps(kwargs))`` copy it); also in what ``function``
    binds a name of ``node`` to (``text = self.args.get("payload") or
    json.dumps(self.args)`` hands the whole dict on as text)."""
    keyed: set[int] = set()
    todo: list[cst.CSTNode] = [node]
    seen: set[str] = set()
    while todo:
        each = todo.pop()
        if type(each) is cst.Subscript:
            dict_node: cst.BaseExpression | None = each.value
        elif (
            type(each) is cst.Call
            and type(each.func) is cst.Attribute
            and each.func.attr.value == "get"
        ):
            dict_node = each.func.value
        else:
            dict_node = None
        if dict_node is not None and holds(dict_node):
            keyed.add(id(dict_node))  # not ``[self.args][0]``: a list's item
        if id(each) in keyed:
            continue  # (its own parts are the dict read)
        if isinstance(each, cst.BaseExpression) and holds(each):
            return False
        if type(each) is cst.Name and each.value == self_name:
            return False
        if type(each) is cst.Call and _names_locals(each):
            return False  # ``locals()`` holds the arguments dict
        if type(each) is cst.Name and each.value not in seen:
            seen.add(each.value)
            todo.extend(_binding_values(function, each.value))
        todo.extend(_walk_children(each))
    return True


def _binding_values(function: cst.FunctionDef, name: str) -> list[cst.CSTNode]:
    """What ``function`` binds ``name`` to anywhere in its body: the value of
    an assignment or ``:=`` (the whole value, for an item of it), what a
    ``for`` walks or a ``with`` opens."""
    found: list[cst.CSTNode] = []
    todo: list[cst.CSTNode] = [function.body]
    while todo:
        node = todo.pop()
        if type(node) is cst.Assign:
            targets: list[cst.CSTNode] = [t.target for t in node.targets]
            value: cst.CSTNode | None = node.value
        elif type(node) in (cst.AnnAssign, cst.AugAssign, cst.NamedExpr):
            targets, value = [node.target], node.value  # type: ignore[attr-defined]
        elif type(node) in (cst.For, cst.CompFor):
            targets, value = [node.target], node.iter  # type: ignore[attr-defined]
        elif type(node) is cst.WithItem and node.asname is not None:
            targets, value = [node.asname.name], node.item
        else:
            targets, value = [], None
        if value is not None and any(_names(t, name) for t in targets):
            found.append(value)
        todo.extend(child_nodes(node))
    return found


def _names(target: cst.CSTNode, name: str) -> bool:
    """Whether the assignment target ``target`` binds ``name``."""
    if type(target) is cst.Name:
        return target.value == name
    if type(target) in (cst.Tuple, cst.List):
        return any(_names(e.value, name) for e in target.elements)  # type: ignore[attr-defined]
    if type(target) is cst.StarredElement:
        return _names(target.value, name)
    return False


def _names_locals(call: cst.Call) -> bool:
    """``locals()`` or ``vars()``: a dict of the function's names."""
    func = call.func
    return type(func) is cst.Name and func.value in ("locals", "vars") and not call.args


def _bound_in(function: cst.FunctionDef) -> set[str]:
    """The names ``function`` binds: its parameters, and the targets of its
    ``def``, ``class`` and assignments at any depth."""
    found: set[str] = set()
    todo: list[cst.CSTNode] = [function.params, function.body]
    while todo:
        node = todo.pop()
        if type(node) in (cst.FunctionDef, cst.ClassDef, cst.Param):
            found.add(node.name.value)  # type: ignore[attr-defined]
        elif type(node) in (cst.AssignTarget, cst.AnnAssign, cst.AugAssign, cst.NamedExpr):
            target = node.target  # type: ignore[attr-defined]
            if type(target) is cst.Name:
                found.add(target.value)
        todo.extend(child_nodes(node))
    return found


def _walk_children(node: cst.CSTNode) -> list[cst.CSTNode]:
    """The children of ``node`` :func:`_walk` goes to."""
    if type(node) in (cst.Attribute, cst.Arg):
        return [node.value]  # type: ignore[attr-defined]
    return list(child_nodes(node))


def _statements_before(
    body: Sequence[cst.BaseStatement], small: cst.CSTNode | None
) -> list[cst.BaseStatement] | None:
    """The statements of ``body`` before the one holding ``small``, with the
    small statements before it on its line (as lines of their own)."""
    for index, stmt in enumerate(body):
        if type(stmt) is cst.SimpleStatementLine and any(s is small for s in stmt.body):
            position = next(i for i, s in enumerate(stmt.body) if s is small)
            same_line = [stmt.with_changes(body=[s]) for s in stmt.body[:position]]
            return [*body[:index], *same_line]
    return None


def _bound_value(stmt: cst.BaseStatement, name: str) -> cst.BaseExpression | None:
    """The value ``stmt`` (a line of one statement) binds ``name`` to."""
    if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
        return None
    small = stmt.body[0]
    if type(small) is cst.Assign and len(small.targets) == 1:
        target = small.targets[0].target
        if type(target) is cst.Name and target.value == name:
            return small.value
        items = target.elements if type(target) in (cst.Tuple, cst.List) else ()  # type: ignore[union-attr]
        if any(type(e.value) is cst.Name and e.value.value == name for e in items):
            # ``arguments, error = check(...)``: an item of what a call made
            return small.value
    annotated = type(small) is cst.AnnAssign and type(small.target) is cst.Name
    if annotated and small.target.value == name:  # type: ignore[union-attr]
        return small.value  # type: ignore[union-attr]
    return None


def _walk(*nodes: cst.CSTNode) -> list[cst.CSTNode]:
    """``nodes`` and every node under them, but the names that are not
    variables (``self.args``: the attribute ``args``; ``f(args=...)``: the
    keyword)."""
    found: list[cst.CSTNode] = []
    todo = list(nodes)
    while todo:
        node = todo.pop()
        found.append(node)
        todo.extend(_walk_children(node))
    return found


def _uses(nodes: Sequence[cst.CSTNode], name: str) -> int:
    """How many times ``name`` occurs in ``nodes``."""
    return sum(1 for n in _walk(*nodes) if type(n) is cst.Name and n.value == name)


def _tests(nodes: Sequence[cst.CSTNode], name: str) -> int:
    """How many of the occurrences of ``name`` in ``nodes`` are tests of
    what it holds (``if name:``, ``not name``, ``name is None``)."""

    def named(node: cst.CSTNode) -> bool:
        return type(node) is cst.Name and node.value == name

    count = 0
    for node in _walk(*nodes):
        if type(node) is cst.If and named(node.test):
            count += 1
        elif type(node) is cst.UnaryOperation and named(node.expression):
            count += type(node.operator) is cst.Not
        elif type(node) is cst.Comparison and named(node.left) and len(node.comparisons) == 1:
            only = node.comparisons[0]
            none = type(only.comparator) is cst.Name and only.comparator.value == "None"
            count += none and type(only.operator) in (cst.Is, cst.IsNot)
    return count


def _key_writes(nodes: Sequence[cst.CSTNode], name: str) -> int:
    """How many of the occurrences of ``name`` in ``nodes`` are the dict of
    a key named by a string (``name["k"] = ...``, not ``name[key] = value``
    in a loop copying the arguments) written by a value that does not use it."""
    count = 0
    for node in _walk(*nodes):
        if type(node) is cst.Assign and len(node.targets) == 1:
            target = node.targets[0].target
            if (
                type(target) is cst.Subscript
                and type(target.value) is cst.Name
                and target.value.value == name
                and len(target.slice) == 1
                and type(target.slice[0].slice) is cst.Index
                and isinstance(string_value(target.slice[0].slice.value), str)
                and _uses([node.value], name) == 0
            ):
                count += 1
    return count


def forget_restored(
    stmt: cst.CSTNode,
    fills: Fills,
    label_of: Callable[[cst.BaseExpression | None, Env], str | None],
    env: Env,
) -> None:
    """Take out of ``fills.replaced`` the arguments dicts (``label_of``: the
    label of a dict expression, None for none) that ``stmt``, at any depth,
    binds again or merges a dict not made there into: they may hold the
    arguments again (``self.args.update(kwargs)``, ``self.args = saved``)."""
    if not fills.replaced:
        return
    for node in _walk(stmt):
        targets: list[cst.BaseExpression] = []
        if type(node) is cst.Assign:
            targets = [t.target for t in node.targets]
        elif type(node) is cst.AnnAssign or (
            type(node) is cst.AugAssign and not new_dict(node.value)
        ):
            targets = [node.target]  # type: ignore[attr-defined]
        elif type(node) is cst.Call and type(node.func) is cst.Attribute:
            merged = [a for a in node.args if a.keyword is None or a.star]
            if node.func.attr.value == "update" and not all(
                not a.star and new_dict(a.value) for a in merged
            ):
                targets = [node.func.value]
        fills.replaced -= {label for t in targets if (label := label_of(t, env)) is not None}
