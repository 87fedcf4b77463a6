"""``match`` statements in a tool's code (part of :class:`~doxtool.python.toolscan.ToolScan`).

A ``match`` on an argument is a dispatch on it (closed by an error
``case _``); a ``match`` on the arguments themselves reads the keys of its
mapping patterns.
"""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

from doxtool.python.controlflow import contains_return, ends_with_raise
from doxtool.python.cstnodes import suite_body
from doxtool.python.emptiness import nonempty_value, nonempty_when
from doxtool.python.literals import literal_value
from doxtool.python.matchpatterns import match_values, refuses_none
from doxtool.python.readvalues import raw_value
from doxtool.python.walkstate import Env

#: classes a ``case`` pattern names that ``""`` is no instance of
_NOT_STR = frozenset({"int", "float", "bool", "list", "dict", "tuple", "set"})


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
        #: a case that takes ``""`` and ends was walked: past it the subject is not empty
        assumed = False
        for index, case in enumerate(stmt.cases):
            if builder is not None:
                # ``case "auto":`` before ``case _: int(timeout)``: a value
                # the conversion does not convert (:mod:`~doxtool.python.argtypes`);
                # ``case "max":`` for a default of ``3``: not of one type
                builder.compare(match_values(case.pattern, self.module), raw_value(stmt.subject))
            if arg is not None and closed:
                values = match_values(case.pattern, self.module)
                rejects, env.closed_rejects = env.closed_rejects, id(stmt) in env.rejecting_ifs
                # ``case _: return self.fail(...)``: closed if that call refuses
                answered, env.closed_call = env.closed_call, env.closed_calls.get(id(stmt))
                self._closed_on(arg, values, env)
                env.closed_rejects, env.closed_call = rejects, answered
                for value in values:
                    self._add_enum(arg, value, self._folds(stmt.subject, env))
            if (
                builder is not None
                and env.collect_outcomes
                and (closed or any(contains_return(s) for s in suite_body(case.body)))
            ):
                self._accepting_case(case, builder, closed)
            guarded = self._enter_guard(case, index == 0, env)
            case_body = suite_body(case.body)
            # as in a branch of an ``if`` dispatch, its checks refuse defaults
            # on the calls that take it
            env.branch_body = case_body if dispatch else None
            self._arm_entry(case, case_body, env)
            env.undecided.extend([set()] if framed[index] else [])
            self._stmts(case_body, env)
            needs.append(env.undecided.pop() if framed[index] else set())
            if guarded:
                self._leave_presence(env)
                env.absent.pop()
                env.guards.pop()
            if not assumed and self._takes_blank_first(stmt.cases, index, env):
                # ``case None | "": return ...``: the later cases, and what
                # follows the ``match``, never see ``""``
                self._assume_nonempty(nonempty_value(stmt.subject), env)
                assumed = True
        env.conditional -= dispatch
        # the way past the cases, when none is irrefutable, needs nothing
        self._undecided_needs(needs + [set()] * (len(framed) - len(needs)), framed, env)

    def _enter_guard(self, case: cst.MatchCase, first: bool, env: Env) -> bool:
        """``case "delete" if self.args.get("force"):``: the guard reads the
        arguments it names, on the calls whose value the pattern matches
        (every call for a first ``case`` that matches anything), and in the
        body the keys it tests are present as under an ``if``. Whether it
        had a guard."""
        guard = case.guard
        if guard is None:
            return False
        some_calls = not (first and _irrefutable(case.pattern))
        stmt, env.stmt = env.stmt, case  # the guard's positions are in its ``case``
        env.branches += some_calls
        self._expr(guard, env)
        env.branches -= some_calls
        env.stmt = stmt
        env.guards.append(self._guards_of(guard, env)[0])
        env.absent.append(self._absent_of(guard, env)[0])
        self._enter_presence(guard, env)
        return True

    def _takes_blank_first(self, cases: Sequence[cst.MatchCase], index: int, env: Env) -> bool:
        """Whether ``cases[index]`` takes ``""`` whatever else holds (no
        guard), no case before it may, and its body always ends ``execute``
        or the function."""
        case = cases[index]
        patterns = (
            [e.pattern for e in case.pattern.patterns]
            if type(case.pattern) is cst.MatchOr
            else [case.pattern]
        )
        return (
            (
                (
                    case.guard is None
                    and any(
                        type(p) is cst.MatchValue
                        and literal_value(p.value, self.module) == (True, "")
                        for p in patterns
                    )
                )
                or _guard_takes_blank(case)
            )
            and all(_never_blank(c.pattern, self.module) for c in cases[:index])
            and self._ends_past_handlers(suite_body(case.body), env)  # type: ignore[attr-defined]
        )

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

    def _cases_refuse_blank(
        self, cases: list[cst.MatchCase], subject: cst.BaseExpression, env: Env
    ) -> bool:
        """Whether no case of ``cases`` takes ``""``: each one's pattern
        matches only other values (``case "a" | "b":``, ``case int():``) or
        its guard needs the subject not empty (``case str() if x.strip():``,
        ``case str(t) if t:``)."""
        arg = self._arg_of(subject, env)
        return (
            arg is not None
            and bool(cases)
            and all(self._case_refuses_blank(case, arg, env) for case in cases)
        )

    def _case_refuses_blank(self, case: cst.MatchCase, arg: str, env: Env) -> bool:
        if case.guard is not None:
            captured, bound = _captured(case.pattern), _bound(case.pattern)
            for value in nonempty_when(case.guard, True):
                name = value.value if type(value) is cst.Name else None
                if name in captured:
                    return True
                if name not in bound and self._arg_of(value, env) == arg:
                    return True
        return _never_blank(case.pattern, self.module)

    def _empty_case_contract(self, stmt: cst.Match, env: Env) -> None:
        """``match text: case "": raise ...`` (``case None``, ``case "" |
        None``) ends ``execute`` with an error for an empty (or missing)
        value, as ``if text == "": raise ...`` does, when no case before it
        may take that value."""
        arg = self._arg_of(stmt.subject, env)
        if arg is None:
            return
        for case in stmt.cases:
            kinds = _empty_kinds(case.pattern, self.module)
            if not kinds or case.guard is not None:
                if _never_blank(case.pattern, self.module) and refuses_none(case.pattern):
                    continue  # takes neither ``""`` nor ``None``
                return
            body = suite_body(case.body)
            error = self._error_exit(body, env)
            recovered = error and env.recovering > 0 and ends_with_raise(body)
            groups = lambda kinds=kinds: [{arg: kind} for kind in kinds]  # noqa: E731
            if (
                env.func is self.entry
                and not recovered
                and self._doubtful(body, error, groups, env)
            ):
                return  # ``case "": return self.fail(...)``: refused or handled
            if not error or (env.func is not self.entry and not ends_with_raise(body)):
                return
            builder = self._arg(arg)
            for kind in kinds:
                if recovered:
                    builder.recovered.add(kind)
                else:
                    builder.refusals.add(kind)
                    builder.contract_required = True
            return


