"""A parse of an argument's value that every call runs, whose failure the
``try`` around it answers with an error (part of
:class:`~doxtool.python.contracts.Contracts`, for the tool walk).

``task: str = ""``, then at the top of ``execute``::

    try:
        payload = json.loads(task)
    except json.JSONDecodeError:
        return Response(message="task must be JSON", break_loop=False)

``json.loads("")`` raises, and the handler ends ``execute`` with an error:
a missing ``task`` is refused on every call, as ``if not task: return
Response(...)`` refuses it, so ``task`` is required and ``""`` is no default.
The parses judged and the values they fail on are those of
:mod:`~doxtool.python.parsefailures` (``json.loads``, ``int``, ``float``,
``fromisoformat``, and a method called on the value: ``None.strip()``).

Only a parse that runs on every call with the value a missing key gives is
read: the first statement of a ``try`` at the top of ``execute``, before
anything returns, no ``try`` around it, handed the bare name standing for
the argument or its read. A parse on some calls only (``if isinstance(x,
str): x = json.loads(x)``), of a value a fallback replaced (``json.loads(x
or "{}")``), or an error a handler may recover from (``except ValueError:
payload = {}``) or none may take (it leaves the ``try``) refuses nothing here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import libcst as cst

from doxtool.python.arguments import ArgBuilder
from doxtool.python.cstnodes import dotted_name, parameter_names, suite_body
from doxtool.python.excclasses import (
    NEVER,
    SURE,
    RaisedClass,
    builtin_exception,
    handler_verdict,
)
from doxtool.python.opaqueparses import OpaqueParses
from doxtool.python.parsefailures import (
    JSON_ERROR,
    METHOD_ERRORS,
    PARSE_ERRORS,
    fails_kind,
)
from doxtool.python.raisecatch import finally_may_leave, handler_kinds
from doxtool.python.walkstate import Env

#: what a name bound so may hold is not the value a missing key gives the read
_REMADE = (
    "var_made",
    "var_converts",
    "var_calls",
    "var_partial",
    "var_also",
    "var_missing_made",
    "var_missing_either",
    "var_missing_only",
    "var_rebound",
    "var_kept_some",
    "method_names",
)


class ParseContracts(OpaqueParses):
    """Parses a ``try`` answers with an error: a part of
    :class:`~doxtool.python.contracts.Contracts`."""

    entry: Any
    scan: Any
    judging_reads: bool
    _arg: Callable[[str], ArgBuilder]
    _error_exit: Callable[..., bool]
    _base_only: Callable[[], frozenset[str]]
    _needed_or_renamed: Callable[..., None]

    def _parse_contract(self, stmt: cst.Try, env: Env) -> None:
        """``try: payload = json.loads(task)`` at the top of ``execute``,
        whose handlers answer its failure with an error: the values it fails
        on are refused on every call (:mod:`.parsecontracts`)."""
        if (
            env.func is not self.entry
            or not env.needed_here
            or env.trying
            or env.recovering
            or not stmt.handlers
            or finally_may_leave(stmt)
            or self.scan.star_imports
        ):
            return
        first = suite_body(stmt.body)[0]
        if type(first) is not cst.SimpleStatementLine or len(first.body) != 1:
            return
        small = first.body[0]
        value = small.value if type(small) in (cst.Assign, cst.AnnAssign, cst.Expr) else None  # type: ignore[attr-defined]
        parsed = self._parse_of(value, env) if type(value) is cst.Call else None
        ending = {
            id(h)
            for h in stmt.handlers
            if self._error_exit(suite_body(h.body), env)  # a raise, or a returned error
        }
        if parsed is None:
            if ending:  # what a library makes of the value is not known
                self._opaque_parse(value, env)  # :mod:`.opaqueparses`
            return
        parse, node, errors = parsed
        refused = [e for e in errors if self._parse_answered(stmt, e, ending, env)]
        if not refused:
            return
        arg = self._parsed_arg(node, env)
        assert arg is not None
        judging, self.judging_reads = self.judging_reads, True
        try:  # judged against what a missing key gives the read, where known
            group = self._as_read({arg: fails_kind(parse, refused)}, node, env)  # type: ignore[attr-defined]
        finally:
            self.judging_reads = judging
        for name, refusal in (group or {}).items():
            builder = self._arg(name)
            builder.refusals.add(refusal)
            self._needed_or_renamed(builder, node, env)

    def _parse_of(
        self, call: cst.Call, env: Env
    ) -> tuple[str, cst.BaseExpression, tuple[str, ...]] | None:
        """(the parse, the value it is handed, the errors it may raise) of
        ``call``: ``json.loads(task)``, ``int(count)``, ``task.strip()``."""
        func = call.func
        if type(func) is cst.Attribute and self._parsed_arg(func.value, env):
            if func.attr.value.startswith("__"):
                return None
            return "." + func.attr.value, func.value, METHOD_ERRORS
        if len(call.args) != 1 or call.args[0].keyword or call.args[0].star:
            return None
        dotted = dotted_name(func)
        if dotted is None or self._bound_here(dotted[0], env):
            return None
        if len(dotted) == 1 and dotted[0] in ("int", "float"):
            if dotted[0] in env.names or dotted[0] in self.scan.bound_names:
                return None
            parse = dotted[0]
        else:
            parse = self._import_resolved(dotted, env) or ""
        if parse not in PARSE_ERRORS:
            return None
        node = call.args[0].value
        return (parse, node, PARSE_ERRORS[parse]) if self._parsed_arg(node, env) else None

    def _parsed_arg(self, node: cst.BaseExpression, env: Env) -> str | None:
        """The argument ``node`` holds as a missing key leaves it: the bare
        name bound to its read (nothing made of it since), or the read."""
        if type(node) is cst.Name:
            name = node.value
            if any(name in getattr(env, field) for field in _REMADE):
                return None
            if name in getattr(env, "var_groups", {}):
                return None  # several arguments stand in for each other
            return env.var_args.get(name)
        if type(node) is cst.Call and self._read_call(node, env) is node:  # type: ignore[attr-defined]
            return self._arg_of(node, env)  # type: ignore[attr-defined,no-any-return]
        return None

    def _bound_here(self, name: str, env: Env) -> bool:
        """Whether ``execute`` binds ``name`` otherwise than by an import
        (``int = lambda v: ...``, a nested ``def float``, ``json = load_lenient()``,
        a parameter): then it is not the parse the name says."""
        node = env.func.node
        if name in parameter_names(node.params):
            return True
        bound = self._bound_in(node.body, name)  # type: ignore[attr-defined]
        return bound is None or any(type(b.node) not in (cst.Import, cst.ImportFrom) for b in bound)

    @staticmethod
    def _import_resolved(dotted: list[str], env: Env) -> str | None:
        root = env.names.get(dotted[0])
        return None if root is None else ".".join([root, *dotted[1:]])

    def _parse_answered(self, stmt: cst.Try, error: str, ending: set[int], env: Env) -> bool:
        """Whether ``error`` raised by the first statement of ``stmt``'s body
        is taken by a handler that ends ``execute`` with an error, none that
        may take it before going on; one that leaves the ``try`` is not judged."""
        scan = self.scan
        builtin = ValueError if error == JSON_ERROR else builtin_exception(error)
        raised = RaisedClass(error, builtin, scan.bound_names, scan.classes, self._base_only())
        for handler in stmt.handlers:
            names = self._resolved_handler_names(handler, env)
            verdict = handler_verdict(names, raised)
            if verdict == NEVER:
                continue
            if id(handler) not in ending:
                return False
            if verdict == SURE:
                return True
        return False

    def _resolved_handler_names(
        self, handler: cst.ExceptHandler, env: Env
    ) -> list[str | None] | None:
        """The classes a handler names, an imported name as its module's
        (``JSONDecodeError`` of ``from json import ...``: ``json.JSONDecodeError``)."""
        if handler.type is None:
            return None
        names: list[str | None] = []
        for kind in handler_kinds(handler):
            dotted = dotted_name(kind)
            names.append(
                None if dotted is None else self._import_resolved(dotted, env) or ".".join(dotted)
            )
        return names
