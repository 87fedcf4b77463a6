"""The arms of a closed dispatch (part of :class:`~doxtool.python.toolscan.ToolScan`).

``if self.method == "create": return self.create()``, ``if self.method ==
"remove": return self.remove()``, anything else refused (a raise, or a
``Response`` naming the value: ``f"unknown method {self.method}"``): every
call that is not refused takes one arm. A key each arm needs (a read that
raises without it, ``self.args["name"]``, or a check that refuses its
absence, ``if not name: return Response(error)``), read on the arm's
straight path (not in a nested block, not after anything that may return,
also at the top of a method the arm calls there), is needed by every call
the dispatch accepts: the argument is required. A single arm that can
complete without it leaves it needed on some calls only, its requiredness
not known (:attr:`~doxtool.python.arguments.ArgBuilder.sometimes_read`).
"""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

from doxtool.python.checktests import rejects
from doxtool.python.controlflow import contains_return, terminates
from doxtool.python.cstnodes import child_nodes, suite_body
from doxtool.python.walkstate import Env

#: how an arm needs a key: a read that raises without it / a check refusing
#: it / a check answered by a call, which may refuse it or handle it
#: (``if not name: return self.fail(...)``, :mod:`~doxtool.python.absence`)
RAISES, REFUSES, DOUBTS = "raises", "refuses", "doubts"


class DispatchArms:
    """Keys every arm of a closed dispatch needs: a part of
    :class:`~doxtool.python.toolscan.ToolScan`."""

    #: arm id -> key -> how the arm needs it
    arm_needs: dict[int, dict[str, str]]

    def _open_arms(
        self, stmt: cst.If | cst.Match, following: Sequence[cst.BaseStatement], env: Env
    ) -> tuple[int, list[int]] | None:
        """At a closed dispatch every call reaches: its arms that do not end in
        an error, registered for the walk (:meth:`_arm_entry`), and how many of
        the ``following`` statements belong to it (a run of ``if`` statements
        that all return, up to the error). None for no such dispatch."""
        nodes: list[cst.CSTNode] = []
        extra = 0
        closer: Sequence[cst.BaseStatement] = ()
        if type(stmt) is cst.Match:
            # every case but the wildcard that ends in the error
            nodes = [case for case in stmt.cases if not _wildcard(case)]
            subjects = [stmt.subject]
            wildcards = [case for case in stmt.cases if _wildcard(case)]
            closer = suite_body(wildcards[-1].body) if wildcards else following[:1]
        else:
            subjects = []
            current: cst.CSTNode | None = stmt
            while type(current) is cst.If:
                if rejects(current.test):
                    return None  # ``if x not in (...): return error``: no arms
                nodes.append(current)
                subjects.extend(compared(current.test))
                current = current.orelse
            if current is not None:  # an ``else`` is the error
                closer = suite_body(current.body)
            else:
                for later in following:
                    if type(later) is not cst.If or later.orelse is not None:
                        break
                    if not terminates(suite_body(later.body)):
                        break
                    nodes.append(later)
                    subjects.extend(compared(later.test))
                    extra += 1
                closer = following[extra : extra + 1]
        if not refuses_untaken(closer, subjects):
            return None
        # an arm that returns a ``Response`` may be an error too (``if action
        # == "legacy": return Response("no longer supported")``): it reads
        # nothing, so it leaves every argument optional, as it may
        arms: list[int] = []
        for node in nodes:
            arm = len(self.arm_needs) + 1
            self.arm_needs[arm] = {}
            env.arm_nodes[id(node)] = arm
            arms.append(arm)
        return (extra, arms) if arms else None

    def _close_arms(self, arms: list[int], doubtful: Sequence[str] = ()) -> None:
        """After the dispatch: a key every arm needs is required. Past checks
        answered by a call (``doubtful``: ``if not note: return
        self.fail(...)``), or where an arm's check is one, that holds only if
        the call refuses: it is recorded as in doubt (:mod:`~doxtool.python.absence`)."""
        needs = [self.arm_needs[arm] for arm in arms]
        for key in set(needs[0]).intersection(*needs[1:]):
            builder = self._arg(key)  # type: ignore[attr-defined]
            how = RAISES if all(need[key] == RAISES for need in needs) else REFUSES
            if doubtful or any(need[key] == DOUBTS for need in needs):
                builder.absence_calls.update(doubtful)
                builder.absence_arms.add(how)
            elif how == RAISES:
                builder.arm_raises = True
            else:
                builder.arm_refuses = True

    def _arm_entry(self, node: cst.CSTNode, body: Sequence[cst.BaseStatement], env: Env) -> None:
        """The body of ``node`` (an ``if``, an ``else``, a ``case``) is about to
        be walked: when it is an arm, its top is the arm's straight path."""
        arm = env.arm_nodes.get(id(node))
        env.arm_pending = (body, arm) if arm is not None else None

    def _arm_begin(self, body: Sequence[cst.BaseStatement], env: Env) -> tuple[int | None, bool]:
        """Entering a block: whether it is an arm's straight path (an arm's
        body, or the top of a function an arm calls there)."""
        saved = (env.arm, env.arm_straight)
        pending, env.arm_pending = env.arm_pending, None
        if pending is not None and pending[0] is body:
            env.arm, env.arm_straight = pending[1], True
        else:
            env.arm_straight = env.arm is not None and body is env.top_body and env.arm_top
            env.arm_top = False
        return saved

    def _arm_step(self, stmt: cst.CSTNode, env: Env) -> None:
        """Past a statement that may return, the rest of the arm runs on some calls only."""
        if env.arm_straight and (contains_return(stmt) or terminates([stmt])):
            env.arm_straight = False

    def _arm_here(self, env: Env) -> int | None:
        """The arm whose straight path the expression walked is on, if any."""
        straight = env.arm_straight and env.branches == 0 and env.recovering == 0
        return env.arm if straight else None

    def _arm_need(self, key: str, how: str, env: Env) -> None:
        arm = self._arm_here(env)
        if arm is not None:
            needs = self.arm_needs[arm]
            for strongest in (RAISES, REFUSES, DOUBTS):
                if strongest in (how, needs.get(key)):
                    needs[key] = strongest
                    break


def compared(test: cst.BaseExpression) -> list[cst.BaseExpression]:
    """What a dispatch's test compares (``self.method`` of ``self.method == "add"``)."""
    if type(test) is cst.BooleanOperation:
        return [*compared(test.left), *compared(test.right)]
    if type(test) is cst.Comparison:
        return [test.left]
    return []


def refuses_untaken(
    closer: Sequence[cst.BaseStatement], subjects: list[cst.BaseExpression]
) -> bool:
    """Whether what a call that takes no arm gets is certainly an error: a
    raise, or a returned ``Response`` that names the value it does not take
    (``f"unknown method {self.method}"``). Any other ``Response`` may be
    an answer (``return Response("listed")``) a call gets without the keys
    the arms need."""
    last = closer[-1] if closer and terminates(closer) else None
    if type(last) is not cst.SimpleStatementLine:
        return False
    small = last.body[-1]
    if type(small) is cst.Raise:
        return True
    if type(small) is not cst.Return or type(small.value) is not cst.Call:
        return False
    todo: list[cst.CSTNode] = list(small.value.args)
    while todo:
        node = todo.pop()
        if any(node.deep_equals(subject) for subject in subjects):
            return True
        todo.extend(child_nodes(node))
    return False


def _wildcard(case: cst.MatchCase) -> bool:
    """``case _:`` with no guard."""
    pattern = case.pattern
    return type(pattern) is cst.MatchAs and pattern.pattern is None and case.guard is None
