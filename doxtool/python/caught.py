"""Which ``raise`` statements of a function a ``try`` around them catches for
good, read with ``ast`` for the summaries of helpers
(:mod:`doxtool.python.exits`).

A raise in the body of a ``try`` is caught by a handler of that ``try`` that
surely takes it: a bare ``except``, ``except BaseException``, ``except
Exception`` (unless the raise is of a class that derives from
``BaseException`` only: ``SystemExit``, ``KeyboardInterrupt``,
``GeneratorExit``, ``asyncio.CancelledError``), or the raised class itself
(alone or in a tuple). It is caught for good when neither that handler nor a
handler before it that may take it (any other class may be a base of the
raised one) raises it again (a bare ``raise``, ``raise exc`` of the name the
handler binds; not past a statement of the handler's block that always
leaves it, ``sys.exit(1)`` or ``return``); a handler that raises another
error (``raise RepairableException(...) from exc``) has that raise of its own. A raise no
``try`` of the function catches for good still leaves it.

:func:`check_escapes` tells a check at the start of a ``try`` body whose
raise no handler that goes on takes (``raise Abort(...)``, ``class
Abort(BaseException)``, under ``except Exception: log(...)``): the key it
refuses is needed as outside the ``try`` (:mod:`.astkeychecks`; the tool
walk's side: :mod:`.cstcaught`).
"""

from __future__ import annotations

import ast
import builtins
from collections.abc import Callable, Collection, Sequence

from doxtool.python.astparse import statements
from doxtool.python.excclasses import leaves_with_error, raised_class
from doxtool.python.names import dotted_parts
from doxtool.python.noreturn import EXIT_CALLS
from doxtool.python.pathorigins import bound_names

#: builtin exceptions that derive from ``BaseException`` but not ``Exception``
_BASE_ONLY = frozenset(
    {"SystemExit", "KeyboardInterrupt", "GeneratorExit", "CancelledError", "BaseExceptionGroup"}
)
_TRY = (ast.Try, getattr(ast, "TryStar", ast.Try))
_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
Name = Callable[[ast.expr], "str | None"]


def caught_raises(
    body: Sequence[ast.stmt], name: Name, base_only: frozenset[str] = frozenset()
) -> set[int]:
    """The ids of the ``raise`` statements of ``body`` (nested functions
    aside) a ``try`` of it catches for good; ``name`` gives the qualified
    name of a raised or caught class (``None`` when not known);
    ``base_only``: the module's classes ``except Exception`` does not take
    (:func:`base_only_classes`)."""
    caught: set[int] = set()
    _visit(body, [], name, caught, base_only)
    return caught


def _visit(
    body: Sequence[ast.stmt],
    tries: list[list[ast.ExceptHandler]],
    name: Name,
    caught: set[int],
    base_only: frozenset[str],
) -> None:
    for stmt in body:
        if isinstance(stmt, _DEFS):
            continue
        if isinstance(stmt, ast.Raise):
            if stmt.exc is not None and _caught(stmt.exc, tries, name, base_only):
                caught.add(id(stmt))
            continue
        if isinstance(stmt, _TRY):
            inner = [*tries, stmt.handlers]  # type: ignore[attr-defined]
            _visit(stmt.body, inner, name, caught, base_only)  # type: ignore[attr-defined]
            for handler in stmt.handlers:  # type: ignore[attr-defined]
                _visit(handler.body, tries, name, caught, base_only)
            _visit(stmt.orelse, tries, name, caught, base_only)  # type: ignore[attr-defined]
            _visit(stmt.finalbody, tries, name, caught, base_only)  # type: ignore[attr-defined]
            continue
        for field in ("body", "orelse"):
            block = getattr(stmt, field, None)
            if isinstance(block, list):
                _visit(block, tries, name, caught, base_only)
        for case in getattr(stmt, "cases", None) or ():
            _visit(case.body, tries, name, caught, base_only)


