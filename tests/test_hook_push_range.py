"""The hook mode over the changes between two revisions, as pre-commit runs
it for a push (``pre-commit run --from-ref A --to-ref B``, which sets
``PRE_COMMIT_FROM_REF`` and ``PRE_COMMIT_TO_REF`` and passes the files
changed between them, never a deleted one): what the pushed commits
deleted, and what a pushed tool module imported before them, is judged as
a commit's, so the run reports what a whole check reports for them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hooked import git as _git
from hooked import hook_env, local_hook_config
from samples import clean_files, tool_named, write_files

from doxtool.rules.examples import FRAMEWORK, WAIT_PY

PRM002 = "prompts/agent.system.tool.other.md:1:5: PRM002 prompt heading names tool `other`"
B_PY = "def fmt(value):\n    return str(value)\n"
IMPORT = "from tools._b import fmt\n"
DROPPED = "tools/_b.py:1:1: DOX004 tool module has no class deriving from `helpers.tool.Tool`"


def _pushed(root: Path, files: dict[str, str], change) -> tuple[str, str]:
    """A repository committed with ``files``, then ``change`` committed on
    top; the revisions before and after it."""
    root.mkdir(parents=True)
    _git(root, "init", "-q")
    write_files(root, {**FRAMEWORK, **files})
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "start")
    change(root)
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "change")
    return _git(root, "rev-parse", "HEAD~1").strip(), _git(root, "rev-parse", "HEAD").strip()


def _delete_other(root: Path) -> None:
    _git(root, "rm", "-q", "tools/other.py", "tools/other.py.dox.md")


def _drop_import(root: Path) -> None:
    module = root / "tools/wait.py"
    module.write_text(module.read_text().replace(IMPORT, ""))


def _range(monkeypatch: pytest.MonkeyPatch, start: str, end: str) -> None:
    monkeypatch.setenv("PRE_COMMIT_FROM_REF", start)
    monkeypatch.setenv("PRE_COMMIT_TO_REF", end)


def test_a_pushed_deletion_is_checked(
    tmp_path: Path, run_cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "repo"
    start, end = _pushed(root, {**clean_files(), **tool_named("other")}, _delete_other)
    assert PRM002 in run_cli(root, "check", "--no-cache").output
    _range(monkeypatch, start, end)
    hook = run_cli(root, "check", "--no-cache", "--only-paths")
    assert hook.exit_code == 1
    assert PRM002 in hook.output


def test_a_pushed_module_is_checked_for_what_it_loaded_before(
    tmp_path: Path, run_cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = {
        **clean_files(),
        "tools/_b.py": B_PY,
        "tools/wait.py": WAIT_PY.replace("\n\n\nclass", f"\n{IMPORT}\n\nclass", 1),
        "doxtool.toml": 'select = ["DOX004"]\n',
    }
    root = tmp_path / "repo"
    start, end = _pushed(root, files, _drop_import)
    assert DROPPED in run_cli(root, "check", "--no-cache").output
    _range(monkeypatch, start, end)
    hook = run_cli(root, "check", "--no-cache", "--only-paths", "tools/wait.py")
    assert DROPPED in hook.output


@pytest.mark.slow
def test_pre_commit_over_a_pushed_deletion_fails(tmp_path: Path) -> None:
    """Real pre-commit, its push stage, over the manifest's checking hook."""
    root = tmp_path / "repo"
    config = local_hook_config()
    files = {**clean_files(), **tool_named("other"), ".pre-commit-config.yaml": config}
    start, end = _pushed(root, files, _delete_other)
    env = hook_env(tmp_path / "home")
    ranged = ["--hook-stage", "pre-push", "--from-ref", start, "--to-ref", end]
    run = subprocess.run(
        [sys.executable, "-m", "pre_commit", "run", *ranged, "--color", "never"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 1, run.stdout + run.stderr
    assert PRM002 in run.stdout
