"""An example that calls the documented tool through another tool of the
repository (``parallel`` handed a nested call of it) calls the documented
tool: no PRM006. A wrapper handed a call of another tool, or a wrapper no
module defines, is still a mismatch."""

from __future__ import annotations

import pytest
from samples import clean_files

from doxtool.rules.examples import WAIT_PY

PROMPT = "prompts/agent.system.tool.wait.md"


def _example(call: str) -> str:
    return "### wait\nPause.\nargs: optional `seconds`\n~~~json\n" + call + "\n~~~\n"


@pytest.mark.parametrize(
    ("call", "wrapper", "flagged"),
    [
        (
            '{"tool_name": "parallel", "tool_args": {"calls": '
            '[{"tool_name": "wait", "tool_args": {"seconds": 1}}]}}',
            True,
            False,
        ),
        # deeper, and through the framework's other spelling
        (
            '{"tool_name": "parallel", "tool_args": {"plan": {"steps": '
            '[{"tool": "wait", "args": {"seconds": 1}}]}}}',
            True,
            False,
        ),
        # a wrapper handed a call of another tool
        (
            '{"tool_name": "parallel", "tool_args": {"calls": '
            '[{"tool_name": "response", "tool_args": {}}]}}',
            True,
            True,
        ),
        # a wrapper no module defines
        (
            '{"tool_name": "parallel", "tool_args": {"calls": '
            '[{"tool_name": "wait", "tool_args": {"seconds": 1}}]}}',
            False,
            True,
        ),
        ('{"tool_name": "parallel", "tool_args": {"seconds": 1}}', True, True),
    ],
)
def test_a_call_through_a_wrapper_calls_the_documented_tool(
    make_repo, run_cli, call: str, wrapper: bool, flagged: bool
) -> None:
    files = clean_files()
    files[PROMPT] = _example(call)
    if wrapper:
        files["tools/parallel.py"] = WAIT_PY.replace("WaitTool", "ParallelTool")
    root = make_repo(files)
    result = run_cli(root, "check", "--no-cache", "--select", "PRM006")
    findings = [line for line in result.output.splitlines() if " PRM006 " in line]
    assert bool(findings) == flagged, result.output
