"""Which of a ``try``'s imports holds a name, read with libcst
(:mod:`~doxtool.python.triedimports` says which and reads ``ast``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import libcst as cst

from doxtool.python.triedimports import kept

#: binds the names an import statement binds into the mapping given
Bind = Callable[[cst.Import | cst.ImportFrom, dict[str, str]], None]


def kept_tried_imports(
    stmt: cst.Try | cst.TryStar, bind: Bind, local_roots: Iterable[str], names: dict[str, str]
) -> None:
    """Bind again in ``names`` each name the body of ``stmt`` imports from
    the repository that a handler of it rebinds from outside it, unless the
    ``finally`` binds it as well."""
    tried = _bound(_suite(stmt.body), bind, absolute=True)
    handled: dict[str, str] = {}
    for handler in stmt.handlers:
        handled.update(_bound(_suite(handler.body), bind))
    final = _bound(_suite(stmt.finalbody.body) if stmt.finalbody else [], bind)
    kept(tried, handled, final, local_roots, names)


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
