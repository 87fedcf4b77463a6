"""The hook mode in a repository holding a plugin as a git submodule: the
commit holds the submodule, and the submodule the files its own index
tracks, so a prompt there teaches as it does for a whole check; a file the
submodule does not track is not one ``git add`` adds to the commit."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from hooked import GIT_IDENTITY, hook_env, install_hook
from samples import clean_files, tool_named, write_files

from doxtool.rules.examples import FRAMEWORK

WAIT_TEACHER = "plugins/lookup/prompts/agent.system.tool.wait.md"


def _git(root: Path, *args: str) -> str:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    done = subprocess.run(
        ["git", "-c", "protocol.file.allow=always", *args],
        cwd=root,
        env={**env, **GIT_IDENTITY},
        check=True,
        capture_output=True,
    )
    return done.stdout.decode()


def _repository(root: Path, files: dict[str, str]) -> Path:
    root.mkdir(parents=True)
    _git(root, "init", "-q")
    write_files(root, files)
    _git(root, "add", "-A")
    return root


def _superproject(tmp_path: Path, track_teacher: bool = True) -> Path:
    """A core tool ``wait`` whose one prompt is a plugin's, and the plugin
    (its own tool ``lookup`` and prompts) a submodule at ``plugins/lookup``."""
    core = clean_files()
    wait_prompt = core.pop("prompts/agent.system.tool.wait.md")
    lookup = tool_named("lookup")
    plugin = _repository(
        tmp_path / "plugin",
        {
            "tools/lookup.py": lookup["tools/lookup.py"],
            "tools/lookup.py.dox.md": lookup["tools/lookup.py.dox.md"],
            "prompts/agent.system.tool.lookup.md": lookup["prompts/agent.system.tool.lookup.md"],
        },
    )
    _git(plugin, "commit", "-q", "-m", "plugin")
    root = _repository(tmp_path / "root", {**FRAMEWORK, **core})
    _git(root, "submodule", "add", "-q", str(plugin), "plugins/lookup")
    teacher = root / WAIT_TEACHER
    teacher.write_text(wait_prompt)
    if track_teacher:
        _git(root / "plugins/lookup", "add", "prompts/agent.system.tool.wait.md")
        _git(root / "plugins/lookup", "commit", "-q", "-m", "teach wait")
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "start")
    (root / "tools/wait.py").write_text((root / "tools/wait.py").read_text() + "# changed\n")
    _git(root, "add", "tools/wait.py")
    return root


def test_a_prompt_a_submodule_tracks_teaches_in_the_hook_mode(
    tmp_path: Path, run_cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _superproject(tmp_path)
    assert run_cli(root, "check", "--no-cache").exit_code == 0
    # as git runs a hook: its index named
    monkeypatch.setenv("GIT_INDEX_FILE", str(root / ".git/index"))
    hook = run_cli(root, "check", "--no-cache", "--only-paths", "tools/wait.py")
    assert hook.exit_code == 0, hook.output


def test_a_prompt_the_submodule_does_not_track_is_not_called_left_out(
    tmp_path: Path, run_cli
) -> None:
    """Not in the commit, but not one ``git add`` adds to it either: the
    submodule's own commits hold it or not."""
    root = _superproject(tmp_path, track_teacher=False)
    hook = run_cli(root, "check", "--no-cache", "--only-paths", "tools/wait.py")
    assert (hook.exit_code, hook.output) == (0, "All checks passed.\n")


@pytest.mark.slow
def test_a_commit_beside_a_plugin_submodule_passes_the_hook(tmp_path: Path) -> None:
    """pre-commit installed and a real ``git commit``."""
    root = _superproject(tmp_path)
    env = hook_env(tmp_path / "home")
    install_hook(root, env)
    commit = subprocess.run(
        ["git", "commit", "-m", "change wait"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert commit.returncode == 0, commit.stdout + commit.stderr
