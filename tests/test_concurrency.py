"""Two doxtool runs at once on one repository and one cache.

Pre-commit and an editor, or two CI jobs on a shared workspace, can run
doxtool concurrently. Both runs must finish (exit 0 or 1, no traceback), no
companion may be corrupt (each parses and equals the single-run result), and
the cache must stay usable; a corrupt or truncated cache file is ignored and
rebuilt.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from doxtool.companions.factlines import SECTIONS
from doxtool.companions.parsing import parse_companion

pytestmark = pytest.mark.timeout(300)

CACHE = ".doxtool_cache"


def _command(*args: str) -> list[str]:
    return [sys.executable, "-m", "doxtool", *args]


def _env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}


def _together(root: Path, *runs: tuple[str, ...]) -> list[subprocess.CompletedProcess[str]]:
    """Start every run at once and wait for all of them."""
    procs = [
        subprocess.Popen(
            _command(*args),
            cwd=root,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=_env(),
        )
        for args in runs
    ]
    done = []
    for args, proc in zip(runs, procs, strict=True):
        stdout, stderr = proc.communicate(timeout=240)
        done.append(subprocess.CompletedProcess(list(args), proc.returncode, stdout, stderr))
    return done


def _assert_finished(result: subprocess.CompletedProcess[str]) -> None:
    output = result.stdout + result.stderr
    assert result.returncode in (0, 1), output[-3000:]
    assert "Traceback" not in output and "internal error" not in output, output[-3000:]


def _companions(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted((root / "tools").glob("*.py.dox.md"))
    }


def _drift(root: Path) -> None:
    """Companions to create, and companions to rewrite."""
    for name in ("wait", "response"):
        (root / f"tools/{name}.py.dox.md").unlink()
    for companion in sorted((root / "tools").glob("*.py.dox.md"))[:2]:
        text = companion.read_text(encoding="utf-8")
        text = text.replace(
            "- Observed side-effect areas:", "- Observed side-effect areas: network,"
        )
        companion.write_text(text.replace("optional", "required", 1), encoding="utf-8")


def _database_is_sound(root: Path) -> None:
    path = root / CACHE / "facts.sqlite3"
    assert path.is_file()
    db = sqlite3.connect(path)
    try:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        db.execute("SELECT count(*) FROM entries").fetchone()
    finally:
        db.close()


@pytest.fixture
def drifted(reference_repo: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    _drift(reference_repo)
    return reference_repo


@pytest.fixture
def single_run(drifted: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """The companions one `check --fix` alone produces."""
    alone = tmp_path_factory.mktemp("alone") / "repo"
    shutil.copytree(drifted, alone, symlinks=True)
    result = subprocess.run(
        _command("check", "--fix"), cwd=alone, capture_output=True, text=True, env=_env()
    )
    _assert_finished(result)
    assert result.returncode == 0, result.stdout  # nothing is left that has no safe fix
    return _companions(alone)


@pytest.mark.parametrize("rounds", [1, pytest.param(3, marks=pytest.mark.slow)])
def test_two_fix_runs_at_once(
    drifted: Path,
    single_run: dict[str, bytes],
    tmp_path_factory: pytest.TempPathFactory,
    rounds: int,
) -> None:
    for round_ in range(rounds):
        root = tmp_path_factory.mktemp(f"round{round_}") / "repo"
        shutil.copytree(drifted, root, symlinks=True)
        for result in _together(root, ("check", "--fix"), ("check", "--fix")):
            _assert_finished(result)
        companions = _companions(root)
        assert companions == single_run, f"round {round_}"
        for text in companions.values():
            parsed = parse_companion(text.decode("utf-8"))
            assert [s.title for s in parsed.sections] == list(SECTIONS)
        leftovers = [p for p in (root / "tools").iterdir() if p.name.endswith(".tmp")]
        assert leftovers == []
        after = subprocess.run(
            _command("check"), cwd=root, capture_output=True, text=True, env=_env()
        )
        # every drift has a safe fix: the two runs together repaired all of it
        assert (after.returncode, after.stdout) == (0, "All checks passed.\n"), after.stdout
        _database_is_sound(root)


@pytest.mark.parametrize("rounds", [1, pytest.param(3, marks=pytest.mark.slow)])
def test_two_checks_at_once_share_the_cache(drifted: Path, rounds: int) -> None:
    expected = subprocess.run(
        _command("check", "--no-cache"), cwd=drifted, capture_output=True, text=True, env=_env()
    )
    _assert_finished(expected)
    assert expected.returncode == 1, "the drift is seen"
    for _ in range(rounds):
        # both start cold, both build the cache; later rounds read it (or replay)
        for result in _together(drifted, ("check",), ("check", "--format", "text")):
            _assert_finished(result)
            assert (result.returncode, result.stdout) == (expected.returncode, expected.stdout)
        _database_is_sound(drifted)


@pytest.mark.parametrize(
    "damage",
    [
        "garbage",
        pytest.param("truncated", marks=pytest.mark.slow),
        pytest.param("empty", marks=pytest.mark.slow),
        pytest.param("wal-garbage", marks=pytest.mark.slow),
    ],
)
def test_damaged_cache_is_ignored_and_rebuilt_even_by_two_runs(drifted: Path, damage: str) -> None:
    expected = subprocess.run(
        _command("check"), cwd=drifted, capture_output=True, text=True, env=_env()
    )
    _assert_finished(expected)
    database = drifted / CACHE / "facts.sqlite3"
    record = drifted / CACHE / "runs.record"
    state = drifted / CACHE / "findings.state"
    assert database.is_file() and record.is_file() and state.is_file()
    if damage == "garbage":
        database.write_bytes(b"\x00garbage" * 4096)
        record.write_bytes(b"\xff" * 1000)
        state.write_bytes(b"\xff" * 1000)
    elif damage == "truncated":
        database.write_bytes(database.read_bytes()[: database.stat().st_size // 2])
        record.write_bytes(record.read_bytes()[: record.stat().st_size // 2])
        state.write_bytes(state.read_bytes()[: state.stat().st_size // 2])
    elif damage == "empty":
        database.write_bytes(b"")
        record.write_bytes(b"")
        state.write_bytes(b"")
    else:
        Path(str(database) + "-wal").write_bytes(b"\x37\x7f\x06\x82" + b"\xee" * 5000)
        record.write_bytes(b"doxtool-runs 2\n99999999:short")
        state.write_bytes(b'{"magic": "doxtool-findings 1", "files": 12}')
    for result in _together(drifted, ("check",), ("check",)):
        _assert_finished(result)
        assert (result.returncode, result.stdout) == (expected.returncode, expected.stdout)
    again = subprocess.run(
        _command("check"), cwd=drifted, capture_output=True, text=True, env=_env()
    )
    assert (again.returncode, again.stdout) == (expected.returncode, expected.stdout)
    _database_is_sound(drifted)


def _drift_everywhere(root: Path) -> None:
    """Every companion needs lines inserted and rewritten, around a person's notes."""
    for companion in sorted((root / "tools").glob("*.py.dox.md")):
        lines = companion.read_text(encoding="utf-8").splitlines(keepends=True)
        kept = [
            line
            for line in lines
            if not line.startswith(("- Observed side-effect areas", "- Imported dependency"))
        ]
        text = "".join(kept).replace("optional", "required", 1)
        text = text.replace("## Key Concepts\n", "## Key Concepts\n- A note a person wrote.\n")
        companion.write_text(text, encoding="utf-8")