def _caught(
    exc: ast.expr, tries: list[list[ast.ExceptHandler]], name: Name, base_only: frozenset[str]
) -> bool:
    """Whether a raise of ``exc`` is caught for good by one of ``tries``
    (the handlers of each ``try`` around it, outermost first)."""
    kind = exc.func if isinstance(exc, ast.Call) else exc
    raised = name(kind)
    if raised is None:
        return False
    # a class of the module ``except Exception`` does not take (``class Abort(BaseException)``)
    module_base_only = type(kind) is ast.Name and kind.id in base_only
    for handlers in reversed(tries):
        for handler in handlers:
            if _raises_again(handler, name):
                return False  # it may take the error and raise it on
            if _takes(handler, raised, name, module_base_only):
                return True
    return False


def _takes(handler: ast.ExceptHandler, raised: str, name: Name, base_only: bool) -> bool:
    """Whether ``handler`` surely takes an error of the class ``raised``
    (``base_only``: one of the module's classes ``except Exception`` does
    not take)."""
    if handler.type is None:
        return True
    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    for kind in kinds:
        caught = name(kind)
        if caught in ("BaseException", "builtins.BaseException") or caught == raised:
            return True
        short = raised.rsplit(".", 1)[-1]
        exception = caught in ("Exception", "builtins.Exception")
        if exception and short not in _BASE_ONLY and not base_only:
            return True
    return False


def _raises_again(handler: ast.ExceptHandler, name: Name) -> bool:
    """Whether a handler raises what it caught again (``raise``, ``raise exc``)
    where it runs: up to the first statement of its block that always leaves
    it (``return``, ``raise``, ``sys.exit(1)``)."""
    body = handler.body
    for index, stmt in enumerate(body):
        call = stmt.value if isinstance(stmt, ast.Expr) else None
        exits = isinstance(call, ast.Call) and name(call.func) in EXIT_CALLS
        if exits or isinstance(stmt, (ast.Return, ast.Raise, ast.Break, ast.Continue)):
            body = body[: index + 1]
            break
    for stmt in statements(body):
        if isinstance(stmt, ast.Raise) and (
            stmt.exc is None or (isinstance(stmt.exc, ast.Name) and stmt.exc.id == handler.name)
        ):
            return True
    return False


def class_name(node: ast.expr, resolve: Callable[[list[str]], str | None]) -> str | None:
    """The qualified name of a class a dotted name names (as written when
    not resolved), ``None`` for anything else."""
    dotted = dotted_parts(node)
    if dotted is None:
        return None
    return resolve(dotted) or ".".join(dotted)


def base_only_classes(tree: ast.Module) -> frozenset[str]:
    """The names of the module-level classes of ``tree`` that derive from
    ``BaseException`` and not from ``Exception``, as their bases say: each
    base is ``BaseException``, a builtin such as ``SystemExit``, or such a
    class of the module (any other base, or a keyword, may make it an
    ``Exception``)."""
    classes = [s for s in tree.body if isinstance(s, ast.ClassDef)]
    found: set[str] = set()
    changed = True
    while changed:
        changed = False
        for node in classes:
            if node.name in found or not node.bases or node.keywords:
                continue
            if all(
                isinstance(b, ast.Name) and (b.id in found or base_only_builtin(b.id))
                for b in node.bases
            ):
                found.add(node.name)
                changed = True
    return frozenset(found)


def module_classes(tree: ast.Module) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """The names ``tree`` binds anywhere (``"*"`` with a star import), the
    classes it defines at its top and those of them that derive from
    ``BaseException`` only (:func:`base_only_classes`): what judges which
    class a handler takes (:mod:`~doxtool.python.excclasses`)."""
    bound = bound_names(tree.body)
    classes = frozenset(s.name for s in tree.body if isinstance(s, ast.ClassDef))
    return frozenset(bound), classes, base_only_classes(tree)


