"""Whether PRM007 reports an example lacking ``tool_args`` turns on how the
repository's framework code treats such a call (:mod:`doxtool.run.requests`):
Agent Zero rejects it, older forks run the tool without arguments; an
incremental check after an edit of that code gives a full run's findings."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from samples import write_files

from doxtool.cli import cli
from doxtool.rules.examples import ACCEPTING_AGENT_PY, FRAMEWORK, WAIT_PY

PROMPT = "prompts/agent.system.tool.wait.md"
_PROMPT_TEXT = (
    "### wait\nPause.\nargs: optional `seconds`\n\nusage:\n"
    '~~~json\n{"tool_name": "wait"}\n~~~\n'
    "with a pause:\n"
    '~~~json\n{"tool_name": "wait", "seconds": 5}\n~~~\n'
)

#: a fork checking the request first, then reading it with a default
#: (``validate_tool_request`` rejects the call the default would accept)
_CHECKING_AGENT_PY = """\
class Agent:
    async def validate_tool_request(self, tool_request):
        if not isinstance(tool_request, dict):
            raise ValueError("Tool request must be a dictionary")
        if not tool_request.get("tool_name"):
            raise ValueError("Tool request must have a tool_name (type string) field")
        if "tool_args" not in tool_request or not isinstance(tool_request.get("tool_args"), dict):
            raise ValueError("Tool request must have a tool_args (type dictionary) field")

    async def process_tools(self, tool_request):
        await self.validate_tool_request(tool_request)
        tool_name = tool_request.get("tool_name", tool_request.get("tool", ""))
        tool_args = tool_request.get("tool_args", tool_request.get("args", {}))
        return tool_name, tool_args
"""

#: a fork whose check doxtool cannot read: ``None`` becomes ``{}`` before it
_UNREAD_AGENT_PY = """\
def normalize(tool_request):
    tool_name = tool_request.get("tool_name")
    tool_args = tool_request.get("tool_args")
    if tool_args is None:
        tool_args = {}
    if not isinstance(tool_args, dict):
        raise ValueError("tool_args must be a dictionary")
    return tool_name, tool_args
"""

_LACKS = "example lacks `tool_args`"
_FLAT = "example has `seconds` and lacks `tool_args`"
_FLAT_ONLY = "example has `seconds`;"


def _repo(root: Path, agent: str | None, framework: bool = True) -> Path:
    files: dict[str, str | bytes] = {
        **(FRAMEWORK if framework else {}),
        "tools/wait.py": WAIT_PY,
        PROMPT: _PROMPT_TEXT,
    }
    if agent is not None:
        files["helpers/extract_tools.py"] = ""  # the framework's own reader, left out
        files["agent.py"] = agent
    write_files(root, files)
    # every file a minute old: none is racy for the next snapshot
    for directory, _, names in os.walk(root):
        for name in names:
            path = os.path.join(directory, name)
            stat = os.lstat(path)
            os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns - 60 * 10**9))
    return root


def _prm007(root: Path, monkeypatch: pytest.MonkeyPatch, *extra: str) -> list[str]:
    monkeypatch.chdir(root)
    result = CliRunner().invoke(cli, ["check", "--select", "PRM007", "--format", "json", *extra])
    assert result.exit_code in (0, 1), result.output
    return [f"{f['line']}: {f['message'].split(' profile')[0]}" for f in json.loads(result.stdout)]


def test_the_current_framework_rejects_a_call_without_tool_args(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _repo(tmp_path, None)
    assert _prm007(tmp_path, monkeypatch, "--no-cache") == [f"7: {_LACKS};", f"11: {_FLAT};"]


def test_a_fork_defaulting_tool_args_runs_the_call(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _repo(tmp_path, ACCEPTING_AGENT_PY)
    # the flattened call's argument is still a key the profile does not allow
    assert _prm007(tmp_path, monkeypatch, "--no-cache") == [f"11: {_FLAT_ONLY}"]


def test_a_fork_checking_before_its_default_rejects_the_call(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _repo(tmp_path, _CHECKING_AGENT_PY)
    assert _prm007(tmp_path, monkeypatch, "--no-cache") == [f"7: {_LACKS};", f"11: {_FLAT};"]


def test_a_fork_whose_check_is_not_read_says_nothing_of_tool_args(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _repo(tmp_path, _UNREAD_AGENT_PY)
    assert _prm007(tmp_path, monkeypatch, "--no-cache") == [f"11: {_FLAT_ONLY}"]


#: forks whose check of ``tool_args`` need not run, or sees a request
#: filled first: how such a call is treated is not known
_CHECKS_NOT_ALWAYS_RUN = {
    "a handler swallowing the check's error": """\
