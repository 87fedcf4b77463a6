"""The branches of an ``if`` whose test is not about the arguments, and the
cases of such a ``match``, in the walk of a tool (part of
:class:`~doxtool.python.toolscan.ToolScan`): which are walked as run on some
calls only, and the keys a read that raises without them needs on every way
through the statement (the rule is :mod:`~doxtool.python.undecided`'s)."""

from __future__ import annotations

from collections.abc import Sequence, Set

import libcst as cst

from doxtool.python.arguments import ArgBuilder
from doxtool.python.controlflow import terminates
from doxtool.python.cstnodes import suite_body
from doxtool.python.readforms import CALLED, REFUSALS
from doxtool.python.undecided import every_way, undecided_branches
from doxtool.python.walkstate import Env

#: tests that are literals (``if True:``, ``if 0:``): which branch runs is decided
_LITERALS = (cst.Integer, cst.Float, cst.SimpleString, cst.ConcatenatedString)


class UndecidedBranches:
    """Reads in branches no test of the arguments decides: a part of
    :class:`~doxtool.python.toolscan.ToolScan`."""

    def _undecided(self, stmt: cst.If, env: Env) -> list[bool]:
        """Whether the body / the ``else`` of an ``if`` whose test is not about
        the arguments runs on some calls only; none for any other ``if``, and
        inside a branch of a dispatch or of an expression, where every read
        runs on some calls only already."""
        if self._decided(env) or _literal(stmt.test):
            return [False, False]
        if self._mentions_arguments(stmt.test, env):  # type: ignore[attr-defined]
            return [False, False]
        orelse = stmt.orelse
        if type(orelse) is cst.If:
            orelse_ends = terminates([orelse])
        else:
            orelse_ends = orelse is not None and terminates(suite_body(orelse.body))
        return undecided_branches([terminates(suite_body(stmt.body)), orelse_ends])

    def _undecided_cases(self, stmt: cst.Match, env: Env) -> list[bool]:
        """As :meth:`_undecided` for a ``match`` whose subject and guards are
        not about the arguments: each case, then the way past them all when
        none is irrefutable."""
        cases = stmt.cases
        tests = [stmt.subject, *(c.guard for c in cases if c.guard is not None)]
        mentions = self._mentions_arguments  # type: ignore[attr-defined]
        if self._decided(env) or any(mentions(t, env) for t in tests):
            return [False] * (len(cases) + 1)
        ends = [terminates(suite_body(case.body)) for case in cases]
        irrefutable = any(
            type(c.pattern) is cst.MatchAs and c.pattern.pattern is None and c.guard is None
            for c in cases
        )
        return undecided_branches(ends if irrefutable else [*ends, False])

    def _decided(self, env: Env) -> bool:
        """Inside a branch of a dispatch or of an expression every read runs
        on some calls only already."""
        return bool(env.conditional or env.branches)

    def _needed_read(self, key: str, env: Env) -> None:
        """A read that raises without ``key`` outside any branch of a dispatch
        or of an expression: needed on every call, or, in a branch of an
        ``if`` or ``match`` not about the arguments, on the calls that take it
        (collected for the statement)."""
        builder = self._arg(key)  # type: ignore[attr-defined]
        doubt = _past_doubt(builder, env) if env.func is self.entry else None  # type: ignore[attr-defined]
        if doubt == "skipped":
            return  # a missing key took the way of the call the check returns
        if doubt == "some":
            builder.sometimes_read = True
        elif env.undecided:
            env.undecided[-1].add(key)
            builder.sometimes_read = True
        else:
            builder.needed_read(self.ordered)  # type: ignore[attr-defined]

    def _undecided_needs(self, needs: Sequence[Set[str]], framed: Sequence[bool], env: Env) -> None:
        """Past such a statement: the keys every branch walked as run on some
        calls needed are needed by every way through it."""
        for key in sorted(every_way(needs, framed)):
            self._needed_read(key, env)


def _past_doubt(builder: ArgBuilder, env: Env) -> str | None:
    """Past ``if not d: return await self.other()`` at the top of ``execute``
    (:mod:`~doxtool.python.absence`), a read that raises without a key runs on
    every call only if that call refuses: without ``d`` it never runs
    (``skipped``), nor without another key where ``d`` is missing (``some``,
    calls only); a check of ``d`` a missing key passes (``if d == ""``)
    leaves the read of ``d`` on every call (None)."""
    if not env.past_doubt:
        return None
    if not builder.absence_calls & set(env.past_doubt):
        return "some"
    refusals = builder.absence_refusals | builder.absence_branch_refusals
    if any(r != CALLED and REFUSALS[r](None) for r in builder.absence_refusals):
        return "skipped"
    return None if all(r != CALLED and not REFUSALS[r](None) for r in refusals) else "some"


def _literal(test: cst.BaseExpression) -> bool:
    return type(test) in _LITERALS or (
        type(test) is cst.Name and test.value in ("True", "False", "None")
    )
