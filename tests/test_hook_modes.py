"""The options the pre-commit hooks run ``check`` with, through the real CLI in
real git repositories: ``--only-paths`` (given no PATHS, check what the
deletions staged for the next commit reach, never the whole repository) and
``--exit-non-zero-on-fix`` (a fix that wrote a file fails the run)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from samples import UNTIL_PY, clean_files, tool_named, write_files

from doxtool.rules.examples import FRAMEWORK


def _git(root: Path, *args: str) -> None:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.invalid",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.invalid",
    }
    subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True)


def _committed(root: Path, files: dict[str, str]) -> Path:
    """A git repository holding the framework and ``files``, all committed."""
    (root / ".git").rmdir()  # the marker every test's root gets: a real repository instead
    _git(root, "init", "-q")
    write_files(root, {**FRAMEWORK, **files})
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "start")
    return root


def _findings(output: str) -> list[str]:
    return [line for line in output.splitlines() if ": DOX" in line or ": PRM" in line]


DRIFT = "tools/wait.py.dox.md:14:1: DOX111 argument `until`"


def test_only_paths_with_no_deletion_checks_nothing(tmp_path, run_cli) -> None:
    files = {**clean_files(), "tools/wait.py": UNTIL_PY}  # drift, committed
    root = _committed(tmp_path, files)
    (root / "README.md").write_text("docs\n")
    _git(root, "add", "README.md")
    whole = run_cli(root, "check", "--no-cache")
    assert whole.exit_code == 1 and _findings(whole.output)[0].startswith(DRIFT)
    result = run_cli(root, "check", "--no-cache", "--only-paths")
    assert result.exit_code == 0, result.output
    assert _findings(result.output) == []
    assert "nothing checked" in result.output
    # PATHS given: the same run over them as without the option
    given = run_cli(root, "check", "--no-cache", "--only-paths", "tools/wait.py")
    assert given.exit_code == 1 and _findings(given.output)[0].startswith(DRIFT)


def test_only_paths_checks_what_staged_deletions_reach(tmp_path, run_cli) -> None:
    files = {**clean_files(), **tool_named("other"), **tool_named("third")}
    files["tools/wait.py"] = UNTIL_PY  # drift in a file no deletion reaches
    root = _committed(tmp_path, files)
    _git(root, "rm", "-q", "tools/other.py", "prompts/agent.system.tool.third.md")
    result = run_cli(root, "check", "--no-cache", "--only-paths")
    assert result.exit_code == 1
    assert [line.split(" ", 2)[:2] for line in _findings(result.output)] == [
        ["prompts/agent.system.tool.other.md:1:5:", "PRM002"],
        ["prompts/agent.system.tool.other.md:5:57:", "PRM002"],
        ["tools/other.py.dox.md:1:1:", "DOX002"],
        ["tools/third.py:4:1:", "PRM001"],
    ]
    # a deleted companion: its module has none
    _git(root, "reset", "-q", "--hard")
    _git(root, "rm", "-q", "tools/third.py.dox.md")
    result = run_cli(root, "check", "--no-cache", "--only-paths")
    assert [line.split(" ", 2)[:2] for line in _findings(result.output)] == [
        ["tools/third.py:1:1:", "DOX001"]
    ]


def test_only_paths_outside_git_checks_the_whole_repository(tmp_path, run_cli) -> None:
    write_files(tmp_path, {**FRAMEWORK, **clean_files(), "tools/wait.py": UNTIL_PY})
    result = run_cli(tmp_path, "check", "--no-cache", "--only-paths")
    assert result.exit_code == 1 and _findings(result.output)[0].startswith(DRIFT)


def test_exit_non_zero_on_fix_fails_a_run_that_wrote_a_file(tmp_path, run_cli) -> None:
    files = {**clean_files(), **tool_named("clock")}
    del files["tools/clock.py.dox.md"]
    write_files(tmp_path, {**FRAMEWORK, **files})
    fixing = ["check", "--no-cache", "--fix", "--exit-non-zero-on-fix"]
    created = run_cli(tmp_path, *fixing, "tools/clock.py")
    assert created.exit_code == 1, created.output
    assert (tmp_path / "tools/clock.py.dox.md").is_file()
    assert "doxtool: --fix wrote (stage them): tools/clock.py.dox.md" in created.output
    assert _findings(created.output) == []
    # nothing left to write: the run passes
    again = run_cli(tmp_path, *fixing, "tools/clock.py")
    assert (again.exit_code, again.output) == (0, "All checks passed.\n")
    # without the option, a fix that leaves no finding passes
    (tmp_path / "tools/clock.py.dox.md").unlink()
    plain = run_cli(tmp_path, "check", "--no-cache", "--fix", "tools/clock.py")
    assert plain.exit_code == 0, plain.output
    refused = run_cli(tmp_path, "check", "--exit-non-zero-on-fix")
    assert refused.exit_code == 2
    assert "--exit-non-zero-on-fix goes with --fix" in refused.output
