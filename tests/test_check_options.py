"""``doxtool check`` options through the real CLI: selection, statistics, exit codes,
feedback on long runs (progress bar on a terminal, ``--verbose``), cache and jobs."""

from __future__ import annotations

import dataclasses
import json
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest
from samples import UNTIL_PY, clean_files, tool_named

from doxtool.rules.examples import WAIT_PY


def _drifted(make_repo) -> Path:
    files = clean_files()
    files["tools/wait.py"] = UNTIL_PY  # DOX111 (fixable)
    files["tools/other.py"] = WAIT_PY.replace("WaitTool", "OtherTool")  # DOX001, PRM001
    files["tools/legacy_wait.py"] = WAIT_PY.replace("WaitTool", "LegacyTool")
    return make_repo(files)


def _codes(output: str) -> set[str]:
    return {line.split()[1] for line in output.splitlines() if line.startswith(("tools/", "pr"))}


def test_select_and_ignore_take_codes_and_prefixes(make_repo, run_cli) -> None:
    root = _drifted(make_repo)
    assert _codes(run_cli(root, "check").output) == {"DOX001", "DOX111", "PRM001"}
    assert _codes(run_cli(root, "check", "--select", "DOX").output) == {"DOX001", "DOX111"}
    assert _codes(run_cli(root, "check", "--select", "DOX0", "--select", "PRM").output) == {
        "DOX001",
        "PRM001",
    }
    assert _codes(run_cli(root, "check", "--ignore", "DOX0,PRM001").output) == {"DOX111"}
    # the more specific pattern wins
    assert _codes(run_cli(root, "check", "--select", "DOX111", "--ignore", "DOX").output) == {
        "DOX111"
    }
    assert _codes(run_cli(root, "check", "--select", "ALL", "--ignore", "DOX,PRM").output) == set()
    bad = run_cli(root, "check", "--ignore", "DOX1,BOGUS")
    assert bad.exit_code == 2
    assert (
        bad.output == "doxtool: error: unknown rule code or prefix `BOGUS` (see `doxtool rules`)\n"
    )


def test_per_file_ignores(make_repo, run_cli) -> None:
    root = _drifted(make_repo)
    (root / "pyproject.toml").write_text(
        '[tool.doxtool]\nper-file-ignores = { "tools/legacy_*.py" = ["DOX0", "PRM"] }\n'
    )
    result = run_cli(root, "check")
    assert "tools/legacy_wait.py:" not in result.output
    assert "tools/other.py:1:1: DOX001" in result.output


def test_per_file_ignores_take_a_companions_module_path_too(make_repo, run_cli) -> None:
    # DOX111 is on `tools/wait.py.dox.md`: the module's pattern covers it,
    # and the companion's own path still does
    root = _drifted(make_repo)
    for pattern in ("tools/wai*.py", "tools/wait.py.dox.md", "tools/*.md"):
        (root / "pyproject.toml").write_text(
            f'[tool.doxtool]\nper-file-ignores = {{ "{pattern}" = ["DOX1"] }}\n'
        )
        assert _codes(run_cli(root, "check", "--no-cache").output) == {"DOX001", "PRM001"}
    (root / "pyproject.toml").write_text(
        '[tool.doxtool]\nper-file-ignores = { "tools/other.py" = ["DOX1"] }\n'
    )
    assert "DOX111" in _codes(run_cli(root, "check", "--no-cache").output)


def test_exit_codes(make_repo, run_cli) -> None:
    root = _drifted(make_repo)
    assert run_cli(root, "check").exit_code == 1
    assert run_cli(root, "check", "--exit-zero").exit_code == 0
    assert run_cli(root, "check", "--select", "DOX003").exit_code == 0
    assert run_cli(root, "check", "--format", "yaml").exit_code == 2
    assert run_cli(root, "check", "--jobs", "0").exit_code == 2
    assert run_cli(root, "check", "--no-such-option").exit_code == 2
    missing = run_cli(root, "check", "missing.py")
    assert missing.exit_code == 2 and "missing.py: no such file or directory" in missing.output
    outside = run_cli(root, "check", "--root", "tools", str(root / "prompts"))
    assert outside.exit_code == 2 and "outside the project root" in outside.output


