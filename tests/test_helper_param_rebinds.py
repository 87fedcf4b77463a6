"""A helper's check at the top of its body (``if not value: raise ...``)
refuses what it is handed; a rebinding of the parameter after it (``value =
value.strip()``) changes nothing the check saw, one before it may."""

from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent
from typing import Any

TOOL = """\
from helpers.tool import Response, Tool
from helpers.checks import validate_room_id


class Send(Tool):
    async def execute(self, **kwargs) -> Response:
        room_id = self.args.get("room_id", "")
        try:
            room_id = validate_room_id(room_id)
        except ValueError as e:
            return Response(message=f"Error: {e}", break_loop=False)
        return Response(message=room_id, break_loop=False)
"""


def _room_id(run_cli, make_repo, helper: str) -> tuple[Any, ...]:
    root: Path = make_repo({"tools/send.py": TOOL, "helpers/checks.py": dedent(helper)})
    result = run_cli(root, "inspect", "tools/send.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    (argument,) = tool["arguments"]
    return (
        argument["required"],
        argument["required_unknown"],
        argument["has_default"],
        argument["default"],
    )


def test_a_parameter_rebound_after_the_check_is_still_refused(run_cli, make_repo) -> None:
    helper = """\
        def validate_room_id(value: str, name: str = "room_id") -> str:
            if not value:
                raise ValueError(f"{name} is required.")
            value = value.strip()
            return value
        """
    assert _room_id(run_cli, make_repo, helper) == (True, False, False, None)


def test_a_parameter_rebound_before_the_check_is_not_known_refused(run_cli, make_repo) -> None:
    helper = """\
        def validate_room_id(value: str, name: str = "room_id") -> str:
            value = value or "!lobby:example.org"
            if not value:
                raise ValueError(f"{name} is required.")
            return value
        """
    assert _room_id(run_cli, make_repo, helper) == (False, False, True, "")


BRANCH_TOOL = """\
from helpers.tool import Response, Tool
from helpers.checks import validate_room_id


class Chat(Tool):
    async def execute(self, **kwargs) -> Response:
        action = self.args.get("action", "status")
        if action == "add_room":
            return self._add_room()
        return Response(message="ok", break_loop=False)

    def _add_room(self) -> Response:
        room_id = self.args.get("room_id", "")
        try:
            room_id = validate_room_id(room_id)
        except ValueError as e:
            return Response(message=f"Error: {e}", break_loop=False)
        return Response(message=room_id, break_loop=False)
"""

CHECK = """\
def validate_room_id(value: str) -> str:
    if not value:
        raise ValueError("room_id is required.")
    return value
"""


def test_a_refusal_in_a_method_a_branch_answers_with_leaves_it_in_doubt(run_cli, make_repo) -> None:
    # the handler's Response ends execute on the calls that take the branch:
    # room_id is needed there, not on every call, and its default is no fact
    root: Path = make_repo({"tools/chat.py": BRANCH_TOOL, "helpers/checks.py": CHECK})
    result = run_cli(root, "inspect", "tools/chat.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    room_id = next(a for a in tool["arguments"] if a["name"] == "room_id")
    assert (room_id["required"], room_id["required_unknown"], room_id["has_default"]) == (
        False,
        True,
        False,
    )
