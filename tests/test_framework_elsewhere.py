"""A plugin's or an agent profile's own repository: the framework (the module
of the tool base) is installed elsewhere, so its tools are out of sight and a
prompt naming one of them (`response`) names no missing tool (PRM002); the
repository's own tools are still checked against their prompts."""

from __future__ import annotations

from pathlib import Path

from samples import write_files

from doxtool.rules.examples import FRAMEWORK

#: a profile's override of the framework's `response` prompt
RESPONSE_PROMPT = (
    "### response\nAnswer the user.\n\n"
    '~~~json\n{"tool_name": "response", "tool_args": {"text": "Done."}}\n~~~\n'
)

#: a plugin's own tool, deriving from the framework's base it does not hold
REMEMBER_PY = """\
from helpers.tool import Response, Tool


class Remember(Tool):
    async def execute(self, summary: str = "", **kwargs):
        return Response(message=summary, break_loop=False)
"""

#: the plugin's prompt of its own tool
REMEMBER_PROMPT = (
    "### remember\nStore a memory.\n\n"
    '~~~json\n{"tool_name": "remember", "tool_args": {"summary": "x", "ring": "y"}}\n~~~\n'
)


def _prm(output: str) -> list[str]:
    return [line for line in output.splitlines() if ": PRM" in line]


def _repo(root: Path, files: dict[str, str]) -> Path:
    write_files(root, {"doxtool.toml": "", **files})
    return root


def test_a_profile_repository_overriding_a_framework_prompt_names_no_missing_tool(
    tmp_path, run_cli
) -> None:
    root = _repo(tmp_path, {"agents/coder/prompts/agent.system.tool.response.md": RESPONSE_PROMPT})
    result = run_cli(root, "check", "--no-cache", "--select", "PRM")
    assert _prm(result.output) == [], result.output
    assert result.exit_code == 0, result.output


def test_a_plugin_repository_names_the_framework_tools_and_checks_its_own(
    tmp_path, run_cli
) -> None:
    root = _repo(
        tmp_path,
        {
            "plugin.yaml": "name: memory_rings\n",
            "tools/remember.py": REMEMBER_PY,
            "prompts/agent.system.tool.remember.md": REMEMBER_PROMPT,
            "prompts/agent.system.tool.response.md": RESPONSE_PROMPT,
        },
    )
    result = run_cli(root, "check", "--no-cache", "--select", "PRM")
    # the plugin's prompt of `response` overrides the framework's; `ring` is
    # taught for the plugin's own tool
    assert _prm(result.output) == [
        "prompts/agent.system.tool.remember.md:5:57: PRM003 argument `ring` is taught "
        "for `remember` but tools/remember.py never reads it"
    ], result.output


def test_with_the_framework_in_the_repository_a_missing_tool_is_reported(tmp_path, run_cli) -> None:
    root = _repo(
        tmp_path,
        {**FRAMEWORK, "agents/coder/prompts/agent.system.tool.response.md": RESPONSE_PROMPT},
    )
    result = run_cli(root, "check", "--no-cache", "--select", "PRM002")
    assert _prm(result.output) == [
        "agents/coder/prompts/agent.system.tool.response.md:1:5: PRM002 prompt heading names "
        "tool `response`, which does not exist (no `response.py` in tools, python/tools, "
        "plugins/*/tools)",
        "agents/coder/prompts/agent.system.tool.response.md:5:15: PRM002 prompt example names "
        "tool `response`, which does not exist (no `response.py` in tools, python/tools, "
        "plugins/*/tools)",
    ], result.output
