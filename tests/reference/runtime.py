"""Run the reference tools the way the framework does, and see which statement answered.

``CASES`` lists one call per path through every reference tool (each
``return Response(...)`` and each ``raise``). ``run_case`` runs one of them
with a ``FakeAgent`` and reports the result together with the first line of
the ``return``/``raise`` statement that produced it, observed with
``sys.settrace`` rather than by reading the code: it is the runtime ground
truth that doxtool's static outcome facts are compared against.
"""

from __future__ import annotations

import ast
import asyncio
import functools
import importlib
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[2]
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from helpers import tasks  # noqa: E402
from helpers.notifications import Notification  # noqa: E402
from helpers.tool import Response, Tool  # noqa: E402

#: Directories whose frames the tracer watches: the tools and the helpers they call.
TRACED_DIRS = tuple(str(REPO_ROOT / name) + os.sep for name in ("tools", "helpers"))


class FakeSubordinate:
    """A subordinate agent that answers every message at once."""

    def __init__(self, number: int) -> None:
        self.number = number
        self.messages: list[str] = []

    async def monologue(self, message: str) -> str:
        self.messages.append(message)
        return f"Subordinate {self.number} finished: {message}"


class FakeAgent:
    """The part of the framework's agent that the reference tools use."""

    def __init__(self) -> None:
        self.interventions = 0
        self.notifications: list[Notification] = []
        self.history: list[tuple[str, str]] = []
        self.log: list[tuple[str, str]] = []
        self.subordinates: list[FakeSubordinate] = []

    async def handle_intervention(self) -> None:
        self.interventions += 1

    def notify(self, notification: Notification) -> None:
        self.notifications.append(notification)

    def get_subordinate(self, reset: bool) -> FakeSubordinate:
        if reset or not self.subordinates:
            self.subordinates.append(FakeSubordinate(len(self.subordinates) + 1))
        return self.subordinates[-1]


def _with_task(agent: FakeAgent) -> None:
    """Give the agent one scheduled task, with the uuid ``t-1``."""
    tasks.store_for(agent).add(
        tasks.Task(name="digest", prompt="Summarise the inbox.", schedule="0 9 * * *", uuid="t-1")
    )


@dataclass(frozen=True)
class Case:
    """One call of a reference tool and what it must produce."""

    id: str
    #: repository path of the tool module
    path: str
    class_name: str
    args: dict[str, Any]
    #: expected ``break_loop``; None when the call raises
    break_loop: bool | None
    #: expected exception class name, or None when a Response is returned
    raises: str | None = None
    #: text the Response message (or the exception message) must contain
    expect: str = ""
    #: tool name the model used; defaults to the module name
    name: str | None = None
    method: str | None = None
    setup: Callable[[FakeAgent], None] | None = None

    @property
    def module(self) -> str:
        return self.path.removesuffix(".py").replace("/", ".")

    @property
    def tool_name(self) -> str:
        return self.name or Path(self.path).stem


