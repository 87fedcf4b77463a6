"""Decorators of a function the tool walk reads: one that changes nothing
the walk reads (``staticmethod``, ``abc.abstractmethod``) or one it does not
follow, which may return another value, raise, or act on its own
(``@stop_on_error`` returning a ``Response`` of its own on an exception,
``@audited`` writing a log)."""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from doxtool.python.cstnodes import dotted_name

#: decorators that hand back the function itself, or one calling it and
#: doing nothing else (by the dotted name they resolve to)
TRANSPARENT = frozenset(
    {
        "staticmethod",
        "classmethod",
        "property",
        "functools.cached_property",
        "abc.abstractmethod",
        "functools.wraps",
        "typing.override",
        "typing_extensions.override",
        "typing.final",
        "typing_extensions.final",
        "typing.no_type_check",
    }
)


def unfollowed(node: cst.FunctionDef, resolve: Callable[[list[str]], str | None]) -> list[str]:
    """The decorators of ``node`` doxtool does not follow, as written
    (dotted); ``resolve`` gives a dotted name's qualified name (None when
    the module does not bind it: a builtin)."""
    found: list[str] = []
    for decorator in node.decorators:
        expression = decorator.decorator
        if type(expression) is cst.Call:
            expression = expression.func
        dotted = dotted_name(expression)
        if dotted is None:
            found.append("?")
            continue
        qualified = resolve(dotted) or ".".join(dotted)
        if qualified not in TRANSPARENT:
            found.append(".".join(dotted))
    return found
