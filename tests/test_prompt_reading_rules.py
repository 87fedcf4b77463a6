"""What prompts teach, through the real CLI: values written after an
argument's name are not arguments, prose headings name no tool, arguments
taught in tables and lists count, and JSON that is no tool call is not
held to the call's shape."""

from __future__ import annotations

from samples import WAIT_PROMPT, clean_files

from doxtool.rules.examples import WAIT_PY

PROMPT = "prompts/agent.system.tool.wait.md"

#: ``wait.py`` that also reads ``mode`` and requires ``label``
MODE_PY = WAIT_PY.replace(
    "        return Response(",
    '        mode = self.args.get("mode", "fast")\n'
    '        label = self.args["label"]\n'
    "        return Response(",
)


def _findings(output: str) -> list[str]:
    """The finding lines of a text report (the summary line dropped)."""
    return [line for line in output.splitlines() if not line.startswith(("Found ", "All "))]


def _check(make_repo, run_cli, prompt: str, tool: str = WAIT_PY) -> list[str]:
    files = {**clean_files(), PROMPT: prompt, "tools/wait.py": tool}
    result = run_cli(make_repo(files), "check", "--select", "PRM")
    return _findings(result.output)


def test_values_after_an_argument_are_not_arguments(make_repo, run_cli) -> None:
    prompt = (
        "### wait\nPause.\n"
        "args: `seconds`, `label`, `mode`: one of `fast`, `slow`\n"
        "args: `mode` = `fast` | `slow`\n"
    )
    assert _check(make_repo, run_cli, prompt, MODE_PY) == []
