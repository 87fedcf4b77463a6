"""Checks answered by a call (part of :class:`~doxtool.python.toolscan.ToolScan`).

``if not note: return Response("note is required")`` refuses a missing
``note`` (:mod:`~doxtool.python.contracts`). ``if not note: return
self.fail("note is required")`` returns what a method gives instead: when
that is always a ``Response``, the method may refuse the value as well as
handle it (``if not action: return await self.default()``), and the code
does not say which. Extraction records such a check on the argument
(:attr:`~doxtool.python.arguments.ArgBuilder.absence_calls`); the tool's
resolution follows the calls, into other modules too, and makes what is in
doubt unknown (:mod:`~doxtool.python.returns`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import libcst as cst

from doxtool.python.arms import DOUBTS
from doxtool.python.blockreturns import with_returned_inline
from doxtool.python.checktests import negative
from doxtool.python.controlflow import terminates
from doxtool.python.cstnodes import dotted_name, suite_body
from doxtool.python.readforms import CALLED, REFUSALS
from doxtool.python.walkstate import Env


class AbsenceCalls:
    """Checks answered by a call: a part of :class:`~doxtool.python.toolscan.ToolScan`."""

    def _absence_call(self, body: Sequence[cst.BaseStatement], env: Env) -> str | None:
        """The call a block that ends the function returns the result of
        (``return self.fail(...)``, ``return await self.default()``), as the
        tool's resolution finds it (``self.<method>``, ``super().<method>``,
        a dotted function; ``await `` before an awaited one); None for any
        other block, or a call that cannot be followed."""
        if not body or not terminates(body):
            return None
        last = body[-1]
        if type(last) not in (cst.SimpleStatementLine, cst.SimpleStatementSuite):
            return None
        small = last.body[-1]  # type: ignore[union-attr]
        if type(small) is not cst.Return or small.value is None:
            return None
        value = small.value
        awaited = type(value) is cst.Await
        call = value.expression if type(value) is cst.Await else value
        if type(call) is not cst.Call:
            return None
        target = self._call_target(call.func, env)
        if target is None:
            return None
        return f"await {target}" if awaited else target

    def _call_target(self, func: cst.BaseExpression, env: Env) -> str | None:
        if type(func) is cst.Attribute:
            owner = func.value
            if type(owner) is cst.Name and env.self_name and owner.value == env.self_name:
                return f"self.{func.attr.value}"
            if (
                type(owner) is cst.Call
                and type(owner.func) is cst.Name
                and owner.func.value == "super"
            ):
                return f"super().{func.attr.value}"
        scan = self.scan  # type: ignore[attr-defined]
        if type(func) is cst.Name and func.value in scan.functions and func.value not in env.names:
            return f"{scan.module}.{func.value}"  # a function of this module
        dotted = dotted_name(func)
        qualified = scan._resolve(dotted, env.names) if dotted else None
        if qualified is not None and qualified.split(".", 1)[0] in scan.local_roots:
            return qualified  # a function of another module of the repository
        return None

    def _answered_check(self, stmt: cst.BaseStatement, env: Env, contracts: bool) -> str | None:
        """The call a check (``if not note: return self.fail(...)``, no
        ``else``) returns the result of, where it would be a contract
        (``contracts``: at the top of ``execute``) or refuse a default on some
        calls: the checks after it run on every call that gets there only if
        the call refuses. None for any other statement."""
        if type(stmt) is not cst.If or stmt.orelse is not None or not negative(stmt.test):
            return None
        if contracts and env.func is not self.entry:  # type: ignore[attr-defined]
            return None  # what a helper returns is not what ``execute`` does
        return self._absence_call(with_returned_inline(suite_body(stmt.body)), env)

    def _doubtful(
        self,
        body: Sequence[cst.BaseStatement],
        error: bool,
        groups: Callable[[], list[dict[str, str]]],
        env: Env,
        every_call: bool = True,
    ) -> bool:
        """Record a check on the missing or empty value of an argument whose
        refusal is in doubt, and say whether it is one: its block returns
        what a call gives (:meth:`_absence_call`), or it ends in an error
        (``error``) past a check answered that way (it then runs only when
        that call refuses). ``every_call``: the check is where a refusal
        makes the argument required (the top of ``execute``), else where it
        refuses a default on some calls (a method a dispatch calls). Only a
        check of one argument alone counts (``if not a and not b`` would
        make alternatives)."""
        own = None if error else self._absence_call(body, env)
        if own is None and not error:
            return False
        targets = [*env.absence_before, *([own] if own is not None else [])]
        if not targets:
            return False
        for group in groups():
            if len(group) != 1:
                continue
            for name, refusal in group.items():
                builder = self._arg(name)  # type: ignore[attr-defined]
                builder.absence_calls.update(targets)
                if every_call and refusal != CALLED:
                    builder.absence_refusals.add(refusal)
                    builder.absence_contract = True
                else:
                    builder.absence_branch_refusals.add(refusal)
                    if refusal != CALLED and REFUSALS[refusal](None):  # an arm may need it
                        self._arm_need(name, DOUBTS, env)  # type: ignore[attr-defined]
        return True
