"""What the walk of a tool reaches (part of :class:`~doxtool.python.toolscan.ToolScan`).

Past a statement that leaves its block on every path (a ``return``, a
``raise``, a ``break`` or ``continue``, a call that never returns:
``sys.exit()``, a function annotated ``NoReturn``, one of the module's own
whose every path raises; an ``if`` whose every branch does one of those) the
rest of the block never runs: it returns nothing, raises nothing and has no
side effect, so the walk stops there. A ``with`` block whose context manager
may swallow an exception (``contextlib.suppress``) goes on past its body
wherever that raises, so it ends no path.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import libcst as cst

from doxtool.python.controlflow import (
    Suppresses,
    never_returns_annotation,
    small_stops,
    stops,
    terminates,
)
from doxtool.python.cstcaught import reached_return
from doxtool.python.cstnodes import dotted_name, suite_body
from doxtool.python.modulescan import Func, ModuleScan
from doxtool.python.noreturn import EXIT_CALLS, SUPPRESSING
from doxtool.python.walkstate import Env

#: functions of a module whose every path may raise that one tool looks into
#: (each one deepens the walk; chains past it are taken as ones that may return)
_MAX_RAISING = 8


class Reach:
    """Where paths end: a part of :class:`~doxtool.python.toolscan.ToolScan`."""

    scan: ModuleScan
    _raising: dict[str, bool]
    #: :meth:`~doxtool.python.callees.Callees._callee_function`
    _callee_function: Callable[[cst.Call, Env], Func | None]
    #: :meth:`~doxtool.python.cstliteralguards.LiteralArms._literal_known`
    _literal_known: Callable[[cst.BaseExpression, Env], bool | None]

    def _stops(self, stmt: cst.BaseStatement, env: Env) -> bool:
        """Whether the statement after ``stmt`` in its block is never reached
        (past ``if name == "x": return ...`` when the caller binds ``name``
        to ``"x"``: :mod:`~doxtool.python.cstliteralguards`)."""

        def never(call: cst.BaseExpression) -> bool:
            return self._never_returns(call, env)

        suppressing = self._suppressing(env)
        if (
            type(stmt) is cst.If
            and self._literal_known(stmt.test, env)
            and terminates(suite_body(stmt.body), never, suppressing)
        ):
            return True
        return stops(stmt, never, suppressing)

    def _small_stops(self, small: cst.BaseSmallStatement, env: Env) -> bool:
        """Whether the small statements after ``small`` on its line are never reached."""
        return small_stops(small, lambda call: self._never_returns(call, env))

    def _ends_every_path(self, body: Sequence[cst.BaseStatement], env: Env) -> bool:
        """Whether every path of a function's ``body`` returns or raises."""
        return terminates(body, lambda call: self._never_returns(call, env), self._suppressing(env))

    def _ends_unless(self, body: Sequence[cst.BaseStatement], env: Env) -> list[str]:
        """The calls of functions of other modules (qualified; ``await``
        before those awaited) that, if none of them returned, would end every
        path of a function's ``body`` that does not end now; [] when that
        would not do. Their summaries tell, once the modules are joined
        (:meth:`~doxtool.python.returns.ReturnFollower.settle_ends`)."""
        found: list[str] = []

        def ends(node: cst.BaseExpression) -> bool:
            if self._never_returns(node, env):
                return True
            target = self._foreign_call(node, env)
            if target is not None and target not in found:
                found.append(target)
            return target is not None

        return found if terminates(body, ends, self._suppressing(env)) else []

    def _foreign_call(self, node: cst.BaseExpression, env: Env) -> str | None:
        """``helpers.errs.reject`` for ``reject(...)`` imported from there
        (``await ...`` when awaited); None for a call of the module's own."""
        call = node.expression if type(node) is cst.Await else node
        if type(call) is not cst.Call or self._callee_function(call, env) is not None:
            return None
        dotted = dotted_name(call.func)
        qualified = self.scan._resolve(dotted, env.names) if dotted is not None else None
        if qualified is None or qualified.startswith(f"{self.scan.module}."):
            return None
        return f"await {qualified}" if type(node) is cst.Await else qualified

    def _suppressing(self, env: Env) -> Suppresses:
        def suppresses(item: cst.WithItem) -> bool:
            value = item.item
            call = value if type(value) is cst.Call else None
            dotted = dotted_name(call.func) if call is not None else None
            return dotted is not None and self.scan._resolve(dotted, env.names) in SUPPRESSING

        return suppresses

    def _never_returns(self, node: cst.BaseExpression, env: Env) -> bool:
        """Whether a call statement never returns: ``sys.exit()``, or a call of
        a function of the module annotated ``NoReturn`` or whose every path
        raises (awaited, when it is ``async``)."""
        awaited = type(node) is cst.Await
        call = node.expression if type(node) is cst.Await else node
        if type(call) is not cst.Call:
            return False
        dotted = dotted_name(call.func)
        if dotted is not None and self.scan._resolve(dotted, env.names) in EXIT_CALLS:
            return True
        fn = self._callee_function(call, env)
        if fn is None or (fn.is_async and not awaited):
            return False  # an async function not awaited makes a coroutine only
        return self._always_raises(fn)

    def _always_raises(self, fn: Func) -> bool:
        known = self._raising.get(fn.qualname)
        if known is not None:
            return known
        if len(self._raising) >= _MAX_RAISING:
            return False  # a chain of calls this long: taken as one that may return
        self._raising[fn.qualname] = False  # a recursive call may return
        body = suite_body(fn.node.body)
        env = Env(
            func=fn,
            self_name=fn.self_name if fn.cls is not None else None,
            dicts=set(),
            names=dict(self.scan.names),
            collect_outcomes=False,
        )
        raising = never_returns_annotation(fn.node) or (
            # (a handler that never runs returns nothing: :mod:`.cstcaught`)
            not any(reached_return(stmt, self._base_only()) for stmt in body)  # type: ignore[attr-defined]
            and self._ends_every_path(body, env)
        )
        self._raising[fn.qualname] = raising
        return raising
