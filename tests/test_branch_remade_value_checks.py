"""A check in a method a dispatch calls, of a name a branch remade from the
argument's value on calls a missing key does not take (``steps =
self.args.get("steps", [])``, ``if isinstance(steps, str): steps =
steps.split(",")``, then ``if not steps: return Response(error)``), refuses a
missing key on the calls that come that way: the argument is required or
optional, its refused default not claimed, as it is without the branch."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

TOOL = """\
from helpers.tool import Response, Tool


class Planner(Tool):
    async def execute(self, **kwargs):
        action = self.args.get("action") or ""
        if action == "create":
            return await self._create()
        return Response(message=self._help(), break_loop=False)

    async def _create(self):
        steps = self.args.get("steps", [])
{remake}        if not steps:
            return Response(message="Error: steps are required", break_loop=False)
        return Response(message=str(steps), break_loop=False)

    def _help(self):
        return "actions: create"
"""

REMAKES = [
    "",
    '        if isinstance(steps, str):\n            steps = steps.split(",")\n',
    "        if isinstance(steps, str):\n"
    '            steps = [s.strip() for s in steps.split(",") if s.strip()]\n',
]


def _steps(run_cli, make_repo, remake: str) -> tuple[dict, Path]:
    root: Path = make_repo({"tools/planner.py": TOOL.format(remake=remake)})
    result = run_cli(root, "inspect", "tools/planner.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    arguments = module["tools"][0]["arguments"]
    return next(a for a in arguments if a["name"] == "steps"), root


@pytest.mark.parametrize("remake", REMAKES)
def test_a_check_past_a_branch_a_missing_key_skips_refuses_it_on_those_calls(
    run_cli, make_repo, remake: str
) -> None:
    steps, root = _steps(run_cli, make_repo, remake)
    assert steps["required"] is False
    assert steps["required_unknown"] is True
    assert steps["has_default"] is False
    run_cli(root, "check", "--fix")
    companion = (root / "tools/planner.py.dox.md").read_text()
    assert "  - `steps`: required or optional." in companion


def test_a_branch_a_missing_key_takes_still_leaves_the_default(run_cli, make_repo) -> None:
    # ``if not steps: steps = ["plan"]``: a missing key gets a value the check passes
    remake = '        if not steps:\n            steps = ["plan"]\n'
    steps, _ = _steps(run_cli, make_repo, remake)
    assert steps["required"] is False
    assert steps["required_unknown"] is False
