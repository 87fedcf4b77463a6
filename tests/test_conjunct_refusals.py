"""A check of an argument joined by ``and`` to a test of something else
(``if action == "dm" and not target: return Response(error)``) refuses a
missing argument on the calls the other test takes only: the argument is
needed on some calls (required or optional, no default claimed), as in a
branch ``if action == "dm": if not target: ...``. An argument the other test
names too (``if text and not text.strip()``) stays optional."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

HEAD = """\
from helpers.tool import Response, Tool


class Send(Tool):
    async def execute(self, action: str = "", target: str | None = None, key: str = "", **kwargs):
"""

TAIL = '        return Response(message=f"{action} {target} {key}", break_loop=False)\n'

CHECKS = {
    "a returned error": (
        '        if action == "dm" and not target:\n'
        '            return Response(message="dm needs a target", break_loop=False)\n'
    ),
    "a raise": (
        '        if not target and action == "dm":\n            raise ValueError("dm needs a target")\n'
    ),
    "an or inside": (
        '        if action == "dm" and (not key or not target):\n'
        '            return Response(message="dm needs a target and a key", break_loop=False)\n'
    ),
    "past another check": (
        '        if action == "read" and not key:\n'
        '            return Response(message="read needs a key", break_loop=False)\n'
        '        if action == "dm" and not target:\n'
        '            return Response(message="dm needs a target", break_loop=False)\n'
    ),
}

PROMPT = "### send\nsend a message\nargs: `action`, `target`, `key`\n"


def _arguments(make_repo, run_cli, source: str) -> dict[str, dict]:
    root: Path = make_repo({"tools/send.py": source, "prompts/agent.system.tool.send.md": PROMPT})
    result = run_cli(root, "inspect", "--json", "tools/send.py")
    assert result.exit_code == 0, result.output
    tool = json.loads(result.output)[0]["tools"][0]
    return {a["name"]: a for a in tool["arguments"]}


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_a_check_joined_to_another_test_needs_it_on_some_calls(make_repo, run_cli, check) -> None:
    target = _arguments(make_repo, run_cli, HEAD + CHECKS[check] + TAIL)["target"]
    assert (target["required"], target["required_unknown"]) == (False, True)
    assert target["has_default"] is False


def test_an_argument_the_other_test_names_stays_optional(make_repo, run_cli) -> None:
    body = (
        "        if target and not target.strip():\n"
        '            return Response(message="a blank target", break_loop=False)\n'
    )
    target = _arguments(make_repo, run_cli, HEAD + body + TAIL)["target"]
    assert (target["required"], target["required_unknown"]) == (False, False)
    assert (target["default"], target["has_default"]) == (None, True)


def test_checks_of_both_arguments_stay_alternatives(make_repo, run_cli) -> None:
    body = (
        "        if not target and not key:\n"
        '            return Response(message="a target or a key", break_loop=False)\n'
    )
    arguments = _arguments(make_repo, run_cli, HEAD + body + TAIL)
    assert arguments["target"]["alternatives"] == ["key"]
    assert arguments["target"]["required_unknown"] is False


def test_checks_joined_to_value_tests_are_no_dispatch(make_repo, run_cli) -> None:
    # every value goes on past both checks to the answer: no value is refused
    action = _arguments(make_repo, run_cli, HEAD + CHECKS["past another check"] + TAIL)["action"]
    assert (action["required"], action["required_unknown"]) == (False, False)
    assert action["enum"] is None
    assert (action["default"], action["has_default"]) == ("", True)


def test_a_dispatch_past_a_joined_check_stays_closed(make_repo, run_cli) -> None:
    body = (
        CHECKS["a returned error"]
        + '        if action == "dm":\n'
        + '            return Response(message=f"sent to {target}", break_loop=False)\n'
        + '        if action == "read":\n'
        + '            return Response(message=f"read {key}", break_loop=False)\n'
        + '        return Response(message="unknown action", break_loop=False)\n'
    )
    action = _arguments(make_repo, run_cli, HEAD + body)["action"]
    assert action["enum"] == ["dm", "read"]
