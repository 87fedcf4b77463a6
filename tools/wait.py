"""Pausing the agent for a duration or until a moment."""

from __future__ import annotations

from datetime import datetime, timezone

from helpers.tool import Response, Tool
from helpers.wait import managed_wait

#: Longest wait one call may ask for: a day.
MAX_WAIT_SECONDS = 24 * 60 * 60


def _seconds_until(timestamp: str) -> float:
    """Seconds from now until an ISO 8601 ``timestamp``, never negative.

    A timestamp without a time zone is read as local time.
    """
    target = datetime.fromisoformat(timestamp)
    if target.tzinfo is None:
        target = target.astimezone()
    return max((target - datetime.now(timezone.utc)).total_seconds(), 0.0)


class WaitTool(Tool):
    """Wait for a duration or until a timestamp, staying responsive to the user."""

    async def execute(self, **kwargs) -> Response:
        until = str(self.args.get("until", "")).strip()
        try:
            seconds = float(self.args.get("seconds", 0)) + 60 * int(self.args.get("minutes", 0))
        except (TypeError, ValueError):
            return Response(
                message="`seconds` must be a number and `minutes` a whole number.",
                break_loop=False,
            )

        if until:
            if seconds:
                return Response(
                    message="Give either a duration (`seconds`, `minutes`) or `until`, not both.",
                    break_loop=False,
                )
            try:
                seconds = _seconds_until(until)
            except ValueError:
                return Response(
                    message=(
                        "`until` must be an ISO 8601 timestamp such as "
                        f"2025-01-31T17:30:00, not {until!r}."
                    ),
                    break_loop=False,
                )

        if not 0 <= seconds <= MAX_WAIT_SECONDS:
            return Response(
                message=f"The wait must last between 0 and {MAX_WAIT_SECONDS} seconds.",
                break_loop=False,
            )

        await self.agent.handle_intervention()
        self.set_progress(f"Waiting {seconds:g} s")
        waited = await managed_wait(self.agent, seconds)
        return Response(message=f"Waited {waited:.1f} seconds.", break_loop=False)
