"""Which of a ``try``'s imports holds a name once the ``try`` has run (at
the top of a module: :mod:`~doxtool.python.modulescan`; in a function:
:mod:`~doxtool.python.catchwalk`).

``try: from helpers import store`` then ``except ImportError: from
python.helpers import store`` binds ``store`` twice; which one holds depends
on whether the first import succeeds. Where the module the ``try`` imports
is of the repository (its top-level package is) and the one a handler
imports instead is not, the ``try``'s import succeeds and its binding
holds: the handler does not run. A relative import may fail however the
module is found (a module loaded by its path has no package), and any other
pair (both of the repository, neither) leaves the binding the walk ended with.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import libcst as cst

#: binds the names an import statement binds into the mapping given
Bind = Callable[[cst.Import | cst.ImportFrom, dict[str, str]], None]


def kept_tried_imports(
    stmt: cst.Try | cst.TryStar, bind: Bind, local_roots: Iterable[str], names: dict[str, str]
) -> None:
    """Bind again in ``names`` each name the body of ``stmt`` imports from
    the repository that a handler of it rebinds from outside it, unless the
    ``finally`` binds it as well."""
    roots = frozenset(local_roots)
    tried = _bound(_suite(stmt.body), bind, absolute=True)
    handled: dict[str, str] = {}
    for handler in stmt.handlers:
        handled.update(_bound(_suite(handler.body), bind))
    final = _bound(_suite(stmt.finalbody.body) if stmt.finalbody else [], bind)
    for name, target in tried.items():
        other = handled.get(name)
        if other is None or name in final or names.get(name) != other:
            continue
        if _root(target) in roots and _root(other) not in roots:
            names[name] = target


def _suite(suite: cst.BaseSuite) -> Sequence[cst.BaseStatement]:
    return suite.body if type(suite) is cst.IndentedBlock else []


def _bound(body: Sequence[cst.BaseStatement], bind: Bind, absolute: bool = False) -> dict[str, str]:
    """The names the import statements of ``body`` bind (at its top); with
    ``absolute``, those of absolute imports alone."""
    found: dict[str, str] = {}
    for stmt in body:
        if type(stmt) is cst.SimpleStatementLine:
            for small in stmt.body:
                if type(small) is cst.ImportFrom and small.relative and absolute:
                    continue
                if type(small) in (cst.Import, cst.ImportFrom):
                    bind(small, found)  # type: ignore[arg-type]
    return found


def _root(dotted: str) -> str:
    return dotted.split(".", 1)[0]
