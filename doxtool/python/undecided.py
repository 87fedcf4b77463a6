"""The branches of an ``if`` whose test is not about the arguments
(``if self.agent.config.verbose:``), or of a ``match`` whose subject and
guards are not, which doxtool cannot decide.

Which calls take such a branch is not known, so a read there that raises
without a key (``self.args["level"]``) is needed on some calls only, and
the argument's requiredness is not known, as for a read in one branch of a
dispatch on an argument. A key every way through the statement needs (read
in each branch) is needed all the same. When every branch but one ends the
call (a ``return`` or ``raise`` on every path), those are guards: the one
that goes on runs on every call that goes on, as the statements after ``if
not self.agent: return Response(...)`` do, and is walked as the straight
path; the guards' own reads are needed on some calls only. Otherwise each
branch is walked as run on some calls, and only the keys all need stay
needed.

Both halves of the analysis apply this rule: the walk of a tool
(:mod:`~doxtool.python.undecidedwalk`, for its helpers of the module too)
and the summaries of the helpers of other modules (:class:`UndecidedKeyReads`,
a part of :class:`~doxtool.python.functionwalk.FunctionWalk`).
"""

from __future__ import annotations

import ast
from collections.abc import Sequence, Set

from doxtool.core.summary_facts import KeyRead, OutCall
from doxtool.python.astreach import terminates


def undecided_branches(ends: Sequence[bool]) -> list[bool]:
    """Whether each branch of such an ``if`` (its body, its ``else``) or
    ``match`` (its cases, then, when no case is irrefutable, the way past
    them all) runs on some calls only, from whether each ends the call (an
    absent ``else`` and the way past the cases go on)."""
    going = [index for index, end in enumerate(ends) if not end]
    return [len(going) != 1 or index != going[0] for index in range(len(ends))]


def every_way(needs: Sequence[Set[str]], framed: Sequence[bool]) -> set[str]:
    """The keys every branch needs (``needs``: each branch's, an empty set for
    an absent ``else``), when each was walked as run on some calls only
    (``framed``); none when one was walked as the straight path, whose
    reads are needed already."""
    if not needs or not all(framed):
        return set()
    return set(needs[0]).intersection(*needs[1:])


class UndecidedKeyReads:
    """Reads in branches no test of the handed dicts decides: a part of
    :class:`~doxtool.python.functionwalk.FunctionWalk`."""

    conditional: int
    branches: int
    #: the reads that raise without their key, and the calls into the
    #: repository, in each enclosing branch walked as run on some calls only
    undecided: list[list[KeyRead | OutCall]]

    def _undecided(self, stmt: ast.If, dispatch: bool) -> list[bool]:
        """Whether the body / the ``else`` of an ``if`` whose test is not about
        the handed dicts runs on some calls only (the rule above)."""
        if dispatch or self.conditional or self.branches or isinstance(stmt.test, ast.Constant):
            return [False, False]
        return undecided_branches([terminates(stmt.body), terminates(stmt.orelse)])

    def _undecided_cases(self, stmt: ast.Match) -> list[bool]:
        """As :meth:`_undecided` for a ``match`` whose subject and guards are
        not about the handed dicts: each case, then the way past them all
        when none is irrefutable."""
        cases = stmt.cases
        tests = [stmt.subject, *(c.guard for c in cases if c.guard is not None)]
        if (
            self.conditional
            or self.branches
            or any(
                self._mentions_sources(t)  # type: ignore[attr-defined]
                for t in tests
            )
        ):
            return [False] * (len(cases) + 1)
        ends = [terminates(case.body) for case in cases]
        irrefutable = any(
            isinstance(c.pattern, ast.MatchAs) and c.pattern.pattern is None and c.guard is None
            for c in cases
        )
        return undecided_branches(ends if irrefutable else [*ends, False])

    def _needed_reads(self, needs: list[list[KeyRead | OutCall]], framed: list[bool]) -> None:
        """Past an ``if`` or ``match`` not about the handed dicts: the reads of
        the keys every branch walked as run on some calls reads
        (:func:`~doxtool.python.undecided.every_way`), and the calls every
        one makes alike, are made where the statement is (on every call,
        unless in a branch of another such one)."""
        keys = every_way([{_way_key(r) for r in branch} for branch in needs], framed)
        made = [r for branch in needs for r in branch if _way_key(r) in keys]
        if self.undecided:
            self.undecided[-1].extend(made)
        else:
            for item in made:
                item.conditional = False


def _way_key(item: KeyRead | OutCall) -> str:
    """What tells a read (its key) or a call (its callee and what it hands
    on) from another in the branches of such a statement."""
    if isinstance(item, KeyRead):
        return item.key
    return repr(("call", item.target, item.passes, item.literals, item.fills, item.fills_unknown))
