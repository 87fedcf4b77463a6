"""An ``if``/``elif`` chain over several arguments whose ``else`` is the error
(part of :class:`~doxtool.python.contracts.Contracts`).

``if messages: ... elif components: ... else: return Response("either
'messages' or 'components' is required")`` runs its ``else`` exactly when
neither test holds: the check ``if not messages and not components`` written
another way. Each argument a test of the chain judges alone (its truth, its
presence) is then an alternative to the others, one of them needed, as that
check makes them (unless an arm is an error as well: ``elif b: return
Response("b is not supported")`` takes no ``b`` alone). A chain over one
argument's values is a closed dispatch
(:mod:`~doxtool.python.contracts`), and one with a test of no argument, or
of two at once, says nothing of the kind.

Past a test of one value (``if fmt == "json": return ...``), a ``Response``
naming the value the test does not take (``else: return
Response(f"unknown format {fmt}")``, or the same right after the ``if``) is
an error or the tool's answer: the argument is needed on some calls, its
requiredness not known, as past ``case "json":`` alone (any other
``Response`` there may be the answer: nothing is said).
"""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

from doxtool.python.arms import refuses_untaken
from doxtool.python.blockreturns import with_answer_after, with_returned_inline
from doxtool.python.checktests import negated
from doxtool.python.controlflow import ends_with_raise, terminates
from doxtool.python.cstnodes import suite_body
from doxtool.python.readforms import CALLED
from doxtool.python.walkstate import Env


class ElseChecks:
    """Checks written as the ``else`` of a chain: a part of
    :class:`~doxtool.python.contracts.Contracts`."""

    def _else_contract(
        self, stmt: cst.If, env: Env, following: Sequence[cst.BaseStatement] = ()
    ) -> None:
        """``if a: ... elif b: ... else: <error>`` at the top of ``execute``
        refuses what ``if not a and not b: <error>`` refuses."""
        self._one_value_end(stmt, env, following)
        tests: list[cst.BaseExpression] = []
        current: cst.If | cst.Else | None = stmt
        while type(current) is cst.If:
            if self._error_exit(with_returned_inline(suite_body(current.body)), env):  # type: ignore[attr-defined]
                return  # an arm refusing its own test: the others are no alternatives
            tests.append(current.test)
            current = current.orelse
        if type(current) is not cst.Else or len(tests) < 2 or env.recovering > 0:
            return
        body = with_returned_inline(suite_body(current.body))
        if not self._error_exit(body, env) or not self._ends_execute(env):  # type: ignore[attr-defined]
            return
        seen: set[str] = set()
        for test in tests:
            groups = self._refusal_groups(negated(test), env)  # type: ignore[attr-defined]
            if len(groups) != 1 or len(groups[0]) != 1 or CALLED in groups[0].values():
                return  # a test of no argument, of several, or of a call's result
            (name,) = groups[0]
            if name in seen:
                return  # a dispatch on one argument's values
            seen.add(name)
        if self._answered(frozenset(seen), env):  # type: ignore[attr-defined]
            return  # a check before answers the calls missing them all
        joint = negated(tests[0])
        for test in tests[1:]:
            joint = cst.BooleanOperation(joint, cst.And(), negated(test))
        self._refusing(joint, False, env)  # type: ignore[attr-defined]

    def _one_value_end(
        self, stmt: cst.If, env: Env, following: Sequence[cst.BaseStatement]
    ) -> None:
        """``if x == "v": <return>`` whose ``else``, or the statement after
        it, returns a ``Response`` naming ``x``: ``x`` needed on some calls."""
        test = stmt.test
        if (
            type(test) is not cst.Comparison
            or len(test.comparisons) != 1
            or type(test.comparisons[0].operator) is not cst.Equal
            or not terminates(suite_body(stmt.body))
            or env.recovering > 0
            or not self._ends_execute(env)  # type: ignore[attr-defined]
        ):
            return
        ok, value = self._value(test.comparisons[0].comparator)  # type: ignore[attr-defined]
        if not ok or isinstance(value, list):
            return
        if type(stmt.orelse) is cst.Else:
            end = with_answer_after(suite_body(stmt.orelse.body), following)
        elif stmt.orelse is None and following:
            end = [following[0]]
        else:
            return  # an ``elif``: a run of tests (:mod:`~doxtool.python.dispatchends`)
        if (
            not self._error_exit(end, env)  # type: ignore[attr-defined]
            or ends_with_raise(end)
            or not refuses_untaken(end, [test.left])
        ):
            return  # a raise refuses (a closed dispatch); any other ``Response`` may answer
        arg = self._arg_of(test.left, env)  # type: ignore[attr-defined]
        if arg is not None:
            kinds = {"none"} if value is not None else set()
            self._arg(arg).branch_refusals.update(kinds | ({"blank"} if value != "" else set()))  # type: ignore[attr-defined]
