"""The tool contract: the ``Tool`` base class and the ``Response`` it returns."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any


@dataclass
class Response:
    """The result of one tool call.

    ``message`` is shown to the model as the tool result. ``break_loop=True``
    ends the agent's loop for this turn and hands control back to the user.
    """

    message: str
    break_loop: bool
    additional: dict | None = None


class Tool(ABC):
    """Base class of every tool.

    The framework finds a tool by the name of its module, builds it with the
    model's ``tool_args`` as ``args`` and then calls ``execute(**args)``, so a
    tool may read an argument from ``self.args`` or as a keyword argument.
    """

    def __init__(
        self,
        agent: Any,
        name: str,
        method: str | None,
        args: dict,
        message: str,
        loop_data: Any,
        **kwargs: Any,
    ) -> None:
        self.agent = agent
        self.name = name
        self.method = method
        self.args = args
        self.message = message
        self.loop_data = loop_data
        self.progress = ""

    @abstractmethod
    async def execute(self, **kwargs: Any) -> Response:
        """Run the tool with the model's arguments and return its result."""

    async def before_execution(self, **kwargs: Any) -> None:
        """Hook run before ``execute``: starts with empty progress."""
        self.set_progress(None)

    async def after_execution(self, response: Response, **kwargs: Any) -> None:
        """Hook run after ``execute``: records the result in the agent's history, if any."""
        history = getattr(self.agent, "history", None)
        if history is not None:
            history.append((self.name, response.message))

    def set_progress(self, content: str | None) -> None:
        """Replace the progress text shown while the tool runs."""
        self.progress = content or ""
        self._log_progress()

    def add_progress(self, content: str | None) -> None:
        """Append to the progress text shown while the tool runs."""
        if content:
            self.progress += content
            self._log_progress()

    def _log_progress(self) -> None:
        log = getattr(self.agent, "log", None)
        if log is not None:
            log.append((self.name, self.progress))
