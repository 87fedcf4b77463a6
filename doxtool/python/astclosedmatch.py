"""A ``match`` that refuses every value its cases do not list (part of
the values of :mod:`~doxtool.python.keyvalues`): ``match x: case "a":
... case "b" | "c": ... case _: raise ...``, as an ``if``/``elif`` chain
whose ``else`` raises (:func:`closed_chain`)."""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

from doxtool.core.literaleval import literal_eval


def closed_match(stmt: ast.Match, names: dict[str, Any]) -> tuple[str, list[Any]] | None:
    """The name a ``match`` tests (one of ``names``) and the literals (strings
    and integers) its cases list, when every case but a last unguarded
    ``case _`` that raises names literals only, with no guard; None else."""
    subject = stmt.subject
    if not isinstance(subject, ast.Name) or subject.id not in names or not stmt.cases:
        return None
    *cases, last = stmt.cases
    wildcard = isinstance(last.pattern, ast.MatchAs) and last.pattern.pattern is None
    if not wildcard or last.guard is not None or not isinstance(last.body[-1], ast.Raise):
        return None
    values: list[Any] = []
    for case in cases:
        found = None if case.guard is not None else _pattern_literals(case.pattern)
        if not found:
            return None
        values.extend(v for v in found if v not in values)
    return (subject.id, values) if values else None


def _pattern_literals(pattern: ast.pattern) -> list[Any] | None:
    """The literals a pattern of literals only names (``"a" | "b"``); None
    for any other pattern."""
    if isinstance(pattern, ast.MatchOr):
        out: list[Any] = []
        for element in pattern.patterns:
            found = _pattern_literals(element)
            if found is None:
                return None
            out.extend(found)
        return out
    if not isinstance(pattern, ast.MatchValue):
        return None
    try:
        value = literal_eval(pattern.value)
    except (ValueError, SyntaxError, TypeError, RecursionError, MemoryError):
        return None
    if not isinstance(value, (str, int)) or isinstance(value, bool):
        return None
    return [value]


def closed_chain(
    stmt: ast.If,
    following: list[ast.stmt],
    tested: Callable[[ast.expr], tuple[str, list[Any]] | None],
) -> tuple[str, list[Any]] | None:
    """The name an ``if``/``elif`` chain tests against literals in every
    test (``tested`` reads one: ``==``, ``in``), and those literals, when
    its final ``else`` raises, or, with no ``else``, each arm ends with a
    ``return`` or a ``raise`` and the statement ``following`` the chain
    raises (``if x == "a": return ...``, ``elif x == "b": return ...``,
    ``raise ValueError(...)``); None for any other chain."""
    arms: list[ast.stmt] = []
    subject: str | None = None
    values: list[Any] = []
    node = stmt
    while True:
        found = tested(node.test)
        if found is None or subject not in (None, found[0]):
            return None
        subject = found[0]
        values.extend(v for v in found[1] if v not in values)
        arms.append(node.body[-1])
        if len(node.orelse) == 1 and isinstance(node.orelse[0], ast.If):
            node = node.orelse[0]
            continue
        if not node.orelse:  # a ``raise`` past arms that all end the function
            ended = all(isinstance(arm, (ast.Return, ast.Raise)) for arm in arms)
            raised = ended and bool(following) and isinstance(following[0], ast.Raise)
            return (subject, values) if raised else None
        return (subject, values) if isinstance(node.orelse[-1], ast.Raise) else None
