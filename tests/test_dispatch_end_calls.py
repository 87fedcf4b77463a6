"""A run of tests on an argument whose other values end in what a call
handed a message gives (``return self.fail(f"unknown op {op}")`` after the
run, in its ``else`` or its ``case _``) is closed as a returned ``Response``
closes it when the call only wraps the message: the argument takes the
values tested, and a missing one is refused. A call handed the value
(``return await self.search(op)``) may be the tool's answer to it: the
run stays open."""

from __future__ import annotations

import json
from textwrap import dedent, indent
from typing import Any

import pytest

TOOL = """\
from helpers.tool import Response, Tool


class Ops(Tool):
    def fail(self, text):
        return Response(message=text, break_loop=False)

    async def search(self, text):
        found = await self.agent.memory.search(text)
        return Response(message=str(found), break_loop=False)

    async def execute(self, **kwargs):
        op = str(self.args.get("op", "")).strip().lower()
{body}
"""

FALL_THROUGH = """\
if op in ("stop", "halt"):
    return Response(message="stopped", break_loop=True)
if op == "status":
    return Response(message="ok", break_loop=False)
return {end}
"""

ELSE = """\
if op in ("stop", "halt"):
    return Response(message="stopped", break_loop=True)
elif op == "status":
    return Response(message="ok", break_loop=False)
else:
    return {end}
"""

MATCH = """\
match op:
    case "stop" | "halt":
        return Response(message="stopped", break_loop=True)
    case "status":
        return Response(message="ok", break_loop=False)
    case _:
        return {end}
"""


def _op(run_cli, make_repo, run: str, end: str) -> dict[str, Any]:
    body = indent(dedent(run).format(end=end), " " * 8)
    root = make_repo({"tools/ops.py": TOOL.format(body=body.rstrip("\n"))})
    result = run_cli(root, "inspect", "tools/ops.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (argument,) = module["tools"][0]["arguments"]
    return argument


def _claims(argument: dict[str, Any]) -> tuple[Any, ...]:
    return (
        argument["required"],
        argument["required_unknown"],
        argument["has_default"],
        argument["enum"],
    )


@pytest.mark.parametrize("run", [FALL_THROUGH, ELSE, MATCH])
def test_a_call_wrapping_a_message_after_the_run_closes_it(run_cli, make_repo, run: str) -> None:
    argument = _op(run_cli, make_repo, run, 'self.fail(f"unknown op {op!r}")')
    assert _claims(argument) == (True, False, False, ["stop", "halt", "status"])


@pytest.mark.parametrize("run", [FALL_THROUGH, ELSE])
def test_a_call_handed_the_value_after_the_run_leaves_it_open(run_cli, make_repo, run: str) -> None:
    argument = _op(run_cli, make_repo, run, "await self.search(op)")
    assert _claims(argument) == (False, False, True, None)
    assert argument["default"] == ""


NOT_IN = """\
if op not in ("stop", "halt", "status"):
    return {end}
return Response(message=op, break_loop=False)
"""


def _op_past_a_search(run_cli, make_repo, run: str, default: str) -> dict:
    """The facts of ``op`` (default ``default``) in a tool whose ``run``
    ends in a call that may answer the other values (``self.search(...)``)."""
    body = indent(dedent(run).format(end='await self.search("results for op")'), " " * 8)
    source = TOOL.format(body=body.rstrip("\n")).replace('get("op", "")', f'get("op", "{default}")')
    root = make_repo({"tools/ops.py": source})
    result = run_cli(root, "inspect", "tools/ops.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (argument,) = module["tools"][0]["arguments"]
    return argument


@pytest.mark.parametrize("run", [FALL_THROUGH, ELSE, MATCH, NOT_IN])
def test_a_default_the_run_takes_stays_past_a_call_that_may_not_refuse(
    run_cli, make_repo, run: str
) -> None:
    # a missing op is "status", a value the run takes: what the call gives
    # the other values does not make its default unknown
    argument = _op_past_a_search(run_cli, make_repo, run, "status")
    assert _claims(argument) == (False, False, True, None)
    assert (argument["default"], argument["default_unknown"]) == ("status", False)


@pytest.mark.parametrize("run", [FALL_THROUGH, NOT_IN])
def test_a_default_the_run_does_not_take_stays_unknown(run_cli, make_repo, run: str) -> None:
    argument = _op_past_a_search(run_cli, make_repo, run, "find")
    assert (argument["has_default"], argument["default_unknown"]) == (False, True)


@pytest.mark.parametrize("run", [FALL_THROUGH, ELSE, MATCH])
def test_a_call_that_may_not_refuse_after_the_run_leaves_it_open(
    run_cli, make_repo, run: str
) -> None:
    # ``search`` reads memory: it may answer the other values, so they are not refused
    argument = _op(run_cli, make_repo, run, 'await self.search("results for op")')
    assert _claims(argument) == (False, True, False, None)
