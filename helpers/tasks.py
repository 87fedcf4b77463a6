"""A small in-memory store of scheduled tasks, one per agent."""

from __future__ import annotations

import uuid as uuid_module
import weakref
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any


@dataclass
class Task:
    """A prompt the agent runs on a schedule or on request."""

    name: str
    prompt: str
    schedule: str = ""
    uuid: str = field(default_factory=lambda: uuid_module.uuid4().hex)
    created_at: datetime = field(default_factory=lambda: datetime.now(timezone.utc))
    state: str = "idle"
    runs_requested: int = 0


class TaskStore:
    """Tasks of one agent, kept in memory in creation order."""

    def __init__(self) -> None:
        self._tasks: dict[str, Task] = {}

    def add(self, task: Task) -> Task:
        self._tasks[task.uuid] = task
        return task

    def get(self, uuid: str) -> Task | None:
        return self._tasks.get(uuid)

    def remove(self, uuid: str) -> Task | None:
        return self._tasks.pop(uuid, None)

    def all(self) -> list[Task]:
        return list(self._tasks.values())

    def request_run(self, uuid: str) -> Task | None:
        """Queue a task to run now; the agent's scheduler loop picks it up."""
        task = self._tasks.get(uuid)
        if task is not None:
            task.state = "queued"
            task.runs_requested += 1
        return task


_stores: weakref.WeakKeyDictionary[Any, TaskStore] = weakref.WeakKeyDictionary()


def store_for(agent: Any) -> TaskStore:
    """The task store of ``agent``, created on first use and dropped with the agent."""
    store = _stores.get(agent)
    if store is None:
        store = _stores[agent] = TaskStore()
    return store
