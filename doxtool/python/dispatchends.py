"""Whether a dispatch is closed: the values it tests are the only ones the
argument takes (part of :class:`~doxtool.python.toolscan.ToolScan`).

A run of tests (an ``if`` chain and the returning ``if`` statements next
to it, or a ``match``) is closed when anything else ends the function with an
error: an ``else``, a ``case _`` or what follows the run raises, or returns
a ``Response`` once the run tests two values or more (an ``if not x`` arm
singles out the empty value). Past a test of one value (``if mode ==
"fast": return ...`` then ``return Response(f"ran in {mode}")``) the
``Response`` may as well be the tool's answer for any other
value as a refusal, so which values the argument takes is not known; a
raise refuses whatever the run tested. A test (an ``elif``, a returning
``if`` after the run) of none of the arguments the run's first test reads
ends the run open: the values not taken reach it. A test that
rejects (``if mode not in MODES: return Response("unknown mode")``) closes
the run however many values it names. A run whose tested value a statement
before it hands to a call is not closed either
(:mod:`~doxtool.python.handedfirst`), unless it starts with such a
rejecting test: what that refuses, it refuses whatever the call did.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import libcst as cst

from doxtool.python.blockreturns import answer_handed_on, with_answer_after
from doxtool.python.checktests import and_parts, rejects, takes_listed, truth_tested
from doxtool.python.controlflow import ends_with_raise, terminates
from doxtool.python.cstnodes import child_nodes, suite_body
from doxtool.python.handedfirst import handed_before, tested_values
from doxtool.python.matchpatterns import literal_pattern, match_values
from doxtool.python.walkstate import Env

#: how the values a run of tests does not take end (``ANSWERED``: a
#: rejecting test returns what a call gives, which may refuse them)
REFUSED, UNDECIDED, OPEN, ANSWERED = "refused", "undecided", "open", "answered"
#: the ``else`` arm binds its message, handed to a call before it is returned:
#: it may refuse the values not taken, a missing key's among them, or not
HANDED = "handed"


class DispatchEnds:
    """Closed dispatches: a part of :class:`~doxtool.python.toolscan.ToolScan`."""

    module: cst.Module
    _error_exit: Callable[[Sequence[cst.BaseStatement], Env], bool]
    _is_response_call: Callable[[cst.BaseExpression, Env], bool]
    _value: Callable[[cst.BaseExpression], tuple[bool, Any]]
    _values_unknown: Callable[[cst.CSTNode, Env], None]
    _absence_call: Callable[[Sequence[cst.BaseStatement], Env], str | None]
    _named_arguments: Callable[[cst.CSTNode, Env], set[str]]

    def _closed(
        self,
        stmt: cst.If | cst.Match,
        following: Sequence[cst.BaseStatement],
        env: Env,
        preceding: Sequence[cst.BaseStatement] = (),
    ) -> bool:
        """Whether a dispatch accepts only the values it tests (the handing
        of a tested value to a call before it asked last: few runs of tests
        end in an error)."""
        if type(stmt) is cst.If and self._joined_check(stmt, env):  # type: ignore[attr-defined]
            return False  # ``if action == "dm" and not target: return error``: a check, no arm
        self._end_call: str | None = None
        end = self._run_end(stmt, following, env)
        if end is ANSWERED:
            # ``if mode not in MODES: return self.fail(...)``: closed if the
            # call refuses; which values the argument takes is not known
            env.closed_calls[id(stmt)] = self._absence_call(suite_body(stmt.body), env)  # type: ignore[assignment]
            return True
        last = preceding[-1] if preceding else None
        joined = type(last) is cst.If and self._joined_check(last, env)  # type: ignore[attr-defined]
        if end is UNDECIDED and type(last) is cst.If and _returns(last) and not joined:
            end = REFUSED  # a returning ``if`` right before it: a value tested before
        if end is UNDECIDED:  # the Response after one tested value: answer or refusal
            for value in tested_values(stmt):
                self._values_unknown(value, env)
        if end is HANDED:
            # whether the values not taken are refused is not known, nor
            # whether what a missing key gives is (a closed dispatch against
            # values not known: :meth:`~.closedrefusals.ClosedRefusals._opaque_refuses`,
            # values_unknown=True), unless a test before it on every call
            # already refused every value it does not list (``if command not
            # in ("diff", "merge"): return Response(error)``): that holds
            for value in tested_values(stmt):
                for arg in self._named_arguments(value, env):
                    builder = self.args.get(arg)  # type: ignore[attr-defined]
                    if builder is not None and "always" not in builder.rejecting:
                        builder.values_unknown = True
                        builder.closed_opaque = True
        if end is REFUSED and self._end_call is not None:
            # ``return self.fail(...)`` past the run: closed if that call refuses
            current: cst.CSTNode | None = stmt
            while type(current) is cst.If:
                env.closed_calls[id(current)] = self._end_call
                current = current.orelse
            if type(stmt) is cst.Match:
                env.closed_calls[id(stmt)] = self._end_call
        rejecting = type(stmt) is cst.If and rejects(stmt.test)
        if end is REFUSED and rejecting and self._error_exit(suite_body(stmt.body), env):
            # ``if tool not in TOOLS: return error``: refused, handed or not
            return self._rejecting_run(stmt, env)
        return (
            end is REFUSED
            and not handed_before(
                tested_values(stmt),
                preceding,
                lambda call: self._is_response_call(call, env),
                env.calls_run,
            )
            and self._rejecting_run(stmt, env)
        )

    def _rejecting_run(self, stmt: cst.If | cst.Match, env: Env) -> bool:
        """Note the tests of a closed run that reject what they do not list,
        in a body that ends with an error (``if mode not in ("fast",
        "slow"): return Response(error)``), or every test of a chain whose
        ``else`` raises: every value outside the list, a default among them,
        is refused there, or a ``match`` whose ``case _`` raises after cases
        of literal values only. True."""
        if type(stmt) is cst.Match:
            if _wildcard_raises(stmt):
                env.rejecting_ifs.add(id(stmt))
            return True
        current: cst.CSTNode | None = stmt
        chain: list[cst.If] = []
        while type(current) is cst.If:
            chain.append(current)
            current = current.orelse
        # ``else: raise ...``: every value no test of the chain takes is
        # refused, where each test takes only the literals it lists (a test
        # like ``elif mode is not None`` takes values no list holds)
        raised = (
            type(current) is cst.Else
            and ends_with_raise(suite_body(current.body))
            and all(map(takes_listed, (link.test for link in chain)))
        )
        for link in chain:
            if raised:
                env.rejecting_ifs.add(id(link))
            if rejects(link.test) and self._error_exit(suite_body(link.body), env):
                env.rejecting_ifs.add(id(link))
                for tested in truth_tested(link.test):
                    arg = self._arg_of(tested, env)  # type: ignore[attr-defined]
                    if arg is not None:  # ``mode and mode not in (...)``: "" and None pass
                        builder = self._arg(arg)  # type: ignore[attr-defined]
                        builder.none_tested = builder.blank_tested = True
        return True

    def _enter_test(self, stmt: cst.If, env: Env) -> tuple[bool, str | None, bool]:
        """Set what ``env`` says of the closed dispatch whose test is about to
        be walked (none when ``stmt`` is not one); the state it replaces."""
        saved = (env.closed, env.closed_call, env.closed_rejects)
        env.closed = id(stmt) in env.closed_ifs
        env.closed_call = env.closed_calls.get(id(stmt))
        env.closed_rejects = id(stmt) in env.rejecting_ifs
        test = stmt.test
        if (
            type(test) is cst.Comparison
            and len(test.comparisons) == 1
            and type(test.comparisons[0].operator) is cst.In
            and self._is_dict_source(test.comparisons[0].comparator, env)  # type: ignore[attr-defined]
            and ends_with_raise(suite_body(stmt.body))
            and not env.recovering
        ):
            env.refused_tests.add(id(test))
        return saved

    def _run_end(
        self, stmt: cst.If | cst.Match, following: Sequence[cst.BaseStatement], env: Env
    ) -> str:
        """How the values a run of tests starting at ``stmt`` does not take
        end: :data:`REFUSED`, :data:`UNDECIDED` or :data:`OPEN`."""
        tested = 0
        if type(stmt) is cst.Match:
            subjects = self._subjects(stmt.subject, env)
            for case in stmt.cases:
                if type(case.pattern) is cst.MatchAs and case.pattern.pattern is None:
                    body = with_answer_after(suite_body(case.body), following)
                    return self._refusal(body, env, tested)
                tested += max(len(match_values(case.pattern, self.module)), 1)
            if not all(terminates(suite_body(c.body)) for c in stmt.cases):
                return OPEN
            return self._error_follows(following, env, tested, subjects)
        current: cst.CSTNode | None = stmt
        every_branch_ends = True
        subjects = self._subjects(stmt.test, env)
        while type(current) is cst.If:
            if current is not stmt and not self._same_subject(current.test, subjects, env):
                return OPEN  # ``elif self.fast:``: the values not taken may go on there
            parts = and_parts(current.test)
            if len(parts) > 1 and any(not self._subjects(part, env) for part in parts):
                return OPEN  # ``if self.strict and mode not in (...)``: on some calls only
            body = suite_body(current.body)
            if rejects(current.test):
                # its body takes the values it rejects: what follows is the
                # path of those it accepts, which says nothing of the others
                if self._error_exit(body, env):
                    return REFUSED
                return ANSWERED if self._absence_call(body, env) is not None else OPEN
            every_branch_ends = every_branch_ends and terminates(body)
            tested = self._more_tested(tested, current.test)
            current = current.orelse
        if current is not None:
            assert type(current) is cst.Else
            arm = suite_body(current.body)
            if answer_handed_on(arm, following):
                return HANDED  # its message handed to a call before it is returned
            return self._refusal(with_answer_after(arm, following), env, tested)
        if not every_branch_ends:
            return OPEN
        return self._error_follows(following, env, tested, subjects)

    def _error_follows(
        self,
        following: Sequence[cst.BaseStatement],
        env: Env,
        tested: int,
        subjects: frozenset[str] = frozenset(),
    ) -> str:
        """How what follows a run of returning ``if`` statements (``tested``
        values so far, of the arguments ``subjects``) ends the values they
        do not take. A returning ``if`` that tests none of those arguments
        (``if scope == "auto": return ...``, then ``if key: return ...``)
        is no part of the run: the values it does not take reach it, and
        either of its paths may be the tool's answer to them."""
        for stmt in following:
            if type(stmt) is cst.If and _returns(stmt):
                if not self._same_subject(stmt.test, subjects, env):
                    return OPEN
                tested = self._more_tested(tested, stmt.test)
                continue
            return self._refusal([stmt], env, tested)
        return OPEN

    def _subjects(self, node: cst.BaseExpression, env: Env) -> frozenset[str]:
        """The arguments a test (or a ``match`` subject) reads."""
        return frozenset(self._named_arguments(node, env))

    def _same_subject(self, test: cst.BaseExpression, subjects: frozenset[str], env: Env) -> bool:
        """Whether ``test`` reads one of the arguments the run's first test
        reads (any test, where that one reads none)."""
        return not subjects or bool(self._subjects(test, env) & subjects)

    def _refusal(self, body: Sequence[cst.BaseStatement], env: Env, tested: int) -> str:
        """How ``body``, reached by the values a run of ``tested`` values does
        not take, ends them: refused when it raises, or returns a ``Response``
        after two tested values or more; undecided when it returns one after
        a single tested value; open when it does not end the function so."""
        if not self._error_exit(body, env):
            # what a call handed a message gives (``return self.fail(f"bad
            # {mode}")``) may refuse them; one handed the value may be the
            # tool's answer to it (``return await self.search(mode)``)
            handed_message = _handed_message(body)
            self._end_call = self._absence_call(body, env) if handed_message else None
            if self._end_call is None:
                return OPEN
        return REFUSED if tested > 1 or ends_with_raise(body) else UNDECIDED

    def _more_tested(self, tested: int, test: cst.BaseExpression) -> int:
        """``tested`` and the values ``test`` singles out, counted only as
        far as :meth:`_refusal` asks (two)."""
        return tested if tested > 1 else tested + self._values_tested(test)

    def _values_tested(self, test: cst.BaseExpression) -> int:
        """How many values a test of a run singles out: the literals it
        compares with (``x == "a"``: one, ``x in ("a", "b")`` or ``x == "a"
        or x == "b"``: two), and one for any other test (``if not x``: the
        empty value)."""
        count = 0
        todo: list[cst.CSTNode] = [test]
        while todo:
            node = todo.pop()
            if type(node) is cst.Comparison:
                for target in node.comparisons:
                    ok, value = self._value(target.comparator)
                    if not ok and type(target.operator) in (cst.Equal, cst.NotEqual):
                        ok, value = self._value(node.left)  # ``"slow" == mode``
                    if ok:
                        count += len(value) if isinstance(value, list) else 1
            todo.extend(child_nodes(node))
        return max(count, 1)


