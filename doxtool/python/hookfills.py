"""What ``before_execution`` fills in ``self.args`` and where it holds
(part of :class:`~doxtool.python.toolscan.ToolScan`, through
:class:`~doxtool.python.argfills.ArgumentFills`).

The framework makes the tool (``__init__``), calls ``before_execution``, then
``execute``: what the hook's top-level statements fill before any ``return``
holds when ``execute`` starts, and in every function it reaches. It does not
hold in ``__init__`` or in ``before_execution`` itself, nor in a function
either of them calls (``self._setup()`` from ``__init__``, ``self._check()``
before the hook replaces ``self.args``): whether a function runs early
follows its caller (:attr:`~doxtool.python.walkstate.Target.early`), not its
name. A check at its top that raises when a key is missing
(``if not self.args.get("url"): raise RepairableException(...)``) ends the
call before ``execute`` runs: there, and in every function it reaches, the
key is present, so no default read there is what a missing key gets. Not
a key the test reads with a default it does not refuse
(``self.args.get("url", "") is None``), nor one a statement before it may
have written (``if "link" in self.args: self.args["url"] = ...``): a call
without it goes on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import libcst as cst

from doxtool.python.controlflow import contains_return, ends_with_raise
from doxtool.python.cstnodes import descendants, suite_body
from doxtool.python.modulescan import Func
from doxtool.python.walkstate import Env, Fills, Target


class HookFills:
    """What ``before_execution`` fills: a part of :class:`~doxtool.python.toolscan.ToolScan`."""

    #: what ``before_execution`` fills in ``self.args`` before ``execute`` runs
    hook_fills: Fills
    #: the keys ``before_execution`` raises without, before ``execute`` runs
    hook_present: frozenset[str]
    #: :meth:`~doxtool.python.argfills.ArgumentFills._note_fills`
    _note_fills: Callable[[cst.CSTNode, Env, Fills | None], None]
    #: :meth:`~doxtool.python.comparisons.Comparisons._raised_without`
    _raised_without: Callable[[cst.BaseExpression, Env], frozenset[str]]
    #: :attr:`~doxtool.python.readmissing.ReadMissing.read_missing`
    read_missing: dict[int, tuple[str, Any]]
    _is_dict_source: Callable[[cst.BaseExpression, Env], bool]
    _key: Callable[[cst.BaseExpression, Env], object]
    _value: Callable[[cst.BaseExpression], tuple[bool, Any]]

    def _present_at_start(self, target: Target) -> frozenset[str]:
        """The keys present when a function a call reaches starts: those
        ``before_execution`` raises without (not in one that runs before it)."""
        return frozenset() if target.early else self.hook_present

    def _fills_at_start(self, target: Target) -> Fills:
        """What holds in the arguments dicts when a function a call reaches
        starts: what ``before_execution`` filled (it runs before ``execute``,
        after ``__init__``: not in a function that runs before it, whatever
        its name, ``self._setup()`` called from ``__init__``), and what the
        call hands on (:meth:`_handed_fills`)."""
        hook = Fills() if target.early else self.hook_fills
        return hook.joined(target.fills or Fills())

    def _before_execution_fills(self, hook: Func | None) -> Fills:
        """What ``before_execution``'s top-level statements fill in
        ``self.args`` before any of them may return."""
        fills = Fills()
        if hook is None or hook.self_name is None:
            return fills
        env = Env(
            func=hook, self_name=hook.self_name, dicts=set(), names={}, collect_outcomes=False
        )
        present: frozenset[str] = frozenset()
        for stmt in suite_body(hook.node.body):
            if contains_return(stmt):
                break
            self._note_fills(stmt, env, fills)
            raising = type(stmt) is cst.If and stmt.orelse is None
            if raising and ends_with_raise(suite_body(stmt.body)):
                touched = _touched(fills)
                if touched is not None:
                    present |= self._hook_refused(stmt.test, env) - touched
        self.hook_present = present
        return fills

    def _hook_refused(self, test: cst.BaseExpression, env: Env) -> frozenset[str]:
        """The keys a raising check of ``before_execution`` refuses when
        missing: each ``.get(key, <default>)`` it tests judged against its
        default (not walked yet, the hook's reads are noted only for the
        check); a key read with a default not known, never."""
        noted: list[int] = []
        unknown: set[str] = set()
        for node in descendants(test):
            read = self._hook_get(node, env)
            if read is None or id(node) in self.read_missing:
                continue
            key, (known, value) = read
            if not known:
                unknown.add(key)
                continue
            self.read_missing[id(node)] = (key, value)
            noted.append(id(node))
        try:
            return self._raised_without(test, env) - unknown
        finally:
            for node_id in noted:
                del self.read_missing[node_id]

    def _hook_get(self, node: cst.CSTNode, env: Env) -> tuple[str, tuple[bool, Any]] | None:
        """``self.args.get(key[, default])``: its key and what a missing key gives it."""
        if not (
            type(node) is cst.Call
            and type(node.func) is cst.Attribute
            and node.func.attr.value == "get"
            and 1 <= len(node.args) <= 2
            and all(a.keyword is None and not a.star for a in node.args)
            and self._is_dict_source(node.func.value, env)
        ):
            return None
        key = self._key(node.args[0].value, env)
        if not isinstance(key, str):
            return None
        return key, (True, None) if len(node.args) == 1 else self._value(node.args[1].value)


def _touched(fills: Fills) -> set[str] | None:
    """The keys statements so far may have written where the caller sent
    none, or under another name (``None``: any may be); one filled when
    missing stays filled past the check."""
    if fills.any_filled or fills.replaced:
        return None
    entries = [*fills.written, *fills.aliased, *fills.maybe]
    return {key for _, key in entries}


def runs_early(method: Func) -> bool:
    """Whether the framework runs ``method`` before what ``before_execution``
    fills holds: ``__init__``, and ``before_execution`` itself."""
    return method.name in ("__init__", "before_execution")
