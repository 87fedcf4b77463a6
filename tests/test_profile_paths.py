"""Agent profiles' own tools and prompts in a run over PATHS: a profile's
tool module (given, in a given directory, or deleted) is checked as in the
whole run, and so are the prompt files teaching it."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from samples import WAIT_PROMPT, clean_files, write_files

from doxtool.rules.examples import FRAMEWORK, WAIT_PY

DEV_WAIT = "agents/dev/tools/wait.py"
DEV_PROMPT = "agents/dev/prompts/agent.system.tool.wait.md"
#: dev's own wait tool: it requires `label` and reads no `seconds`
DEV_WAIT_PY = WAIT_PY.replace("DevWait", "WaitTool").replace(
    'int(self.args.get("seconds", 0))', 'self.args["label"]'
)


def _prm(output: str) -> list[str]:
    return [line for line in output.splitlines() if ": PRM" in line]


def _dev(prompt: str = WAIT_PROMPT) -> dict[str, str]:
    return {**clean_files(), DEV_WAIT: DEV_WAIT_PY, DEV_PROMPT: prompt}


def _git(root: Path, *args: str) -> None:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.invalid",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.invalid",
    }
    subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True)


def test_a_profile_tool_given_as_a_path_is_checked_as_in_the_whole_run(make_repo, run_cli) -> None:
    root = make_repo(_dev())
    whole = run_cli(root, "check", "--no-cache", "--select", "PRM")
    assert [line.split(" ", 2)[:2] for line in _prm(whole.output)] == [
        [f"{DEV_PROMPT}:1:5:", "PRM004"],
        [f"{DEV_PROMPT}:3:17:", "PRM003"],
        [f"{DEV_PROMPT}:5:79:", "PRM003"],
    ]
    for given in (DEV_WAIT, "agents/dev/tools", "agents/dev/tools/", "agents"):
        alone = run_cli(root, "check", "--no-cache", "--select", "PRM", given)
        assert alone.exit_code == 1, (given, alone.output)
        assert _prm(alone.output) == _prm(whole.output), given


def test_a_plugin_prompt_of_a_plugin_tool_shadowing_a_core_one_is_checked(
    make_repo, run_cli
) -> None:
    """The plugin's prompt teaches the plugin's own module of that name."""
    plugin_wait, plugin_prompt = (
        "plugins/x/tools/wait.py",
        "plugins/x/prompts/agent.system.tool.wait.md",
    )
    files = {**clean_files(), plugin_wait: DEV_WAIT_PY, plugin_prompt: WAIT_PROMPT}
    root = make_repo(files)
    whole = run_cli(root, "check", "--no-cache", "--select", "PRM003,PRM004")
    assert [line.split(" ", 1)[0] for line in _prm(whole.output)] == [
        f"{plugin_prompt}:1:5:",
        f"{plugin_prompt}:3:17:",
        f"{plugin_prompt}:5:79:",
    ]
    alone = run_cli(root, "check", "--no-cache", "--select", "PRM003,PRM004", plugin_wait)
    assert _prm(alone.output) == _prm(whole.output)


def test_a_deleted_profile_tool_is_checked_by_only_paths(tmp_path, run_cli) -> None:
    """With dev's own wait gone, dev's prompt teaches `label` for the core
    wait tool, which never reads it."""
    (tmp_path / ".git").rmdir()
    _git(tmp_path, "init", "-q")
    prompt = WAIT_PROMPT.replace("optional `seconds`", "`label`").replace(
        '"seconds": 1', '"label": "x"'
    )
    write_files(tmp_path, {**FRAMEWORK, **_dev(prompt)})
    _git(tmp_path, "add", "-A")
    _git(tmp_path, "commit", "-q", "-m", "start")
    clean = run_cli(tmp_path, "check", "--no-cache", "--select", "PRM")
    assert clean.exit_code == 0, clean.output
    _git(tmp_path, "rm", "-q", DEV_WAIT)
    whole = run_cli(tmp_path, "check", "--no-cache", "--select", "PRM")
    expected = [
        [f"{DEV_PROMPT}:3:8:", "PRM003"],
        [f"{DEV_PROMPT}:5:79:", "PRM003"],
    ]
    assert [line.split(" ", 2)[:2] for line in _prm(whole.output)] == expected
    hook = run_cli(tmp_path, "check", "--no-cache", "--only-paths", "--select", "PRM")
    assert hook.exit_code == 1, hook.output
    assert _prm(hook.output) == _prm(whole.output)
    # the deleted module given as a path (its prompt is all that is left)
    given = run_cli(tmp_path, "check", "--no-cache", "--select", "PRM", DEV_PROMPT)
    assert _prm(given.output) == _prm(whole.output)


# ---------------------------------------------------------------------------
# a profile without a prompt directory


def test_a_profile_without_a_prompt_directory_inherits_the_core_prompts(make_repo, run_cli) -> None:
    """git keeps no empty directory: dev's own wait tool, found by its tool
    directory, is taught by the core prompt, as with an empty prompts/."""
    root = make_repo({**clean_files(), DEV_WAIT: DEV_WAIT_PY})
    result = run_cli(root, "check", "--no-cache", "--select", "PRM003")
    expected = [
        "prompts/agent.system.tool.wait.md:3:17: PRM003 argument `seconds` is taught for "
        f"`wait` but {DEV_WAIT}, which profile `dev` runs with this prompt, never reads it",
        "prompts/agent.system.tool.wait.md:5:79: PRM003 argument `seconds` is taught for "
        f"`wait` but {DEV_WAIT}, which profile `dev` runs with this prompt, never reads it",
    ]
    assert _prm(result.output) == expected
    (root / "agents/dev/prompts").mkdir()
    again = run_cli(root, "check", "--no-cache", "--select", "PRM003")
    assert _prm(again.output) == expected


def test_a_profile_found_by_its_agent_yaml_renders_the_core_listing(make_repo, run_cli) -> None:
    files = {
        **clean_files(),
        "agents/tiny-local/agent.yaml": "title: tiny\n",
        "pyproject.toml": "[tool.doxtool.profiles.tiny-local]\nbudget = 20\n",
    }
    root = make_repo(files)
    result = run_cli(root, "check", "--no-cache", "--select", "PRM009")
    assert [line.split(" (`")[0] for line in _prm(result.output)] == [
        "prompts/agent.system.tools.md:1:1: PRM009 tool listing of profile `tiny-local` "
        "renders to 165 characters, over the budget of 20"
    ]
    # a directory with neither an agent.yaml nor tools of its own is no profile
    (root / "agents/tiny-local/agent.yaml").rename(root / "agents/tiny-local/notes.yaml")
    assert run_cli(root, "check", "--no-cache", "--select", "PRM009").exit_code == 0


def test_the_default_profile_without_prompts_is_reported_once(make_repo, run_cli) -> None:
    files = {
        **clean_files(),
        "agents/default/agent.yaml": "title: default\n",
        "pyproject.toml": "[tool.doxtool.profiles.default]\nbudget = 20\n",
    }
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM009")
    assert [line.split(" ", 2)[:2] for line in _prm(result.output)] == [
        ["prompts/agent.system.tools.md:1:1:", "PRM009"]
    ]


def test_a_required_argument_the_inherited_prompt_never_names_is_reported(
    make_repo, run_cli
) -> None:
    """dev's own wait requires `label`; dev inherits the core wait prompt."""
    root = make_repo({**clean_files(), DEV_WAIT: DEV_WAIT_PY})
    whole = run_cli(root, "check", "--no-cache", "--select", "PRM004")
    assert _prm(whole.output) == [
        "prompts/agent.system.tool.wait.md:1:5: PRM004 required argument `label` of `wait` "
        f"(read at {DEV_WAIT}:6, which profile `dev` runs with this prompt) is never taught"
    ]
    alone = run_cli(root, "check", "--no-cache", "--select", "PRM004", DEV_WAIT)
    assert _prm(alone.output) == _prm(whole.output)
    # dev's own prompt naming it: checked as its own, the core one is not dev's
    (root / DEV_PROMPT).parent.mkdir(parents=True)
    (root / DEV_PROMPT).write_text(WAIT_PROMPT.replace("optional `seconds`", "`label`"))
    again = run_cli(root, "check", "--no-cache", "--select", "PRM004")
    assert again.exit_code == 0, again.output


def test_a_tool_module_that_does_not_parse_is_reported_wherever_it_lies(make_repo, run_cli) -> None:
    broken = DEV_WAIT_PY.replace('self.args["label"]', 'f"{/* label */}"')
    root = make_repo(
        {
            **clean_files(),
            # a profile's own tool, and a tool directory no AGENTS.md declares
            DEV_WAIT: broken,
            DEV_PROMPT: WAIT_PROMPT,
            "tools/AGENTS.md": "# tools\n\n- This directory is file-documented.\n",
            "plugins/px/tools/pwait.py": broken,
        }
    )
    whole = run_cli(root, "check", "--no-cache", "--select", "DOX003")
    assert whole.exit_code == 1, whole.output
    assert [line.split(": ", 1)[0] for line in whole.output.splitlines() if "DOX003" in line] == [
        f"{DEV_WAIT}:6:2",
        "plugins/px/tools/pwait.py:6:2",
    ], whole.output
    # a run over the profile's module alone says the same of it
    one = run_cli(root, "check", "--no-cache", "--select", "DOX003", DEV_WAIT)
    assert [line for line in one.output.splitlines() if "DOX003" in line] == [
        line for line in whole.output.splitlines() if line.startswith(DEV_WAIT)
    ], one.output
