"""Which of a ``try``'s imports holds a name once the ``try`` has run (at
the top of a module: :mod:`~doxtool.python.modulescan`, and of a helper's
module read with ``ast``: :mod:`~doxtool.python.summaries`; in a function:
:mod:`~doxtool.python.catchwalk`).

``try: from helpers import store`` then ``except ImportError: from
python.helpers import store`` binds ``store`` twice; which one holds depends
on whether the first import succeeds. Where the module the ``try`` imports
is of the repository (its top-level package is) and the one a handler
imports instead is not, the ``try``'s import succeeds and its binding
holds: the handler does not run. A relative import may fail however the
module is found (a module loaded by its path has no package), and any other
pair (both of the repository, neither) leaves the binding the walk ended with.
So does a body doing anything but absolute imports of the repository (a
relative one, ``import playwright`` beside it, a call): that may fail and
run the handler.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable, Sequence

#: binds the names an import statement read with ``ast`` binds into the mapping given
AstBind = Callable[[ast.Import | ast.ImportFrom, dict[str, str]], None]


def kept_tried_ast_imports(
    stmt: ast.Try, bind: AstBind, local_roots: Iterable[str], names: dict[str, str]
) -> None:
    """Bind again in ``names`` each name the body of ``stmt`` imports from
    the repository that a handler of it rebinds from outside it, unless the
    ``else`` or the ``finally`` binds it as well (for libcst:
    :func:`~doxtool.python.csttried.kept_tried_imports`)."""
    if not all(_absolute_import(s) for s in stmt.body):
        return  # another statement may raise and run the handler
    tried = _ast_bound(stmt.body, bind)
    handled: dict[str, str] = {}
    for handler in stmt.handlers:
        handled.update(_ast_bound(handler.body, bind))
    final = {**_ast_bound(stmt.orelse, bind), **_ast_bound(stmt.finalbody, bind)}
    kept(tried, handled, final, local_roots, names)


def kept(
    tried: dict[str, str],
    handled: dict[str, str],
    final: dict[str, str],
    local_roots: Iterable[str],
    names: dict[str, str],
) -> None:
    """Bind again in ``names`` what a ``try`` body bound (``tried``) where a
    handler rebound it (``handled``) from outside the repository, and
    neither the ``else`` nor the ``finally`` (``final``) nor anything after
    the handler did."""
    roots = frozenset(local_roots)
    if any(_root(target) not in roots for target in tried.values()):
        return  # an import from outside may fail and run the handler
    for name, target in tried.items():
        other = handled.get(name)
        if other is None or name in final or names.get(name) != other:
            continue
        if _root(target) in roots and _root(other) not in roots:
            names[name] = target


def _ast_bound(body: Sequence[ast.stmt], bind: AstBind) -> dict[str, str]:
    found: dict[str, str] = {}
    for stmt in body:
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            bind(stmt, found)
    return found


def _absolute_import(stmt: ast.stmt) -> bool:
    return isinstance(stmt, ast.Import) or (isinstance(stmt, ast.ImportFrom) and not stmt.level)


def _root(dotted: str) -> str:
    return dotted.split(".", 1)[0]
