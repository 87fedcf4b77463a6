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
with no ``**`` spread, ``dict(...)`` with keywords only, or a local name bound
to one of those at the top of the body whose only other uses before the
statement are writes of its keys (``arguments["k"] = ...``). Anything else
(``self.args = normalize(self.args)``) may still hold the arguments: nothing
is claimed.
"""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

from doxtool.python.cstnodes import child_nodes


def new_dict(value: cst.BaseExpression) -> bool:
    """A dict made by ``value`` itself, holding no other dict."""
    if type(value) is cst.Dict:
        return not any(type(e) is cst.StarredDictElement for e in value.elements)
    if type(value) is cst.Call and type(value.func) is cst.Name and value.func.value == "dict":
        return all(a.keyword is not None and not a.star for a in value.args)
    return False


def replacing_dict(
    value: cst.BaseExpression, top_body: Sequence[cst.BaseStatement], small: cst.CSTNode | None
) -> bool:
    """Whether ``value``, bound to the arguments dict by the statement
    ``small`` of ``top_body``, is a new dict (see the module docstring)."""
    if new_dict(value):
        return True
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
            return new_dict(bound) and _uses(later, name) == _key_writes(later, name)
    return False


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
    annotated = type(small) is cst.AnnAssign and type(small.target) is cst.Name
    if annotated and small.target.value == name:  # type: ignore[union-attr]
        return small.value  # type: ignore[union-attr]
    return None


def _uses(nodes: Sequence[cst.CSTNode], name: str) -> int:
    """How many times ``name`` occurs in ``nodes``."""
    count = 0
    todo: list[cst.CSTNode] = list(nodes)
    while todo:
        node = todo.pop()
        if type(node) is cst.Name and node.value == name:
            count += 1
        todo.extend(child_nodes(node))
    return count


def _key_writes(nodes: Sequence[cst.CSTNode], name: str) -> int:
    """How many of the occurrences of ``name`` in ``nodes`` are the dict of
    a key written (``name["k"] = ...``) by a value that does not use it."""
    count = 0
    todo: list[cst.CSTNode] = list(nodes)
    while todo:
        node = todo.pop()
        if type(node) is cst.Assign and len(node.targets) == 1:
            target = node.targets[0].target
            if (
                type(target) is cst.Subscript
                and type(target.value) is cst.Name
                and target.value.value == name
                and _uses([*target.slice, node.value], name) == 0
            ):
                count += 1
        todo.extend(child_nodes(node))
    return count
