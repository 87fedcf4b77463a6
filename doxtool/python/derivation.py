"""Which classes of a few modules derive from a tool base, by name: what
``doxtool init`` reads to tell an agent's tool directory from a stray one.

Each module is parsed with ``ast`` (never imported or run); a class's bases
are dotted names through the module's imports (``from helpers.tool import
Tool``, ``import helpers.tool as t``, relative imports) or a class of the
same module. A class derives from a base when a base of it names the base,
or names a class that derives from one (in any of the modules read).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable

from doxtool.python.names import bind_import, dotted_parts, module_name

#: statements whose bodies are still the module's top level
_BLOCKS = (ast.If, ast.Try, ast.With)


def class_bases(path: str, source: str) -> dict[str, list[str]]:
    """The classes of the module at ``path`` (``tools/wait.py``) by dotted name
    (``tools.wait.WaitTool``), each with its bases as dotted names; empty
    when the module does not parse."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return {}
    module = module_name(path)
    package = path.endswith("/__init__.py") or path == "__init__.py"
    names: dict[str, str] = {}
    classes: list[ast.ClassDef] = []
    for stmt in _top_level(tree.body):
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            bind_import(stmt, names, module, package)
        elif isinstance(stmt, ast.ClassDef):
            classes.append(stmt)
            names[stmt.name] = f"{module}.{stmt.name}"
    found: dict[str, list[str]] = {}
    for cls in classes:
        bases = []
        for base in cls.bases:
            parts = dotted_parts(base)
            if parts:
                head = names.get(parts[0], parts[0])
                bases.append(".".join([head, *parts[1:]]))
        found[f"{module}.{cls.name}"] = bases
    return found


def _top_level(body: list[ast.stmt]) -> Iterable[ast.stmt]:
    for stmt in body:
        yield stmt
        if isinstance(stmt, _BLOCKS):
            yield from _top_level(stmt.body)
            for handler in getattr(stmt, "handlers", []):
                yield from _top_level(handler.body)
            yield from _top_level(getattr(stmt, "orelse", []))
            yield from _top_level(getattr(stmt, "finalbody", []))


def names_same(one: str, other: str) -> bool:
    """Whether two dotted names may name the same class: equal, or one ends
    the other at a dot (``helpers.tool.Tool`` imported in a project whose
    base file is ``agent/helpers/tool.py``)."""
    return one == other or one.endswith("." + other) or other.endswith("." + one)


def derived(classes: dict[str, list[str]], bases: Iterable[str]) -> set[str]:
    """The classes of ``classes`` deriving from one of ``bases``, directly or
    through other classes of ``classes``."""
    known = list(bases)
    found: set[str] = set()
    changed = True
    while changed:
        changed = False
        for name, of in classes.items():
            if name in found:
                continue
            if any(names_same(base, target) for base in of for target in known):
                found.add(name)
                known.append(name)
                changed = True
    return found
