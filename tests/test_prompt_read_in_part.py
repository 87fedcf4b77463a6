"""A prompt file read only in part (markdown-it stops at its nesting limit, or
reading it failed midway) teaches what is not known: it is reported (PRM011)
and not checked, and the tools its text names are not reported as untaught."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from samples import WRAPPER

from doxtool.cli import cli
from doxtool.prompts import reader
from doxtool.rules.examples import WAIT_DOX, WAIT_PY

NESTED = "".join("  " * i + f"- level {i}\n" for i in range(12))
LOAD_PY = WAIT_PY.replace("WaitTool", "MemoryLoadTool").replace(
    'int(self.args.get("seconds", 0))', 'self.args["query"]'
)
#: a prompt teaching a tool by a list item, the name its title gives being no tool
MEMORY_PROMPT = "## memory tools\nuse when recall helps\n\n{nested}- `memory_load`: args `query`\n"
#: a tool prompt teaching a required argument by an argument list
LOAD_PROMPT = "### memory_load\nLoad.\n\n{nested}Arguments in `tool_args`:\n- `query`: the text\n"


def _files(prompt_name: str, prompt: str) -> dict[str, str]:
    return {
        "tools/wait.py": WAIT_PY,
        "tools/wait.py.dox.md": WAIT_DOX,
        "prompts/agent.system.tools.md": WRAPPER,
        "prompts/agent.system.tool.wait.md": "### wait\nPause.\nargs: optional `seconds`\n",
        "tools/memory_load.py": LOAD_PY,
        f"prompts/{prompt_name}": prompt,
    }


def _prm(root: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    monkeypatch.chdir(root)
    result = CliRunner().invoke(
        cli, ["check", "--no-cache", "--jobs", "1", "--select", "PRM"], catch_exceptions=False
    )
    return result.stdout.splitlines()[:-1]


@pytest.mark.parametrize(
    ("prompt_name", "prompt"),
    [("agent.system.tool.memory.md", MEMORY_PROMPT), ("agent.system.tool.x.md", LOAD_PROMPT)],
)
def test_read_whole_the_prompt_teaches_the_tool(make_repo, monkeypatch, prompt_name, prompt):
    root = make_repo(_files(prompt_name, prompt.format(nested="")))
    assert _prm(root, monkeypatch) == []


def test_a_tool_named_past_the_nesting_limit_is_not_untaught(make_repo, monkeypatch) -> None:
    path = "prompts/agent.system.tool.memory.md"
    root = make_repo(_files("agent.system.tool.memory.md", MEMORY_PROMPT.format(nested=NESTED)))
    assert _prm(root, monkeypatch) == [
        f"{path}:13:1: PRM011 prompt file cannot be read: Markdown nested too deeply "
        "(markdown-it stops reading past 20 levels); not checked or edited"
    ]


def test_a_prompt_cut_by_the_nesting_limit_is_not_checked(make_repo, monkeypatch) -> None:
    path = "prompts/agent.system.tool.x.md"
    root = make_repo(_files("agent.system.tool.x.md", LOAD_PROMPT.format(nested=NESTED)))
    assert _prm(root, monkeypatch) == [
        f"{path}:13:1: PRM011 prompt file cannot be read: Markdown nested too deeply "
        "(markdown-it stops reading past 20 levels); not checked or edited"
    ]


def test_a_prompt_whose_reading_failed_is_reported_not_read_as_teaching_less(
    make_repo, monkeypatch
) -> None:
    """A failure midway (say, a run whose doxtool files were replaced while it
    ran) leaves a part read: the list items after it teach what is not known."""

    def failing(self: reader.PromptReader, inline: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(reader.PromptReader, "_list_item_name", failing)
    path = "prompts/agent.system.tool.memory.md"
    root = make_repo(_files("agent.system.tool.memory.md", MEMORY_PROMPT.format(nested="")))
    assert _prm(root, monkeypatch) == [
        f"{path}:1:1: PRM011 prompt file cannot be read: prompt not fully analysed: "
        "RuntimeError: boom"
    ]
