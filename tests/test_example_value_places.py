"""Where PRM008 points: at the value an example gives, through the real CLI.

A prompt's example may run over many lines; the finding names the line and
column of the value the code refuses, in a fenced example, an inline one and
a call nested in another's arguments. A value a ``tool:method`` name gives
is nowhere in the arguments: the finding stays on the example. A suppression
comment above the fence still covers a value inside it.
"""

from __future__ import annotations

from samples import clean_files

PROMPT = "prompts/agent.system.tool.wait.md"
PARALLEL_PY = """\
from helpers.tool import Response, Tool


class ParallelTool(Tool):
    async def execute(self, **kwargs) -> Response:
        calls = self.args.get("tool_calls") or []
        return Response(message=str(len(calls)), break_loop=False)
"""


def _prm008(make_repo, run_cli, files: dict[str, str]) -> list[str]:
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM008")
    return [line.split(" example ")[0] for line in result.output.splitlines() if " PRM008 " in line]


def test_the_finding_names_the_value_in_a_fenced_and_an_inline_example(make_repo, run_cli) -> None:
    files = clean_files()
    files[PROMPT] = (
        "### wait\nPause.\nargs: optional `seconds`\n~~~json\n{\n"
        '    "tool_name": "wait",\n'
        '    "tool_args": {\n'
        '        "seconds":   "soon"\n'
        "    }\n}\n~~~\n"
        'or: `{"tool_name": "wait", "tool_args": {"seconds": [1]}}`\n'
    )
    assert _prm008(make_repo, run_cli, files) == [
        f"{PROMPT}:8:22: PRM008",
        f"{PROMPT}:12:53: PRM008",
    ]


def test_the_finding_names_the_value_of_a_nested_call(make_repo, run_cli) -> None:
    files = clean_files()
    files["tools/parallel.py"] = PARALLEL_PY
    files["prompts/agent.system.tool.parallel.md"] = (
        "### parallel\nRun calls at once.\nargs: `tool_calls`\n~~~json\n"
        '{"tool_name": "parallel", "tool_args": {"tool_calls": [\n'
        '  {"tool_name": "wait",\n'
        '   "tool_args": {"seconds": "x"}}\n'
        "]}}\n~~~\n"
    )
    assert _prm008(make_repo, run_cli, files) == [
        "prompts/agent.system.tool.parallel.md:7:29: PRM008"
    ]


def test_a_suppression_above_the_fence_covers_the_value_inside(make_repo, run_cli) -> None:
    files = clean_files()
    fence = '~~~json\n{"tool_name": "wait",\n "tool_args": {\n  "seconds": "soon"}}\n~~~\n'
    files[PROMPT] = "### wait\nPause.\nargs: optional `seconds`\n" + fence
    assert _prm008(make_repo, run_cli, files) == [f"{PROMPT}:7:14: PRM008"]
    files[PROMPT] = (
        "### wait\nPause.\nargs: optional `seconds`\n<!-- doxtool: ignore[PRM008] -->\n" + fence
    )
    result = run_cli(make_repo(files), "check", "--no-cache")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")
