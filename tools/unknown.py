"""The answer to a call of a tool that does not exist."""

from __future__ import annotations

from pathlib import Path

from helpers.tool import Response, Tool

#: Modules in this directory that the model cannot call.
INTERNAL_MODULES = frozenset({"__init__", "unknown"})


def available_tools() -> list[str]:
    """Names of the tools in this directory, sorted."""
    return sorted(
        path.stem
        for path in Path(__file__).parent.glob("*.py")
        if path.stem not in INTERNAL_MODULES
    )


class Unknown(Tool):
    """Internal tool: tells the model that ``self.name`` is not a tool and lists the real ones."""

    async def execute(self, **kwargs) -> Response:
        return Response(
            message=(
                f"Tool {self.name!r} not found. "
                f"Available tools: {', '.join(available_tools())}. Match the name exactly."
            ),
            break_loop=False,
        )
