"""PRM007 reports an example whose request the framework refuses for its
values: a ``tool_args`` that is not an object, a ``tool:method`` name with
an empty part (Agent Zero's ``normalize_tool_request`` raises on both); only
where the repository's framework is known to refuse it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from samples import write_files

from doxtool.cli import cli
from doxtool.rules.examples import ACCEPTING_AGENT_PY, FRAMEWORK, WAIT_PY

PROMPT = "prompts/agent.system.tool.wait.md"

#: an older fork: checks the request's keys, then splits the name unchecked
#: (``"wait:"`` runs ``wait``)
_UNCHECKED_SPLIT_PY = """\
class Agent:
    async def process_tools(self, tool_request):
        if not isinstance(tool_request.get("tool_args"), dict):
            raise ValueError("Tool request must have a tool_args (type dictionary) field")
        tool_name = tool_request.get("tool_name", "")
        tool_args = tool_request.get("tool_args", {})
        tool_method = None
        if ":" in tool_name:
            tool_name, tool_method = tool_name.split(":", 1)
        return tool_name, tool_method, tool_args
"""


def _prompt(*calls: str) -> str:
    return "### wait\nPause.\nargs: optional `seconds`\n\n" + "".join(
        f"usage:\n~~~json\n{call}\n~~~\n\n" for call in calls
    )


def _prm007(
    root: Path, monkeypatch: pytest.MonkeyPatch, prompt: str, framework: bool = True, **files: str
) -> list[str]:
    base = FRAMEWORK if framework else {}
    write_files(root, {**base, "tools/wait.py": WAIT_PY, PROMPT: prompt, **files})
    monkeypatch.chdir(root)
    result = CliRunner().invoke(
        cli, ["check", "--no-cache", "--select", "PRM007", "--format", "json"]
    )
    assert result.exit_code in (0, 1), result.output
    return [f"{f['line']}: {f['message']}" for f in json.loads(result.stdout)]


_REFUSED = [
    '{"tool_name": "wait", "tool_args": [5]}',
    '{"tool_name": "wait", "tool_args": "x"}',
    '{"tool_name": "wait", "tool_args": 5}',
    '{"tool_name": "wait:", "tool_args": {}}',
    '{"tool_name": ":wait", "tool_args": {}}',
]


def test_the_framework_refuses_tool_args_not_an_object_and_an_empty_method(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    found = _prm007(tmp_path, monkeypatch, _prompt(*_REFUSED))
    assert found == [
        "7: example's `tool_args` is a list, not an object: the framework rejects the call",
        "12: example's `tool_args` is a string, not an object: the framework rejects the call",
        "17: example's `tool_args` is a number, not an object: the framework rejects the call",
        "22: example's `tool_name` `wait:` has an empty tool or method part: "
        "the framework rejects the call",
        "27: example's `tool_name` `:wait` has an empty tool or method part: "
        "the framework rejects the call",
    ]


def test_placeholders_an_args_object_and_wrong_examples_are_not_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    prompt = _prompt(
        '{"tool_name": "wait", "tool_args": "..."}',
        '{"tool_name": "wait", "tool_args": "<arguments>"}',
        '{"tool_name": "wait", "tool_args": [...]}',
        '{"tool_name": "wait", "tool_args": {{args}}}',
        '{"tool_name": "name", "tool_args": "x"}',
        '{"tool_name": "wait:{{method}}", "tool_args": {}}',
        '{"tool_name": "wait: ", "tool_args": {}}',
    ) + ("Wrong (never do this):\n" + '`{"tool_name": "wait:", "tool_args": [5]}`\n')
    assert _prm007(tmp_path, monkeypatch, prompt) == []


def test_a_fork_splitting_the_name_unchecked_runs_an_empty_method(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    found = _prm007(
        tmp_path,
        monkeypatch,
        _prompt(*_REFUSED[:1], *_REFUSED[3:4]),
        **{"helpers/extract_tools.py": "", "agent.py": _UNCHECKED_SPLIT_PY},
    )
    assert [f.split(":")[0] for f in found] == ["7"]  # the list, not `wait:`


def test_a_fork_defaulting_tool_args_says_nothing_of_either(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = {"helpers/extract_tools.py": "", "agent.py": ACCEPTING_AGENT_PY}
    assert _prm007(tmp_path, monkeypatch, _prompt(*_REFUSED), **files) == []


def test_a_repository_without_the_framework_runs_in_the_current_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a profile's repository beside the framework: a reader here is not the framework's
    files = {"agent.py": _UNCHECKED_SPLIT_PY}
    found = _prm007(tmp_path, monkeypatch, _prompt(*_REFUSED[3:]), False, **files)
    assert [f.split(":")[0] for f in found] == ["7", "12"]
