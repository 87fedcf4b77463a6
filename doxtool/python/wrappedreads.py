"""A read under conversions and string methods, and what they make of the
value a missing key gives it (part of :mod:`~doxtool.python.fallbacks`).

``model = str(args.get("model", "")).strip()`` binds ``model`` to ``""``
when ``model`` is missing, as ``model = args.get("model", "")`` does; a
next statement using the name that replaces that value (``if not model:
model = DEFAULT_MODEL``) replaces it for both. :func:`unwrap_ast_read` finds
the read under such a wrapper in a helper's ``ast`` (the tool walk's
:func:`~doxtool.python.cstwrappedreads.unwrap_read` in its libcst tree), and
:func:`made_of` computes what the wrapper
makes of a literal, where that is certain: ``str``, ``int`` and ``float``
of one value, and string methods whose result of literals is computed
(``strip``, ``lower``, ``split``...). Any other wrapper (a call no one can
read, ``bool(x)``, which tests the value) is not unwrapped.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

from doxtool.python.readforms import COMPUTED_METHODS

#: conversions of one value whose result of a literal is computed
CONVERSIONS: dict[str, Callable[[Any], Any]] = {"str": str, "int": int, "float": float}

#: one step of a wrapper: a conversion's name, or a method's name with its
#: literal arguments (positional, keyword)
Step = tuple[str, tuple[Any, ...], tuple[tuple[str, Any], ...]]


def unwrap_ast_read(
    node: ast.expr, literal: Callable[[ast.expr], tuple[bool, Any]]
) -> tuple[ast.expr, list[Step]] | None:
    """The expression under the conversions and string methods of
    ``node`` (``str(d.get("m", "")).strip()``: ``d.get("m", "")``) and the
    steps that wrap it, innermost first; None when ``node`` has no such
    wrapper, or one whose result is not computed (a method's argument that
    is not a literal, a starred one)."""
    steps: list[Step] = []
    while isinstance(node, ast.Call):
        func, args, keywords = node.func, node.args, node.keywords
        if any(isinstance(a, ast.Starred) for a in args) or any(k.arg is None for k in keywords):
            return None
        if isinstance(func, ast.Name) and func.id in CONVERSIONS:
            if len(args) != 1 or keywords:
                return None  # ``int(x, 16)`` parses
            steps.append((func.id, (), ()))
            node = args[0]
        elif isinstance(func, ast.Attribute) and func.attr in COMPUTED_METHODS:
            values = [literal(a) for a in args]
            named = [(k.arg, literal(k.value)) for k in keywords]
            if not all(known for known, _ in values) or not all(v[0] for _, v in named):
                return None
            positional = tuple(v for _, v in values)
            steps.append((func.attr, positional, tuple((k, v[1]) for k, v in named if k)))
            node = func.value
        else:
            break
    if not steps:
        return None
    steps.reverse()
    return node, steps


def made_of(value: Any, steps: list[Step]) -> tuple[bool, Any]:
    """(True, what ``steps`` make of ``value``), or (False, None) where that
    is not certain: a conversion that fails (``int("")``), a string method
    of a value that is no string (``None.strip()`` fails at run time)."""
    for name, positional, keywords in steps:
        convert = CONVERSIONS.get(name)
        try:
            if convert is not None:
                value = convert(value)
            elif isinstance(value, str):
                value = getattr(value, name)(*positional, **dict(keywords))
            else:
                return False, None
        except (TypeError, ValueError, OverflowError):
            return False, None
    return True, value
