"""A run stopped by Ctrl-C (SIGINT) or SIGTERM: one line, the shell's status
(130, 143), nothing recorded for a replay, no pool worker left behind and no
lock held.

The console script runs through a small wrapper. The signal comes at a
point the run has reached, never after a guessed delay: from the first pool
worker that finished a job (to the parent, as ``kill`` sends it, or to the
whole process group, as a terminal's Ctrl-C and ``timeout`` send it), or
from the run itself as it starts its check.
"""

from __future__ import annotations

import multiprocessing
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from forked import gone, run_wrapper, wrapper_env
from samples import tool_named

from doxtool.core import lock
from doxtool.rules.examples import WAIT_DOX, WAIT_PY
from doxtool.run.pool import Job, parse_all

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="signals, flock and fork as on Linux"
)

#: the wait tool reading an argument its companion does not document
DRIFTED = WAIT_PY.replace('"seconds"', '"secs"')

#: each pool worker notes its process id as it starts; the first that finishes
#: a job signals the run, with the signal and target the environment names
POOL_WRAPPER = """\
import os, signal, time
from doxtool.run import pool
note = os.environ["STOP_NOTE"]
parse_packed = pool.parse_packed
def both_started():
    # the stop waits (a while at most) until each worker has started, so a
    # busy machine's late second worker is stopped too, not left unrecorded
    for _ in range(200):
        try:
            with open(note + ".workers") as handle:
                if len(set(handle.read().split())) >= 2:
                    return
        except FileNotFoundError:
            pass
        time.sleep(0.02)
start_worker = pool._start_pool_worker
def started(*args):
    # noted as it starts, not as it takes a job: on a busy machine the
    # first worker may take every job before the second one has started
    start_worker(*args)
    with open(note + ".workers", "a") as handle:
        handle.write(f"{os.getpid()}\\n")
pool._start_pool_worker = started
def parsed(work, job):
    result = parse_packed(work, job)
    if os.environ["STOP_TO"] == "reader":
        return result
    try:
        os.close(os.open(note + ".sent", os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        return result
    sent = getattr(signal, os.environ["STOP_SIGNAL"])
    both_started()
    if os.environ["STOP_TO"] == "group":
        os.killpg(0, sent)
    else:
        os.kill(os.getppid(), sent)
    return result
pool.parse_packed = parsed
if os.environ["STOP_TO"] == "reader":  # the parent, as it stores the first result
    from doxtool.run import cache
    store = cache.FactsCache.store
    def stored(self, *args):
        if not os.path.exists(note + ".sent"):
            open(note + ".sent", "w").close()
            both_started()
            os.kill(os.getpid(), getattr(signal, os.environ["STOP_SIGNAL"]))
        return store(self, *args)
    cache.FactsCache.store = stored
from doxtool import launcher
launcher.main()
"""

#: the run interrupts itself as its check starts
CHECK_WRAPPER = """\
import os, signal
from doxtool import api
check = api.check
def interrupted(*args, **kwargs):
    os.kill(os.getpid(), signal.SIGINT)
    return check(*args, **kwargs)
api.check = interrupted
from doxtool import launcher
launcher.main()
"""


def _files() -> dict[str, str]:
    """Enough tools for a pool of two (:data:`doxtool.run.pool.MIN_PARALLEL`),
    one of them with a companion a fix changes."""
    files = {"tools/wait.py": DRIFTED, "tools/wait.py.dox.md": WAIT_DOX}
    for name in ("alpha", "beta", "gamma", "delta", "epsilon"):
        files.update(tool_named(name))
    return files


def _plain(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "doxtool", *args],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
        env=wrapper_env(),
    )


