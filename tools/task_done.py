"""Reporting that a task is finished."""

from __future__ import annotations

from helpers.errors import RepairableException
from helpers.tool import Response, Tool


class TaskDone(Tool):
    """Report a finished task and, unless told to continue, hand control back to the user."""

    async def execute(self, **kwargs) -> Response:
        summary = str(kwargs.get("summary", "")).strip()
        if not summary:
            raise RepairableException("task_done needs a `summary` of what was finished.")

        # `handoff` arrives as JSON true/false or as a string; anything but an
        # explicit "no" ends the turn.
        should_stop = str(kwargs.get("handoff", True)).strip().lower() not in ("false", "no", "0")
        if not should_stop:
            summary += "\nContinue with the next step of the plan."
        return Response(message=summary, break_loop=should_stop)
