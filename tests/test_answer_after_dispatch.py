"""A dispatch whose last arm only writes the message the statement after it
returns (``else: response = f"Unknown command {c}"`` then ``return
Response(message=response)``) refuses the values it does not test, as an
``else`` returning that ``Response`` itself does: the argument is required
and takes the tested values. An arm whose value does work, or a message the
return does not hand on, closes nothing."""

from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent
from typing import Any

import pytest

HEAD = """\
from helpers.tool import Response, Tool


"""

DISPATCH = """\
class DiffTool(Tool):
    async def execute(self, **kwargs):
        command = self.args.get("command", "").lower().strip()
        try:
            if command == "diff":
                response = self._diff()
            elif command == "merge":
                response = self._merge()
            else:
                {else_arm}
            {after}
        except OSError as e:
            return Response(message=f"Error: {e}", break_loop=False)

    def _diff(self):
        return "diffed"

    def _merge(self):
        return "merged"
"""

MATCH = """\
class DiffTool(Tool):
    async def execute(self, **kwargs):
        command = self.args.get("command", "")
        match command:
            case "diff":
                result = self._diff()
            case "merge":
                result = self._merge()
            case _:
                {else_arm}
        {after}

    def _diff(self):
        return "diffed"

    def _merge(self):
        return "merged"
"""


def _command(run_cli, make_repo, template: str, else_arm: str, after: str) -> dict[str, Any]:
    source = template.replace("{else_arm}", else_arm).replace("{after}", after)
    root: Path = make_repo({"tools/diff_tool.py": HEAD + dedent(source)})
    result = run_cli(root, "inspect", "tools/diff_tool.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    (argument,) = [a for a in tool["arguments"] if a["name"] == "command"]
    return argument


ANSWERS = [
    (
        DISPATCH,
        "response = f\"Error: Unknown command '{command}'. Use diff or merge.\"",
        "return Response(message=response, break_loop=False)",
    ),
    (
        DISPATCH,
        'response = self.agent.read_prompt("fw.tool_error.md", error=f"Unknown: {command}")',
        "return Response(response, False)",
    ),
    (
        DISPATCH,
        'response = Response(message="Unknown command", break_loop=False)',
        "return response",
    ),
    (
        MATCH,
        'result = "Unknown command: " + command',
        "return Response(message=result, break_loop=False)",
    ),
    (
        MATCH,
        'result = "Unknown command: {}".format(command)',
        "return Response(result, break_loop=False)",
    ),
    # statements between the dispatch and the return that do not name the
    # message change nothing of it
    (
        DISPATCH,
        'response = Response(message="Unknown command", break_loop=False)',
        'self.agent.context.log.log(type="info", content="dispatched")\n            return response',
    ),
    (
        MATCH,
        'result = "Unknown command: " + command',
        'self.set_progress("done")\n        return Response(message=result, break_loop=False)',
    ),
    # a string handed to a call stays what it is
    (
        DISPATCH,
        "response = f\"Unknown command '{command}'\"",
        "await self.agent.handle_intervention(response)\n"
        "            return Response(message=response, break_loop=False)",
    ),
]


@pytest.mark.parametrize(("template", "else_arm", "after"), ANSWERS)
def test_an_arm_writing_the_message_returned_after_the_dispatch_refuses(
    run_cli, make_repo, template: str, else_arm: str, after: str
) -> None:
    argument = _command(run_cli, make_repo, template, else_arm, after)
    assert argument["required"] is True
    assert argument["default"] is None
    assert sorted(argument["enum"]) == ["diff", "merge"]


OPEN = [
    # the arm does work: its answer is the tool's answer
    (DISPATCH, "response = self._diff()", "return Response(message=response, break_loop=False)"),
    (
        MATCH,
        "result = self._diff() + ' (default)'",
        "return Response(message=result, break_loop=False)",
    ),
    # the message is not what the return hands on
    (
        DISPATCH,
        'note = "Unknown command"',
        "return Response(message=f'done {command}', break_loop=False)",
    ),
    # the arm writes a name the return only shows beside others
    (
        MATCH,
        'result = "plain"',
        "return Response(message=self._diff() + result, break_loop=False)",
    ),
    # a statement between leaves the block: the return is never reached
    (
        DISPATCH,
        "response = f\"Unknown command '{command}'\"",
        "raise NotImplementedError(command)\n"
        "            return Response(message=response, break_loop=False)",
    ),
]


@pytest.mark.parametrize(("template", "else_arm", "after"), OPEN)
def test_an_arm_whose_value_is_not_a_message_returned_closes_nothing(
    run_cli, make_repo, template: str, else_arm: str, after: str
) -> None:
    argument = _command(run_cli, make_repo, template, else_arm, after)
    assert argument["required"] is False
    assert argument["default"] == ""
    assert not argument.get("enum")


HANDED = [
    "await self.after_execution(response)\n            return response",
    'self._finish(response)\n            self.agent.context.log.log(type="info")\n            return response',
]


@pytest.mark.parametrize("after", HANDED)
def test_an_arm_whose_message_is_handed_to_a_call_before_it_is_returned_is_not_known(
    run_cli, make_repo, after: str
) -> None:
    """The call may change what the ``Response`` says: whether the arm
    refuses the values the dispatch does not test is not known, so the
    argument is neither optional nor required, and its values are not listed."""
    else_arm = 'response = Response(message="Unknown command", break_loop=False)'
    argument = _command(run_cli, make_repo, DISPATCH, else_arm, after)
    assert argument["required"] is False
    assert argument["required_unknown"] is True
    assert not argument.get("enum")


def test_an_arm_whose_message_is_bound_anew_before_it_is_returned_closes_nothing(
    run_cli, make_repo
) -> None:
    """``response = self._diff()`` after the dispatch replaces the arm's
    message: the arm's message is never returned."""
    else_arm = 'response = Response(message="Unknown command", break_loop=False)'
    after = "response = Response(self._diff(), False)\n            return response"
    argument = _command(run_cli, make_repo, DISPATCH, else_arm, after)
    assert argument["required"] is False
    assert argument["required_unknown"] is False
    assert not argument.get("enum")


GUARDED = DISPATCH.replace(
    "        try:\n",
    '        if command not in ("diff", "merge"):\n'
    '            return Response(message=f"Error: unknown command {command}", break_loop=False)\n'
    "        try:\n",
    1,
)


def test_a_handed_arm_after_a_check_refusing_unlisted_values_keeps_what_the_check_says(
    run_cli, make_repo
) -> None:
    """A check on every call before the dispatch already refuses what it
    does not list: the handed arm takes no value of its own, and the
    argument stays required, with the values the check lists."""
    else_arm = 'response = Response(message="Unknown command", break_loop=False)'
    after = "await self.after_execution(response)\n            return response"
    argument = _command(run_cli, make_repo, GUARDED, else_arm, after)
    assert argument["required"] is True
    assert argument["required_unknown"] is False
    assert argument["enum"] == ["diff", "merge"]
