"""The checks at the start of a ``try`` body whose raise no handler that
goes on takes, read with libcst for the tool walk (:mod:`.contracts`; the
``ast`` side for helpers: :func:`~doxtool.python.caught.check_escapes`):
``if not x: raise Abort(...)``, ``class Abort(BaseException)``, under
``except Exception: log(...)`` leaves the call with an error all the same
(``except Exception`` takes only ``Exception`` subclasses)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

import libcst as cst

from doxtool.python.caught import base_only_builtin, exception_builtin
from doxtool.python.controlflow import contains_return
from doxtool.python.cstnodes import dotted_name, is_kind, statement_children
from doxtool.python.excclasses import leaves_with_error, raised_class
from doxtool.python.raisecatch import handler_kinds, handler_names


def base_only_classes(module: cst.Module) -> frozenset[str]:
    """The names of the module-level classes that derive from
    ``BaseException`` and not from ``Exception``, as their bases say (as
    :func:`doxtool.python.caught.base_only_classes`)."""
    classes = [s for s in module.body if type(s) is cst.ClassDef]
    found: set[str] = set()
    changed = True
    while changed:
        changed = False
        for node in classes:
            name = node.name.value
            if name in found or not node.bases or node.keywords:
                continue
            if all(
                b.keyword is None
                and type(b.value) is cst.Name
                and (b.value.value in found or base_only_builtin(b.value.value))
                for b in node.bases
            ):
                found.add(name)
                changed = True
    return frozenset(found)


def reached_return(stmt: cst.CSTNode, base_only: frozenset[str]) -> bool:
    """Whether a statement holds a ``return`` of its function some path may
    reach (nested functions aside), as :func:`~doxtool.python.controlflow.contains_return`
    but for the handlers that never run: those that go on under a ``try``
    whose body raises past them (:func:`raises_past`)."""
    todo: list[cst.CSTNode] = [stmt]
    while todo:
        current = todo.pop()
        if type(current) in (cst.SimpleStatementLine, cst.SimpleStatementSuite):
            if any(type(s) is cst.Return for s in current.body):  # type: ignore[attr-defined]
                return True
        elif type(current) in (cst.FunctionDef, cst.ClassDef):
            continue
        elif type(current) is cst.Try and raises_past(current, base_only):
            todo.extend(current.body.body)
            for handler in current.handlers:
                if _ends_with_raise(handler.body.body):
                    todo.extend(handler.body.body)
            if current.finalbody is not None:
                todo.extend(current.finalbody.body.body)
        elif is_kind(current, cst.BaseCompoundStatement):
            todo.extend(statement_children(current))
    return False


def raises_past(stmt: cst.Try, base_only: frozenset[str]) -> bool:
    """Whether every path of the body of ``stmt`` leaves it with a raise no
    handler that goes on takes: its last statement raises a class ``except
    Exception`` does not take (``raise Abort()``), each one before it is such
    a check (:func:`escaping_checks`), and no ``finally`` returns (as
    :func:`doxtool.python.caught.raises_past`)."""
    body = stmt.body.body
    if not body or not _ends_with_raise(body):
        return False
    last = body[-1]
    if type(last) is not cst.SimpleStatementLine or len(last.body) != 1:
        return False
    checks = escaping_checks(stmt, base_only)
    return (
        all(id(s) in checks for s in body[:-1])
        and _base_only_raise(
            last.body[0],  # type: ignore[arg-type]
            base_only,
        )
        and _handlers_take_exceptions(stmt)
    )


def escaping_checks(
    stmt: cst.Try,
    base_only: frozenset[str],
    bound: Collection[str] = frozenset(),
    classes: Collection[str] = frozenset(),
    ending: Collection[int] | None = None,
) -> frozenset[int]:
    """The ids of the checks at the start of the body of ``stmt``, none but
    such checks before them, whose raise no handler that does not raise
    itself may take (:mod:`~doxtool.python.excclasses`: ``raise
    ValueError(...)`` under ``except KeyError``; a class of the module that
    derives from ``BaseException`` only, ``base_only``, under ``except
    Exception``), where no ``finally`` returns; ``bound``: the names the
    module binds, ``classes``: the classes it defines; ``ending``: the
    handlers (by id) that end the call with an error (a raise, a returned
    error ``Response``; by default those that raise). The first handler
    that may take the raise decides: one that ends so, surely taking it,
    leaves the check a refusal; one that recovers makes it none."""
    if stmt.finalbody is not None and contains_return(stmt.finalbody):
        return frozenset()
    found: set[int] = set()
    for inner in stmt.body.body:
        if not _escaping_check(inner, stmt, base_only, bound, classes, ending):
            break
        found.add(id(inner))
    return frozenset(found)


def _handlers_take_exceptions(stmt: cst.Try) -> bool:
    """Whether each handler of ``stmt`` that does not raise takes only
    builtin ``Exception`` classes."""
    for handler in stmt.handlers:
        if _ends_with_raise(handler.body.body):
            continue
        if handler.type is None:
            return False
        kinds = handler_kinds(handler)
        if not all(type(k) is cst.Name and exception_builtin(k.value) for k in kinds):
            return False
    return True


def _escaping_check(
    node: cst.BaseStatement,
    stmt: cst.Try,
    base_only: frozenset[str],
    bound: Collection[str],
    classes: Collection[str],
    ending: Collection[int] | None,
) -> bool:
    if type(node) is not cst.If or node.orelse is not None:
        return False
    if type(node.body) is not cst.IndentedBlock:
        return False
    body = node.body.body
    if not _ends_with_raise(body):
        return False
    raise_ = body[-1].body[-1]  # type: ignore[union-attr]
    exc = raise_.exc  # type: ignore[union-attr]
    if type(exc) is cst.Call:
        exc = exc.func
    dotted = dotted_name(exc) if exc is not None else None
    if dotted is None:
        return False
    raised = raised_class(".".join(dotted), bound, classes, base_only)

    def ends(handler: cst.ExceptHandler) -> bool:
        return _ends_with_raise(handler.body.body) if ending is None else id(handler) in ending

    return leaves_with_error(stmt.handlers, handler_names, ends, raised)


def _base_only_raise(small: cst.BaseSmallStatement, base_only: frozenset[str]) -> bool:
    """Whether ``small`` raises a class ``except Exception`` does not take."""
    if type(small) is not cst.Raise or small.exc is None:
        return False
    raised = small.exc
    if type(raised) is cst.Call:
        raised = raised.func
    return type(raised) is cst.Name and (
        raised.value in base_only or base_only_builtin(raised.value)
    )


def _ends_with_raise(body: Sequence[cst.BaseStatement]) -> bool:
    last = body[-1] if body else None
    return (
        type(last) is cst.SimpleStatementLine
        and bool(last.body)
        and type(last.body[-1]) is cst.Raise
    )
