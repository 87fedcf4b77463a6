"""Control flow: does every path of a block end in ``return`` or ``raise``
(:func:`terminates`)? Is the statement after one never reached
(:func:`stops`: every path through it returns, raises, leaves its
loop with ``break`` or ``continue``)?

A call to a function that never returns (``sys.exit()``, or one of the
module's own that always raises) ends a path as a ``raise`` does; the caller
says which calls those are (``ends``). A ``with`` block whose context manager
may swallow an exception (``contextlib.suppress``; the caller says which:
``suppresses``) may go on past its body wherever that raises, so it ends no path.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import libcst as cst

from doxtool.core.literaleval import literal_eval
from doxtool.python.cstnodes import dotted_name, is_kind, statement_children, suite_body
from doxtool.python.noreturn import NO_RETURN

#: whether a statement's call (``f(x)`` or ``await f(x)``) never returns (it
#: always raises or exits)
Ends = Callable[[cst.BaseExpression], bool]
#: whether a ``with`` item's context manager may swallow an exception
Suppresses = Callable[[cst.WithItem], bool]

#: what ends a path in its function / what leaves the block it stands in
_RETURNS: tuple[type[cst.CSTNode], ...] = (cst.Return, cst.Raise)
_LEAVES: tuple[type[cst.CSTNode], ...] = (cst.Return, cst.Raise, cst.Break, cst.Continue)


def terminates(
    body: Sequence[cst.BaseStatement],
    ends: Ends | None = None,
    suppresses: Suppresses | None = None,
) -> bool:
    return _block_ends(body, _Flow(ends, suppresses, _RETURNS))


def stops(
    stmt: cst.BaseStatement, ends: Ends | None = None, suppresses: Suppresses | None = None
) -> bool:
    """Whether the statement after ``stmt`` in its block is never reached:
    every path through it returns, raises, leaves its loop (``break``,
    ``continue``) or calls what never returns."""
    return _statement_ends(stmt, _Flow(ends, suppresses, _LEAVES))


def small_stops(small: cst.BaseSmallStatement, ends: Ends | None = None) -> bool:
    """Whether the small statements after ``small`` on its line are never reached."""
    return _small_ends(small, _Flow(ends, None, _LEAVES))


class _Flow:
    """What ends a path: the statements (``kinds``) and the calls (``ends``);
    the context managers that may swallow an exception (``suppresses``)."""

    __slots__ = ("ends", "kinds", "suppresses")

    def __init__(
        self,
        ends: Ends | None,
        suppresses: Suppresses | None,
        kinds: tuple[type[cst.CSTNode], ...],
    ) -> None:
        self.ends, self.suppresses, self.kinds = ends, suppresses, kinds


def _block_ends(body: Sequence[cst.BaseStatement], flow: _Flow) -> bool:
    return any(_statement_ends(stmt, flow) for stmt in body)


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


def _small_ends(small: cst.BaseSmallStatement, flow: _Flow) -> bool:
    if type(small) in flow.kinds:
        return True
    if flow.ends is None:
        return False
    call = ending_call(small)
    return call is not None and flow.ends(call)


def _statement_ends(stmt: cst.BaseStatement, flow: _Flow) -> bool:
    if type(stmt) in (cst.SimpleStatementLine, cst.SimpleStatementSuite):
        return any(_small_ends(s, flow) for s in stmt.body)
    if type(stmt) is cst.If:
        if stmt.orelse is None:
            return False
        if not _block_ends(suite_body(stmt.body), flow):
            return False
        if type(stmt.orelse) is cst.If:
            return _statement_ends(stmt.orelse, flow)
        return _block_ends(suite_body(stmt.orelse.body), flow)
    if type(stmt) in (cst.Try, cst.TryStar):
        if stmt.finalbody is not None and _block_ends(suite_body(stmt.finalbody.body), flow):
            return True
        body_ends = _block_ends(suite_body(stmt.body), flow) or (
            stmt.orelse is not None and _block_ends(suite_body(stmt.orelse.body), flow)
        )
        return body_ends and all(_block_ends(suite_body(h.body), flow) for h in stmt.handlers)
    if type(stmt) is cst.With:
        if flow.suppresses is not None and any(flow.suppresses(item) for item in stmt.items):
            return False  # an exception its body raises may be swallowed: it goes on
        return _block_ends(suite_body(stmt.body), flow)
    if type(stmt) in (cst.While, cst.For):
        # a loop ends its block when nothing ``break``s out of it and either it
        # never stops (``while True``, ``while 1``) or its ``else`` (which runs
        # whenever it stops without a ``break``) ends it
        if _has_break(suite_body(stmt.body)):
            return False
        if type(stmt) is cst.While and _truthy_constant(stmt.test):
            return True
        return stmt.orelse is not None and _block_ends(suite_body(stmt.orelse.body), flow)
    if type(stmt) is cst.Match:
        irrefutable = any(
            type(c.pattern) is cst.MatchAs and c.pattern.pattern is None and c.guard is None
            for c in stmt.cases
        )
        return irrefutable and all(_block_ends(suite_body(c.body), flow) for c in stmt.cases)
    return False


def contains_return(stmt: cst.CSTNode) -> bool:
    """Whether a statement holds a ``return`` of its function (nested functions aside)."""
    return _holds(stmt, (cst.Return,))


def ends_with_raise(body: Sequence[cst.BaseStatement]) -> bool:
    """Whether a block that ends the function ends it with ``raise``."""
    last = body[-1] if body else None
    return type(last) in (cst.SimpleStatementLine, cst.SimpleStatementSuite) and any(
        type(small) is cst.Raise
        for small in last.body  # type: ignore[union-attr]
    )


def leaves_pass(stmt: cst.CSTNode) -> bool:
    """Whether a statement in a loop's body may end the pass, or the loop,
    before the statements after it run: it holds a ``return``, a ``break``
    or a ``continue`` (those of a nested loop too; nested functions aside)."""
    return _holds(stmt, (cst.Return, cst.Break, cst.Continue))


def ends_loop(stmt: cst.CSTNode) -> bool:
    """Whether a statement in a loop's body may end the loop, or the call,
    before its other passes run: it holds a ``return`` or a ``break``."""
    return _holds(stmt, (cst.Return, cst.Break))


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
            return bool(literal_eval(test.value))
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
