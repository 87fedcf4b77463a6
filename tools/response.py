"""The final answer of a turn."""

from __future__ import annotations

from helpers.errors import RepairableException
from helpers.tool import Response, Tool


class ResponseTool(Tool):
    """Send the final answer to the user and end the turn."""

    async def execute(self, **kwargs) -> Response:
        text = str(self.args.get("text") or "").strip()
        if not text:
            # Models trained on other frameworks often send `message` instead.
            text = str(self.args.get("message") or "").strip()
        if not text:
            raise RepairableException(
                "The response tool needs the final answer in `tool_args.text`."
            )
        return Response(message=text, break_loop=True)

    async def after_execution(self, response: Response, **kwargs) -> None:
        """Keep the final answer out of the history: the user already sees it as the reply."""
