"""A monorepo: projects with their own configuration below the root a check
runs at (as pre-commit runs hooks at the git root). Each file given is checked
under the project it belongs to, through the real CLI in real directories."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from samples import UNTIL_PY, clean_files, tool_named, write_files

from doxtool.rules.examples import FRAMEWORK

A = "projects/a/"
B = "projects/b/"


def _monorepo(root: Path) -> Path:
    """The root (no configuration of its own) holding two projects: ``a``
    ignores the PRM rules in its ``doxtool.toml``, ``b`` selects nothing in
    the ``[tool.doxtool]`` table of its ``pyproject.toml``."""
    files = {**FRAMEWORK, **clean_files()}
    write_files(root / A, {**files, "doxtool.toml": 'ignore = ["PRM"]\n'})
    write_files(root / B, {**files, "pyproject.toml": "[tool.doxtool]\n"})
    return root


def _findings(output: str) -> list[str]:
    return [line for line in output.splitlines() if ": DOX" in line or ": PRM" in line]


def _drift_in_both(root: Path) -> None:
    """`until` read but not documented (DOX111), and the prompt gone (PRM001)."""
    for project in (A, B):
        (root / project / "tools/wait.py").write_text(UNTIL_PY)
        (root / project / "prompts/agent.system.tool.wait.md").unlink()


def test_each_file_is_checked_under_its_own_project(tmp_path: Path, run_cli) -> None:
    root = _monorepo(tmp_path)
    _drift_in_both(root)
    result = run_cli(root, "check", "--no-cache", A + "tools/wait.py", B + "tools/wait.py")
    assert result.exit_code == 1, result.output
    assert _findings(result.output) == [
        # a ignores PRM; every path is relative to where the check runs
        "projects/a/tools/wait.py.dox.md:14:1: DOX111 argument `until` is read at "
        "tools/wait.py:7 but not documented [*]",
        "projects/b/tools/wait.py:4:1: PRM001 tool `wait` has no prompt in `prompts/`; "
        "the model is never taught to call it (add `prompts/agent.system.tool.wait.md`, or list "
        "it in `internal-tools`)",
        "projects/b/tools/wait.py.dox.md:14:1: DOX111 argument `until` is read at "
        "tools/wait.py:7 but not documented [*]",
    ]
    assert result.output.count("Found 3 findings") == 1
    # the same findings as a check run inside each project
    inside = run_cli(root / B, "check", "--no-cache", "tools/wait.py")
    assert [B + line for line in _findings(inside.output)] == _findings(result.output)[1:]
    # --show-source reads each line where the finding names it
    shown = run_cli(root, "check", "--no-cache", "--show-source", A + "tools/wait.py")
    assert "14 | - Arguments of `WaitTool`:" in shown.output


def test_a_pinned_root_or_configuration_checks_every_file_under_it(tmp_path: Path, run_cli) -> None:
    root = _monorepo(tmp_path)
    _drift_in_both(root)
    for pinned in (["--root", "."], ["--config", B + "pyproject.toml"]):
        result = run_cli(root, "check", "--no-cache", *pinned, A + "tools/wait.py")
        # the root's tool directories are `tools/`, ...: none of its files is a tool
        assert _findings(result.output) == [], pinned


def test_a_project_the_root_excludes_is_passed_over(tmp_path: Path, run_cli) -> None:
    root = _monorepo(tmp_path)
    _drift_in_both(root)
    write_files(root, {"doxtool.toml": 'extend-exclude = ["projects/a"]\n'})
    result = run_cli(root, "check", "--no-cache", A + "tools/wait.py", B + "tools/wait.py")
    assert [line.split(" ", 2)[:2] for line in _findings(result.output)] == [
        ["projects/b/tools/wait.py:4:1:", "PRM001"],
        ["projects/b/tools/wait.py.dox.md:14:1:", "DOX111"],
    ]


def test_a_pyproject_without_a_doxtool_table_is_no_project_of_its_own(
    tmp_path: Path, run_cli
) -> None:
    write_files(tmp_path, {**FRAMEWORK, **clean_files(), "tools/wait.py": UNTIL_PY})
    write_files(tmp_path, {"tools/pyproject.toml": "[project]\nname = 'x'\n"})
    result = run_cli(tmp_path, "check", "--no-cache", "tools/wait.py")
    assert _findings(result.output) == [
        "tools/wait.py.dox.md:14:1: DOX111 argument `until` is read at tools/wait.py:7 but "
        "not documented [*]"
    ]


def test_fixes_are_written_in_each_project_and_named_from_the_root(tmp_path: Path, run_cli) -> None:
    root = _monorepo(tmp_path)
    (root / A / "tools/wait.py").write_text(UNTIL_PY)
    args = ["check", "--no-cache", "--fix", "--exit-non-zero-on-fix", A + "tools/wait.py"]
    fixed = run_cli(root, *args)
    assert fixed.exit_code == 1, fixed.output
    assert "--fix wrote (stage them): projects/a/tools/wait.py.dox.md" in fixed.output
    assert "  - `until`: optional string" in (root / A / "tools/wait.py.dox.md").read_text()
    assert run_cli(root, *args).exit_code == 0


def _git(root: Path, *args: str) -> None:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.invalid",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.invalid",
    }
    subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True)


def test_the_hook_mode_checks_what_deletions_leave_in_each_project(tmp_path: Path, run_cli) -> None:
    root = _monorepo(tmp_path)
    write_files(root / A, tool_named("other"))
    (root / ".git").rmdir()  # the marker every test's root gets: a real repository instead
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "start")
    _git(root, "rm", "-q", A + "tools/other.py")
    result = run_cli(root, "check", "--no-cache", "--only-paths")
    assert result.exit_code == 1, result.output
    assert [line.split(" ", 2)[:2] for line in _findings(result.output)] == [
        ["projects/a/tools/other.py.dox.md:1:1:", "DOX002"]
    ]
    # given a file of the other project, the deletion is still checked
    (root / B / "tools/wait.py").write_text(UNTIL_PY)
    given = run_cli(root, "check", "--no-cache", "--only-paths", B + "tools/wait.py")
    assert [line.split(" ", 2)[:2] for line in _findings(given.output)] == [
        ["projects/a/tools/other.py.dox.md:1:1:", "DOX002"],
        ["projects/b/tools/wait.py.dox.md:14:1:", "DOX111"],
    ]


def test_a_deletion_in_a_project_is_checked_once_under_that_project(
    tmp_path: Path, run_cli
) -> None:
    """A companion deleted in project ``a``: reported once, under ``a``'s
    configuration (the root reported it too, under its own), whether the
    hook is given no file, a file of the root or one of ``a``."""
    root = _monorepo(tmp_path)
    write_files(root, {"pyproject.toml": "[tool.doxtool]\n", "setup_helper.py": "x = 1\n"})
    # declared file-documented: the root's run reads the directory too
    write_files(root / A, {"tools/AGENTS.md": "# tools\n\n- This directory is file-documented.\n"})
    (root / ".git").rmdir()  # the marker every test's root gets: a real repository instead
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "start")
    _git(root, "rm", "-q", A + "tools/wait.py.dox.md")
    (root / "setup_helper.py").write_text("x = 2\n")
    _git(root, "add", "setup_helper.py")
    expected = [["projects/a/tools/wait.py:1:1:", "DOX001"]]
    for given in ([], ["setup_helper.py"], [A + "tools/wait.py"]):
        result = run_cli(root, "check", "--no-cache", "--only-paths", *given)
        assert result.exit_code == 1, result.output
        assert [line.split(" ", 2)[:2] for line in _findings(result.output)] == expected, given
        assert "nothing checked" not in result.output, given