CASES: list[Case] = [
    # tools/response.py
    Case("response-text", "tools/response.py", "ResponseTool",
         {"text": "  The answer is 42.  "}, True, expect="The answer is 42."),
    Case("response-message-alias", "tools/response.py", "ResponseTool",
         {"text": " ", "message": "Done."}, True, expect="Done."),
    Case("response-blank", "tools/response.py", "ResponseTool",
         {"text": "  "}, None, raises="RepairableException", expect="tool_args.text"),
    Case("response-missing", "tools/response.py", "ResponseTool",
         {}, None, raises="RepairableException", expect="tool_args.text"),
    # tools/notify_user.py
    Case("notify-blank-message", "tools/notify_user.py", "NotifyUserTool",
         {"message": "   ", "title": "Build"}, False, expect="`message` is empty"),
    Case("notify-unknown-type", "tools/notify_user.py", "NotifyUserTool",
         {"message": "Disk full", "type": "fatal"}, False, expect="unknown type 'fatal'"),
    Case("notify-bad-priority", "tools/notify_user.py", "NotifyUserTool",
         {"message": "Disk full", "priority": "high"}, False, expect="whole number"),
    Case("notify-sent", "tools/notify_user.py", "NotifyUserTool",
         {"message": "All 12 tests pass.", "title": "Build finished", "detail": "CI run 7",
          "type": "Success", "priority": "20"}, False, expect="Notification sent: Build finished"),
    Case("notify-sent-defaults", "tools/notify_user.py", "NotifyUserTool",
         {"message": "Backup done."}, False, expect="Notification sent: Backup done."),
    # tools/wait.py
    Case("wait-bad-number", "tools/wait.py", "WaitTool",
         {"seconds": "soon"}, False, expect="must be a number"),
    Case("wait-bad-minutes", "tools/wait.py", "WaitTool",
         {"minutes": "1.5"}, False, expect="a whole number"),
    Case("wait-duration-and-until", "tools/wait.py", "WaitTool",
         {"seconds": 5, "until": "2030-01-01T00:00:00"}, False, expect="not both"),
    Case("wait-bad-until", "tools/wait.py", "WaitTool",
         {"until": "tomorrow"}, False, expect="ISO 8601"),
    Case("wait-negative", "tools/wait.py", "WaitTool",
         {"seconds": -1}, False, expect="between 0 and 86400"),
    Case("wait-too-long", "tools/wait.py", "WaitTool",
         {"minutes": 24 * 60 + 1}, False, expect="between 0 and 86400"),
    Case("wait-zero", "tools/wait.py", "WaitTool",
         {"seconds": 0}, False, expect="Waited 0.0 seconds."),
    Case("wait-short", "tools/wait.py", "WaitTool",
         {"seconds": "0.02", "minutes": 0}, False, expect="Waited "),
    Case("wait-until-past", "tools/wait.py", "WaitTool",
         {"until": "2000-01-01T00:00:00+00:00"}, False, expect="Waited 0.0 seconds."),
    # tools/call_subordinate.py
    Case("call-subordinate-blank", "tools/call_subordinate.py", "CallSubordinateTool",
         {"message": " "}, False, expect="Nothing delegated"),
    Case("call-subordinate", "tools/call_subordinate.py", "CallSubordinateTool",
         {"message": "Count the open issues.", "reset": "true"}, False,
         expect="Subordinate 1 finished: Count the open issues."),
    # tools/scheduler.py
    Case("scheduler-list-empty", "tools/scheduler.py", "SchedulerTool",
         {"action": "list_tasks"}, False, expect="No scheduled tasks."),
    Case("scheduler-list", "tools/scheduler.py", "SchedulerTool",
         {"action": " List_Tasks "}, False, expect="t-1: digest [0 9 * * *] idle",
         setup=_with_task),
    Case("scheduler-create", "tools/scheduler.py", "SchedulerTool",
         {"action": "create_task", "name": "digest", "prompt": "Summarise the inbox.",
          "schedule": "0 9 * * 1-5"}, False, expect="Created task 'digest'"),
    Case("scheduler-create-method", "tools/scheduler.py", "SchedulerTool",
         {"name": "ping", "prompt": "Say hello."}, False, expect="Created task 'ping'",
         method="create_task"),
    Case("scheduler-create-bad-schedule", "tools/scheduler.py", "SchedulerTool",
         {"action": "create_task", "name": "digest", "prompt": "x", "schedule": "daily"},
         False, expect="five fields"),
    Case("scheduler-create-missing-name", "tools/scheduler.py", "SchedulerTool",
         {"action": "create_task", "prompt": "x"}, False, expect="needs the argument `name`"),
    Case("scheduler-delete", "tools/scheduler.py", "SchedulerTool",
         {"action": "delete_task", "uuid": "t-1"}, False, expect="Deleted task 'digest'",
         setup=_with_task),
    Case("scheduler-delete-unknown", "tools/scheduler.py", "SchedulerTool",
         {"action": "delete_task", "uuid": "nope"}, False, expect="No scheduled task has uuid"),
    Case("scheduler-run", "tools/scheduler.py", "SchedulerTool",
         {"action": "run_task", "uuid": "t-1"}, False, expect="'digest' queued to run now",
         setup=_with_task),
    Case("scheduler-run-unknown", "tools/scheduler.py", "SchedulerTool",
         {"action": "run_task"}, False, expect="No scheduled task has uuid ''"),
    Case("scheduler-unknown-action", "tools/scheduler.py", "SchedulerTool",
         {"action": "pause_task"}, False,
         expect="Valid actions: list_tasks, create_task, delete_task, run_task."),
    # tools/task_done.py
    Case("task-done-handoff", "tools/task_done.py", "TaskDone",
         {"summary": "Report written to report.md."}, True, expect="Report written"),
    Case("task-done-continue", "tools/task_done.py", "TaskDone",
         {"summary": "Step 1 done.", "handoff": False}, False, expect="Continue with the next"),
    Case("task-done-continue-string", "tools/task_done.py", "TaskDone",
         {"summary": "Step 2 done.", "handoff": "no"}, False, expect="Continue with the next"),
    Case("task-done-blank", "tools/task_done.py", "TaskDone",
         {"summary": ""}, None, raises="RepairableException", expect="`summary`"),
    # tools/unknown.py
    Case("unknown", "tools/unknown.py", "Unknown",
         {"query": "weather"}, False, expect="Tool 'web_search' not found", name="web_search"),
]  # fmt: skip


