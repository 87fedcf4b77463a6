"""A parse of a read's value that every call of a helper runs, whose
failure the ``try`` around it answers with a raise (part of
:class:`~doxtool.python.functionwalk.FunctionWalk`, for the ``ast``
summaries of helpers), as :mod:`~doxtool.python.parsecontracts` reads it in
the tool's ``execute``.

``task = args.get("task", "")``, then at the top of the helper's body
``try: payload = json.loads(task)`` ``except ValueError: raise
ValueError("task must be JSON")``: ``json.loads("")`` raises on every call
without ``task``, and the handler passes it on as an error, so the key is
needed, as ``if not task: raise ...`` makes it. A handler that returns hands
a value back, which the tool may answer with or not: it refuses nothing here.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

from doxtool.core.summary_facts import KeyRead
from doxtool.python.astparse import statements
from doxtool.python.caught import handler_goes_on, handler_names
from doxtool.python.excclasses import NEVER, SURE, RaisedClass, builtin_exception, handler_verdict
from doxtool.python.names import dotted_parts
from doxtool.python.parsefailures import JSON_ERROR, METHOD_ERRORS, PARSE_ERRORS, fails_kind


class AstParseContracts:
    """Parses a ``try`` answers with a raise: a part of
    :class:`~doxtool.python.functionwalk.FunctionWalk`."""

    owner: Any  # the :class:`~doxtool.python.summaryscope.ModuleScope`
    node: ast.FunctionDef | ast.AsyncFunctionDef
    names: dict[str, str]
    trying: int
    var_reads: dict[str, KeyRead]
    var_made: dict[str, Any]
    var_groups: dict[str, Any]
    _top: Callable[[ast.stmt], bool]
    _returned_before: Callable[[ast.stmt], bool]
    _read_contract: Callable[[KeyRead, str], bool]

    def _ast_parse_contract(self, stmt: ast.Try) -> None:
        """``try: payload = json.loads(task)`` at the top of the body, whose
        handlers raise on its failure: the values it fails on are refused."""
        if (
            self.trying
            or not self._top(stmt)
            or self._returned_before(stmt)
            or not stmt.handlers
            or any(isinstance(s, ast.Return) for s in statements(stmt.finalbody))
            or not stmt.body
        ):
            return
        first = stmt.body[0]
        value = first.value if isinstance(first, (ast.Assign, ast.AnnAssign, ast.Expr)) else None
        parsed = self._ast_parse_of(value) if isinstance(value, ast.Call) else None
        if parsed is None:
            return
        parse, name, errors = parsed
        refused = [e for e in errors if self._raised_on(stmt, e)]
        if refused:
            self._read_contract(self.var_reads[name], fails_kind(parse, refused))

    def _ast_parse_of(self, call: ast.Call) -> tuple[str, str, tuple[str, ...]] | None:
        """(the parse, the name it is handed, the errors it may raise)."""
        func = call.func
        if isinstance(func, ast.Attribute) and self._held_read(func.value):
            if func.attr.startswith("__"):
                return None
            return "." + func.attr, func.value.id, METHOD_ERRORS  # type: ignore[attr-defined]
        if len(call.args) != 1 or call.keywords or isinstance(call.args[0], ast.Starred):
            return None
        dotted = dotted_parts(func)
        if dotted is None or self._bound_here(dotted[0]):
            return None
        owner = self.owner
        if dotted in (["int"], ["float"]):
            bound = (self.names, owner.names, owner.functions, owner.classes, owner.literals)
            parse = "" if any(dotted[0] in b for b in bound) else dotted[0]
        else:
            parse = owner.resolve(dotted, self.names) or ""
        if parse not in PARSE_ERRORS or not self._held_read(call.args[0]):
            return None
        return parse, call.args[0].id, PARSE_ERRORS[parse]  # type: ignore[attr-defined]

    def _bound_here(self, name: str) -> bool:
        """Whether the helper binds ``name`` otherwise than by an import (a
        parameter, ``int = lambda v: ...``, a nested ``def float``): then it
        is not the parse the name says."""
        node = self.node
        params = node.args
        every = [*params.posonlyargs, *params.args, *params.kwonlyargs, params.vararg, params.kwarg]
        if any(a is not None and a.arg == name for a in every):
            return True
        for inner in ast.walk(node):
            if isinstance(inner, (ast.Global, ast.Nonlocal)) and name in inner.names:
                return True
            scoped = isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            if scoped and inner is not node and inner.name == name:  # type: ignore[union-attr]
                return True
            stored = isinstance(inner, ast.Name) and isinstance(inner.ctx, (ast.Store, ast.Del))
            if stored and inner.id == name:  # type: ignore[union-attr]
                return True
        return False

    def _held_read(self, node: ast.expr) -> bool:
        """A bare name holding a read as a missing key leaves it."""
        return (
            isinstance(node, ast.Name)
            and node.id in self.var_reads
            and node.id not in self.var_made
            and node.id not in self.var_groups
            and node.id not in getattr(self, "var_either", {})
        )

    def _raised_on(self, stmt: ast.Try, error: str) -> bool:
        """Whether the first handler that may take ``error`` raises on every
        path, and one surely takes it before any that goes on."""
        owner = self.owner
        builtin = ValueError if error == JSON_ERROR else builtin_exception(error)
        raised = RaisedClass(error, builtin, owner.names, owner.classes, owner.base_only())
        for handler in stmt.handlers:
            verdict = handler_verdict(
                handler_names(handler, lambda dotted: owner.resolve(dotted, self.names)), raised
            )
            if verdict == NEVER:
                continue
            if handler_goes_on(handler) or any(
                isinstance(s, ast.Return) for s in statements(handler.body)
            ):
                return False
            if verdict == SURE:
                return True
        return False
