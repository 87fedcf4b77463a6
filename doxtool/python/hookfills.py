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
key is present, so no default read there is what a missing key gets.
"""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from doxtool.python.controlflow import contains_return, ends_with_raise
from doxtool.python.cstnodes import suite_body
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
                present |= self._raised_without(stmt.test, env)
        self.hook_present = present
        return fills


def runs_early(method: Func) -> bool:
    """Whether the framework runs ``method`` before what ``before_execution``
    fills holds: ``__init__``, and ``before_execution`` itself."""
    return method.name in ("__init__", "before_execution")
