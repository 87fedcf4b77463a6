"""Where paths end in a function read with ``ast`` (the summaries of the
repository's helpers): does every path of a block end in ``return`` or
``raise`` (:func:`terminates`)? Which ``return`` and ``raise`` statements
can end a function, and past which statements does the rest of their block
never run (:func:`function_reach`)?

What follows a ``return``, a ``raise``, a ``break`` or ``continue``, or a
call that ends the process (``sys.exit()``) never runs; nor does a
``return`` or ``raise`` before a ``finally`` that always leaves end the
function: the ``finally`` overrides it. A ``with`` block whose context
manager swallows an exception (``contextlib.suppress``) goes on past a body
that raises. The ``libcst`` walk of a tool does the same:
:mod:`~doxtool.python.reach`.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from doxtool.python.caught import handler_goes_on, raises_past
from doxtool.python.names import dotted_parts
from doxtool.python.noreturn import EXIT_CALLS, NO_RETURN, SUPPRESSING

Resolve = Callable[[list[str]], "str | None"]
FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef

#: what ends a path in its function / what leaves the block it stands in
_RETURNS: tuple[type[ast.stmt], ...] = (ast.Return, ast.Raise)
_LEAVES: tuple[type[ast.stmt], ...] = (ast.Return, ast.Raise, ast.Break, ast.Continue)
_TRY = (ast.Try, getattr(ast, "TryStar", ast.Try))
_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
#: the last part of each of :data:`EXIT_CALLS`
_EXIT_NAMES = frozenset(name.rsplit(".", 1)[-1] for name in EXIT_CALLS)


def terminates(body: Sequence[ast.stmt], resolve: Resolve | None = None) -> bool:
    """Whether every path of a block ends in ``return`` or ``raise``."""
    return _block_ends(body, _RETURNS, resolve)


def raises_always(body: Sequence[ast.stmt]) -> bool:
    """Whether every path of a block ends in ``raise`` (or a call that exits)."""
    return _block_ends(body, (ast.Raise,), None)


@dataclass(slots=True)
class Reach:
    """Where the paths of a function end (:func:`function_reach`)."""

    #: the ``return`` and ``raise`` statements some path reaches and no
    #: ``finally`` overrides, in source order (nested functions aside)
    exits: list[ast.stmt] = field(default_factory=list)
    #: every path of the body returns or raises
    ends: bool = False
    #: ids of the statements past which the rest of their block never runs
    #: (those of nested functions too)
    cuts: set[int] = field(default_factory=set)
    #: the module's functions annotated ``NoReturn`` (qualified names)
    never: frozenset[str] = frozenset()
    #: the module's classes ``except Exception`` does not take
    #: (:func:`~doxtool.python.caught.base_only_classes`)
    base_only: frozenset[str] = frozenset()


def function_reach(
    node: FunctionNode,
    resolve: Resolve | None = None,
    never: frozenset[str] = frozenset(),
    base_only: frozenset[str] = frozenset(),
) -> Reach:
    """Where the paths of a function end, read in one pass over its body
    (``never``: the functions of the module annotated ``NoReturn``;
    ``base_only``: its classes ``except Exception`` does not take)."""
    reach = Reach(never=never, base_only=base_only)
    reach.ends = _block(node.body, resolve, reach, overridden=False)[0]
    return reach


def _block(
    body: Sequence[ast.stmt], resolve: Resolve | None, reach: Reach, overridden: bool
) -> tuple[bool, bool]:
    """(no path goes past the block, a ``break`` in it leaves the loop around
    it), recording its exits and cuts in ``reach``; past a statement no path
    goes past, nothing is read."""
    breaks = False
    for index, stmt in enumerate(body):
        ends, broke = _statement(stmt, resolve, reach, overridden)
        breaks |= broke
        if ends:
            if index + 1 < len(body):
                reach.cuts.add(id(stmt))
            return True, breaks
    return False, breaks


def _statement(
    stmt: ast.stmt, resolve: Resolve | None, reach: Reach, overridden: bool
) -> tuple[bool, bool]:
    """(no path goes past ``stmt``, a ``break`` in it leaves the loop around it)."""
    if isinstance(stmt, _RETURNS):
        if not overridden:
            reach.exits.append(stmt)
        return True, False
    if isinstance(stmt, (ast.Break, ast.Continue)):
        return True, isinstance(stmt, ast.Break)
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
        inner = Reach(cuts=reach.cuts, never=reach.never, base_only=reach.base_only)
        _block(stmt.body, resolve, inner, overridden=False)
        return False, False
    if isinstance(stmt, ast.If):
        then, broke = _block(stmt.body, resolve, reach, overridden)
        other, broke_else = _block(stmt.orelse, resolve, reach, overridden)
        return then and other, broke or broke_else
    if isinstance(stmt, (ast.With, ast.AsyncWith)):
        ends, broke = _block(stmt.body, resolve, reach, overridden)
        return ends and not _suppresses(stmt, resolve), broke
    if isinstance(stmt, _TRY):
        final = stmt.finalbody  # type: ignore[attr-defined]
        inner = overridden or _block_ends(final, _LEAVES, resolve)
        ends, breaks = _block(stmt.body, resolve, reach, inner)  # type: ignore[attr-defined]
        handled = True
        # ``try: raise Abort()`` (``class Abort(BaseException)``) under
        # ``except Exception: return x``: that handler never runs
        past = raises_past(stmt, reach.base_only)  # type: ignore[arg-type]
        for handler in stmt.handlers:  # type: ignore[attr-defined]
            if past and handler_goes_on(handler):
                continue
            done, broke = _block(handler.body, resolve, reach, inner)
            handled, breaks = handled and done, breaks or broke
        if not ends:  # the ``else`` runs when the body goes on
            ends, broke = _block(stmt.orelse, resolve, reach, inner)  # type: ignore[attr-defined]
            breaks |= broke
        final_ends, broke = _block(final, resolve, reach, overridden)
        return final_ends or (ends and handled), breaks or broke
    if isinstance(stmt, (ast.While, ast.For, ast.AsyncFor)):
        _, broke = _block(stmt.body, resolve, reach, overridden)  # its ``break``: this loop's
        other, broke_else = _block(stmt.orelse, resolve, reach, overridden)
        if broke:
            return False, broke_else
        if isinstance(stmt, ast.While) and _truthy_constant(stmt.test):
            return True, broke_else  # it never stops
        return other, broke_else  # the ``else`` runs whenever it stops
    if isinstance(stmt, ast.Match):
        ends, breaks = True, False
        for case in stmt.cases:
            done, broke = _block(case.body, resolve, reach, overridden)
            ends, breaks = ends and done, breaks or broke
        return ends and any(_catch_all(c) for c in stmt.cases), breaks
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
        return _exits(stmt.value, resolve, reach.never), False
    return False, False


def _catch_all(case: ast.match_case) -> bool:
    """``case _:`` or ``case name:``, with no guard."""
    pattern = case.pattern
    return isinstance(pattern, ast.MatchAs) and pattern.pattern is None and case.guard is None


def _suppresses(stmt: ast.With | ast.AsyncWith, resolve: Resolve | None) -> bool:
    """Whether a ``with`` statement's context manager may swallow an exception."""
    return any(
        isinstance(item.context_expr, ast.Call)
        and _named(item.context_expr, resolve) in SUPPRESSING
        for item in stmt.items
    )


