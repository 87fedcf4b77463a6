"""``match`` statements in a tool's code (part of :class:`~doxtool.python.toolscan.ToolScan`).

A ``match`` on an argument is a dispatch on it (closed by an error
``case _``); a ``match`` on the arguments themselves reads the keys of its
mapping patterns.
"""

from __future__ import annotations

import libcst as cst

from doxtool.python.controlflow import contains_return
from doxtool.python.cstnodes import suite_body
from doxtool.python.literals import literal_value
from doxtool.python.matchpatterns import match_values
from doxtool.python.walkstate import Env


class MatchWalk:
    """``match`` statements: a part of :class:`~doxtool.python.toolscan.ToolScan`."""

    def _match(self, stmt: cst.Match, env: Env) -> None:
        self._expr(stmt.subject, env)
        if self._is_dict_source(stmt.subject, env):
            for case in stmt.cases:
                self._mapping_reads(case.pattern, env)
        arg = self._arg_of(stmt.subject, env)
        if arg is not None and self._hides_missing(stmt.subject, env):
            self._arg(arg).missing_unknown = True
        closed = id(stmt) in env.closed_ifs
        dispatch = self._mentions_arguments(stmt.subject, env)
        framed = self._undecided_cases(stmt, env)
        needs: list[set[str]] = []
        env.conditional += dispatch
        builder = self.args.get(arg) if arg is not None else None
        for index, case in enumerate(stmt.cases):
            if arg is not None and closed:
                values = match_values(case.pattern, self.module)
                self._closed_on(arg, values, env)
                for value in values:
                    self._add_enum(arg, value)
            if (
                builder is not None
                and env.collect_outcomes
                and (closed or any(contains_return(s) for s in suite_body(case.body)))
            ):
                self._accepting_case(case, builder, closed)
            case_body = suite_body(case.body)
            self._arm_entry(case, case_body, env)
            env.undecided.extend([set()] if framed[index] else [])
            self._stmts(case_body, env)
            needs.append(env.undecided.pop() if framed[index] else set())
        env.conditional -= dispatch
        # the way past the cases, when none is irrefutable, needs nothing
        self._undecided_needs(needs + [set()] * (len(framed) - len(needs)), framed, env)

    def _mapping_reads(self, pattern: cst.MatchPattern, env: Env) -> None:
        """``match self.args: case {"text": str(t)}``: each key of a mapping
        pattern is read, as ``"text" in self.args`` reads it; ``**rest``
        takes every other argument."""
        todo: list[cst.MatchPattern] = [pattern]
        while todo:
            current = todo.pop()
            if type(current) is cst.MatchOr:
                todo.extend(element.pattern for element in current.patterns)
            elif type(current) is cst.MatchAs and current.pattern is not None:
                todo.append(current.pattern)
            elif type(current) is cst.MatchMapping:
                for element in current.elements:
                    ok, value = literal_value(element.key, self.module)
                    if not ok or isinstance(value, str):  # ``{0: x}`` matches no argument
                        self._read(element.key, element.key, "contains", env)
                if current.rest is not None:
                    self._wholesale(current, env)