@dataclass
class CaseRun:
    """What running one case produced."""

    case: Case
    agent: FakeAgent
    result: Response | Exception
    #: repository path of the file holding the answering statement
    path: str | None
    #: first line of the ``return Response(...)`` or ``raise`` statement that answered
    line: int | None
    tool: Tool = field(repr=False)

    @property
    def break_loop(self) -> bool | None:
        return self.result.break_loop if isinstance(self.result, Response) else None

    @property
    def exception(self) -> str | None:
        return None if isinstance(self.result, Response) else type(self.result).__name__


def tool_class(case: Case) -> type[Tool]:
    return getattr(importlib.import_module(case.module), case.class_name)


def run_case(case: Case) -> CaseRun:
    agent = FakeAgent()
    if case.setup is not None:
        case.setup(agent)
    tool = tool_class(case)(
        agent=agent,
        name=case.tool_name,
        method=case.method,
        args=dict(case.args),
        message="",
        loop_data=None,
    )
    result, origin = _traced(lambda: _lifecycle(tool))
    path, line = origin if origin else (None, None)
    return CaseRun(case=case, agent=agent, result=result, path=path, line=line, tool=tool)


def run_tool(
    tool_cls: type[Tool],
    args: dict[str, Any],
    agent: Any,
    *,
    name: str = "tool",
    method: str | None = None,
) -> tuple[Response | Exception, int | None]:
    """Run one tool call; return its Response (or exception) and the answering statement's line."""
    tool = tool_cls(
        agent=agent, name=name, method=method, args=dict(args), message="", loop_data=None
    )
    result, origin = _traced(lambda: _lifecycle(tool))
    return result, origin[1] if origin else None


def observed_outcomes() -> list[tuple[str, int, bool | None, str | None]]:
    """Distinct (path, line, break_loop, exception) seen over all CASES, sorted."""
    seen = set()
    for case in CASES:
        run = run_case(case)
        seen.add((run.path, run.line, run.break_loop, run.exception))
    return sorted(seen, key=lambda item: (item[0], item[1], str(item[2]), str(item[3])))


async def _lifecycle(tool: Tool) -> Response:
    """The framework's calling sequence: hook, execute with args as keywords, hook."""
    await tool.before_execution(**tool.args)
    response = await tool.execute(**tool.args)
    await tool.after_execution(response)
    return response


def _traced(
    make_call: Callable[[], Any],
) -> tuple[Response | Exception, tuple[str, int] | None]:
    """Run a coroutine under ``sys.settrace``; return its outcome and where that was made.

    The first frame that returns a given Response object (or raises a given
    exception) is the innermost one, i.e. the one holding the ``return
    Response(...)`` (or ``raise``) statement; outer frames merely pass it on.
    """
    origins: dict[int, tuple[str, int]] = {}
    alive: list[object] = []  # keeps ids unique while tracing

    def local(frame: FrameType, event: str, arg: Any):
        if event == "return" and isinstance(arg, Response):
            outcome = arg
        elif event == "exception":
            outcome = arg[1]
        else:
            return local
        if id(outcome) not in origins:
            origins[id(outcome)] = (frame.f_code.co_filename, frame.f_lineno)
            alive.append(outcome)
        return local

    def watch(frame: FrameType, event: str, arg: Any):
        return local if frame.f_code.co_filename.startswith(TRACED_DIRS) else None

    previous = sys.gettrace()
    sys.settrace(watch)
    try:
        result: Response | Exception = asyncio.run(make_call())
    except Exception as exc:
        result = exc
    finally:
        sys.settrace(previous)

    origin = origins.get(id(result))
    if origin is None:
        return result, None
    filename, line = origin
    return result, (
        Path(filename).resolve().relative_to(REPO_ROOT).as_posix(),
        statement_line(filename, line),
    )


def statement_line(filename: str | Path, line: int) -> int:
    """First line of the innermost ``return``/``raise`` statement spanning ``line``."""
    spans = [
        (lineno, end) for lineno, end in _exit_statements(str(filename)) if lineno <= line <= end
    ]
    return max(spans)[0] if spans else line


@functools.cache
def _exit_statements(filename: str) -> tuple[tuple[int, int], ...]:
    tree = ast.parse(Path(filename).read_text(encoding="utf-8"), filename)
    return tuple(
        (node.lineno, node.end_lineno or node.lineno)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Return, ast.Raise))
    )
