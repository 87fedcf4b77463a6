"""Whether a ``raise`` of a known class may be caught by the ``try``
statements around it, read with libcst for the tool walk
(:mod:`~doxtool.python.raises`).

Each enclosing ``try`` body with handlers is one entry of
:attr:`~doxtool.python.walkstate.Env.catchers` (its handlers); a ``with
suppress(...)``, a ``finally`` that always leaves, and a ``try`` whose
``finally`` may leave (:func:`finally_may_leave`) are entries of ``None``
(it may swallow anything). A handler takes the raised class surely, never
or perhaps (:mod:`~doxtool.python.excclasses`). A handler whose body ends
with ``raise`` (or ``raise`` of its own ``as`` name), simple statements that
do not leave before it (``log.error(e)``; not ``sys.exit(1)`` nor a call of
the module's that always raises, past which the ``raise`` never runs) and
none rebinding that name, passes the exception on. The raise gets out of a
``try`` when no handler may take it or the first that surely does passes
it on, each before it passing it on too or never taking it."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

import libcst as cst

from doxtool.python.controlflow import small_stops
from doxtool.python.cstnodes import child_nodes, descendants, dotted_name
from doxtool.python.excclasses import NEVER, SURE, RaisedClass, handler_verdict, raised_class

#: statements that leave a handler's body
_LEAVING = (cst.Return, cst.Break, cst.Continue, cst.Raise)

#: handlers of one ``try`` body; None: a ``with suppress(...)`` or an
#: overriding ``finally``, which may swallow anything
Catcher = "tuple[cst.ExceptHandler, ...] | None"


def _passes_on(
    handler: cst.ExceptHandler, ends: Callable[[cst.BaseExpression], bool] | None = None
) -> bool:
    """Whether the handler's body ends with a ``raise`` of what it caught,
    after simple statements none of which leaves it (``log.error(e)``) nor
    calls what never returns (``ends``: ``sys.exit(1)``)."""
    body = handler.body.body
    if not body or not all(type(s) is cst.SimpleStatementLine for s in body):
        return False
    smalls = [small for line in body for small in line.body]  # type: ignore[attr-defined]
    last = smalls[-1]
    if any(small_stops(s, ends) for s in smalls[:-1]):
        return False
    if type(last) is not cst.Raise or last.cause is not None:
        return False
    exc = last.exc
    if exc is None:
        return True
    own = handler.name
    return (
        type(exc) is cst.Name
        and own is not None
        and type(own.name) is cst.Name
        and exc.value == own.name.value
        and not any(_binds(small, exc.value) for small in smalls[:-1])
    )


def _binds(small: cst.BaseSmallStatement, name: str) -> bool:
    """Whether the simple statement binds or deletes ``name`` anywhere in
    it (``err = RuntimeError(str(err))``, ``(err := ...)``, ``del err``):
    ``raise err`` then raises what it holds, not what was caught."""
    targets: list[cst.CSTNode] = []
    if type(small) is cst.Assign:
        targets = [t.target for t in small.targets]
    elif type(small) in (cst.AnnAssign, cst.AugAssign):
        targets = [small.target]  # type: ignore[attr-defined]
    elif type(small) is cst.Del:
        targets = [small.target]
    elif type(small) in (cst.Global, cst.Nonlocal, cst.Import, cst.ImportFrom):
        return True  # what it binds is not read here
    targets += [n.target for n in descendants(small) if type(n) is cst.NamedExpr]
    return any(type(n) is cst.Name and n.value == name for t in targets for n in descendants(t))


def _takes(handler: cst.ExceptHandler, raised: RaisedClass) -> str:
    """How surely ``handler`` takes the class ``raised``."""
    return handler_verdict(handler_names(handler), raised)


def handler_names(handler: cst.ExceptHandler) -> list[str | None] | None:
    """The dotted names of the classes a handler names (``None`` for an
    expression that is no name), ``None`` for a bare ``except``."""
    if handler.type is None:
        return None
    names: list[str | None] = []
    for kind in handler_kinds(handler):
        dotted = dotted_name(kind)
        names.append(None if dotted is None else ".".join(dotted))
    return names


def handler_kinds(handler: cst.ExceptHandler) -> list[cst.BaseExpression]:
    """The classes a handler with a type names (``except (A, B)``: both)."""
    kind = handler.type
    assert kind is not None
    return [e.value for e in kind.elements] if type(kind) is cst.Tuple else [kind]


def _escapes_try(handlers: Sequence[cst.ExceptHandler], raised: RaisedClass) -> bool:
    for handler in handlers:
        verdict = _takes(handler, raised)
        if verdict == NEVER:
            continue
        if not _passes_on(handler, raised.ends):
            return False
        if verdict == SURE:
            return True
    return True


def may_be_caught(
    exc: cst.BaseExpression,
    catchers: Sequence[tuple[cst.ExceptHandler, ...] | None],
    trying: int,
    bound: Collection[str],
    classes: Collection[str],
    base_only: Collection[str],
    ends: Callable[[cst.BaseExpression], bool] | None = None,
) -> bool:
    """Whether the ``try`` statements around ``raise exc`` may catch it
    (``trying``: how many there are; ``bound``: the module's names that are
    not Python's builtins, ``classes``: the classes it defines, ``base_only``
    those of them that derive from ``BaseException`` and not ``Exception``;
    ``ends``: whether a call never returns)."""
    if not trying:
        return False
    if len(catchers) != trying:
        return True  # some of them are not known here (a caller's)
    if type(exc) is cst.Call:
        exc = exc.func
    dotted = dotted_name(exc)
    if dotted is None:
        return True
    name = ".".join(dotted)
    raised = raised_class(name, bound, classes, base_only, ends)  # Python's own unless bound
    return any(entry is None or not _escapes_try(entry, raised) for entry in reversed(catchers))


def finally_may_leave(stmt: cst.Try | cst.TryStar) -> bool:
    """Whether the ``finally`` of ``stmt`` holds a ``return``, ``break``,
    ``continue`` or ``raise`` outside a nested function or class (``if
    quiet: return Response(...)``): on the calls that reach it, what the
    body raised is dropped, so its handlers may be said to take anything."""
    if stmt.finalbody is None:
        return False
    todo: list[cst.CSTNode] = [stmt.finalbody]
    while todo:
        node = todo.pop()
        if type(node) in _LEAVING:
            return True
        if type(node) not in (cst.FunctionDef, cst.ClassDef, cst.Lambda):
            todo.extend(child_nodes(node))
    return False