def check_escapes(
    check: ast.stmt,
    tried: ast.Try,
    base_only: frozenset[str],
    bound: Collection[str] = frozenset(),
    classes: Collection[str] = frozenset(),
) -> bool:
    """Whether the raise ``check`` (``if not x: raise ValueError(...)``, in
    the body of ``tried``) ends with leaves ``tried`` whatever its handlers
    do: no handler that does not raise itself may take its class
    (:mod:`~doxtool.python.excclasses`: ``except KeyError`` for a
    ``ValueError``; ``except Exception`` for a class of the module that
    derives from ``BaseException`` only, ``base_only``:
    :func:`base_only_classes`; ``bound``: the names the module binds,
    ``classes``: the classes it defines); so does each statement before it
    in the body (else one of them may raise what a handler takes, and the
    check not run)."""
    if not isinstance(check, ast.If) or check.orelse or check not in tried.body:
        return False
    before = tried.body[: tried.body.index(check)]
    if not all(check_escapes(s, tried, base_only, bound, classes) for s in before):
        return False  # what goes before may raise what a handler takes, skipping it
    last = check.body[-1]
    if not isinstance(last, ast.Raise) or last.exc is None:
        return False
    if any(isinstance(s, ast.Return) for s in statements(tried.finalbody)):
        return False  # a ``finally`` that returns takes any error
    kind = last.exc.func if isinstance(last.exc, ast.Call) else last.exc
    dotted = dotted_parts(kind)
    if dotted is None:
        return False
    raised = raised_class(".".join(dotted), bound, classes, base_only)
    ends = lambda h: not handler_goes_on(h)  # noqa: E731
    return leaves_with_error(tried.handlers, handler_names, ends, raised)


def handler_names(
    handler: ast.ExceptHandler, resolve: Callable[[list[str]], str | None] | None = None
) -> list[str | None] | None:
    """The dotted names of the classes a handler names (``None`` for an
    expression that is no name), ``None`` for a bare ``except``; ``resolve``
    gives an imported name as its module's (``JSONDecodeError`` of ``from
    json import ...``: ``json.JSONDecodeError``)."""
    if handler.type is None:
        return None
    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    names: list[str | None] = []
    for kind in kinds:
        dotted = dotted_parts(kind)
        if dotted is None:
            names.append(None)
        else:
            names.append((resolve(dotted) if resolve else None) or ".".join(dotted))
    return names


def raises_past(tried: ast.Try, base_only: frozenset[str]) -> bool:
    """Whether every path of the body of ``tried`` leaves it with a raise no
    handler that goes on takes: its last statement raises a class ``except
    Exception`` does not take (``raise Abort()``), and each one before it is
    such a check (:func:`check_escapes`). Then the handlers that go on never
    run (``try: raise Abort() except Exception: return x``)."""
    body = tried.body
    if not body or not isinstance(body[-1], ast.Raise) or body[-1].exc is None:
        return False
    if not all(check_escapes(s, tried, base_only) for s in body[:-1]):
        return False
    if any(isinstance(s, ast.Return) for s in statements(tried.finalbody)):
        return False  # a ``finally`` that returns takes any error
    return _base_only_raise(body[-1], base_only) and _handlers_take_exceptions(tried)


def handler_goes_on(handler: ast.ExceptHandler) -> bool:
    """Whether ``handler`` does not end with an error of its own (a raise)."""
    return not (handler.body and isinstance(handler.body[-1], ast.Raise))


def _base_only_raise(last: ast.Raise, base_only: frozenset[str]) -> bool:
    """Whether ``last`` raises a class ``except Exception`` does not take."""
    assert last.exc is not None
    raised = last.exc.func if isinstance(last.exc, ast.Call) else last.exc
    return isinstance(raised, ast.Name) and (raised.id in base_only or base_only_builtin(raised.id))


def _handlers_take_exceptions(tried: ast.Try) -> bool:
    """Whether each handler of ``tried`` that goes on takes only builtin
    ``Exception`` classes."""
    for handler in tried.handlers:
        if not handler_goes_on(handler):
            continue  # it ends with an error all the same
        kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
        if not all(isinstance(k, ast.Name) and exception_builtin(k.id) for k in kinds):
            return False
    return True


def base_only_builtin(name: str) -> bool:
    kind = getattr(builtins, name, None)
    return (
        isinstance(kind, type)
        and issubclass(kind, BaseException)
        and not issubclass(kind, Exception)
    )


def exception_builtin(name: str) -> bool:
    kind = getattr(builtins, name, None)
    return isinstance(kind, type) and issubclass(kind, Exception)
