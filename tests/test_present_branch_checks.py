"""A check in a branch that a test of the argument's presence takes (``if
until:``, ``if "until" in self.args:``) never sees what a missing key gives:
it leaves the argument optional, in a ``try`` there as outside one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

HEAD = """\
from helpers.tool import Response, Tool


class Wait(Tool):
    async def execute(self, **kwargs) -> Response:
"""

PLAIN = """\
        until = self.args.get("until")
        if {test}:
            target = self.agent.parse(until)
            if not target:
                return Response(message="invalid time", break_loop=False)
        return Response(message="waited", break_loop=False)
"""

IN_TRY = """\
        until = self.args.get("until")
        if {test}:
            try:
                target = self.agent.parse(until)
                if not target:
                    raise ValueError("invalid time")
            except ValueError as exc:
                return Response(message=str(exc), break_loop=False)
        return Response(message="waited", break_loop=False)
"""


@pytest.mark.parametrize("body", [PLAIN, IN_TRY])
@pytest.mark.parametrize("test", ["until", '"until" in self.args'])
def test_a_check_where_the_argument_is_present_leaves_it_optional(
    run_cli, make_repo, body: str, test: str
) -> None:
    root: Path = make_repo({"tools/wait.py": HEAD + body.format(test=test)})
    result = run_cli(root, "inspect", "tools/wait.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    (argument,) = tool["arguments"]
    assert (argument["name"], argument["required"], argument["required_unknown"]) == (
        "until",
        False,
        False,
    )
