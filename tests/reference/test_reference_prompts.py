"""The reference prompts teach exactly the reference tools and the arguments they read."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from runtime import REPO_ROOT

PROMPTS = REPO_ROOT / "prompts"
TINY_LOCAL = REPO_ROOT / "agents" / "tiny-local" / "prompts"

#: Arguments each exposed tool reads, as exercised by the runtime cases.
ARGUMENTS = {
    "call_subordinate": {"message", "reset"},
    "notify_user": {"message", "title", "detail", "type", "priority"},
    "response": {"text", "message"},
    "scheduler": {"action", "name", "prompt", "schedule", "uuid"},
    "task_done": {"summary", "handoff"},
    "wait": {"seconds", "minutes", "until"},
}

FENCED = re.compile(r"^(```|~~~)json\n(.*?)^\1$", re.DOTALL | re.MULTILINE)
INLINE = re.compile(r"`(\{.*\})`")


def _heading(text: str) -> str:
    match = re.search(r"^### (\w+):?$", text, re.MULTILINE)
    assert match, "no ### heading"
    return match.group(1)


def _taught(text: str) -> set[str]:
    names = set()
    for line in text.splitlines():
        if line.startswith("args:"):
            names.update(re.findall(r"`(\w+)`", line))
        elif match := re.match(r"- `(\w+)`:", line):
            names.add(match.group(1))
    return names


def _tool_prompts(directory: Path) -> dict[str, Path]:
    return {_heading(path.read_text()): path for path in directory.glob("agent.system.tool.*.md")}


def test_every_exposed_tool_has_one_prompt() -> None:
    tools = {path.stem for path in REPO_ROOT.glob("tools/*.py")} - {"unknown"}
    prompts = _tool_prompts(PROMPTS)
    assert set(prompts) == tools == set(ARGUMENTS)
    assert prompts["call_subordinate"].name == "agent.system.tool.call_sub.md"


@pytest.mark.parametrize("tool", sorted(ARGUMENTS))
def test_prompt_teaches_the_arguments_and_a_valid_example(tool: str) -> None:
    text = _tool_prompts(PROMPTS)[tool].read_text()
    assert _taught(text) == ARGUMENTS[tool]

    examples = [json.loads(match.group(2)) for match in FENCED.finditer(text)]
    assert examples
    for example in examples:
        assert list(example) == ["thoughts", "headline", "tool_name", "tool_args"]
        assert example["tool_name"] == tool
        assert set(example["tool_args"]) <= ARGUMENTS[tool]


@pytest.mark.parametrize("directory", [PROMPTS, TINY_LOCAL], ids=["default", "tiny-local"])
def test_wrapper_has_the_tools_placeholder(directory: Path) -> None:
    assert "{{tools}}" in (directory / "agent.system.tools.md").read_text()


def test_tiny_local_examples_are_bare_one_line_calls() -> None:
    for tool, path in _tool_prompts(TINY_LOCAL).items():
        text = path.read_text()
        assert not FENCED.search(text)
        examples = [json.loads(match.group(1)) for match in INLINE.finditer(text)]
        assert examples
        for example in examples:
            assert list(example) == ["tool_name", "tool_args"]
            assert example["tool_name"] == tool
            assert set(example["tool_args"]) <= ARGUMENTS[tool]