@pytest.mark.slow
@pytest.mark.parametrize("runs", [2, 4])
def test_many_fix_runs_at_once_never_lose_or_duplicate_text(
    reference_repo: Path, tmp_path_factory: pytest.TempPathFactory, runs: int
) -> None:
    """Fix runs at once are serialised: every trial ends with the single-run bytes."""
    _drift(reference_repo)
    _drift_everywhere(reference_repo)
    alone = tmp_path_factory.mktemp("alone") / "repo"
    shutil.copytree(reference_repo, alone, symlinks=True)
    _assert_finished(
        subprocess.run(
            _command("check", "--fix"), cwd=alone, capture_output=True, text=True, env=_env()
        )
    )
    single_run = _companions(alone)
    noted = [path for path, text in single_run.items() if b"- A note a person wrote.\n" in text]
    assert len(noted) == len(single_run) - 2  # wait and response are created afresh
    bad = []
    for trial in range(10):
        root = tmp_path_factory.mktemp(f"trial{runs}-{trial}") / "repo"
        shutil.copytree(reference_repo, root, symlinks=True)
        results = _together(root, *[("check", "--fix")] * runs)
        for result in results:
            _assert_finished(result)
        if _companions(root) != single_run:
            bad.append(trial)
    assert bad == [], f"{len(bad)} of 10 trials differ from a single run: {bad}"