class Agent:
    async def process_tools(self, tool_request):
        try:
            if "tool_args" not in tool_request:
                raise KeyError("tool_args")
        except KeyError:
            tool_request["tool_args"] = {}
        return tool_request.get("tool_name", ""), tool_request.get("tool_args", {})
""",
    "a check under a setting": """\
class Agent:
    strict = False

    async def process_tools(self, tool_request):
        if self.strict:
            if "tool_args" not in tool_request:
                raise ValueError("no tool_args")
        return tool_request.get("tool_name", ""), tool_request.get("tool_args", {})
""",
    "a check of a request filled first": """\
class Agent:
    async def process_tools(self, tool_request):
        tool_request.setdefault("tool_args", {})
        if "tool_args" not in tool_request:
            raise ValueError("no tool_args")
        return tool_request.get("tool_name", ""), tool_request.get("tool_args", {})
""",
    "a check of a request normalised first": """\
def normalize(tool_request):
    return {"tool_args": {}, **tool_request}


class Agent:
    async def process_tools(self, tool_request):
        tool_request = normalize(tool_request)
        if "tool_args" not in tool_request:
            raise ValueError("no tool_args")
        return tool_request.get("tool_name", ""), tool_request.get("tool_args", {})
""",
    "a handed check whose error is swallowed": """\
class Agent:
    def validate(self, tool_request):
        if "tool_args" not in tool_request:
            raise ValueError("no tool_args")
        return tool_request.get("tool_name")

    async def process_tools(self, tool_request):
        try:
            self.validate(tool_request)
        except ValueError as error:
            print("warning:", error)
        return tool_request.get("tool_name", ""), tool_request.get("tool_args", {})
""",
    "a check past a return on some calls": """\
class Agent:
    async def process_tools(self, tool_request):
        if tool_request.get("tool_name") == "wait":
            return "wait", tool_request.get("tool_args", {})
        if "tool_args" not in tool_request:
            raise ValueError("no tool_args")
        return tool_request.get("tool_name", ""), tool_request.get("tool_args", {})
""",
    "a check past a loop that may return": """\
class Agent:
    async def process_tools(self, tool_request):
        for name in ("wait",):
            if tool_request.get("tool_name") == name:
                return name, tool_request.get("tool_args", {})
        if "tool_args" not in tool_request:
            raise ValueError("no tool_args")
        return tool_request.get("tool_name", ""), tool_request.get("tool_args", {})
""",
    "a check under suppress": """\
import contextlib


class Agent:
    async def process_tools(self, tool_request):
        with contextlib.suppress(ValueError):
            if "tool_args" not in tool_request:
                raise ValueError("no tool_args")
        return tool_request.get("tool_name", ""), tool_request.get("tool_args", {})
""",
    "a check in a try whose finally returns": """\
class Agent:
    async def process_tools(self, tool_request):
        try:
            if "tool_args" not in tool_request:
                raise ValueError("no tool_args")
        finally:
            return tool_request.get("tool_name", ""), tool_request.get("tool_args", {})
""",
}


@pytest.mark.parametrize("shape", sorted(_CHECKS_NOT_ALWAYS_RUN))
def test_a_check_not_always_run_on_the_request_as_parsed_says_nothing_of_tool_args(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, shape: str
) -> None:
    _repo(tmp_path, _CHECKS_NOT_ALWAYS_RUN[shape])
    assert _prm007(tmp_path, monkeypatch, "--no-cache") == [f"11: {_FLAT_ONLY}"]


def test_a_check_run_on_every_request_rejects_the_call(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the request made in the function, checked under a test any request
    # passes, in a with body and a try that raises again
    _repo(
        tmp_path,
        """\
import json


class Agent:
    async def process_tools(self, message):
        tool_request = json.loads(message)
        print(tool_request)
        if tool_request is not None:
            with open("log.txt") as log:
                try:
                    if "tool_args" not in tool_request:
                        raise ValueError("no tool_args")
                except ValueError as error:
                    log.write(str(error))
                    raise
        return tool_request.get("tool_name", ""), tool_request.get("tool_args", {})
""",
    )
    assert _prm007(tmp_path, monkeypatch, "--no-cache") == [f"7: {_LACKS};", f"11: {_FLAT};"]


@pytest.mark.parametrize(
    "test", ["not isinstance(tool_request, dict)", "not tool_request", "tool_request is None"]
)
def test_a_return_no_request_dict_takes_leaves_the_check_on_every_call(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, test: str
) -> None:
    # the early return is taken by what is no request dict: every dict reaches the check
    _repo(
        tmp_path,
        f"""\
