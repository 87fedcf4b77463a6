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
    ``else`` or the ``finally`` binds it as well."""
    body = _suite(stmt.body)
    if not all(_imports_only(line) for line in body):
        return  # another statement may raise and run the handler
    tried = _bound(body, bind)
    handled: dict[str, str] = {}
    for handler in stmt.handlers:
        handled.update(_bound(_suite(handler.body), bind))
    final = _bound(_suite(stmt.finalbody.body) if stmt.finalbody else [], bind)
    final.update(_bound(_suite(stmt.orelse.body) if stmt.orelse else [], bind))
    kept(tried, handled, final, local_roots, names)


def _suite(suite: cst.BaseSuite) -> Sequence[cst.BaseStatement]:
    return suite.body if type(suite) is cst.IndentedBlock else []


def _imports_only(stmt: cst.BaseStatement) -> bool:
    return type(stmt) is cst.SimpleStatementLine and all(
        type(small) is cst.Import or (type(small) is cst.ImportFrom and not small.relative)
        for small in stmt.body
    )


def _bound(body: Sequence[cst.BaseStatement], bind: Bind) -> dict[str, str]:
    """The names the import statements of ``body`` bind (at its top)."""
    found: dict[str, str] = {}
    for stmt in body:
        if type(stmt) is cst.SimpleStatementLine:
            for small in stmt.body:
                if type(small) in (cst.Import, cst.ImportFrom):
                    bind(small, found)  # type: ignore[arg-type]
    return found
