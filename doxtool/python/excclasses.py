"""How surely a handler that names a class takes a raised class, judged by
their names alone (read by both walks: :mod:`~doxtool.python.raisecatch`
for the raises of the tool walk, :func:`~doxtool.python.cstcaught.escaping_checks`
and :func:`~doxtool.python.caught.check_escapes` for the checks whose raise
a handler that goes on never takes).

A handler takes the raised class surely (a bare ``except``,
``BaseException``, the same class, a builtin class above a builtin one:
``LookupError`` for ``KeyError``), never (a builtin class not above a
builtin one: ``KeyError`` or ``OSError`` for ``ValueError``; a class of the
module for a builtin one; an ``Exception`` class for a class of the module
that derives from ``BaseException`` only) or perhaps (anything else: an
imported class, a class of the module raised, whose bases are not
followed). A name the module binds is never Python's builtin of that name."""

from __future__ import annotations

import builtins
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

SURE = "sure"
NEVER = "never"
PERHAPS = "perhaps"


@dataclass(frozen=True)
class RaisedClass:
    """The class a ``raise`` raises, and what judges the handlers around it."""

    #: its dotted name as written
    name: str
    #: the builtin class it names, if so
    builtin: type | None
    #: the names the module binds (Python's own are the others)
    bound: Collection[str]
    #: the classes the module defines, and those that derive from
    #: ``BaseException`` and not ``Exception``
    classes: Collection[str]
    base_only: Collection[str]
    #: whether a call never returns (``sys.exit(1)``), if known
    ends: Callable[[Any], bool] | None = None


def builtin_exception(name: str) -> type | None:
    """The builtin exception class ``name`` names, if it does."""
    kind = getattr(builtins, name, None)
    if isinstance(kind, type) and issubclass(kind, BaseException):
        return kind
    return None


def raised_class(
    name: str,
    bound: Collection[str],
    classes: Collection[str],
    base_only: Collection[str],
    ends: Callable[[Any], bool] | None = None,
) -> RaisedClass:
    """The class ``name`` (dotted, as written) a ``raise`` raises, in a
    module that binds ``bound`` and defines ``classes`` (``base_only``:
    those of them that derive from ``BaseException`` only)."""
    builtin = builtin_exception(name) if name not in bound else None
    return RaisedClass(name, builtin, bound, classes, base_only, ends)


def takes_named(name: str | None, raised: RaisedClass) -> str:
    """How surely a handler naming the class ``name`` (dotted, as written;
    ``None`` for an expression that is no name) takes ``raised``."""
    if name is None:
        return PERHAPS
    if name == raised.name:
        return SURE
    caught_builtin = builtin_exception(name) if name not in raised.bound else None
    if caught_builtin is BaseException:
        return SURE
    if raised.name in raised.base_only and caught_builtin is not None:
        # ``class Abort(BaseException)``: no ``Exception`` class takes it;
        # ``SystemExit`` takes ``class Abort(SystemExit)``
        return NEVER if issubclass(caught_builtin, Exception) else PERHAPS
    if raised.builtin is None:
        return PERHAPS
    if caught_builtin is not None:
        return SURE if issubclass(raised.builtin, caught_builtin) else NEVER
    # a builtin class derives from no class the module defines
    return NEVER if name in raised.classes else PERHAPS


def handler_verdict(names: Sequence[str | None] | None, raised: RaisedClass) -> str:
    """How surely a handler takes ``raised``: ``names``, the classes it
    names (``except (A, B)``: both), ``None`` for a bare ``except``."""
    if names is None:
        return SURE
    verdicts = [takes_named(n, raised) for n in names]
    if SURE in verdicts:
        return SURE
    if all(v == NEVER for v in verdicts):
        return NEVER
    return PERHAPS


H = TypeVar("H")


def leaves_with_error(
    handlers: Iterable[H],
    names: Callable[[H], Sequence[str | None] | None],
    ends: Callable[[H], bool],
    raised: RaisedClass,
) -> bool:
    """Whether ``raised`` ends the call with an error through the handlers
    of a ``try``, read in order (``names``: the classes one names; ``ends``:
    whether it ends the call so): the first that may take it decides, and
    one that may take it and goes on may recover."""
    for handler in handlers:
        verdict = handler_verdict(names(handler), raised)
        if verdict == NEVER:
            continue
        if not ends(handler):
            return False  # it may recover
        if verdict == SURE:
            return True
    return True
