"""Notifications the agent shows to the user outside the chat."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Notification:
    """One notification, as handed to ``agent.notify``."""

    message: str
    title: str = ""
    detail: str = ""
    type: str = "info"
    priority: int = 10