def _lock_is_free(root: Path) -> bool:
    import fcntl

    fd = os.open(root, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    finally:
        os.close(fd)
    return True


def _companions(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*.dox.md")}


@pytest.mark.parametrize(
    ("sent", "target", "status", "line"),
    [
        ("SIGINT", "parent", 130, "doxtool: interrupted\n"),
        ("SIGINT", "group", 130, "doxtool: interrupted\n"),
        ("SIGINT", "reader", 130, "doxtool: interrupted\n"),
        pytest.param("SIGTERM", "parent", 143, "doxtool: terminated\n", marks=pytest.mark.slow),
        # killed outright, it unwinds nothing: its workers still end with it
        ("SIGKILL", "parent", -9, ""),
    ],
)
def test_a_fix_stopped_while_its_pool_parses_leaves_no_worker_and_no_lock(
    make_repo, tmp_path_factory, sent: str, target: str, status: int, line: str
) -> None:
    root = make_repo(_files())
    twin = tmp_path_factory.mktemp("twin") / "repo"
    shutil.copytree(root, twin)
    note = tmp_path_factory.mktemp("note") / "stop"
    before = _companions(root)
    env = wrapper_env(STOP_NOTE=str(note), STOP_SIGNAL=sent, STOP_TO=target)
    process = subprocess.Popen(
        [sys.executable, "-c", POOL_WRAPPER, "check", "--fix", "--jobs", "2"],
        cwd=root,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        start_new_session=True,  # its own process group, as a terminal's job has
    )
    stdout, stderr = process.communicate(timeout=60)
    assert note.with_name("stop.sent").exists(), stderr
    assert (process.returncode, stdout, stderr) == (status, "", line)
    workers = {int(pid) for pid in note.with_name("stop.workers").read_text().split()}
    assert len(workers) == 2
    assert all(gone(pid) for pid in workers), "every worker ends with its parent"
    assert _lock_is_free(root), "no process holds the fixing lock"
    assert _companions(root) == before, "stopped before its fixes: nothing written"
    if sent == "SIGKILL":  # (what it had parsed, cached meanwhile, changes no result)
        shutil.rmtree(root / ".doxtool_cache", ignore_errors=True)
    # the next fixing run neither waits nor differs from one never interrupted
    again, fresh = _plain(root, "check", "--fix"), _plain(twin, "check", "--fix")
    assert "waiting" not in again.stderr
    assert (again.returncode, again.stdout, again.stderr) == (
        fresh.returncode,
        fresh.stdout,
        fresh.stderr,
    )
    assert _companions(root) == _companions(twin) != before


def test_pool_workers_leave_an_interrupt_to_their_parent() -> None:
    # a terminal's Ctrl-C reaches every process of the group: a worker that
    # took it would die with a traceback and break the pool
    jobs = [Job("facts", f"tools/t{i}.py", WAIT_PY, frozenset({"helpers"})) for i in range(120)]
    results = parse_all(jobs, 2)
    first = next(results)
    workers = multiprocessing.active_children()
    assert len(workers) == 2
    for worker in workers:
        os.kill(worker.pid, signal.SIGINT)
    rest = list(results)
    assert len([first, *rest]) == len(jobs)
    assert all(worker.exitcode == 0 for worker in workers), "ended by the pool, not the signal"


def test_an_interrupted_check_is_not_recorded_for_a_replay(make_repo) -> None:
    root = make_repo({"tools/wait.py": DRIFTED, "tools/wait.py.dox.md": WAIT_DOX})
    interrupted = run_wrapper(CHECK_WRAPPER, root, wrapper_env(), "check")
    assert (interrupted.returncode, interrupted.stdout, interrupted.stderr) == (
        130,
        "",
        "doxtool: interrupted\n",
    )
    assert not (root / ".doxtool_cache" / "runs.record").exists()
    expected = _plain(root, "check", "--no-cache")
    assert expected.returncode == 1 and "secs" in expected.stdout
    for _ in range(2):  # computed, then replayed: the same
        later = _plain(root, "check")
        assert (later.returncode, later.stdout, later.stderr) == (
            expected.returncode,
            expected.stdout,
            expected.stderr,
        )
    assert (root / ".doxtool_cache" / "runs.record").exists()


def test_a_process_forked_while_the_lock_is_held_does_not_keep_it(tmp_path: Path) -> None:
    with lock.repository_lock(tmp_path):
        wait, release = os.pipe()
        started, ready = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: says it runs, then waits until the pipe closes
            os.close(release)
            os.write(ready, b"x")
            os.read(wait, 1)
            os._exit(0)
        os.close(wait)
        os.close(ready)
        assert os.read(started, 1) == b"x"
        os.close(started)
        assert not _lock_is_free(tmp_path), "held by the process that took it"
    try:
        assert _lock_is_free(tmp_path), "released when it lets go, its child alive"
    finally:
        os.close(release)
        os.waitpid(pid, 0)


#: Ctrl-C as the CLI is imported, and as the console script itself is
WHILE_IMPORTING = {
    "the CLI": """\
import os, signal
from doxtool.run import dependencies
def require():
    os.kill(os.getpid(), signal.SIGINT)
dependencies.require = require
from doxtool import launcher
launcher.main()
""",
    "the console script": """\
import sys
class Interrupted:
    def find_spec(self, name, path, target=None):
        if name == "doxtool.run.replay":
            raise KeyboardInterrupt
sys.meta_path.insert(0, Interrupted())
from doxtool import launcher
launcher.main()
""",
}


@pytest.mark.parametrize("importing", sorted(WHILE_IMPORTING))
def test_an_interrupt_while_the_console_script_starts_is_one_line(
    make_repo, importing: str
) -> None:
    root = make_repo({"tools/wait.py": WAIT_PY, "tools/wait.py.dox.md": WAIT_DOX})
    result = run_wrapper(WHILE_IMPORTING[importing], root, wrapper_env(), "check")
    assert (result.returncode, result.stdout, result.stderr) == (
        130,
        "",
        "doxtool: interrupted\n",
    )
