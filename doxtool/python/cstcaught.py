"""The checks at the start of a ``try`` body whose raise no handler that
goes on takes, read with libcst for the tool walk (:mod:`.contracts`; the
``ast`` side for helpers: :func:`~doxtool.python.caught.check_escapes`):
``if not x: raise Abort(...)``, ``class Abort(BaseException)``, under
``except Exception: log(...)`` leaves the call with an error all the same
(``except Exception`` takes only ``Exception`` subclasses)."""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

from doxtool.python.caught import base_only_builtin, exception_builtin
from doxtool.python.controlflow import contains_return


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


def escaping_checks(stmt: cst.Try, base_only: frozenset[str]) -> frozenset[int]:
    """The ids of the checks at the start of the body of ``stmt``, none but
    such checks before them, that raise a class ``except Exception`` does
    not take (``base_only``, or a builtin one), where each handler that does
    not raise takes only builtin ``Exception`` classes and no ``finally``
    returns."""
    if stmt.finalbody is not None and contains_return(stmt.finalbody):
        return frozenset()
    for handler in stmt.handlers:
        if _ends_with_raise(handler.body.body):
            continue
        if handler.type is None:
            return frozenset()
        kinds = (
            [e.value for e in handler.type.elements]
            if type(handler.type) is cst.Tuple
            else [handler.type]
        )
        if not all(type(k) is cst.Name and exception_builtin(k.value) for k in kinds):
            return frozenset()
    found: set[int] = set()
    for inner in stmt.body.body:
        if not _escaping_check(inner, base_only):
            break
        found.add(id(inner))
    return frozenset(found)


def _escaping_check(node: cst.BaseStatement, base_only: frozenset[str]) -> bool:
    if type(node) is not cst.If or node.orelse is not None:
        return False
    if type(node.body) is not cst.IndentedBlock:
        return False
    body = node.body.body
    if not _ends_with_raise(body):
        return False
    raised = body[-1].body[-1].exc  # type: ignore[union-attr]
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
