"""Whether a ``try`` guards the key reads in its body: a handler that
catches the ``KeyError`` a missing key raises (or a class above it), which
makes a read there no required argument (helper summaries, the ast half);
and whether a ``with`` does, its context manager suppressing that error
(``contextlib.suppress(KeyError)``)."""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence

from doxtool.python.names import dotted_parts
from doxtool.python.noreturn import SUPPRESSING

Resolve = Callable[[list[str]], "str | None"]

#: the exceptions whose handler catches a missing key's ``KeyError``
GUARD_EXCEPTIONS = frozenset({"KeyError", "LookupError", "Exception", "BaseException"})


def catches_key_error(handler: ast.ExceptHandler) -> bool:
    """Whether ``handler`` catches a missing key's ``KeyError`` (a bare
    ``except`` does)."""
    if handler.type is None:
        return True
    nodes = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    for node in nodes:
        dotted = dotted_parts(node)
        if dotted and dotted[-1] in GUARD_EXCEPTIONS:
            return True
    return False


def suppressed_key_error(args: Sequence[ast.expr]) -> bool:
    """Whether ``contextlib.suppress`` given ``args`` swallows a missing
    key's ``KeyError``: one of them names it or a class above it (a starred
    argument's classes are not known)."""
    for arg in args:
        dotted = dotted_parts(arg) if not isinstance(arg, ast.Starred) else None
        if dotted and dotted[-1] in GUARD_EXCEPTIONS:
            return True
    return False


def suppresses_key_error(stmt: ast.With | ast.AsyncWith, resolve: Resolve) -> bool:
    """Whether a ``with`` statement's context manager swallows a missing
    key's ``KeyError`` (``with suppress(KeyError):``), so the key reads in
    its body are guarded as under ``try: ... except KeyError: pass``."""
    for item in stmt.items:
        call = item.context_expr
        dotted = dotted_parts(call.func) if isinstance(call, ast.Call) else None
        if dotted is None or resolve(dotted) not in SUPPRESSING:
            continue
        if suppressed_key_error(call.args):  # type: ignore[attr-defined]
            return True
    return False
