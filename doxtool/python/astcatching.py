"""The statements of a helper's walk that catch what their body raises (part
of :class:`~doxtool.python.functionwalk.FunctionWalk`; the libcst side of the
tool: :mod:`~doxtool.python.catchwalk`): a ``try`` whose handler catches a
missing key's ``KeyError`` (or a class above it) and goes on, and a ``with``
whose context manager swallows it (``with contextlib.suppress(KeyError):``),
guard the key reads in their body: a read there is needed on no call. A
handler that ends in a ``raise`` (``except KeyError: raise Refused(...)``)
and ``suppress(ValueError)`` guard nothing."""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from typing import Any

from doxtool.python.astparse import statements
from doxtool.python.astparsecontracts import AstParseContracts
from doxtool.python.keyguards import catches_key_error, suppresses_key_error
from doxtool.python.names import dotted_parts

#: calls that run a coroutine handed them as a task
_TASKS = ("asyncio.create_task", "asyncio.ensure_future")


class AstCatching(AstParseContracts):
    """``try`` and ``with``: a part of :class:`~doxtool.python.functionwalk.FunctionWalk`."""

    owner: Any  # the :class:`~doxtool.python.summaryscope.ModuleScope`
    names: dict[str, str]
    guards: list[frozenset[str] | None]
    trying: int
    conditional: int
    _expr: Callable[[ast.expr], None]
    _stmts: Callable[[Sequence[ast.stmt]], None]
    _entered: Callable[[ast.expr, bool], None]
    _tried_body: Callable[[ast.Try], None]  # :mod:`.astkeychecks`
    _handlers_and_else: Callable[[ast.Try], None]  # :mod:`.astclosures`

    def _gathered_call(self, node: ast.Call) -> None:
        """Record a call (``_call``): one ``asyncio.gather(...,
        return_exceptions=True)`` is handed, whose errors it gives back as
        results, as in a ``try`` that may catch them; the calls in its
        arguments are made before, outside it."""
        gathered: set[int] = self.__dict__.setdefault("_gathered", set())
        direct = id(node) in gathered
        self.trying += direct
        self._call(node)  # type: ignore[attr-defined]
        self.trying -= direct
        if self._gathers(node):
            gathered.update(self._gathered_calls(node))

    def _gathers(self, node: ast.Call) -> bool:
        """Whether ``node`` is ``asyncio.gather(..., return_exceptions=True)``."""
        if not any(
            k.arg == "return_exceptions"
            and isinstance(k.value, ast.Constant)
            and k.value.value is True
            for k in node.keywords
        ):
            return False
        called = dotted_parts(node.func)
        return called is not None and self.owner.resolve(called, self.names) == "asyncio.gather"

    def _gathered_calls(self, node: ast.Call) -> set[int]:
        """The ids of the calls whose coroutines ``gather`` runs: each one
        handed (``gather(fetch(u))``, ``*[fetch(u) for u in urls]``,
        ``asyncio.create_task(fetch(u))``)."""
        found: set[int] = set()
        for value in node.args:
            if type(value) is ast.Starred and type(value.value) in (ast.ListComp, ast.GeneratorExp):
                value = value.value.elt  # type: ignore[attr-defined]
            if type(value) is not ast.Call:
                continue
            found.add(id(value))
            called = dotted_parts(value.func)
            resolved = self.owner.resolve(called, self.names) if called else None
            if resolved in _TASKS and value.args and type(value.args[0]) is ast.Call:
                found.add(id(value.args[0]))
        return found

    def _try(self, stmt: ast.Try) -> None:
        self._ast_parse_contract(stmt)  # :mod:`.astparsecontracts`
        # ``except KeyError: raise RepairableException(...)`` still needs the key
        # (the first handler that catches it is the one that runs)
        keyed = [h for h in stmt.handlers if catches_key_error(h)]
        catches = bool(keyed) and not (keyed[0].body and isinstance(keyed[0].body[-1], ast.Raise))
        # ``except KeyError: return "no key"`` hands a value back: whether the
        # tool answers with it as an error is not known, so a read there is
        # needed on some calls (neither required nor optional)
        handed = catches and any(isinstance(s, ast.Return) for s in statements(keyed[0].body))
        guarded = catches and not handed
        self.guards.extend([None] if guarded else [])
        self.conditional += handed
        self.trying += bool(stmt.handlers)  # what a call there raises may be caught
        self._tried_body(stmt)
        self.trying -= bool(stmt.handlers)
        self.conditional -= handed
        if guarded:
            self.guards.pop()
        self._handlers_and_else(stmt)
        self._stmts(stmt.finalbody)

    def _with(self, stmt: ast.With | ast.AsyncWith) -> None:
        for item in stmt.items:
            self._expr(item.context_expr)
            self._entered(item.context_expr, isinstance(stmt, ast.AsyncWith))
        catches = suppresses_key_error(stmt, lambda d: self.owner.resolve(d, self.names))
        self.guards.extend([None] if catches else [])
        self._stmts(stmt.body)
        if catches:
            self.guards.pop()
