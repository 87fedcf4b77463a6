"""Control flow: does every path of a block end in ``return`` or ``raise``?

A call to a function that never returns (``sys.exit()``, or one of the
module's own that always raises) ends a path as a ``raise`` does; the caller
says which calls those are (``ends``).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence

import libcst as cst

from doxtool.python.cstnodes import dotted_name, is_kind, statement_children, suite_body
from doxtool.python.noreturn import NO_RETURN

#: whether a statement's call (``f(x)`` or ``await f(x)``) never returns (it
#: always raises or exits)
Ends = Callable[[cst.BaseExpression], bool]


def terminates(body: Sequence[cst.BaseStatement], ends: Ends | None = None) -> bool:
    return any(_statement_terminates(stmt, ends) for stmt in body)


def never_returns_annotation(fn: cst.FunctionDef) -> bool:
    """Whether a function is annotated ``-> NoReturn`` or ``-> Never``."""
    if fn.returns is None:
        return False
    annotation = fn.returns.annotation
    if type(annotation) is cst.SimpleString:
        text = annotation.value.strip("\"'")
        return text.rsplit(".", 1)[-1] in NO_RETURN
    dotted = dotted_name(annotation)
    return dotted is not None and dotted[-1] in NO_RETURN


def ending_call(small: cst.BaseSmallStatement) -> cst.BaseExpression | None:
    """The call a statement is made of (``f(x)``, ``await f(x)``), if any."""
    if type(small) is not cst.Expr:
        return None
    value = small.value
    inner = value.expression if type(value) is cst.Await else value
    return value if type(inner) is cst.Call else None


def _small_ends(small: cst.BaseSmallStatement, ends: Ends | None) -> bool:
    if type(small) in (cst.Return, cst.Raise):
        return True
    if ends is None:
        return False
    call = ending_call(small)
    return call is not None and ends(call)


def _statement_terminates(stmt: cst.BaseStatement, ends: Ends | None = None) -> bool:
    if type(stmt) in (cst.SimpleStatementLine, cst.SimpleStatementSuite):
        return any(_small_ends(s, ends) for s in stmt.body)
    if type(stmt) is cst.If:
        if stmt.orelse is None:
            return False
        if not terminates(suite_body(stmt.body), ends):
            return False
        if type(stmt.orelse) is cst.If:
            return _statement_terminates(stmt.orelse, ends)
        return terminates(suite_body(stmt.orelse.body), ends)
    if type(stmt) in (cst.Try, cst.TryStar):
        if stmt.finalbody is not None and terminates(suite_body(stmt.finalbody.body), ends):
            return True
        body_ends = terminates(suite_body(stmt.body), ends) or (
            stmt.orelse is not None and terminates(suite_body(stmt.orelse.body), ends)
        )
        return body_ends and all(terminates(suite_body(h.body), ends) for h in stmt.handlers)
    if type(stmt) is cst.With:
        return terminates(suite_body(stmt.body), ends)
    if type(stmt) in (cst.While, cst.For):
        # a loop ends its block when nothing ``break``s out of it and either it
        # never stops (``while True``, ``while 1``) or its ``else`` (which runs
        # whenever it stops without a ``break``) ends it
        if _has_break(suite_body(stmt.body)):
            return False
        if type(stmt) is cst.While and _truthy_constant(stmt.test):
            return True
        return stmt.orelse is not None and terminates(suite_body(stmt.orelse.body), ends)
    if type(stmt) is cst.Match:
        irrefutable = any(
            type(c.pattern) is cst.MatchAs and c.pattern.pattern is None for c in stmt.cases
        )
        return irrefutable and all(terminates(suite_body(c.body), ends) for c in stmt.cases)
    return False


def contains_return(stmt: cst.CSTNode) -> bool:
    """Whether a statement holds a ``return`` of its function (nested functions aside)."""
    return _holds(stmt, (cst.Return,))


def leaves_pass(stmt: cst.CSTNode) -> bool:
    """Whether a statement in a loop's body may end the pass, or the loop,
    before the statements after it run: it holds a ``return``, a ``break``
    or a ``continue`` (those of a nested loop too; nested functions aside)."""
    return _holds(stmt, (cst.Return, cst.Break, cst.Continue))


def _holds(stmt: cst.CSTNode, kinds: tuple[type[cst.CSTNode], ...]) -> bool:
    """Whether a statement holds a small statement of one of ``kinds``
    (nested functions and classes aside)."""
    todo: list[cst.CSTNode] = [stmt]
    while todo:
        current = todo.pop()
        if type(current) in (cst.SimpleStatementLine, cst.SimpleStatementSuite):
            if any(type(s) in kinds for s in current.body):
                return True
        elif type(current) in (cst.FunctionDef, cst.ClassDef):
            continue
        elif is_kind(current, cst.BaseCompoundStatement):
            todo.extend(statement_children(current))
    return False


def _truthy_constant(test: cst.BaseExpression) -> bool:
    """Whether a loop's test is a literal that is always true (``True``, ``1``, ``"x"``)."""
    if type(test) is cst.Name:
        return test.value == "True"
    if type(test) in (cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString):
        try:
            return bool(ast.literal_eval(test.value))
        except (ValueError, SyntaxError):
            return False
    return False


def _has_break(body: Sequence[cst.BaseStatement]) -> bool:
    """Whether a ``break`` in ``body`` leaves the loop ``body`` belongs to."""
    for stmt in body:
        if type(stmt) in (cst.SimpleStatementLine, cst.SimpleStatementSuite):
            if any(type(s) is cst.Break for s in stmt.body):
                return True
        elif type(stmt) in (cst.For, cst.While):
            # a break in the inner loop's body leaves that loop only; one in
            # its ``else`` leaves this one
            if stmt.orelse is not None and _has_break(suite_body(stmt.orelse.body)):
                return True
        elif type(stmt) in (cst.FunctionDef, cst.ClassDef):
            continue
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