class Agent:
    async def process_tools(self, tool_request):
        if {test}:
            return "", {{}}
        if "tool_args" not in tool_request:
            raise ValueError("no tool_args")
        return tool_request.get("tool_name", ""), tool_request.get("tool_args", {{}})
""",
    )
    assert _prm007(tmp_path, monkeypatch, "--no-cache") == [f"7: {_LACKS};", f"11: {_FLAT};"]


def test_a_repository_without_the_framework_runs_in_the_current_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a profile's repository beside the framework: a reader of another
    # request shape here is not the framework's
    _repo(tmp_path, ACCEPTING_AGENT_PY, framework=False)
    assert _prm007(tmp_path, monkeypatch, "--no-cache") == [f"7: {_LACKS};", f"11: {_FLAT};"]


def test_an_edit_of_the_framework_code_rechecks_the_prompts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _repo(tmp_path, _CHECKING_AGENT_PY)
    rejected = [f"7: {_LACKS};", f"11: {_FLAT};"]
    assert _prm007(tmp_path, monkeypatch) == rejected
    write_files(tmp_path, {"agent.py": ACCEPTING_AGENT_PY})
    assert _prm007(tmp_path, monkeypatch) == [f"11: {_FLAT_ONLY}"]
    # not known, then no code naming the key at all: the current framework's
    write_files(tmp_path, {"agent.py": _UNREAD_AGENT_PY})
    assert _prm007(tmp_path, monkeypatch) == [f"11: {_FLAT_ONLY}"]
    write_files(tmp_path, {"agent.py": "class Agent:\n    pass\n"})
    assert _prm007(tmp_path, monkeypatch) == rejected
    assert _prm007(tmp_path, monkeypatch, "--no-cache") == rejected


def test_framework_code_written_into_a_module_no_check_read_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _repo(tmp_path, "class Agent:\n    pass\n")
    assert _prm007(tmp_path, monkeypatch) == [f"7: {_LACKS};", f"11: {_FLAT};"]
    write_files(tmp_path, {"agent.py": ACCEPTING_AGENT_PY})
    assert _prm007(tmp_path, monkeypatch) == [f"11: {_FLAT_ONLY}"]


def _run(root: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], str]:
    """PRM007's findings of a check, and whether it was a full run (``-v``
    counts the modules an incremental run re-checked)."""
    monkeypatch.chdir(root)
    result = CliRunner().invoke(cli, ["check", "-v", "--select", "PRM007", "--format", "json"])
    assert result.exit_code in (0, 1), result.output
    found = [f"{f['line']}: {f['message'].split(' profile')[0]}" for f in json.loads(result.stdout)]
    return found, "incremental" if re.search(r"re-checked", result.stderr) else "full"


def test_an_edit_of_request_code_costs_a_full_run_only_where_a_finding_turns_on_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where no example lacks ``tool_args``, no finding turns on how the
    framework treats such a call: an edit of code naming ``tool_args``
    re-checks what it reaches only. Once an example lacks it, such an edit
    means a full run, for as long as the prompt keeps the finding."""
    _repo(tmp_path, ACCEPTING_AGENT_PY)
    whole = (tmp_path / PROMPT).read_text()
    complete = whole.replace('"tool_name": "wait"', '"tool_name": "wait", "tool_args": {}')
    assert complete.count('"tool_args"') == 2
    write_files(tmp_path, {PROMPT: complete})
    assert _run(tmp_path, monkeypatch)[0] == [f"11: {_FLAT_ONLY}"]
    write_files(tmp_path, {"agent.py": _CHECKING_AGENT_PY})
    assert _run(tmp_path, monkeypatch) == ([f"11: {_FLAT_ONLY}"], "incremental")
    # an example lacking tool_args: the framework's treatment is asked
    write_files(tmp_path, {PROMPT: whole})
    assert _run(tmp_path, monkeypatch)[0] == [f"7: {_LACKS};", f"11: {_FLAT};"]
    write_files(tmp_path, {"agent.py": ACCEPTING_AGENT_PY})
    assert _run(tmp_path, monkeypatch) == ([f"11: {_FLAT_ONLY}"], "full")
    assert _prm007(tmp_path, monkeypatch, "--no-cache") == [f"11: {_FLAT_ONLY}"]
