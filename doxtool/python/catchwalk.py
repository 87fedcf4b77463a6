"""The statements of the tool walk that catch what their body raises (part
of :class:`~doxtool.python.toolscan.ToolScan`; the ``ast`` side of helpers:
:mod:`~doxtool.python.astcatching`): ``try`` and ``with``.

A ``try`` whose handlers recover (go on rather than end ``execute`` with an
error) and one of which catches a missing key's ``KeyError`` (or a class
above it), and a ``with`` whose context manager swallows it (``with
contextlib.suppress(KeyError):``), guard the key reads in their body: a
read there is needed on no call, and what a missing key leaves is not
known (no default is claimed). ``suppress(ValueError)`` guards nothing."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from typing import Any

import libcst as cst

from doxtool.python.arguments import ArgBuilder
from doxtool.python.controlflow import contains_return, ends_with_raise, terminates
from doxtool.python.cstcaught import escaping_checks
from doxtool.python.cstnodes import child_nodes, dotted_name, suite_body
from doxtool.python.csttried import kept_tried_imports
from doxtool.python.excclasses import NEVER, SURE, handler_verdict, raised_class
from doxtool.python.keyguards import GUARD_EXCEPTIONS
from doxtool.python.raisecatch import finally_may_leave, handler_names
from doxtool.python.walkstate import Env


class CatchWalk:
    """``try`` and ``with``: a part of :class:`~doxtool.python.toolscan.ToolScan`."""

    args: dict[str, ArgBuilder]
    _stmts: Callable[[Sequence[cst.BaseStatement], Env], None]
    _expr: Callable[[cst.BaseExpression, Env], None]
    _entered: Callable[[cst.BaseExpression, bool, Env], None]
    _stops: Callable[[cst.BaseStatement, Env], bool]
    _unordered: Callable[[Callable[[], None]], None]
    _on_error: Callable[[Sequence[cst.BaseStatement], Env], None]
    _error_exit: Callable[[Sequence[cst.BaseStatement], Env], bool]
    _ends_execute: Callable[[Env], bool]  # :mod:`.contracts`
    _base_only: Callable[[], frozenset[str]]
    _suppressing: Callable[[Env], Callable[[cst.WithItem], bool]]  # :mod:`.reach`
    entry: Any
    scan: Any  # the :class:`~doxtool.python.modulescan.ModuleScan`

    def _try(self, stmt: cst.Try | cst.TryStar, env: Env) -> None:
        # a ``finally`` that always leaves overrides every ``return`` before it
        final = stmt.finalbody
        overrides = final is not None and any(self._stops(s, env) for s in suite_body(final.body))
        # ... and every exception raised before it: a helper's may be caught
        env.overridden += overrides
        env.trying += overrides
        # a ``finally`` that leaves on some calls may drop what the body raises
        dropping = overrides or (not stmt.handlers and finally_may_leave(stmt))
        if dropping:
            env.catchers.append(None)
        self._try_body(stmt, env)
        for handler in stmt.handlers:  # run when the body raises: on some calls only
            self._unordered(partial(self._on_error, suite_body(handler.body), env))
        # the import of the body that holds over a handler's (:mod:`.triedimports`)
        kept_tried_imports(stmt, self.scan._bind_import, self.scan.local_roots, env.names)
        if stmt.orelse is not None:  # run when it does not
            orelse = suite_body(stmt.orelse.body)
            # skipped when a handler recovers: then on some calls only
            ends = all(terminates(suite_body(h.body)) for h in stmt.handlers)
            walk = self._stmts if ends else self._on_error
            self._unordered(partial(walk, orelse, env))
        env.overridden -= overrides
        env.trying -= overrides
        if dropping:
            env.catchers.pop()
        if stmt.finalbody is not None:
            self._stmts(suite_body(stmt.finalbody.body), env)

    def _try_body(self, stmt: cst.Try | cst.TryStar, env: Env) -> None:
        """The body of a ``try``. Its checks are contracts as those around it
        are when every handler ends ``execute`` with an error (a raise, or in
        ``execute``, or a function whose result it ends with, a returned
        ``Response`` or written message); a handler that goes on recovers
        from what they raise. ``except KeyError`` makes ``args["x"]`` in it
        optional only when it recovers, and then with no default known."""
        handlers = [suite_body(h.body) for h in stmt.handlers]
        ending = [
            self._error_exit(h, env)
            # on the calls that come this way: a method a dispatch's branch
            # answers with (``return self._add()``) ends ``execute`` there too
            and (env.func is self.entry or ends_with_raise(h) or _answers(env))
            for h in handlers
        ]
        recovers = bool(handlers) and not all(ending)
        # the first handler that catches a missing key's ``KeyError`` is the one that runs
        keyed = [
            (b, e)
            for h, b, e in zip(stmt.handlers, handlers, ending, strict=True)
            if catches_key_error(h)
        ]
        catches = bool(keyed) and not keyed[0][1]
        # in a function ``execute`` calls, ``except KeyError: return "no key"``
        # hands a value back: whether the tool answers with it as an error is
        # not known, so a read there is needed on some calls (as in a helper
        # of another module: :mod:`~doxtool.python.astcatching`)
        handed = catches and env.func is not self.entry and any(map(contains_return, keyed[0][0]))
        catches = catches and not handed
        env.trying += bool(handlers)
        if handlers:  # a ``finally`` that may leave may drop what any handler passes on
            env.catchers.append(None if finally_may_leave(stmt) else tuple(stmt.handlers))
        escaping = env.escaping
        if recovers and not env.recovering:  # (one ``try`` that may recover around it)
            ends = [id(h) for h, e in zip(stmt.handlers, ending, strict=True) if e]
            env.escaping = self._escaping(stmt, frozenset(ends))
        env.recovering += recovers
        body = suite_body(stmt.body)
        env.conditional += handed
        with self._keys_guarded(catches, env):
            if handlers or not env.overridden:
                # the body runs as the statements around the ``try`` do
                self._stmts_in_place(body, env)
            else:  # a ``finally`` that always leaves overrides its returns
                self._stmts(body, env)
        env.conditional -= handed
        env.recovering -= recovers
        env.escaping = escaping
        env.trying -= bool(handlers)
        if handlers:
            env.catchers.pop()

    def _ends_past_handlers(self, body: Sequence[cst.BaseStatement], env: Env) -> bool:
        """Whether ``body`` always ends the function (:func:`terminates`),
        also where a ``try`` around it has a handler that goes on: none of
        its raises may be taken there (``if not text: raise ValueError(...)``
        under ``except ValueError: pass`` lets an empty ``text`` past it)."""
        if not terminates(body):
            return False
        if not env.trying:
            return True
        todo: list[cst.CSTNode] = list(body)
        while todo:
            node = todo.pop()
            if type(node) is cst.Raise:
                exc = node.exc.func if type(node.exc) is cst.Call else node.exc
                dotted = dotted_name(exc) if exc is not None else None
                if self._raise_recovered(".".join(dotted) if dotted else None, env):
                    return False
            elif type(node) not in (cst.FunctionDef, cst.ClassDef, cst.Lambda):
                todo.extend(child_nodes(node))
        return True

    def _raise_recovered(self, name: str | None, env: Env) -> bool:
        """Whether a handler around the statement being walked that goes on
        (does not end the function) may take a raise of the class ``name``
        (``None``: not known; ``AssertionError`` of a failing ``assert``):
        past it, the walk goes on with what the check tested unproven. The
        first handler that surely takes it decides; an enclosing ``try`` not
        known here (a caller's) may."""
        if not env.trying:
            return False
        scan = self.scan
        if name is None or len(env.catchers) != env.trying or scan.star_imports:
            return True
        raised = raised_class(name, scan.bound_names, scan.classes, self._base_only())
        for handlers in reversed(env.catchers):
            if handlers is None:
                return True
            for handler in handlers:
                verdict = handler_verdict(handler_names(handler), raised)
                if verdict == NEVER:
                    continue
                if not terminates(suite_body(handler.body)):
                    return True
                if verdict == SURE:
                    return False
        return False

    def _escaping(self, stmt: cst.Try | cst.TryStar, ending: frozenset[int]) -> frozenset[int]:
        """The checks at the start of the body of ``stmt`` whose raise no
        handler that goes on takes (``ending``: the handlers that end the
        call with an error; :func:`~doxtool.python.cstcaught.escaping_checks`;
        none where a star import may bind any class name)."""
        scan = self.scan
        if scan.star_imports or type(stmt) is not cst.Try:
            return frozenset()
        return escaping_checks(stmt, self._base_only(), scan.bound_names, scan.classes, ending)

    def _with(self, stmt: cst.With, env: Env) -> None:
        for item in stmt.items:
            self._expr(item.item, env)
            self._entered(item.item, stmt.asynchronous is not None, env)
        # ``with suppress(...)`` catches what its body raises, as a ``try`` may
        suppressing = [item.item for item in stmt.items if self._suppressing(env)(item)]
        catches = any(suppressed_key_error(call) for call in suppressing)  # type: ignore[arg-type]
        env.trying += bool(suppressing)
        if suppressing:
            env.catchers.append(None)
        with self._keys_guarded(catches, env):
            if suppressing:  # what its body raises may be swallowed
                self._stmts(suite_body(stmt.body), env)
            else:
                self._stmts_in_place(suite_body(stmt.body), env)
        env.trying -= bool(suppressing)
        if suppressing:
            env.catchers.pop()

    def _stmts_in_place(self, body: Sequence[cst.BaseStatement], env: Env) -> None:
        """Walk a block that runs whenever the statement holding it runs (the
        body of a ``try`` or a ``with``): its checks hold as those around it
        do, contracts at the top of a function every call runs, refusals on
        the calls that come this way at the top of a branch of a dispatch or
        of a method a dispatch calls (``if not name: return Response(...)``
        in ``try:`` is the check it is outside)."""
        if env.needed_here:
            top, env.top_body = env.top_body, body
            self._stmts(body, env)
            env.top_body = top
            return
        if env.checks_here:
            env.branch_body = body
        self._stmts(body, env)

    @contextmanager
    def _keys_guarded(self, catches: bool, env: Env) -> Iterator[None]:
        """Walk a body whose missing keys' ``KeyError`` is caught (when
        ``catches``): its key reads are guarded, and a subscript read there
        gets no default (what the handler gives is not known)."""
        if not catches:
            yield
            return
        before = {name: len(b.reads) for name, b in self.args.items()}
        env.guards.append(None)
        try:
            yield
        finally:
            env.guards.pop()
        for name, builder in self.args.items():
            # (not one past a check that raises without the key: it never raises)
            if any(
                r.kind == "subscript" and id(r) not in builder.present_reads
                for r in builder.reads[before.get(name, 0) :]
            ):
                builder.set_fallback(False)


def catches_key_error(handler: cst.ExceptHandler | cst.ExceptStarHandler) -> bool:
    """Whether a handler catches ``KeyError`` (a bare ``except`` does)."""
    if handler.type is None:
        return True
    types = handler.type.elements if type(handler.type) is cst.Tuple else None
    return _names_guard([e.value for e in types] if types is not None else [handler.type])


def suppressed_key_error(call: cst.Call) -> bool:
    """Whether ``contextlib.suppress(...)`` called so swallows a missing
    key's ``KeyError`` (a starred argument's classes are not known)."""
    return _names_guard([a.value for a in call.args if not a.star and a.keyword is None])


def _names_guard(nodes: Sequence[cst.BaseExpression]) -> bool:
    """Whether one of ``nodes`` names ``KeyError`` or a class above it."""
    for node in nodes:
        dotted = dotted_name(node)
        if dotted and dotted[-1] in GUARD_EXCEPTIONS:
            return True
    return False


def _answers(env: Env) -> bool:
    """Whether a ``Response`` the walked function returns ends ``execute`` on
    the calls that reach it (``execute`` answers with what it returns), if
    not on every call (``_ends_execute`` of :mod:`.contracts`)."""
    return env.collect_outcomes or env.answers
