"""A side parser imports libcst while a small check starts, and parses its modules.

The console script is run through a small wrapper that reports an idle core
(the choice is tested alone), notes the side parser's process id and the
modules handed to it, and can kill the side parser or break its parsing.
"""

from __future__ import annotations

import os
import pickle
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from forked import gone, run_wrapper, wrapper_env

from doxtool.rules.examples import WAIT_DOX, WAIT_PY
from doxtool.run import pool, sideparser
from doxtool.run.pool import Job

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="a side parser is forked on Linux only"
)

REPO = Path(__file__).resolve().parent.parent

WRAPPER = """\
import os, signal, sys
from doxtool.run import sideparser, standby
standby.idle_core = lambda: True  # a test machine is busy: the choice is tested alone
os.sched_getaffinity = lambda pid: {0, 1}  # and may lend one core
note = os.environ["SIDE_NOTE"]
start = sideparser.start
def noted(ready):
    def readied():
        parse = ready()
        if os.environ.get("SIDE_FAILS"):
            def broken(jobs, encoded):
                raise RuntimeError("broken")
            return broken
        return parse
    start(readied)
    side = sideparser.current()
    if side is not None:
        with open(note, "a") as handle:
            handle.write(f"{side.pid}\\n")
        if os.environ.get("SIDE_KILLED"):
            os.kill(side.pid, signal.SIGKILL)
sideparser.start = noted
handed = sideparser.SideParser.parse
def counted(self, jobs, encoded):
    with open(note + ".jobs", "a") as handle:
        handle.write(" ".join(job.path for job in jobs) + "\\n")
    return handed(self, jobs, encoded)
sideparser.SideParser.parse = counted
original, exit_process = os.getpid(), os._exit
def noted_exit(code):
    if os.getpid() == original:
        with open(note + ".libcst", "w") as handle:
            handle.write(str("libcst" in sys.modules))
        if os.path.exists(note):  # each side parser is ended and reaped by now
            with open(note) as started, open(note + ".reaped", "a") as handle:
                for pid in started.read().split():
                    handle.write(f"{not os.path.exists('/proc/' + pid)}\\n")
    exit_process(code)
os._exit = noted_exit
from doxtool import launcher
launcher.main()
"""


def _run(root: Path, note: Path, *args: str, **extra: str) -> subprocess.CompletedProcess[str]:
    return run_wrapper(WRAPPER, root, wrapper_env(SIDE_NOTE=str(note), **extra), *args)


def _noted(note: Path, suffix: str = "") -> list[str]:
    path = note.with_name(note.name + suffix)
    return path.read_text().splitlines() if path.exists() else []


DRIFTED = WAIT_PY.replace('"seconds"', '"secs"')


@pytest.fixture
def drifted(make_repo, tmp_path_factory) -> tuple[Path, Path]:
    """The wait tool with an argument renamed in its module (its companion
    still documents the old name), and the wrapper's note."""
    root = make_repo({"tools/wait.py": DRIFTED, "tools/wait.py.dox.md": WAIT_DOX})
    return root, tmp_path_factory.mktemp("note") / "pids"


def _same(one: subprocess.CompletedProcess[str], other: subprocess.CompletedProcess[str]) -> None:
    assert (one.returncode, one.stdout, one.stderr) == (
        other.returncode,
        other.stdout,
        other.stderr,
    )


def test_a_check_of_a_module_hands_it_to_the_side_parser(drifted) -> None:
    root, note = drifted
    for output in ("text", "json"):
        # a new text each time, which the cache cannot answer for
        (root / "tools/wait.py").write_text(DRIFTED + f"# checked as {output}\n")
        args = ("check", "--select", "DOX", "--format", output, "tools/wait.py")
        beside = _run(root, note, *args)
        alone = _run(root, note, *args, "--jobs", "1", "--no-cache")
        assert beside.returncode == 1, beside.stderr
        assert "secs" in beside.stdout
        _same(beside, alone)
    # the first run also parses the base class's module, which the second finds cached
    assert _noted(note, ".jobs") == ["tools/wait.py", "helpers/tool.py", "tools/wait.py"]
    assert len(_noted(note)) == 2, "one side parser per run with jobs, none with --jobs 1"
    assert _noted(note, ".libcst") == ["True"], "the last run, with --jobs 1, parsed here"
    beside = _run(root, note, "check", "--select", "DOX", "--no-cache", "tools/wait.py")
    assert beside.returncode == 1, beside.stderr
    assert _noted(note, ".libcst") == ["False"], "the modules were parsed beside, not here"
    assert all(gone(int(pid)) for pid in _noted(note)), "the side parser ends with the run"
    assert set(_noted(note, ".reaped")) == {"True"}, "ended and reaped before the exit"


