"""Checks of a helper ended by a call of a function that may never return
(part of :class:`~doxtool.python.functionwalk.FunctionWalk`; the tool
walk's are :mod:`~doxtool.python.raisecalls`).

``if not args.get("q"): reject("q")`` needs ``q`` as ``if not
args.get("q"): raise ValueError("q")`` does when ``reject`` never returns
(every path of it raises, or it is annotated ``NoReturn``). A summary is
read from one module: the walk reads the check as a raise, records on each
read it changes what the raise would make of it
(:attr:`~doxtool.core.summary_facts.KeyRead.raise_calls`) and puts the read
back; following the helper from a tool takes the changes when each call,
followed through the repository, never returns
(:func:`~doxtool.python.followraises.raised_read`).
"""

from __future__ import annotations

import ast
import dataclasses
import operator
from collections.abc import Callable
from typing import Any

from doxtool.core.summary_facts import KeyRead
from doxtool.python.astanswers import answered
from doxtool.python.asthandedchecks import hands_back, hedged_check
from doxtool.python.astparse import statements
from doxtool.python.astreach import Reach, function_reach
from doxtool.python.names import dotted_parts
from doxtool.python.summaryscope import ModuleScope

#: what a check may change of a read (:meth:`~doxtool.python.keyreads.KeyReads._read_contract`)
_FIELDS = tuple(f.name for f in dataclasses.fields(KeyRead) if not f.name.startswith("raise_"))
#: a read's values of :data:`_FIELDS`, as a tuple
_FIELD_VALUES = operator.attrgetter(*_FIELDS)


class AstRaiseCalls:
    """Checks ended by calls: a part of :class:`~doxtool.python.functionwalk.FunctionWalk`."""

    owner: ModuleScope
    names: dict[str, str]
    reads: list[KeyRead]
    refused_params: list[list[str]]
    hedged_params: list[list[str]]
    answered_params: list[list[Any]]
    _contract: Callable[[ast.stmt, ast.expr, bool], None]

    def _if_contract(self, stmt: ast.If) -> None:
        """The check an ``if`` may be: one whose body raises, or ends with
        calls of the repository's functions that may never return, or hands
        a value back (:mod:`~doxtool.python.asthandedchecks`)."""
        raises = not stmt.orelse and isinstance(stmt.body[-1], ast.Raise)
        if hands_back(stmt):  # ``if not args.get("k"): return "error"``
            refused = hedged_check(
                self.reads,
                self.refused_params,
                lambda: self._contract(stmt, stmt.test, True),
                self.hedged_params,
            )
            # refused on every call only: ``if strict and not items`` refuses some
            self.answered_params.extend(answered(stmt, refused))
            return
        calls = None if raises or stmt.orelse else self._ending_calls(stmt.body)
        if not calls:
            self._contract(stmt, stmt.test, raises)
            return
        fields = _FIELD_VALUES
        before = [(read, fields(read)) for read in self.reads]
        refused = len(self.refused_params)
        self._contract(stmt, stmt.test, True)
        del self.refused_params[refused:]  # a parameter refused on some calls only
        for read, values in before:
            now = fields(read)
            if now == values:
                continue
            changes = [
                [name, value]
                for name, value, old in zip(_FIELDS, now, values, strict=True)
                if value != old
            ]
            if not changes:
                continue
            for name, value in zip(_FIELDS, values, strict=True):
                setattr(read, name, value)
            read.raise_calls = sorted({*read.raise_calls, *calls})
            read.raise_changes = [*read.raise_changes, *changes]

    def _ending_calls(self, body: list[ast.stmt]) -> list[str] | None:
        """The call of a function of the repository a block ends with, with
        no ``return`` in it (qualified; ``await `` before an awaited one)."""
        if any(isinstance(s, ast.Return) for s in statements(body)):
            return None
        last = body[-1] if body else None
        value = last.value if isinstance(last, ast.Expr) else None
        awaited = isinstance(value, ast.Await)
        call = value.value if isinstance(value, ast.Await) else value
        if not isinstance(call, ast.Call):
            return None
        dotted = dotted_parts(call.func)
        target = self.owner.resolve(dotted, self.names) if dotted else None
        if target is None or not self.owner.is_local(target):
            return None
        return [f"await {target}" if awaited else target]


def ends_unless(
    node: ast.FunctionDef | ast.AsyncFunctionDef,
    resolve: Callable[[list[str]], str | None],
    is_local: Callable[[str], bool],
    reach: Reach,
) -> list[str]:
    """The calls of the repository's functions (qualified) ending blocks of
    a function that falls off its end which, were none of them to return,
    would end every path (``def relay(what): reject(what)``); [] when that
    would not do. Following tells whether each never returns
    (:func:`~doxtool.python.followraises.never_returns`)."""
    if reach.ends:
        return []
    found: list[str] = []
    for block in _blocks(node.body):
        last = block[-1] if block else None
        call = last.value if isinstance(last, ast.Expr) else None
        dotted = dotted_parts(call.func) if isinstance(call, ast.Call) else None
        target = resolve(dotted) if dotted else None
        if target is not None and is_local(target) and target not in found:
            found.append(target)
    never = reach.never | set(found)
    if not found or not function_reach(node, resolve, never, reach.base_only).ends:
        return []
    return found


def _blocks(body: list[ast.stmt]) -> list[list[ast.stmt]]:
    """A body and the blocks nested in it (nested functions aside)."""
    blocks = [body]
    for stmt in statements(body):
        for name in ("body", "orelse", "finalbody"):
            block = getattr(stmt, name, None)
            if isinstance(block, list) and block:
                blocks.append(block)
        blocks.extend(h.body for h in getattr(stmt, "handlers", None) or ())
        blocks.extend(c.body for c in getattr(stmt, "cases", None) or ())
    return blocks
