"""Run every reference tool on each of its paths, as the framework would."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from runtime import CASES, REPO_ROOT, Case, FakeAgent, run_case, run_tool

from helpers import tasks
from helpers.errors import RepairableException
from helpers.notifications import Notification
from helpers.tool import Response
from tools.call_subordinate import CallSubordinateTool
from tools.notify_user import NotifyUserTool
from tools.response import ResponseTool
from tools.scheduler import SchedulerTool
from tools.wait import WaitTool


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_case_outcome(case: Case) -> None:
    run = run_case(case)

    if case.raises is None:
        assert isinstance(run.result, Response), run.result
        assert run.result.break_loop is case.break_loop
        assert case.expect in run.result.message
    else:
        assert type(run.result).__name__ == case.raises
        assert case.expect in str(run.result)

    # The traced statement is the one in the tool module that answered.
    assert run.path == case.path
    statement = (REPO_ROOT / case.path).read_text().splitlines()[run.line - 1].strip()
    expected_start = "return Response(" if case.raises is None else f"raise {case.raises}("
    assert statement.startswith(expected_start)


def test_run_tool_reports_the_answering_line(agent: FakeAgent) -> None:
    source = (REPO_ROOT / "tools/response.py").read_text().splitlines()

    response, line = run_tool(ResponseTool, {"text": "Hi"}, agent, name="response")
    assert response == Response(message="Hi", break_loop=True)
    assert source[line - 1].strip() == "return Response(message=text, break_loop=True)"

    error, line = run_tool(ResponseTool, {}, agent, name="response")
    assert isinstance(error, RepairableException)
    assert source[line - 1].strip() == "raise RepairableException("


def test_multiline_return_is_reported_at_its_first_line() -> None:
    run = run_case(next(case for case in CASES if case.id == "wait-bad-until"))
    lines = Path(REPO_ROOT / run.path).read_text().splitlines()
    assert lines[run.line - 1].strip() == "return Response("
    assert "ISO 8601" in "\n".join(lines[run.line : run.line + 6])


def test_response_stays_out_of_history_other_tools_are_recorded(agent: FakeAgent) -> None:
    run_tool(ResponseTool, {"text": "Final."}, agent, name="response")
    assert agent.history == []

    run_tool(WaitTool, {"seconds": 0}, agent, name="wait")
    assert agent.history == [("wait", "Waited 0.0 seconds.")]


def test_notify_user_records_the_notification() -> None:
    run = run_case(next(case for case in CASES if case.id == "notify-sent"))
    assert run.agent.notifications == [
        Notification(
            message="All 12 tests pass.",
            title="Build finished",
            detail="CI run 7",
            type="success",
            priority=20,
        )
    ]
    assert run.agent.interventions == 1


def test_notify_user_defaults(agent: FakeAgent) -> None:
    run_tool(NotifyUserTool, {"message": "Backup done."}, agent, name="notify_user")
    assert agent.notifications == [Notification(message="Backup done.", type="info", priority=10)]


@pytest.mark.parametrize("args", [{"message": ""}, {"message": "x", "type": "fatal"}])
def test_notify_user_sends_nothing_on_invalid_arguments(agent: FakeAgent, args: dict) -> None:
    run_tool(NotifyUserTool, args, agent, name="notify_user")
    assert agent.notifications == []
    assert agent.interventions == 0


def test_wait_honours_interventions_while_waiting(agent: FakeAgent) -> None:
    response, _ = run_tool(WaitTool, {"seconds": 0.3}, agent, name="wait")
    assert float(response.message.split()[1]) >= 0.3
    # One check before waiting, then one after each slice of at most 0.25 s.
    assert agent.interventions >= 3
    assert agent.log[-1] == ("wait", "Waiting 0.3 s")


def test_wait_until_a_moment_just_ahead(agent: FakeAgent) -> None:
    moment = datetime.now(timezone.utc) + timedelta(seconds=0.1)
    response, _ = run_tool(WaitTool, {"until": moment.isoformat()}, agent, name="wait")
    assert response.message.startswith("Waited ")
    assert datetime.now(timezone.utc) >= moment - timedelta(milliseconds=10)
    assert agent.interventions >= 2


def test_call_subordinate_keeps_or_resets_the_subordinate(agent: FakeAgent) -> None:
    first, _ = run_tool(CallSubordinateTool, {"message": "A"}, agent, name="call_subordinate")
    again, _ = run_tool(CallSubordinateTool, {"message": "B"}, agent, name="call_subordinate")
    fresh, _ = run_tool(
        CallSubordinateTool, {"message": "C", "reset": "True"}, agent, name="call_subordinate"
    )
    assert [first.message, again.message, fresh.message] == [
        "Subordinate 1 finished: A",
        "Subordinate 1 finished: B",
        "Subordinate 2 finished: C",
    ]
    assert [sub.messages for sub in agent.subordinates] == [["A", "B"], ["C"]]
    assert agent.interventions == 3


def test_scheduler_round_trip(agent: FakeAgent) -> None:
    created, _ = run_tool(
        SchedulerTool,
        {"name": "digest", "prompt": "Summarise the inbox.", "schedule": "0 9 * * *"},
        agent,
        name="scheduler",
        method="create_task",
    )
    (task,) = tasks.store_for(agent).all()
    assert created.message == f"Created task 'digest' with uuid {task.uuid}."
    assert (task.prompt, task.schedule) == ("Summarise the inbox.", "0 9 * * *")

    listed, _ = run_tool(SchedulerTool, {"action": "list_tasks"}, agent, name="scheduler")
    assert listed.message == f"- {task.uuid}: digest [0 9 * * *] idle"

    run_tool(SchedulerTool, {"action": "run_task", "uuid": task.uuid}, agent, name="scheduler")
    assert (task.state, task.runs_requested) == ("queued", 1)
    assert agent.interventions == 1

    run_tool(SchedulerTool, {"action": "delete_task", "uuid": task.uuid}, agent, name="scheduler")
    assert tasks.store_for(agent).all() == []


def test_scheduler_rejected_create_stores_nothing(agent: FakeAgent) -> None:
    for args in ({"prompt": "x"}, {"name": "n", "prompt": "x", "schedule": "daily"}):
        run_tool(SchedulerTool, {"action": "create_task", **args}, agent, name="scheduler")
    assert tasks.store_for(agent).all() == []


def test_scheduler_stores_are_per_agent() -> None:
    first, second = FakeAgent(), FakeAgent()
    run_tool(SchedulerTool, {"name": "n", "prompt": "p"}, first, method="create_task")
    assert len(tasks.store_for(first).all()) == 1
    assert tasks.store_for(second).all() == []


def test_unknown_lists_the_callable_tools() -> None:
    run = run_case(next(case for case in CASES if case.id == "unknown"))
    listed = run.result.message.split("Available tools: ")[1].split(".")[0].split(", ")
    assert listed == [
        "call_subordinate",
        "notify_user",
        "response",
        "scheduler",
        "task_done",
        "wait",
    ]
