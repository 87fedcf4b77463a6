"""Scheduled tasks: list, create, delete and run them."""

from __future__ import annotations

from typing import Any

from helpers import tasks
from helpers.tool import Response, Tool

ACTIONS = ("list_tasks", "create_task", "delete_task", "run_task")


def _list_tasks(agent: Any) -> Response:
    lines = [
        f"- {task.uuid}: {task.name} [{task.schedule or 'on request'}] {task.state}"
        for task in tasks.store_for(agent).all()
    ]
    return Response(message="\n".join(lines) or "No scheduled tasks.", break_loop=False)


def _create_task(agent: Any, args: dict) -> Response:
    name = str(args["name"]).strip()
    prompt = str(args["prompt"]).strip()
    schedule = str(args.get("schedule", "")).strip()
    if schedule and len(schedule.split()) != 5:
        return Response(
            message=(
                f"`schedule` must be a cron expression with five fields "
                f"(minute hour day month weekday), not {schedule!r}."
            ),
            break_loop=False,
        )
    task = tasks.store_for(agent).add(tasks.Task(name=name, prompt=prompt, schedule=schedule))
    return Response(message=f"Created task {task.name!r} with uuid {task.uuid}.", break_loop=False)


def _delete_task(agent: Any, args: dict) -> Response:
    uuid = str(args.get("uuid", "")).strip()
    task = tasks.store_for(agent).remove(uuid)
    if task is None:
        return Response(message=_no_such_task(uuid), break_loop=False)
    return Response(message=f"Deleted task {task.name!r}.", break_loop=False)


def _no_such_task(uuid: str) -> str:
    return f"No scheduled task has uuid {uuid!r}; use action `list_tasks` to see them."


class SchedulerTool(Tool):
    """Manage the agent's scheduled tasks.

    The action comes from the method (``scheduler:create_task``) or from the
    ``action`` argument.
    """

    async def execute(self, **kwargs) -> Response:
        action = str(self.method or self.args.get("action", "")).strip().lower()
        try:
            return await self._dispatch(action)
        except KeyError as missing:
            return Response(
                message=f"Action {action!r} needs the argument `{missing.args[0]}`.",
                break_loop=False,
            )

    async def _dispatch(self, action: str) -> Response:
        if action == "list_tasks":
            return _list_tasks(self.agent)
        if action == "create_task":
            return _create_task(self.agent, self.args)
        if action == "delete_task":
            return _delete_task(self.agent, self.args)
        if action == "run_task":
            return await self._run_task(str(self.args.get("uuid", "")).strip())
        return Response(
            message=f"Unknown action {action!r}. Valid actions: {', '.join(ACTIONS)}.",
            break_loop=False,
        )

    async def _run_task(self, uuid: str) -> Response:
        await self.agent.handle_intervention()
        task = tasks.store_for(self.agent).request_run(uuid)
        if task is None:
            return Response(message=_no_such_task(uuid), break_loop=False)
        return Response(message=f"Task {task.name!r} queued to run now.", break_loop=False)
