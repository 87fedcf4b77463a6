"""A call of a module function whose result the walked function returns
(``return await self._run()``), walked once (part of
:class:`~doxtool.python.toolscan.ToolScan`).

The expression walk meets such a call first and walks the callee for what it
reads and calls (:meth:`~doxtool.python.calls.Calls._calls_out`); right
after the ``return``'s expression, :meth:`~doxtool.python.outcomes.Outcomes._returned`
walks the same callee, with the same target, collecting its outcomes too.
That second walk does all the first did and more, so the call is walked
collecting outcomes where the expression walk meets it, and the later walk
finds it done. Only when nothing in the expression can change what the
later walk would be handed (no ``:=``, no nested function run there).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import libcst as cst

from doxtool.python.cstnodes import child_nodes
from doxtool.python.literals import literal_value
from doxtool.python.modulescan import Func
from doxtool.python.unawaited import coroutine_made
from doxtool.python.walkstate import Env, Target


def returned_calls(value: cst.BaseExpression) -> dict[int, tuple[bool, cst.BaseExpression]]:
    """The calls a ``return`` of ``value`` returns the result of (id ->
    awaited, ``value``), as :meth:`~doxtool.python.outcomes.Outcomes._return`
    takes them apart (either side of ``a if c else b``)."""
    found: dict[int, tuple[bool, cst.BaseExpression]] = {}
    todo: list[cst.BaseExpression] = [value]
    while todo:
        current = todo.pop()
        if type(current) is cst.IfExp:
            todo.extend((current.orelse, current.body))
            continue
        inner = current.expression if type(current) is cst.Await else current
        if type(inner) is cst.Call:
            found[id(inner)] = (type(current) is cst.Await, value)
    return found


def _may_change_env(value: cst.CSTNode, env: Env) -> bool:
    """Whether walking ``value`` may bind a name (``:=``) or run a nested function."""
    closures = env.closures
    stack: list[cst.CSTNode] = [value]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is cst.NamedExpr or (
            kind is cst.Call and type(node.func) is cst.Name and node.func.value in closures  # type: ignore[attr-defined]
        ):
            return True
        stack.extend(child_nodes(node))
    return False


class ReturnedCalls:
    """Returned calls walked once: a part of :class:`~doxtool.python.toolscan.ToolScan`."""

    module: cst.Module
    entry: Func | None
    _is_response_call: Callable[[cst.BaseExpression, Env], bool]
    _call_flags: Callable[[cst.Call, Func, Env], frozenset[tuple[str, bool]]]
    _expr: Callable[[cst.CSTNode, Env], None]

    def _walk_returned(self, value: cst.BaseExpression, env: Env) -> None:
        """Walk the expression of a ``return``, its returned calls as
        :meth:`_collects_here` says."""
        collecting = env.collect_outcomes and not env.overridden
        returning, env.returning = env.returning, returned_calls(value) if collecting else {}
        answering, env.answering = env.answering, self._answering(value, env)
        self._expr(value, env)
        env.returning, env.answering = returning, answering

    def _answering(self, value: cst.BaseExpression, env: Env) -> frozenset[int]:
        """The call whose result is the message of the ``Response`` a
        ``return`` of ``value`` ends ``execute`` with (``return
        Response(message=self._search(q))``), when the walked function's
        returns end it (``execute``, a function whose result it returns)."""
        if not (env.func is self.entry or env.collect_outcomes) or env.overridden:
            return frozenset()
        if type(value) is cst.Await:
            value = value.expression
        if type(value) is not cst.Call or not self._is_response_call(value, env):
            return frozenset()
        message = next((a for a in value.args if a.keyword and a.keyword.value == "message"), None)
        if message is None and value.args and value.args[0].keyword is None:
            message = value.args[0]
        inner = message.value if message is not None and not message.star else None
        if type(inner) is cst.Await:
            inner = inner.expression
        return frozenset({id(inner)}) if type(inner) is cst.Call else frozenset()

    def _collects_here(self, node: cst.Call, target: Target, env: Env) -> bool:
        """Whether the walk of ``target``, called by ``node``, is the one
        :meth:`~doxtool.python.outcomes.Outcomes._returned` makes of it."""
        returned = env.returning.get(id(node))
        if returned is None or self._is_response_call(node, env):
            return False
        awaited, value = returned
        if literal_value(node, self.module)[0]:
            return False
        if not awaited and coroutine_made(target.fn, env.func):
            return False
        flags = self._call_flags(node, target.fn, env)
        # the later walk's target is this one only if nothing in the
        # expression may change what it is handed
        return dataclasses.replace(target, flags=flags) == target and not _may_change_env(
            value, env
        )
