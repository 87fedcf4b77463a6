"""Contracts of a ``match`` statement (part of
:class:`~doxtool.python.toolscan.ToolScan`, through
:class:`~doxtool.python.contracts.Contracts`).

``match x:`` whose last ``case _`` ends ``execute`` with an error refuses
what no other case takes, as the end of an ``if`` chain does
(:mod:`~doxtool.python.dispatchends`).
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from doxtool.python.arms import refuses_untaken
from doxtool.python.controlflow import ends_with_raise
from doxtool.python.cstnodes import suite_body
from doxtool.python.matchpatterns import match_values, refuses_none
from doxtool.python.walkstate import Env


class MatchContracts:
    """The contract a ``match`` statement's last case makes."""

    module: cst.Module
    entry: Any

    def _match_contract(self, stmt: cst.Match, env: Env) -> None:
        """``match x:`` whose last ``case _`` ends ``execute`` with an error and
        whose other cases match no ``None`` (``case str() if x.strip():``,
        ``case "a" | "b":``): a missing ``x`` is an error, as ``if x is None``."""
        self._empty_case_contract(stmt, env)  # type: ignore[attr-defined]
        arg = self._arg_of(stmt.subject, env)
        cases = list(stmt.cases)
        last = cases[-1].pattern if cases else None
        if arg is None or len(cases) < 2 or cases[-1].guard is not None:
            return
        if not (type(last) is cst.MatchAs and last.pattern is None):
            return
        body = suite_body(cases[-1].body)
        refuses = self._wildcard_refuses(stmt, env)
        if refuses is None:
            return  # ``case _: return Response("No notes yet.")``: maybe the answer
        none_refused = all(refuses_none(case.pattern) for case in cases[:-1])
        # ``case str() if x.strip():`` refuses ``""`` too (:mod:`~doxtool.python.matchwalk`)
        blank = self._cases_refuse_blank(cases[:-1], stmt.subject, env)
        kinds = ["none"] * none_refused + ["blank"] * blank
        error = self._error_exit(body, env)
        recovered = error and env.recovering > 0 and ends_with_raise(body)
        if (
            env.func is self.entry
            and kinds
            and not recovered
            and self._doubtful(body, error, lambda: [{arg: k} for k in kinds], env)
        ):
            return  # ``case _: return self.fail(...)``: refused or handled
        if not error or not (self._ends_execute(env) or ends_with_raise(body)):
            return
        builder = self._arg(arg)
        if not refuses:  # an error or the answer: needed on some calls, maybe
            builder.branch_refusals.update(kinds)
            return
        for kind in kinds:
            if env.recovering > 0 and ends_with_raise(body):
                builder.recovered.add(kind)
            else:
                builder.refusals.add(kind)
                builder.contract_required = True

    def _wildcard_refuses(self, stmt: cst.Match, env: Env) -> bool | None:
        """Whether the last case (``case _``, ``case other``) of a ``match``
        refuses what no other case takes, as the end of an ``if`` chain is
        read (:mod:`~doxtool.python.dispatchends`): True when it raises, or
        returns a ``Response`` after cases that take two values or more.
        Past a single value (``case "json": ...``) a ``Response`` may as well
        be the tool's answer (``case _: return Response("No notes yet.")``):
        None; False when it names the value (``f"unknown format {fmt}"``),
        which an error does, and an answer may (``f"added {other}"``)."""
        last = stmt.cases[-1]
        body = suite_body(last.body)
        if not self._error_exit(body, env) or ends_with_raise(body):
            return True  # (what else it does is not this question: ``return self.fail(...)``)
        tested = sum(max(len(match_values(c.pattern, self.module)), 1) for c in stmt.cases[:-1])
        if tested > 1:
            return True
        subjects: list[cst.BaseExpression] = [stmt.subject]
        if type(last.pattern) is cst.MatchAs and last.pattern.name is not None:
            subjects.append(last.pattern.name)
        return False if refuses_untaken(body, subjects) else None
