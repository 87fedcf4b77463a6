"""A standby process readies a check while the console script lists the tree.

The console script is run through a small wrapper that lowers the size from
which a standby is started (to every tree) or raises it (to none), and that
has the standby note its process id, and optionally fail or stall, before it
imports the CLI.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from forked import gone, run_wrapper, wrapper_env

from doxtool.rules.examples import WAIT_DOX, WAIT_PY
from doxtool.run import standby

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="a standby is forked on Linux only"
)

WRAPPER = """\
import os, sys, time
from doxtool.run import standby
standby.MIN_LISTING = int(os.environ["MIN_LISTING"])
standby.idle_core = lambda: True  # a test machine is busy: the choice is tested alone
from doxtool import launcher
prepare = launcher._prepare
def stalled() -> None:
    if os.environ.get("STANDBY_FAILS"):
        raise ImportError("no such module")
    time.sleep(float(os.environ.get("STANDBY_STALLS", "0")))
    prepare()
launcher._prepare = stalled
start = standby.start
def noted(prepare):
    started = start(prepare)
    if isinstance(started, standby.Standby):
        with open(os.environ["STANDBY_NOTE"], "a") as note:
            note.write(f"{started.pid}\\n")
    return started
standby.start = noted
launcher.main()
"""


#: the wait tool has no prompt: the checks look at its module and companion only
CHECK = ("check", "--select", "DOX")


def _env(note: Path, **extra: str) -> dict[str, str]:
    return wrapper_env(**{"STANDBY_NOTE": str(note), "MIN_LISTING": "0", **extra})


def _run(root: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return run_wrapper(WRAPPER, root, env, *args)


def _standbys(note: Path) -> list[int]:
    return [int(line) for line in note.read_text().split()] if note.exists() else []


@pytest.fixture
def wait_repo(make_repo, tmp_path_factory) -> tuple[Path, Path]:
    """A repository with the wait tool and its companion, and the file the
    wrapper notes the standbys' process ids in."""
    root = make_repo({"tools/wait.py": WAIT_PY, "tools/wait.py.dox.md": WAIT_DOX})
    return root, tmp_path_factory.mktemp("note") / "pids"


def _record(root: Path) -> Path:
    return root / ".doxtool_cache" / "runs.record"


def test_a_changed_tree_is_checked_by_the_standby_as_by_one_process(wait_repo) -> None:
    root, note = wait_repo
    first = _run(root, _env(note), *CHECK)
    assert first.returncode == 0, first.stderr
    assert _standbys(note) == [], "no record yet: nothing to replay, no standby"

    (root / "tools/wait.py").write_text(WAIT_PY.replace('"seconds"', '"secs"'))
    stamp = _record(root).stat().st_mtime_ns
    edited = _run(root, _env(note), *CHECK)
    reference = _run(root, _env(note, MIN_LISTING=str(10**12)), *CHECK, "--no-cache")
    assert len(_standbys(note)) == 1, "the edited tree was checked by a standby"
    assert edited.returncode == reference.returncode == 1
    assert "`secs`" in edited.stdout
    assert (edited.stdout, edited.stderr) == (reference.stdout, reference.stderr)
    assert _record(root).stat().st_mtime_ns != stamp, "the standby's run is recorded"

    # the standby's record replays: the original prints it and ends the standby
    again = _run(root, _env(note, STANDBY_STALLS="60"), *CHECK)
    assert (again.returncode, again.stdout, again.stderr) == (1, edited.stdout, edited.stderr)
    assert len(_standbys(note)) == 2
    assert gone(_standbys(note)[-1]), "a replay leaves no standby behind"


def test_an_unchanged_tree_is_replayed_without_waiting_for_the_standby(wait_repo) -> None:
    root, note = wait_repo
    first = _run(root, _env(note), *CHECK)
    started = time.monotonic()
    replayed = _run(root, _env(note, STANDBY_STALLS="60"), *CHECK)
    assert time.monotonic() - started < 30, "the replay waited for the standby's imports"
    assert (replayed.returncode, replayed.stdout, replayed.stderr) == (
        first.returncode,
        first.stdout,
        first.stderr,
    )
    (pid,) = _standbys(note)
    assert gone(pid)


def test_a_standby_that_cannot_import_still_checks(wait_repo) -> None:
    root, note = wait_repo
    assert _run(root, _env(note), *CHECK).returncode == 0
    (root / "tools/wait.py.dox.md").unlink()
    failed = _run(root, _env(note, STANDBY_FAILS="1"), *CHECK)
    assert len(_standbys(note)) == 1
    assert failed.returncode == 1, failed.stderr
    assert "tools/wait.py:1:1: DOX001" in failed.stdout
    assert "Traceback" not in failed.stderr


def test_the_standby_ends_with_the_process_that_started_it(wait_repo) -> None:
    root, note = wait_repo
    assert _run(root, _env(note), *CHECK).returncode == 0
    (root / "tools/wait.py").write_text(WAIT_PY + "\n# edited\n")
    script = subprocess.Popen(
        [sys.executable, "-c", WRAPPER, *CHECK],
        cwd=root,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=_env(note, STANDBY_STALLS="60"),
    )
    try:
        deadline = time.monotonic() + 30
        while not _standbys(note) and time.monotonic() < deadline:
            time.sleep(0.05)
        (pid,) = _standbys(note)
        script.send_signal(signal.SIGKILL)
        script.wait(timeout=30)
        assert gone(pid), "the standby outlived the console script"
    finally:
        if script.poll() is None:
            script.kill()


def test_small_trees_start_no_standby(wait_repo) -> None:
    root, note = wait_repo
    env = _env(note, MIN_LISTING=str(standby.MIN_LISTING))
    assert _run(root, env, *CHECK).returncode == 0
    (root / "tools/wait.py").write_text(WAIT_PY + "\n# edited\n")
    assert _run(root, env, *CHECK).returncode == 0
    assert _run(root, env, *CHECK).returncode == 0
    assert _standbys(note) == []


def test_a_standby_waits_for_an_idle_core(monkeypatch, tmp_path: Path) -> None:
    import builtins

    loadavg = tmp_path / "loadavg"
    real_open = builtins.open

    def fake_open(file, *args, **kwargs):  # type: ignore[no-untyped-def]
        return real_open(loadavg if file == "/proc/loadavg" else file, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", fake_open)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1})
    loadavg.write_text("0.40 0.30 0.20 1/187 4242\n")  # this process alone
    assert standby.idle_core()
    assert standby.worthwhile(standby.MIN_LISTING)
    assert not standby.worthwhile(standby.MIN_LISTING - 1)
    loadavg.write_text("1.90 1.30 0.20 2/187 4242\n")  # another process runs
    assert not standby.idle_core()
    assert not standby.worthwhile(standby.MIN_LISTING)
    loadavg.write_text("garbage\n")
    assert not standby.idle_core()
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1, 2, 3})
    loadavg.write_text("3.00 3.00 3.00 3/187 4242\n")
    assert standby.idle_core()