@pytest.mark.parametrize(
    "args",
    [
        ("check", ""),
        ("check", "", "tools/wait.py"),
        ("check", "--fix", ""),
        ("check", "--root", ""),
        ("check", "--config", ""),
        ("check", "--baseline", ""),
        ("inspect", ""),
        ("schema", ""),
        ("baseline", "write", ""),
    ],
)
def test_an_empty_path_is_a_usage_error_not_the_whole_repository(
    make_repo, run_cli, args: tuple[str, ...]
) -> None:
    root = _drifted(make_repo)
    before = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}
    result = run_cli(root, *args)
    assert result.exit_code == 2, result.output
    assert "an empty path names no file" in result.output
    assert "DOX" not in result.output and "PRM" not in result.output
    assert {p: p.read_bytes() for p in root.rglob("*") if p.is_file()} == before


def test_statistics_count_per_code_with_name_and_fixable(make_repo, run_cli) -> None:
    root = _drifted(make_repo)
    result = run_cli(root, "check", "--statistics")
    assert result.exit_code == 1
    assert result.output == (
        "2  DOX001  [*] missing-companion    2 fixable\n"
        "2  PRM001      tool-without-prompt\n"
        "1  DOX111  [*] arguments-drift      1 fixable\n"
        "Found 5 findings (3 fixable with `doxtool check --fix`).\n"
    )
    as_json = run_cli(root, "check", "--statistics", "--format", "json")
    assert json.loads(as_json.stdout) == [
        {"code": "DOX001", "name": "missing-companion", "count": 2, "fixable": 2},
        {"code": "PRM001", "name": "tool-without-prompt", "count": 2, "fixable": 0},
        {"code": "DOX111", "name": "arguments-drift", "count": 1, "fixable": 1},
    ]
    quiet = run_cli(root, "check", "--statistics", "-q")
    assert quiet.output.splitlines()[-1].startswith("1  DOX111")
    assert run_cli(root, "check", "--statistics", "--exit-zero").exit_code == 0
    wrong = run_cli(root, "check", "--statistics", "--format", "sarif")
    assert wrong.exit_code == 2 and "--statistics" in wrong.output


def test_fix_and_diff_exit_codes(make_repo, run_cli) -> None:
    root = _drifted(make_repo)
    diff = run_cli(root, "check", "--diff", "--select", "DOX111")
    assert diff.exit_code == 1 and "+  - `until`" in diff.output
    fixed = run_cli(root, "check", "--fix", "--select", "DOX111")
    assert fixed.exit_code == 0, fixed.output
    assert fixed.stderr == "Fixed 1 finding.\n"
    assert run_cli(root, "check", "--fix", "--select", "DOX111", "-q").stderr == ""
    left = run_cli(root, "check", "--fix")
    assert left.exit_code == 1, "PRM001 has no fix"


def test_verbose_counts_the_plugin_and_profile_tools_it_checks(make_repo, run_cli) -> None:
    """A plugin's tools and an agent profile's own tools are checked (the tool
    rules go through them) without a companion: ``-v`` counts them."""
    files = clean_files()
    files["tools/AGENTS.md"] = "## Purpose\n- This directory is file-documented.\n"
    files["plugins/web/tools/fetch.py"] = WAIT_PY.replace("WaitTool", "FetchTool")
    files["agents/dev/tools/wait.py"] = WAIT_PY.replace("WaitTool", "DevWaitTool")
    root = make_repo(files)
    whole = run_cli(root, "check", "-v").stderr.splitlines()
    assert "3 modules, 1 companion, " in whole[0], whole
    scoped = run_cli(root, "check", "-v", "plugins/web/tools/fetch.py").stderr.splitlines()
    assert " 1 module, " in scoped[0], scoped
    documented = run_cli(root, "check", "-v", "tools/wait.py").stderr.splitlines()
    assert " 1 module, 1 companion, " in documented[0], documented


def test_verbose_prints_phases_and_cache_counts(make_repo, run_cli) -> None:
    root = _drifted(make_repo)
    result = run_cli(root, "check", "-v")
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert [line.split()[1] for line in lines] == [
        "discover",
        "parse",
        "rules",
        "output",
        "total",
    ]
    assert "3 modules, 1 companion, 2 prompts, " in lines[0]
    assert "cache " in lines[1] and " hits, " in lines[1] and lines[1].endswith(" misses")
    fixing = run_cli(root, "check", "--verbose", "--fix", "--select", "DOX111")
    assert "doxtool: fix " in fixing.stderr
    assert "doxtool: " not in run_cli(root, "check").stderr


