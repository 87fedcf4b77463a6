"""Waiting that stays responsive to the user."""

from __future__ import annotations

import asyncio
from typing import Any

#: Longest single sleep, so that a pause or an intervention is noticed quickly.
WAIT_SLICE_SECONDS = 0.25


async def managed_wait(agent: Any, seconds: float) -> float:
    """Sleep for ``seconds`` in short slices, honouring interventions between them.

    Returns the number of seconds actually waited.
    """
    loop = asyncio.get_running_loop()
    start = loop.time()
    deadline = start + max(seconds, 0.0)
    while (remaining := deadline - loop.time()) > 0:
        await asyncio.sleep(min(WAIT_SLICE_SECONDS, remaining))
        await agent.handle_intervention()
    return loop.time() - start
