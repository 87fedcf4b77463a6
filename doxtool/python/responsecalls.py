"""The calls of ``Response`` in a module, anywhere in it (read with ``ast``):
what the rule DOX011 checks against the class the name is bound to.

A call is kept when its function is a name the module binds once, by an
import or a class definition, and nothing else binds anywhere in the module
(no assignment, parameter, ``global``, second import): ``Response(...)``
with ``Response`` imported or defined, ``R(...)`` after ``from x import
Response as R``, ``tool.Response(...)`` with ``tool`` a module imported. A
call passing ``*args`` or ``**kwargs`` is left out: what it fills is not
known. Which class the name is bound to is decided across modules, where
the rule reads the facts.
"""

from __future__ import annotations

import ast
import re

from doxtool.core.outline_facts import ClassCall
from doxtool.python.scopebinds import module_binds

_NAME = "Response"
#: the line breaks ``ast`` counts lines by
_LINE_BREAKS = re.compile(r"\r\n|\r|\n")


def response_calls(
    tree: ast.Module,
    source: str,
    found: list[ast.Call],
    binders: list[ast.stmt],
    returned: set[int],
) -> list[ClassCall]:
    """The calls of ``Response`` in ``tree``, in source order, from the
    module's calls (``found``) and its imports and definitions (``binders``),
    each in the order ``ast.walk`` meets them (the outline's walk collects
    them: :meth:`~doxtool.python.outline._Outliner._walk`); ``returned``
    holds the ``id`` of each call a ``return`` gives outright."""
    if _NAME not in source:
        return []
    counts: dict[str, int] = {}
    kinds: dict[str, str] = {}
    for node in binders:
        kind = type(node)
        if kind is ast.Import or kind is ast.ImportFrom:
            for alias in node.names:  # type: ignore[attr-defined]
                if alias.name == "*":
                    return []  # a star import may bind any name, before or after the others
                _bind(counts, kinds, *_imported(alias, kind is ast.ImportFrom))
        else:  # a class or function definition
            name = node.name  # type: ignore[attr-defined]
            _bind(counts, kinds, name, "response" if name == _NAME else "other")
    bound = _bound_once(tree, counts, kinds)
    calls: list[ClassCall] = []
    for node in found:
        callee = _callee(node.func, bound)
        if callee is None:
            continue
        if any(isinstance(a, ast.Starred) for a in node.args) or any(
            k.arg is None for k in node.keywords
        ):
            continue  # ``*args`` / ``**kwargs``: what it fills is not known
        calls.append(
            ClassCall(
                callee,
                node.lineno,
                node.col_offset + 1,
                len(node.args),
                [k.arg for k in node.keywords if k.arg is not None],
                id(node) in returned,
            )
        )
    if calls:
        lines = _LINE_BREAKS.split(source)
        for call in calls:  # ``ast`` counts a column in UTF-8 bytes
            text = lines[call.line - 1] if call.line <= len(lines) else ""
            call.column = len(text.encode()[: call.column - 1].decode(errors="ignore")) + 1
    calls.sort(key=lambda call: (call.line, call.column))
    return calls


def _imported(alias: ast.alias, named: bool) -> tuple[str, str]:
    """The name an import binds, and ``response`` for a ``Response`` or
    ``module`` for what may be a module (``from helpers import tool``)."""
    if not named:
        return alias.asname or alias.name.partition(".")[0], "module"
    return alias.asname or alias.name, "response" if alias.name == _NAME else "module"


def _bind(counts: dict[str, int], kinds: dict[str, str], name: str, kind: str) -> None:
    counts[name] = counts.get(name, 0) + 1
    kinds[name] = kind


def _callee(func: ast.expr, bound: dict[str, str]) -> str | None:
    """The name a call's function is written as, when it may be ``Response``."""
    parts: list[str] = []
    current = func
    while isinstance(current, ast.Attribute):
        parts.append(current.attr)
        current = current.value
    if not isinstance(current, ast.Name):
        return None
    how = bound.get(current.id)
    if how is None:
        return None
    if parts:  # ``tool.Response``: a module's attribute
        return (
            ".".join([current.id, *reversed(parts)])
            if how == "module" and parts[0] == _NAME
            else None
        )
    return current.id if how == "response" else None


def _bound_once(tree: ast.Module, counts: dict[str, int], kinds: dict[str, str]) -> dict[str, str]:
    """Of the names imports and definitions bind (``kinds``), those bound
    once in the module and nothing else binds anywhere in it."""
    binds = module_binds(tree).module()
    other = binds.assigned() | binds.handlers | binds.params | binds.augmented | binds.walrus
    return {
        name: kind
        for name, kind in kinds.items()
        if counts[name] == 1 and kind != "other" and name not in other
    }