def _empty_kinds(pattern: cst.MatchPattern, module: cst.Module) -> list[str]:
    """The kinds of empty value (``"blank"``, ``"none"``) a pattern matching
    nothing else matches: ``""``, ``None``, ``"" | None``; none otherwise."""
    patterns = [e.pattern for e in pattern.patterns] if type(pattern) is cst.MatchOr else [pattern]
    kinds: list[str] = []
    for element in patterns:
        if type(element) is cst.MatchValue and literal_value(element.value, module) == (True, ""):
            kinds.append("blank")
        elif (
            type(element) is cst.MatchSingleton
            and type(element.value) is cst.Name
            and element.value.value == "None"
        ):
            kinds.append("none")
        else:
            return []
    return sorted(set(kinds))


def _irrefutable(pattern: cst.MatchPattern) -> bool:
    """Whether a pattern matches every value: ``_``, ``x``, or an or-pattern with one of them."""
    if type(pattern) is cst.MatchAs:
        return pattern.pattern is None or _irrefutable(pattern.pattern)
    if type(pattern) is cst.MatchOr:
        return any(_irrefutable(element.pattern) for element in pattern.patterns)
    return False


def _guard_takes_blank(case: cst.MatchCase) -> bool:
    """Whether a ``case`` with a guard takes ``""``: its pattern matches any
    string (``case t``, ``case str(t)``) and its guard is true when the name
    bound to the subject is empty (``case t if not t:``, ``if len(t) == 0``)."""
    if case.guard is None:
        return False
    pattern = case.pattern
    captured = _captured(pattern)
    if not (_irrefutable(pattern) or _any_string(pattern)):
        return False
    return any(
        type(value) is cst.Name and value.value in captured
        for value in nonempty_when(case.guard, False)
    )


