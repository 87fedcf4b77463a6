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


PARALLEL_PY = """\
from helpers.tool import Response, Tool


class ParallelTool(Tool):
    async def execute(self, **kwargs) -> Response:
        calls = self.args.get("tool_calls") or []
        return Response(message=str(len(calls)), break_loop=False)
"""
PARALLEL = "prompts/agent.system.tool.parallel.md"


def _parallel(calls: str) -> str:
    return (
        "### parallel\nRun calls at once.\nargs: `tool_calls`\n~~~json\n"
        '{"tool_name": "parallel", "tool_args": {"tool_calls": [\n' + calls + "\n]}}\n~~~\n"
    )


def test_calls_nested_in_an_example_are_checked_as_calls(make_repo, run_cli) -> None:
    calls = (
        '  {"tool_name": "wait", "tool_args": {"seconds": 1}},\n'
        '  {"tool_name": "nosuch", "tool_args": {"x": 1}},\n'
        '  {"tool_name": "wait", "tool_args": {"hours": 2}},\n'
        '  {"tool_name": "wait", "tool_args": {"seconds": [5]}}'
    )
    files = {**clean_files(), "tools/parallel.py": PARALLEL_PY, PARALLEL: _parallel(calls)}
    root = make_repo(files)
    expected = [
        f"{PARALLEL}:7:17: PRM002 prompt nested call names tool `nosuch`",
        f"{PARALLEL}:8:39: PRM003 argument `hours` is taught for `wait`",
        f"{PARALLEL}:9:50: PRM008 example gives `seconds` the value `[5]`",
    ]

    def findings(*paths: str) -> list[str]:
        output = run_cli(root, "check", "--select", "PRM", *paths).output
        return [line for line in output.splitlines() if " PRM" in line]

    for paths in ((), ("tools/wait.py",)):
        # a run over the nested call's tool checks the prompt calling it too
        found = findings(*paths)
        assert len(found) == len(expected), found
        assert all(line.startswith(e) for line, e in zip(found, expected, strict=True)), found


def test_other_nested_shapes_are_left_alone(make_repo, run_cli) -> None:
    """Only an object with a ``tool_name`` string and a ``tool_args`` object
    is a call; a nested call teaches no tool (PRM001 still reports one that
    only a nested call shows)."""
    calls = (
        '  {"tool": "nosuch", "args": {"x": 1}},\n'
        '  {"tool_name": "nosuch"},\n'
        '  {"tool_name": "nosuch", "tool_args": "x"},\n'
        '  {"tool_name": "name", "tool_args": {"x": 1}},\n'
        '  {"tool_name": "sleep", "tool_args": {"seconds": 1}}'
    )
    files = {
        **clean_files(),
        "tools/parallel.py": PARALLEL_PY,
        PARALLEL: _parallel(calls),
        "tools/sleep.py": WAIT_PY.replace("WaitTool", "SleepTool"),
    }
    root = make_repo(files)
    output = run_cli(root, "check", "--no-cache", "--select", "PRM").output
    assert [line.split()[1] for line in output.splitlines()[:-1]] == ["PRM001"], output
    assert output.startswith("tools/sleep.py:4:1: PRM001 tool `sleep` has no prompt"), output


SKILLS_PROMPT = """\
### wait
Pause.
args: optional `seconds`
~~~json
{"tool_name": "wait", "tool_args": {"seconds": 1}}
~~~

## Running scripts after the wait

When the wait is over, use code_execution_tool directly to run the script.

Example: a Python script
~~~json
{"tool_name": "code_execution_tool", "tool_args": {"runtime": "python", "code": "1"}}
~~~

Example: a shell script
~~~json
{"tool_name": "code_execution_tool", "tool_args": {"runtime": "terminal", "code": "ls"}}
~~~

## Copied by mistake

~~~json
{"tool_name": "code_execution_tool", "tool_args": {"runtime": "terminal", "code": "ls"}}
~~~
"""


def test_an_example_its_section_says_calls_another_tool_is_no_mismatch(make_repo, run_cli) -> None:
    """A section whose prose says its examples go through another tool calls
    that tool on purpose, every example of it; another section, whose prose
    does not name the tool, still calls the wrong tool."""
    files = clean_files()
    files[PROMPT] = SKILLS_PROMPT
    files["tools/code_execution_tool.py"] = WAIT_PY.replace("WaitTool", "CodeExecution")
    root = make_repo(files)
    result = run_cli(root, "check", "--no-cache", "--select", "PRM006")
    findings = [line for line in result.output.splitlines() if " PRM006 " in line]
    assert findings == [
        f"{PROMPT}:25:15: PRM006 example calls `code_execution_tool` but the prompt"
        " documents `wait`"
    ], result.output


def test_a_tool_named_in_a_sub_section_of_the_tool_section_introduces_its_examples(
    make_repo, run_cli
) -> None:
    """``####`` headings are parts of the tool's section: prose naming the
    other tool in one of them introduces an example of it in another."""
    files = clean_files()
    files[PROMPT] = (
        "### wait\nPause.\n\n#### Before waiting\nCall `code_execution_tool` first.\n\n"
        "#### Usage\n~~~json\n"
        '{"tool_name": "code_execution_tool", "tool_args": {"runtime": "terminal", "code": "ls"}}'
        '\n~~~\n~~~json\n{"tool_name": "wait", "tool_args": {"seconds": 1}}\n~~~\n'
    )
    files["tools/code_execution_tool.py"] = WAIT_PY.replace("WaitTool", "CodeExecution")
    root = make_repo(files)
    result = run_cli(root, "check", "--no-cache", "--select", "PRM006")
    assert result.output == "All checks passed.\n", result.output
