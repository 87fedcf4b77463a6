"""A parameter of ``execute`` rebound on one arm of an ``if`` whose test is
about something else (``if use_file: table = ...``) still holds its literal
default on the calls that skip the arm: a check past the ``if`` refusing that
default (``if not table: return error``) needs the argument on those calls
only, so it is required or optional, not optional; a helper's parameter holds
what its caller hands it, and is read as before."""

from __future__ import annotations

import json
from pathlib import Path

TABLE_PY = """\
from helpers.tool import Response, Tool


class Table(Tool):
    async def execute(self, table: str = "", use_file: bool = False, label: str = "x", **kwargs):
        if use_file:
            table = "| a |"
        if not table or "|" not in table:
            return Response(message="table required", break_loop=False)
        if use_file:
            label = "file"
        if not label:
            return Response(message="label required", break_loop=False)
        return Response(message=table + label, break_loop=False)
"""


def _arguments(make_repo, run_cli, files: dict[str, str]) -> dict[str, dict]:
    root: Path = make_repo(files)
    result = run_cli(root, "inspect", "--json", next(iter(files)))
    assert result.exit_code == 0, result.output
    tool = json.loads(result.output)[0]["tools"][0]
    return {a["name"]: a for a in tool["arguments"]}


def test_a_parameter_rebound_on_one_arm_then_checked_is_in_doubt(make_repo, run_cli) -> None:
    arguments = _arguments(make_repo, run_cli, {"tools/table.py": TABLE_PY})
    table = arguments["table"]
    assert (table["required"], table["required_unknown"]) == (False, True)
    assert table["default_unknown"] is True
    # a default the check does not refuse stays a default, the argument optional
    label = arguments["label"]
    assert (label["required"], label["required_unknown"], label["default"]) == (False, False, "x")


def test_the_written_companion_says_required_or_optional(make_repo, run_cli) -> None:
    root: Path = make_repo(
        {
            "tools/table.py": TABLE_PY,
            "prompts/agent.system.tool.table.md": "### table\nsubmit a table\n"
            '~~~json\n{"tool_name": "table", "tool_args": {"table": "| a |"}}\n~~~\n',
        }
    )
    run_cli(root, "check", "--fix")
    text = (root / "tools/table.py.dox.md").read_text(encoding="utf-8")
    assert "  - `table`: required or optional string.\n" in text