def _any_string(pattern: cst.MatchPattern) -> bool:
    """Whether a pattern matches every string: ``str()``, ``str(t)``, ``str() as t``."""
    if type(pattern) is cst.MatchAs and pattern.pattern is not None:
        return _any_string(pattern.pattern)
    if type(pattern) is not cst.MatchClass or pattern.kwds:
        return False
    if not (type(pattern.cls) is cst.Name and pattern.cls.value == "str"):
        return False
    if not pattern.patterns:
        return True
    inner = pattern.patterns[0].value
    return len(pattern.patterns) == 1 and type(inner) is cst.MatchAs and inner.pattern is None


def _captured(pattern: cst.MatchPattern) -> set[str]:
    """The names bound to the whole subject: ``case x``, ``case str() as x``, ``case str(x)``."""
    names: set[str] = set()
    if type(pattern) is cst.MatchAs and pattern.name is not None:
        names.add(pattern.name.value)
    if type(pattern) is cst.MatchAs and pattern.pattern is not None:
        names |= _captured(pattern.pattern)
    if type(pattern) is cst.MatchClass and len(pattern.patterns) == 1 and not pattern.kwds:
        inner = pattern.patterns[0].value
        is_str = type(pattern.cls) is cst.Name and pattern.cls.value == "str"
        if is_str and type(inner) is cst.MatchAs and inner.pattern is None and inner.name:
            names.add(inner.name.value)
    return names


def _bound(pattern: cst.CSTNode) -> set[str]:
    """Every name a pattern binds (a guard's use of one is not the subject's)."""
    names: set[str] = set()
    todo = [pattern]
    while todo:
        node = todo.pop()
        name = getattr(node, "name", None)
        if type(node) in (cst.MatchAs, cst.MatchStar) and type(name) is cst.Name:
            names.add(name.value)
        todo.extend(node.children)
    return names


def _never_blank(pattern: cst.MatchPattern, module: cst.Module) -> bool:
    """Whether a ``case`` pattern never matches ``""``: a literal other than
    ``""``, ``None``/``True``/``False``, a sequence, a mapping or a class
    other than ``str``."""
    if type(pattern) is cst.MatchValue:
        ok, value = literal_value(pattern.value, module)
        return ok and value != ""
    if type(pattern) in (cst.MatchSingleton, cst.MatchSequence, cst.MatchList, cst.MatchTuple):
        return True
    if type(pattern) is cst.MatchMapping:
        return True
    if type(pattern) is cst.MatchClass:
        return type(pattern.cls) is cst.Name and pattern.cls.value in _NOT_STR
    if type(pattern) is cst.MatchOr:
        return all(_never_blank(element.pattern, module) for element in pattern.patterns)
    if type(pattern) is cst.MatchAs and pattern.pattern is not None:
        return _never_blank(pattern.pattern, module)
    return False
