"""Notifications shown to the user outside the chat."""

from __future__ import annotations

from helpers.notifications import Notification
from helpers.tool import Response, Tool


class NotifyUserTool(Tool):
    """Show the user a notification without ending the turn."""

    async def execute(self, **kwargs) -> Response:
        message = str(self.args.get("message", "")).strip()
        title = str(self.args.get("title", "")).strip()
        detail = str(self.args.get("detail", "")).strip()
        kind = str(self.args.get("type", "info")).strip().lower()

        if not message:
            return Response(message="Notification not sent: `message` is empty.", break_loop=False)
        if kind not in ("info", "success", "warning", "error"):
            return Response(
                message=(
                    f"Notification not sent: unknown type {kind!r}; "
                    "use one of info, success, warning, error."
                ),
                break_loop=False,
            )
        try:
            priority = int(self.args.get("priority", 10))
        except (TypeError, ValueError):
            return Response(
                message="Notification not sent: `priority` must be a whole number.",
                break_loop=False,
            )

        await self.agent.handle_intervention()
        self.agent.notify(
            Notification(message=message, title=title, detail=detail, type=kind, priority=priority)
        )
        return Response(message=f"Notification sent: {title or message}", break_loop=False)
