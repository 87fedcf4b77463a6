"""What a test made of a read gives for a missing key: ``x if
str(d.get("n", "")).strip() else 0`` takes its other arm, as the read's
default stays falsy through ``str(...)`` and string methods that keep an
empty string empty; ``str(d.get("n"))`` (``"None"``) does not. The tool
walk reads it in :mod:`~doxtool.python.presencefallbacks`; a helper's
summary (``ast``) in :mod:`~doxtool.python.astpresence`."""

from __future__ import annotations

import ast
from typing import Any

from doxtool.python.astshapes import literal

#: string methods that keep an empty string empty
EMPTY_KEEPING = frozenset({"strip", "lstrip", "rstrip", "lower", "upper", "casefold"})


def falsy_value(default: Any, wrappers: list[str]) -> bool:
    """Whether a read's literal ``default``, through ``wrappers`` (the
    outermost last: ``str``, or one of :data:`EMPTY_KEEPING`), is falsy;
    False where a wrapper fails on it (``0 .strip()``)."""
    value = default
    for wrapper in wrappers:
        if wrapper == "str":
            value = str(value)
        elif isinstance(value, str):
            value = getattr(value, wrapper)()
        else:
            return False
    return not value


def falsy_when_missing(test: ast.expr) -> ast.Call | None:
    """The ``d.get(...)`` call ``test`` is made of, when ``test`` is falsy
    for a missing key (whether ``d`` is a handed dict is the caller's to judge)."""
    wrappers: list[str] = []
    node = test
    while isinstance(node, ast.Call) and not node.keywords:
        func = node.func
        if isinstance(func, ast.Name) and func.id == "str" and len(node.args) == 1:
            wrappers.append("str")
            node = node.args[0]
        elif isinstance(func, ast.Attribute) and func.attr in EMPTY_KEEPING and not node.args:
            wrappers.append(func.attr)
            node = func.value
        else:
            break
    if not (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "get"
        and 1 <= len(node.args) <= 2
        and not node.keywords
        and not any(isinstance(a, ast.Starred) for a in node.args)
    ):
        return None
    default: Any = None
    if len(node.args) == 2:
        known, default = literal(node.args[1])
        if not known:
            return None
    return node if falsy_value(default, wrappers[::-1]) else None
