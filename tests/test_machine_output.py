"""Output that programs read: one well-formed document on stdout, and pipes closed early."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from samples import UNTIL_PY, clean_files, write_files

from doxtool.core.exits import EXIT_PIPE
from doxtool.rules.examples import FRAMEWORK

DOXTOOL = str(Path(sys.executable).with_name("doxtool"))


def _drifted(root: Path) -> Path:
    write_files(root, {**FRAMEWORK, **clean_files(), "tools/wait.py": UNTIL_PY})
    return root


@pytest.mark.parametrize("output_format", ["json", "sarif", "github"])
def test_diff_with_a_machine_format_keeps_stdout_one_document(
    tmp_path: Path, run_cli, output_format: str
) -> None:
    root = _drifted(tmp_path)
    before = (root / "tools/wait.py.dox.md").read_bytes()
    result = run_cli(root, "check", "--diff", "--format", output_format)
    assert result.exit_code == 1, result.output
    assert "+++ b/tools/wait.py.dox.md" in result.stderr
    assert "+  - `until`: optional string" in result.stderr
    assert "+++" not in result.stdout
    if output_format == "github":
        assert all(line.startswith("::error ") for line in result.stdout.splitlines())
    else:
        document = json.loads(result.stdout)
        assert document
    assert (root / "tools/wait.py.dox.md").read_bytes() == before


def test_diff_with_text_output_prints_the_diff_before_the_findings(tmp_path: Path, run_cli) -> None:
    root = _drifted(tmp_path)
    result = run_cli(root, "check", "--diff")
    assert result.exit_code == 1
    assert result.stdout.startswith("--- a/tools/wait.py.dox.md\n+++ b/tools/wait.py.dox.md\n")
    assert result.stdout.endswith("Found 1 finding (1 fixable with `doxtool check --fix`).\n")


def _closed_pipe(root: Path, *args: str) -> tuple[int, str]:
    """Run the console script with its stdout a pipe whose reader is gone."""
    process = subprocess.Popen(
        [DOXTOOL, *args],
        cwd=root,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "NO_COLOR": "1"},
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # as `| head -1` does once it has its line
    error = process.stderr.read().decode()
    return process.wait(timeout=120), error


@pytest.mark.slow
def test_a_closed_pipe_ends_the_run_quietly(tmp_path: Path) -> None:
    root = _drifted(tmp_path)
    for args in (["inspect", "tools"], ["check", "--no-cache"], ["check", "--format", "json"]):
        assert _closed_pipe(root, *args) == (EXIT_PIPE, ""), args
    # a check replayed from the run record of an identical earlier run
    first = subprocess.run([DOXTOOL, "check"], cwd=root, capture_output=True, timeout=120)
    assert first.returncode == 1
    assert (root / ".doxtool_cache" / "runs.record").is_file()
    assert _closed_pipe(root, "check") == (EXIT_PIPE, "")
    again = subprocess.run([DOXTOOL, "check"], cwd=root, capture_output=True, timeout=120)
    assert (again.returncode, again.stdout) == (1, first.stdout)


def _into_a_closed_pipe(root: Path, *args: str, stderr_too: bool = False) -> int:
    """The status of the console script writing to a pipe whose reader is
    gone before it starts (stderr to the same pipe with ``stderr_too``)."""
    read, write = os.pipe()
    os.close(read)
    try:
        process = subprocess.run(
            [DOXTOOL, *args],
            cwd=root,
            stdout=write,
            stderr=write if stderr_too else subprocess.DEVNULL,
            env={**os.environ, "NO_COLOR": "1"},
            timeout=120,
        )
    finally:
        os.close(write)
    return process.returncode


@pytest.mark.slow
def test_help_version_and_usage_errors_into_a_closed_pipe_follow_the_exit_codes(
    tmp_path: Path,
) -> None:
    root = _drifted(tmp_path)
    for args in (["--help"], ["--version"], ["check", "--help"], ["rules"]):
        assert _into_a_closed_pipe(root, *args) == EXIT_PIPE, args
        assert _into_a_closed_pipe(root, *args, stderr_too=True) == EXIT_PIPE, args
    for args in (["check", "--bogus"], ["bogus"], ["--bogus"]):
        assert _into_a_closed_pipe(root, *args) == 2, args
        assert _into_a_closed_pipe(root, *args, stderr_too=True) == 2, args


def test_a_closed_stdout_is_an_error_that_says_so(tmp_path: Path) -> None:
    """`doxtool check >&-`: the report has nowhere to go, exit 2, and stderr
    says why (it said nothing)."""
    root = _drifted(tmp_path)
    for args in (["check", "--no-cache"], ["rules"]):
        result = subprocess.run(
            ["sh", "-c", 'exec "$@" >&-', "sh", DOXTOOL, *args],
            cwd=root,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
        assert (result.returncode, result.stderr) == (
            2,
            "doxtool: error: stdout is closed: the output was not written\n",
        ), args
