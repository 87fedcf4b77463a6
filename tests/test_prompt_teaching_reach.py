"""Which tools and which prompt files the prompt rules reach: an agent
profile's own tool must be taught (PRM001), a prompt file that teaches a
tool under another name than ``agent.system.tool.*.md`` is checked as a
tool prompt is, and a list item that names a tool with its arguments names
one that must exist (PRM002)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from samples import WAIT_PROMPT, clean_files, write_files

from doxtool.rules.examples import FRAMEWORK, WAIT_PY

PORT_SCAN = "agents/hacker/tools/port_scan.py"


def _prm(output: str) -> list[str]:
    return [line for line in output.splitlines() if ": PRM" in line]


def _port_scan() -> dict[str, str]:
    return {
        **clean_files(),
        PORT_SCAN: WAIT_PY.replace("WaitTool", "PortScan"),
        "agents/hacker/prompts/agent.system.main.specifics.md": "You are a hacker.\n",
    }


# ---------------------------------------------------------------------------
# PRM001 for an agent profile's own tool


def test_a_profile_tool_no_prompt_teaches_is_reported(make_repo, run_cli) -> None:
    root = make_repo(_port_scan())
    result = run_cli(root, "check", "--no-cache", "--select", "PRM")
    assert result.exit_code == 1, result.output
    assert _prm(result.output) == [
        f"{PORT_SCAN}:4:1: PRM001 tool `port_scan` has no prompt in `agents/hacker/prompts/`; "
        "the model is never told about it (add "
        "`agents/hacker/prompts/agent.system.tool.port_scan.md`, or list it in "
        "`internal-tools`)"
    ]
    # the same run over the module alone
    alone = run_cli(root, "check", "--no-cache", "--select", "PRM", PORT_SCAN)
    assert _prm(alone.output) == _prm(result.output)


def test_a_profile_without_prompts_is_told_where_its_prompt_goes(make_repo, run_cli) -> None:
    files = _port_scan()
    del files["agents/hacker/prompts/agent.system.main.specifics.md"]
    root = make_repo(files)
    result = run_cli(root, "check", "--no-cache", "--select", "PRM")
    assert "(add `agents/hacker/prompts/agent.system.tool.port_scan.md`" in result.output


def test_a_profile_tool_taught_by_a_prompt_reaching_it_is_not_reported(make_repo, run_cli) -> None:
    taught = WAIT_PROMPT.replace("wait", "port_scan")
    for where in ("agents/hacker/prompts", "prompts", "plugins/net/prompts"):
        files = {**_port_scan(), f"{where}/agent.system.tool.port_scan.md": taught}
        root = make_repo(files)
        result = run_cli(root, "check", "--no-cache", "--select", "PRM001")
        assert result.exit_code == 0, (where, result.output)
        for path in files:
            if path.endswith("port_scan.md"):
                (root / path).unlink()
    # another profile's prompt does not reach the hacker's agents
    files = {**_port_scan(), "agents/other/prompts/agent.system.tool.port_scan.md": taught}
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM001")
    assert [line.split(" ")[1] for line in _prm(result.output)] == ["PRM001"]


def _git(root: Path, *args: str) -> None:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.invalid",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.invalid",
    }
    subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True)


def test_a_deleted_profile_tool_prompt_is_checked_by_only_paths(tmp_path, run_cli) -> None:
    prompt = "agents/hacker/prompts/agent.system.tool.port_scan.md"
    files = {**_port_scan(), prompt: WAIT_PROMPT.replace("wait", "port_scan")}
    (tmp_path / ".git").rmdir()
    _git(tmp_path, "init", "-q")
    write_files(tmp_path, {**FRAMEWORK, **files})
    _git(tmp_path, "add", "-A")
    _git(tmp_path, "commit", "-q", "-m", "start")
    _git(tmp_path, "rm", "-q", prompt)
    result = run_cli(tmp_path, "check", "--no-cache", "--only-paths", "--select", "PRM")
    assert result.exit_code == 1, result.output
    assert [line.split(" ", 2)[:2] for line in _prm(result.output)] == [
        [f"{PORT_SCAN}:4:1:", "PRM001"]
    ]