def test_a_whole_check_after_a_module_changed_hands_that_module_over(drifted) -> None:
    root, note = drifted
    first = _run(root, note, "check", "--select", "DOX")
    assert first.returncode == 1, first.stderr
    (root / "tools/wait.py").write_text(WAIT_PY.replace('"seconds"', '"delay"'))
    edited = _run(root, note, "check", "--select", "DOX")
    assert "delay" in edited.stdout and "secs" not in edited.stdout
    assert _noted(note, ".jobs")[-1] == "tools/wait.py", "the incremental run parsed it beside"
    _same(edited, _run(root, note, "check", "--select", "DOX", "--no-cache", "--jobs", "1"))


@pytest.mark.parametrize("trouble", ["SIDE_KILLED", "SIDE_FAILS"])
def test_a_side_parser_that_cannot_answer_leaves_the_modules_to_this_process(
    drifted, trouble: str
) -> None:
    root, note = drifted
    args = ("check", "--select", "DOX", "--no-cache", "tools/wait.py")
    troubled = _run(root, note, *args, **{trouble: "1"})
    assert _noted(note, ".jobs") == ["tools/wait.py"], "the module was handed over"
    assert troubled.returncode == 1, troubled.stderr
    _same(troubled, _run(root, note, *args, "--jobs", "1"))
    assert gone(int(_noted(note)[0]))


def test_a_side_parser_that_cannot_answer_leaves_libcst_to_this_process(drifted) -> None:
    root, note = drifted
    _run(root, note, "check", "--no-cache", "tools/wait.py", SIDE_KILLED="1")
    assert _noted(note, ".libcst") == ["True"]


@pytest.mark.parametrize("jobs", [("--jobs", "1"), ("--jobs=1",)])
def test_one_job_means_no_side_parser(drifted, jobs: tuple[str, ...]) -> None:
    root, note = drifted
    result = _run(root, note, "check", *jobs, "tools/wait.py")
    assert result.returncode == 1, result.stderr
    assert _noted(note) == []


def test_the_choice_to_start_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sideparser.standby, "idle_core", lambda: True)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    import libcst  # noqa: F401

    assert not sideparser.worthwhile(["check"]), "this process has imported libcst already"
    monkeypatch.delitem(sys.modules, "libcst")
    assert sideparser.worthwhile(["check"])
    assert sideparser.worthwhile(["check", "--jobs", "2", "tools/x.py"])
    assert sideparser.worthwhile(["check", "--", "--jobs", "1"]), "a path named --jobs"
    assert not sideparser.worthwhile(["check", "--jobs", "1"])
    assert not sideparser.worthwhile(["check", "--jobs=1"])
    assert not sideparser.worthwhile(["check", "--jobs", "01"])
    assert not sideparser.worthwhile(["check", "--help"])
    assert not sideparser.worthwhile(["check", "-h"])
    assert not sideparser.worthwhile(["scaffold", "x"])
    assert not sideparser.worthwhile([])
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0}, raising=False)
    assert not sideparser.worthwhile(["check"]), "one core"
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    monkeypatch.setattr(sideparser.standby, "idle_core", lambda: False)
    assert not sideparser.worthwhile(["check"]), "no idle core"
    monkeypatch.setattr(sideparser.standby, "idle_core", lambda: True)
    monkeypatch.setattr(sys, "stdout", None)
    assert not sideparser.worthwhile(["check"]), "stdout closed"


def _jobs() -> list[Job]:
    jobs = []
    for name in ("wait", "notify_user"):
        module = f"tools/{name}.py"
        jobs.append(
            Job("facts", module, (REPO / module).read_text("utf-8"), frozenset({"helpers"}))
        )
        companion = module + ".dox.md"
        jobs.append(Job("companion", companion, (REPO / companion).read_text("utf-8")))
    return jobs


@pytest.fixture
def side() -> sideparser.SideParser:
    sideparser.start(pool.side_parser)
    started = sideparser.current()
    assert started is not None
    yield started
    sideparser.close()


def test_results_beside_equal_results_here(side: sideparser.SideParser) -> None:
    jobs = _jobs()
    for encoded in (False, True):
        beside = list(pool.parse_all(jobs, 2, encoded=encoded))
        here = list(pool.parse_all(jobs, 1, encoded=encoded))
        assert beside == here
        assert sideparser.current() is side, "still there for the next run"


def test_the_modules_are_parsed_beside(
    side: sideparser.SideParser, monkeypatch: pytest.MonkeyPatch
) -> None:
    jobs = _jobs()
    expected = list(pool.parse_all(jobs, 1))
    here = pool.parse

    def companions_only(job: Job):  # type: ignore[no-untyped-def]
        if job.kind == "facts":
            raise AssertionError("a module parsed here")
        return here(job)

    monkeypatch.setattr(pool, "parse", companions_only)  # here, not in the side parser
    assert list(pool.parse_all(jobs, 2)) == expected


