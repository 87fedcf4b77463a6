"""Follow what a tool returns into the repository's other modules.

``return final(text)`` with ``final`` in ``helpers/responses.py``, or
``return await self.finish(...)`` with ``finish`` on a base class elsewhere:
extraction sees one module and records such values
(:attr:`~doxtool.core.facts.ToolFacts.returned_calls`); this step reads the
callee's summary (:attr:`~doxtool.core.summary_facts.FunctionSummary.returns`)
and adds the ``Response`` outcomes it returns, at the tool's ``return``. A
value it cannot follow to a ``Response`` (a callee not found, a value of
unknown kind, a path that returns None) makes the tool's ``break_loop``
unknown (:attr:`~doxtool.core.facts.ToolFacts.unknown`): doxtool then claims
nothing about it.
"""

from __future__ import annotations

import dataclasses

from doxtool.core.facts import HelperCall, Outcome, ToolFacts
from doxtool.python.follow import MAX_DEPTH, Found, HelperFollower

#: the fact kind a value that cannot be followed leaves unknown
BREAK_LOOP = "break-loop"


class ReturnFollower:
    def __init__(self, follower: HelperFollower) -> None:
        self.follower = follower

    def apply(self, tool: ToolFacts) -> ToolFacts:
        """The tool with the outcomes of the values it returns from other modules."""
        if not tool.returned_calls:
            return tool
        outcomes = list(tool.outcomes)
        known = True
        for call in tool.returned_calls:
            found = self.follower.entry(tool, call.target) if call.target else None
            if found is None or not self._collect(found, call, outcomes, 0, set()):
                known = False
        unknown = list(tool.unknown)
        if not known and BREAK_LOOP not in unknown:
            unknown.append(BREAK_LOOP)
        return dataclasses.replace(tool, outcomes=outcomes, unknown=unknown)

    def _collect(
        self,
        found: Found,
        call: HelperCall,
        outcomes: list[Outcome],
        depth: int,
        seen: set[tuple[str, str]],
    ) -> bool:
        """Add the Responses ``found`` returns; False when some value is not one."""
        summary = found.summary
        key = (found.facts.path, summary.name)
        if key in seen:
            return True  # a recursive call adds what the first one does
        seen.add(key)
        if summary.falls_off or not summary.returns or found.constructs:
            return False
        known = True
        for returned in summary.returns:
            if returned.kind == "response" and returned.break_loop is not None:
                outcomes.append(
                    Outcome(
                        returned.break_loop,
                        call.line,
                        call.column,
                        returned.expression,
                        call.function,
                        call.path,
                    )
                )
            elif returned.kind == "call" and depth + 1 < MAX_DEPTH:
                callee = self.follower.callee(found, returned.call)
                if callee is None or not self._collect(callee, call, outcomes, depth + 1, seen):
                    known = False
            else:
                known = False
        return known
