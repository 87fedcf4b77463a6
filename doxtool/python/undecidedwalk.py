"""The branches of an ``if`` whose test is not about the arguments in the
walk of a tool (part of :class:`~doxtool.python.toolscan.ToolScan`): which
are walked as run on some calls only, and the keys a read that raises
without them needs on every way through the ``if`` (the rule is
:mod:`~doxtool.python.undecided`'s)."""

from __future__ import annotations

from collections.abc import Set

import libcst as cst

from doxtool.python.controlflow import terminates
from doxtool.python.cstnodes import suite_body
from doxtool.python.undecided import undecided_branches
from doxtool.python.walkstate import Env

#: tests that are literals (``if True:``, ``if 0:``): which branch runs is decided
_LITERALS = (cst.Integer, cst.Float, cst.SimpleString, cst.ConcatenatedString)


class UndecidedBranches:
    """Reads in branches no test of the arguments decides: a part of
    :class:`~doxtool.python.toolscan.ToolScan`."""

    def _undecided(self, stmt: cst.If, env: Env) -> tuple[bool, bool]:
        """Whether the body / the ``else`` of an ``if`` whose test is not about
        the arguments runs on some calls only; (False, False) for any other
        ``if``, and inside a branch of a dispatch or of an expression, where
        every read runs on some calls only already."""
        if env.conditional or env.branches or _literal(stmt.test):
            return False, False
        if self._mentions_arguments(stmt.test, env):  # type: ignore[attr-defined]
            return False, False
        orelse = stmt.orelse
        if type(orelse) is cst.If:
            orelse_ends = terminates([orelse])
        else:
            orelse_ends = orelse is not None and terminates(suite_body(orelse.body))
        return undecided_branches(terminates(suite_body(stmt.body)), orelse_ends)

    def _needed_read(self, key: str, env: Env) -> None:
        """A read that raises without ``key`` outside any branch of a dispatch
        or of an expression: needed on every call, or, in a branch of an
        ``if`` not about the arguments, on the calls that take it (collected
        for the ``if``)."""
        builder = self._arg(key)  # type: ignore[attr-defined]
        if env.undecided:
            env.undecided[-1].add(key)
            builder.sometimes_read = True
        else:
            builder.required_read = True

    def _undecided_needs(self, needs: Set[str], framed: tuple[bool, bool], env: Env) -> None:
        """Past such an ``if`` whose branches both ran on some calls only: the
        keys both needed are needed by every way through it."""
        if all(framed):
            for key in sorted(needs):
                self._needed_read(key, env)


def _literal(test: cst.BaseExpression) -> bool:
    return type(test) in _LITERALS or (
        type(test) is cst.Name and test.value in ("True", "False", "None")
    )