def _exits(call: ast.Call, resolve: Resolve | None, never: frozenset[str] = frozenset()) -> bool:
    """Whether a call ends the process (``sys.exit(1)``) or is one of ``never``."""
    if never and _named(call, resolve) in never:
        return True
    func = call.func
    last = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    # a callee named otherwise is none of them (and is not resolved)
    return last in _EXIT_NAMES and _named(call, resolve) in EXIT_CALLS


def _block_ends(
    body: Sequence[ast.stmt], kinds: tuple[type[ast.stmt], ...], resolve: Resolve | None
) -> bool:
    return any(_ends(stmt, kinds, resolve) for stmt in body)


def _ends(stmt: ast.stmt, kinds: tuple[type[ast.stmt], ...], resolve: Resolve | None) -> bool:
    if isinstance(stmt, kinds):
        return True
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
        return _exits(stmt.value, resolve)
    if isinstance(stmt, ast.If):
        return _block_ends(stmt.body, kinds, resolve) and _block_ends(stmt.orelse, kinds, resolve)
    if isinstance(stmt, (ast.With, ast.AsyncWith)):
        return _block_ends(stmt.body, kinds, resolve) and not _suppresses(stmt, resolve)
    if isinstance(stmt, _TRY):
        if _block_ends(stmt.finalbody, kinds, resolve):  # type: ignore[attr-defined]
            return True
        body = _block_ends(stmt.body, kinds, resolve) or _block_ends(stmt.orelse, kinds, resolve)  # type: ignore[attr-defined]
        return body and all(_block_ends(h.body, kinds, resolve) for h in stmt.handlers)  # type: ignore[attr-defined]
    if isinstance(stmt, (ast.While, ast.For, ast.AsyncFor)):
        if _breaks(stmt.body):
            return False
        # nothing leaves it early: it ends its block when it never stops
        # (``while True``, ``while 1``) or when its ``else`` (run whenever it
        # stops) does
        if isinstance(stmt, ast.While) and _truthy_constant(stmt.test):
            return True
        return _block_ends(stmt.orelse, kinds, resolve)
    if isinstance(stmt, ast.Match):
        return any(_catch_all(c) for c in stmt.cases) and all(
            _block_ends(c.body, kinds, resolve) for c in stmt.cases
        )
    return False


def _named(call: ast.Call, resolve: Resolve | None) -> str | None:
    """The dotted name a call's callee resolves to (as written when not known)."""
    dotted = dotted_parts(call.func)
    if dotted is None:
        return None
    return (resolve(dotted) if resolve is not None else None) or ".".join(dotted)


def _breaks(body: Sequence[ast.stmt]) -> bool:
    """Whether a ``break`` in ``body`` leaves the loop ``body`` belongs to (one
    in an inner loop's body leaves that loop only, one in its ``else`` this one)."""
    todo = list(body)
    while todo:
        stmt = todo.pop()
        if isinstance(stmt, ast.Break):
            return True
        if isinstance(stmt, (ast.For, ast.AsyncFor, ast.While)):
            todo.extend(stmt.orelse)
        elif not isinstance(stmt, _DEFS):
            for field in ("body", "orelse", "finalbody"):
                block = getattr(stmt, field, None)
                if isinstance(block, list):
                    todo.extend(block)
            for handler in getattr(stmt, "handlers", None) or ():
                todo.extend(handler.body)
            for case in getattr(stmt, "cases", None) or ():
                todo.extend(case.body)
    return False


def _truthy_constant(test: ast.expr) -> bool:
    """Whether a loop's test is a literal that is always true (``True``, ``1``, ``"x"``)."""
    return isinstance(test, ast.Constant) and test.value is not None and bool(test.value)


def annotated_no_return(node: FunctionNode) -> bool:
    """Whether a function is annotated ``-> NoReturn`` or ``-> Never``."""
    annotation = node.returns
    if annotation is None:
        return False
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        return annotation.value.rsplit(".", 1)[-1] in NO_RETURN
    dotted = dotted_parts(annotation)
    return dotted is not None and dotted[-1] in NO_RETURN