def _returns(stmt: cst.If) -> bool:
    """Whether an ``if`` with no ``else`` ends the function in its body."""
    return stmt.orelse is None and terminates(suite_body(stmt.body))


def _wildcard_raises(stmt: cst.Match) -> bool:
    """Whether a ``match`` refuses every value its cases do not list: each
    case before an unguarded ``case _`` matches literal values only, and
    ``case _`` raises (``case "fast": ...``, ``case _: raise ValueError``)."""
    for case in stmt.cases:
        if type(case.pattern) is cst.MatchAs and case.pattern.pattern is None:
            return case.guard is None and ends_with_raise(suite_body(case.body))
        if not literal_pattern(case.pattern):
            return False
    return False


def _handed_message(body: Sequence[cst.BaseStatement]) -> bool:
    """Whether the last statement of ``body`` returns what a call handed
    only strings written there (``return self.fail(f"unknown mode {mode}")``) gives."""
    last = body[-1] if body else None
    if type(last) not in (cst.SimpleStatementLine, cst.SimpleStatementSuite):
        return False
    small = last.body[-1]  # type: ignore[union-attr]
    value = small.value if type(small) is cst.Return else None
    if type(value) is cst.Await:
        value = value.expression
    if type(value) is not cst.Call or not value.args:
        return False
    strings = (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)
    return all(not a.star and type(a.value) in strings for a in value.args)
