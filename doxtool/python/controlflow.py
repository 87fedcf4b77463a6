"""Control flow: does every path of a block end in ``return`` or ``raise``?"""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

from doxtool.python.cstnodes import is_kind, statement_children, suite_body


def terminates(body: Sequence[cst.BaseStatement]) -> bool:
    return any(_statement_terminates(stmt) for stmt in body)


def _statement_terminates(stmt: cst.BaseStatement) -> bool:
    if type(stmt) in (cst.SimpleStatementLine, cst.SimpleStatementSuite):
        return any(type(s) in (cst.Return, cst.Raise) for s in stmt.body)
    if type(stmt) is cst.If:
        if stmt.orelse is None:
            return False
        if not terminates(suite_body(stmt.body)):
            return False
        if type(stmt.orelse) is cst.If:
            return _statement_terminates(stmt.orelse)
        return terminates(suite_body(stmt.orelse.body))
    if type(stmt) in (cst.Try, cst.TryStar):
        if stmt.finalbody is not None and terminates(suite_body(stmt.finalbody.body)):
            return True
        body_ends = terminates(suite_body(stmt.body)) or (
            stmt.orelse is not None and terminates(suite_body(stmt.orelse.body))
        )
        return body_ends and all(terminates(suite_body(h.body)) for h in stmt.handlers)
    if type(stmt) is cst.With:
        return terminates(suite_body(stmt.body))
    if type(stmt) is cst.While:
        infinite = type(stmt.test) is cst.Name and stmt.test.value == "True"
        return infinite and not _has_break(suite_body(stmt.body))
    if type(stmt) is cst.Match:
        irrefutable = any(
            type(c.pattern) is cst.MatchAs and c.pattern.pattern is None for c in stmt.cases
        )
        return irrefutable and all(terminates(suite_body(c.body)) for c in stmt.cases)
    return False


def contains_return(stmt: cst.CSTNode) -> bool:
    """Whether a statement holds a ``return`` of its function (nested functions aside)."""
    todo: list[cst.CSTNode] = [stmt]
    while todo:
        current = todo.pop()
        if type(current) in (cst.SimpleStatementLine, cst.SimpleStatementSuite):
            if any(type(s) is cst.Return for s in current.body):
                return True
        elif type(current) in (cst.FunctionDef, cst.ClassDef):
            continue
        elif is_kind(current, cst.BaseCompoundStatement):
            todo.extend(statement_children(current))
    return False


def _has_break(body: Sequence[cst.BaseStatement]) -> bool:
    for stmt in body:
        if type(stmt) in (cst.SimpleStatementLine, cst.SimpleStatementSuite):
            if any(type(s) is cst.Break for s in stmt.body):
                return True
        elif type(stmt) in (cst.For, cst.While, cst.FunctionDef, cst.ClassDef):
            continue  # a break there leaves the inner loop only
        elif any(
            _has_break([child])
            for child in statement_children(stmt)
            if is_kind(child, cst.BaseStatement)
        ):
            return True
    return False


def last_small(stmt: cst.CSTNode) -> cst.CSTNode:
    """The statement to point at when a function falls off its end."""
    while True:
        if type(stmt) in (cst.SimpleStatementLine, cst.SimpleStatementSuite):
            return stmt.body[-1] if stmt.body else stmt
        if is_kind(stmt, cst.BaseCompoundStatement):
            return stmt
        return stmt
