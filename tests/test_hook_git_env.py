"""The hook mode in the git repositories hooks run in: a linked worktree
whose doxtool project is a subdirectory (git runs the hook at the work
tree's top with ``GIT_DIR`` and ``GIT_INDEX_FILE`` set, no
``GIT_WORK_TREE``), and modules the commit renames (``git mv``). Each run
over the files a commit changes reports, for them, what a whole check of
the project reports."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from hooked import git as _git
from hooked import hook_env, install_hook
from samples import clean_files, write_files

from doxtool.rules.examples import FRAMEWORK, WAIT_PY

B_PY = "from tools._c import inner\n\n\ndef fmt(value):\n    return inner(value)\n"
C_PY = "def inner(value):\n    return str(value)\n"
#: what a whole check reports once no tool loads the shared modules any more
DROPPED = [
    "tools/_b.py:1:1: DOX004 tool module has no class deriving from `helpers.tool.Tool`",
    "tools/_c.py:1:1: DOX004 tool module has no class deriving from `helpers.tool.Tool`",
]
IMPORT = "from tools._b import fmt\n"


def _files(prefix: str = "") -> dict[str, str]:
    """A tool loading ``tools/_b.py``, which loads ``tools/_c.py``: no DOX004."""
    files = {
        **FRAMEWORK,
        **clean_files(),
        "tools/_b.py": B_PY,
        "tools/_c.py": C_PY,
        "tools/wait.py": WAIT_PY.replace("\n\n\nclass", f"\n{IMPORT}\n\nclass", 1),
        "doxtool.toml": 'select = ["DOX004"]\n',
    }
    return {prefix + rel: text for rel, text in files.items()}


def _dox004(output: str, prefix: str = "") -> list[str]:
    return sorted(line.removeprefix(prefix) for line in output.splitlines() if " DOX004 " in line)


def _committed(root: Path, files: dict[str, str]) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    _git(root, "init", "-q")
    write_files(root, files)
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "start")
    return root


def _drop_import(module: Path) -> None:
    module.write_text(module.read_text().replace(IMPORT, ""))


def test_a_renamed_module_is_checked_for_what_it_loaded_under_its_old_name(
    tmp_path: Path, run_cli
) -> None:
    """``git mv`` of a tool module (its companion and prompt with it) that
    drops an import: a run over the new files reads what the module
    imported under its old name in ``HEAD``, as the hooks do."""
    root = _committed(tmp_path / "repo", _files())
    for old, new in (
        ("tools/wait.py", "tools/sleep.py"),
        ("tools/wait.py.dox.md", "tools/sleep.py.dox.md"),
        ("prompts/agent.system.tool.wait.md", "prompts/agent.system.tool.sleep.md"),
    ):
        _git(root, "mv", old, new)
    _drop_import(root / "tools/sleep.py")
    _git(root, "add", "-A")
    new = ["tools/sleep.py", "tools/sleep.py.dox.md", "prompts/agent.system.tool.sleep.md"]
    assert _dox004(run_cli(root, "check", "--no-cache").output) == DROPPED
    for mode in ([], ["--only-paths"]):
        assert _dox004(run_cli(root, "check", "--no-cache", *mode, *new).output) == DROPPED


def _linked_worktree(tmp_path: Path) -> Path:
    """A linked worktree of a repository whose doxtool project is ``proj/``."""
    main = _committed(tmp_path / "main", _files("proj/"))
    linked = tmp_path / "linked"
    _git(main, "worktree", "add", "-q", str(linked))
    _drop_import(linked / "proj/tools/wait.py")
    _git(linked, "add", "-A")
    return linked


def test_a_linked_worktrees_hook_environment_reads_the_project_below_the_top(
    tmp_path: Path, run_cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Run as git runs a hook there: at the work tree's top, ``GIT_DIR``
    naming the worktree's repository."""
    linked = _linked_worktree(tmp_path)
    whole = run_cli(linked / "proj", "check", "--no-cache")
    assert _dox004(whole.output) == DROPPED
    git_dir = _git(linked, "rev-parse", "--absolute-git-dir").strip()
    monkeypatch.setenv("GIT_DIR", git_dir)
    monkeypatch.setenv("GIT_INDEX_FILE", f"{git_dir}/index")
    monkeypatch.delenv("GIT_WORK_TREE", raising=False)
    hook = run_cli(linked, "check", "--no-cache", "--only-paths", "proj/tools/wait.py")
    assert _dox004(hook.output, "proj/") == DROPPED


@pytest.mark.slow
def test_a_commit_in_a_linked_worktree_runs_the_hook_over_the_project_below_the_top(
    tmp_path: Path,
) -> None:
    """pre-commit installed and a real ``git commit``: git, not a test, sets
    the hook's environment."""
    linked = _linked_worktree(tmp_path)
    env = hook_env(tmp_path / "home")
    install_hook(linked, env)
    commit = subprocess.run(
        ["git", "commit", "-m", "drop the import"],
        cwd=linked,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert commit.returncode == 1, commit.stdout + commit.stderr
    # (git hands a hook's output to its own stderr)
    assert _dox004(commit.stderr, "proj/") == DROPPED, commit.stdout + commit.stderr