def test_this_process_hands_over_the_first_half_of_each_module(
    side: sideparser.SideParser, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The ``ast`` half is done here, while the side parser imports libcst;
    a module that half cannot take alone (nested deeply) goes over whole, as
    does one whose first half fails here."""
    from doxtool.python import prepare

    deep = "x = " + "(" * 300 + "1" + ")" * 300 + "\n"
    jobs = [*_jobs(), Job("facts", "tools/deep.py", deep, frozenset({"helpers"}))]
    expected = list(pool.parse_all(jobs, 1))
    handed: list[list[Job]] = []
    hand_over = sideparser.SideParser.parse

    def noted(self, batch, encoded):  # type: ignore[no-untyped-def]
        handed.append(batch)
        return hand_over(self, batch, encoded)

    monkeypatch.setattr(sideparser.SideParser, "parse", noted)
    assert list(pool.parse_all(jobs, 2)) == expected
    assert [job.path for job in handed[0]] == [
        "tools/wait.py",
        "tools/notify_user.py",
        "tools/deep.py",
    ]
    assert [job.prepared is not None for job in handed[0]] == [True, True, False]

    def failing(*args: object) -> None:
        raise RuntimeError("first half")

    monkeypatch.setattr(prepare, "prepare", failing)
    assert list(pool.parse_all(jobs, 2)) == expected
    assert [job.prepared for job in handed[1]] == [None, None, None]


def test_a_failure_here_still_takes_the_side_parsers_answer(
    side: sideparser.SideParser, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = _jobs()[:2], _jobs()[2:]
    plain = pool.parse_plain

    def failing(job: Job):  # type: ignore[no-untyped-def]
        if job.kind == "companion":
            raise RuntimeError("companion")
        return plain(job)

    monkeypatch.setattr(pool, "parse_plain", failing)
    with pytest.raises(RuntimeError, match="companion"):
        list(pool.parse_all(first, 2))
    monkeypatch.setattr(pool, "parse_plain", plain)
    # the answer to the first request was read: the second gets its own
    assert list(pool.parse_all(second, 2)) == list(pool.parse_all(second, 1))
    assert sideparser.current() is side


def test_a_large_request_is_handed_over_before_the_side_parser_is_ready() -> None:
    """A request over a pipe's usual 64 KiB (a few modules with their first
    halves) does not wait for the side parser's imports: this process goes on
    with the companions meanwhile."""
    import time

    def slow_ready():  # type: ignore[no-untyped-def]
        time.sleep(1.5)  # imports as slow as on a busy machine
        return pool.side_parser()

    modules = [job for job in _jobs() if job.kind == "facts"]
    jobs = [
        pool._first_half(
            Job("facts", f"tools/copy_{index}.py", job.text + f"# {index}\n", job.roots)
        )
        for index in range(12)
        for job in modules
    ]
    assert len(pickle.dumps((jobs, False), pickle.HIGHEST_PROTOCOL)) > 64 * 1024
    expected = list(pool.parse_all(jobs, 1))
    sideparser.start(slow_ready)
    try:
        side = sideparser.current()
        assert side is not None
        started = time.perf_counter()
        answer = side.parse(jobs, False)
        assert time.perf_counter() - started < 1.0
        assert answer() == expected
    finally:
        sideparser.close()


def test_a_side_parser_let_go_ends_at_once_and_is_reaped_by_close(
    side: sideparser.SideParser,
) -> None:
    """After the parse phase, the run lets it go without waiting for the
    system to tear it down; the end of the run reaps it."""
    sideparser.let_go()
    assert sideparser.current() is None
    jobs = _jobs()
    assert list(pool.parse_all(jobs, 2)) == list(pool.parse_all(jobs, 1))  # parsed here
    sideparser.close()
    with pytest.raises(ChildProcessError):
        os.waitpid(side.pid, os.WNOHANG)  # reaped: no such child any more


@pytest.mark.parametrize("when", ["before any request", "after a request"])
def test_a_side_parser_ends_when_its_parent_is_killed(when: str) -> None:
    """Whether the parent dies before the side parser's first answer (which
    it then sees as the end of its pipe) or after it (when the parent-death
    signal is set up as well), the side parser does not outlive it."""
    code = (
        "import os, signal, sys\n"
        "from doxtool.run import pool, sideparser\n"
        "sideparser.start(pool.side_parser)\n"
        "side = sideparser.current()\n"
        "print(side.pid, flush=True)\n"
        "if sys.argv[1] == 'after a request':\n"
        "    job = pool.Job('facts', 'tools/x.py', 'x = 1\\n', frozenset())\n"
        "    assert side.parse([job], False)() is not None\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, when], capture_output=True, text=True, cwd=REPO
    )
    assert result.returncode == -signal.SIGKILL, result.stderr
    assert gone(int(result.stdout.split()[0]), within=20.0)


def test_a_pool_ends_the_side_parser_first(side: sideparser.SideParser) -> None:
    jobs = _jobs() * 3
    assert len(jobs) >= pool.MIN_PARALLEL
    pooled = [(pool.unpacked(result), text) for result, text in pool.parse_all(jobs, 2)]
    assert pooled == list(pool.parse_all(jobs, 1))
    assert sideparser.current() is None
    assert gone(side.pid)


def test_a_side_parser_gone_before_the_request(side: sideparser.SideParser) -> None:
    os.kill(side.pid, signal.SIGKILL)
    jobs = _jobs()
    pooled = [(pool.unpacked(result), text) for result, text in pool.parse_all(jobs, 2)]
    assert pooled == list(pool.parse_all(jobs, 1))
    assert sideparser.current() is None, "a side parser that cannot answer is let go"


@pytest.mark.parametrize("closed", [1, 2])
def test_a_closed_standard_stream_ends_the_run_as_without_a_side_parser(
    drifted, closed: int
) -> None:
    root, note = drifted
    env = wrapper_env(SIDE_NOTE=str(note))
    codes = []
    for jobs in ((), ("--jobs", "1")):
        result = subprocess.run(
            [sys.executable, "-c", WRAPPER, "check", *jobs, "tools/wait.py"],
            cwd=root,
            env=env,
            timeout=120,
            capture_output=False,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL if closed == 2 else None,
            stderr=subprocess.DEVNULL if closed == 1 else None,
            preexec_fn=lambda: os.close(closed),
        )
        codes.append(result.returncode)
    # a closed stdout loses the report: an error; a closed stderr loses
    # nothing (the drift is reported on stdout)
    expected = 2 if closed == 1 else 1
    assert codes[0] == codes[1] == expected, codes
    if closed == 1:
        # a closed stdout ends the run with an error, and the side parser's
        # pipe could take its number; a closed stderr gets a sink at once
        assert _noted(note) == [], "no side parser: its pipe could take fd 1"


def test_an_interrupt_here_lets_the_side_parser_go(
    side: sideparser.SideParser, monkeypatch: pytest.MonkeyPatch
) -> None:
    plain = pool.parse_plain

    def interrupted(job: Job):  # type: ignore[no-untyped-def]
        if job.kind == "companion":
            raise KeyboardInterrupt
        return plain(job)

    monkeypatch.setattr(pool, "parse_plain", interrupted)
    with pytest.raises(KeyboardInterrupt):
        list(pool.parse_all(_jobs(), 2))
    assert sideparser.current() is None, "not waited for: ended"
    assert gone(side.pid)


def test_a_warning_about_the_analysed_code_is_shown_by_neither_process(make_repo, tmp_path) -> None:
    # ``"\d+"`` as a default: CPython warns of the invalid escape when it reads the literal
    tool = WAIT_PY.replace(
        'self.args.get("seconds"', 'self.args.get("pattern", "\\d+") or self.args.get("seconds"'
    )
    assert "\\d+" in tool
    root = make_repo({"tools/wait.py": tool, "tools/wait.py.dox.md": WAIT_DOX})
    note = tmp_path / "pids"
    args = ("check", "--select", "DOX", "--no-cache", "tools/wait.py")
    beside = _run(root, note, *args, PYTHONWARNINGS="always")
    alone = _run(root, note, *args, "--jobs", "1", PYTHONWARNINGS="always")
    assert _noted(note, ".jobs")[0] == "tools/wait.py", "handed to the side parser"
    assert "Warning" not in beside.stderr + alone.stderr
    _same(beside, alone)


@pytest.mark.parametrize("failing", ["fork", "second pipe"])
def test_no_side_parser_and_no_open_pipe_when_one_cannot_be_made(
    monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    pipe = os.pipe
    made: list[int] = []

    def fork() -> int:
        raise OSError("no more processes")

    def pipes() -> tuple[int, int]:
        made.append(1)
        if len(made) == 2:
            raise OSError("no more files")
        return pipe()

    if failing == "fork":
        monkeypatch.setattr(os, "fork", fork)
    else:
        monkeypatch.setattr(os, "pipe", pipes)
    before = sorted(os.listdir("/proc/self/fd"))
    sideparser.start(pool.side_parser)
    assert sideparser.current() is None
    assert sorted(os.listdir("/proc/self/fd")) == before
