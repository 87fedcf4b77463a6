"""Delegation of a subtask to a subordinate agent."""

from __future__ import annotations

from helpers.tool import Response, Tool


class CallSubordinateTool(Tool):
    """Hand a message to the subordinate agent and return its answer.

    The agent provides ``get_subordinate(reset: bool)``, which returns the
    current subordinate (or a new one when ``reset`` is true), and the
    subordinate provides ``async monologue(message: str) -> str``.
    """

    async def execute(self, message: str = "", reset: str = "", **kwargs) -> Response:
        message = str(message).strip()
        if not message:
            return Response(
                message="Nothing delegated: `message` must describe the subtask.",
                break_loop=False,
            )

        await self.agent.handle_intervention()
        subordinate = self.agent.get_subordinate(reset=str(reset).strip().lower() == "true")
        answer = await subordinate.monologue(message)
        return Response(message=answer, break_loop=False)