def test_no_cache_and_jobs_give_the_same_result(make_repo, run_cli) -> None:
    root = _drifted(make_repo)
    for name in (f"t{i}" for i in range(12)):
        for rel, text in tool_named(name).items():
            (root / rel).write_text(text)
    reference = run_cli(root, "check", "--no-cache", "--jobs", "1")
    assert reference.exit_code == 1
    assert run_cli(root, "check", "--jobs", "2").output == reference.output
    assert run_cli(root, "check", "--jobs", "2", "--no-cache").output == reference.output
    assert run_cli(root, "check").output == reference.output


def _in_a_terminal(root: Path, *args: str) -> tuple[int, str]:
    """Run ``doxtool`` with stdout and stderr on a pseudo-terminal; (exit code, screen)."""
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env["TERM"] = "xterm"
    controller, terminal = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "doxtool", *args],
        cwd=root,
        stdin=subprocess.DEVNULL,
        stdout=terminal,
        stderr=terminal,
        env=env,
    )
    os.close(terminal)
    chunks = []
    while True:
        try:
            chunk = os.read(controller, 65536)
        except OSError:  # EIO: the other side is closed
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(controller)
    return process.wait(timeout=60), b"".join(chunks).decode("utf-8", "replace")


@pytest.fixture
def many_tools(make_repo) -> Path:
    files = clean_files()
    for index in range(45):
        files.update(tool_named(f"tool{index}"))
    files["tools/wait.py"] = UNTIL_PY
    return make_repo(files)


def test_progress_bar_and_colour_on_a_terminal(many_tools: Path) -> None:
    code, screen = _in_a_terminal(many_tools, "check", "--no-cache", "--jobs", "1")
    assert code == 1
    assert "\r\x1b[Kdoxtool: parse  [" in screen
    assert "doxtool: rules  [##############################] " in screen
    assert "\x1b[1;31mDOX111\x1b[0m" in screen
    # the bar is erased before the findings are printed
    assert screen.index("\r\x1b[K\x1b[1mtools/wait.py.dox.md") > screen.index("rules  [")


def test_no_progress_bar_when_quiet(many_tools: Path) -> None:
    code, screen = _in_a_terminal(many_tools, "check", "--quiet", "--no-cache")
    assert code == 1
    assert "doxtool: facts" not in screen and "Found " not in screen


def test_no_progress_bar_for_a_few_files(make_repo) -> None:
    code, screen = _in_a_terminal(make_repo(clean_files()), "check", "--no-cache")
    assert code == 0
    assert "doxtool: facts" not in screen and "All checks passed." in screen


@pytest.mark.parametrize(
    "paths", [None, ["tools/wait.py"], ["tools"], ["prompts/agent.system.tool.wait.md", "prompts"]]
)
def test_verbose_counts_are_those_of_the_files_in_scope(reference_repo: Path, paths) -> None:
    """``-v`` counts the modules, companions and prompts of the files the run
    checks (:func:`~doxtool.rules.engine.scope_files`), each file once."""
    from doxtool import api
    from doxtool.rules import contract_scope
    from doxtool.rules.engine import scope_files
    from doxtool.run import scoping
    from doxtool.run.context import Context
    from doxtool.run.project import Project

    # a prompt directory that is documented too: its companions are not prompts
    (reference_repo / "prompts" / "vars.py").write_text("x = 1\n")
    (reference_repo / "prompts" / "vars.py.dox.md").write_text("# vars\n")
    loaded = api.load_project(reference_repo, cwd=reference_repo, use_cache=False)
    dirs = [*loaded.config.documented_dirs, "prompts"]
    project = Project(loaded.root, dataclasses.replace(loaded.config, documented_dirs=dirs))
    scope = scoping.scope_for(project, [reference_repo / p for p in paths] if paths else None)
    ctx = Context(project, scope)
    modules = ctx.documented_modules
    files = scope_files(ctx)
    expected = len(files) - len(set(modules) | set(ctx.companions))
    counts = api._counts(Context(project, scope), modules, 3)
    checked = set(modules) | set(contract_scope.tool_modules(ctx))
    assert counts == {
        "modules": len(checked),
        "companions": len(ctx.companions),
        "prompts": expected,
        "rules": 3,
    }
    assert counts["prompts"] > 0 and counts["modules"] > 0
