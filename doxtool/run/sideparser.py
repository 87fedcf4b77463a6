"""A forked process that imports the module parser while a small check starts.

Importing libcst costs a short check (pre-commit's ``doxtool check
tools/x.py``, or a whole check after one module changed) about as long as
everything else it does together, and nothing else it does needs libcst:
only extracting a module's facts does. On Linux, when the run may use more
than one process and a core is idle, the console script forks a side parser
before it imports the CLI (:func:`start`). The copy imports the parser and
waits; the original imports the rest, reads the configuration and the
recorded state, and decides what to parse. When that is too little for a
pool (:data:`doxtool.run.pool.MIN_PARALLEL` files), the original does the
first half of each module's extraction, which needs no libcst
(:mod:`doxtool.python.prepare`), hands the modules to the side parser for
the second, and parses the companions and prompt files itself meanwhile
(:func:`doxtool.run.pool.parse_all`). A run over PATHS hands its named
modules over as soon as it knows them, before it looks for what else it
checks (:mod:`doxtool.run.ahead`); what it finds goes in a later request.
Requests are answered in turn, each answer read by its own request's wait.
The request pipe holds a request of up to :data:`PIPE_BYTES` before the
side parser reads it, so handing it over does not wait for the side
parser's imports.

A module's facts depend on nothing but its :class:`~doxtool.run.pool.Job`
and its first half (the side parser was forked from this very process and
holds no other state), so what the side parser answers is what this process
would have parsed. When it cannot answer (it has ended, or parsing failed there), this
process parses the jobs itself, as it does without one, and a failure shows
as it would. The side parser never writes to the run's streams, ends when
the original closes its pipe or ends, and is closed before a pool starts, so
that its core goes to a worker.
"""

from __future__ import annotations

import os
import sys

from doxtool.run import standby

TYPE_CHECKING = False  # typing itself costs an import a replay can do without
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, NoReturn

    #: parses a batch of jobs (``encoded`` or not) as the original would
    Parser = Callable[[list[Any], bool], list[Any]]

#: bytes of a frame's length prefix on the pipes
_LENGTH = 8
#: the request pipe's capacity (Linux's default most for a process): a
#: request of a few modules, their sources and first halves, is larger than
#: the usual 64 KiB, and writing it would wait until the side parser reads
PIPE_BYTES = 1 << 20
#: the side parser this process started, if any
_current: SideParser | None = None
#: side parsers let go (:func:`let_go`), not yet reaped
_ending: list[int] = []


class SideParser:
    """In the original process: the side parser it started. Requests are
    answered in the order they were handed over; each answer is kept until
    the request's own wait reads it, so several may be outstanding."""

    __slots__ = ("_answered", "_answers", "_asked", "_read", "_requests", "pid")

    def __init__(self, pid: int, requests: int, answers: int) -> None:
        self.pid = pid
        self._requests = requests
        self._answers = answers
        #: requests handed over, and answers read, so far
        self._asked = 0
        self._read = 0
        #: answers read before their request's wait asked for them
        self._answered: dict[int, bytes] = {}

    def parse(self, jobs: list[Any], encoded: bool) -> Callable[[], list[Any] | None]:
        """Hand ``jobs`` over now; the returned call waits for their results
        (as :func:`doxtool.run.pool.parse_all` gives them, in order), or None
        when the side parser cannot give them (it is then closed)."""
        import pickle

        try:
            _write_frame(self._requests, pickle.dumps((jobs, encoded), pickle.HIGHEST_PROTOCOL))
        except Exception:  # gone (a broken pipe), or jobs it cannot be handed
            close()
            return lambda: None
        self._asked += 1
        number = self._asked

        def results() -> list[Any] | None:
            try:
                payload = self._answer(number)
                answered = pickle.loads(payload) if payload else None
            except Exception:  # a side parser that died mid-answer
                answered = None
            if not isinstance(answered, list) or len(answered) != len(jobs):
                close()
                return None
            return answered

        return results

    def _answer(self, number: int) -> bytes:
        """The answer to the ``number``-th request, reading (and keeping)
        the answers to earlier ones before it."""
        while self._read < number:
            self._read += 1
            self._answered[self._read] = _read_frame(self._answers)
        return self._answered.pop(number, b"")

    def end(self, wait: bool = True) -> None:
        """Close the pipes and end the side parser; reap it unless not to ``wait``."""
        import contextlib
        import signal

        for fd in (self._requests, self._answers):
            with contextlib.suppress(OSError):
                os.close(fd)
        with contextlib.suppress(OSError):
            os.kill(self.pid, signal.SIGKILL)
            if wait:
                os.waitpid(self.pid, 0)


def current() -> SideParser | None:
    """The side parser of this process, if one is running."""
    return _current


def close() -> None:
    """End this process's side parser, if any (before a pool starts), and reap
    any let go before."""
    global _current
    side, _current = _current, None
    if side is not None:
        side.end()
    if _ending:
        import contextlib

        while _ending:
            with contextlib.suppress(OSError):
                os.waitpid(_ending.pop(), 0)


def let_go() -> None:
    """End this process's side parser, if any, without waiting for its end:
    the run hands it nothing more. The system tears the process down while
    the run goes on; :func:`close` reaps it."""
    global _current
    side, _current = _current, None
    if side is not None:
        side.end(wait=False)
        _ending.append(side.pid)


def worthwhile(argv: list[str]) -> bool:
    """Whether a side parser is worth starting for ``doxtool`` with ``argv``:
    a check that may use more than one process (no ``--jobs 1``), on Linux,
    with more than one core and one of them idle, in a process that has not
    imported the parser already and has both its output streams."""
    if not argv or argv[0] != "check" or "libcst" in sys.modules:
        return False
    if sys.stdout is None or sys.stderr is None:
        # a run without stdout ends with an error, and its pipe could take
        # fd 1 (a closed stderr has a sink already: :func:`doxtool.launcher.main`)
        return False
    if not sys.platform.startswith("linux") or not hasattr(os, "fork"):
        return False
    for index, arg in enumerate(argv):
        if arg == "--":
            break
        if arg in ("--help", "-h", "--version"):
            return False
        if arg.startswith("--jobs"):
            value = arg[7:] if arg.startswith("--jobs=") else "".join(argv[index + 1 : index + 2])
            if value.isdigit() and int(value) == 1:
                return False
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return False
    return cores > 1 and standby.idle_core()


def start(ready: Callable[[], Parser]) -> None:
    """Fork the side parser (the original returns; the copy serves until the
    original is gone and never returns). In the copy, ``ready`` imports the
    parser and returns what parses a batch of jobs. Nothing happens when
    forking fails."""
    global _current
    if _current is not None:
        return
    standby.flush_streams()
    parent = os.getpid()
    fds: list[int] = []
    try:
        fds.extend(os.pipe())
        fds.extend(os.pipe())
        pid = os.fork()
    except OSError:
        for fd in fds:
            os.close(fd)
        return
    requests_read, requests_write, answers_read, answers_write = fds
    if pid:
        os.close(requests_read)
        os.close(answers_write)
        _widen(requests_write)
        _current = SideParser(pid, requests_write, answers_read)
        return
    os.close(requests_write)
    os.close(answers_read)
    _serve(ready, parent, requests_read, answers_write)


def _widen(fd: int) -> None:
    """Have the pipe ``fd`` writes to hold :data:`PIPE_BYTES`, if the system lets it."""
    import contextlib
    import fcntl

    command = getattr(fcntl, "F_SETPIPE_SZ", None)  # Linux only
    # over the system's most for a pipe: a large request may wait
    with contextlib.suppress(OSError):
        if command is not None:
            fcntl.fcntl(fd, command, PIPE_BYTES)


def _serve(ready: Callable[[], Parser], parent: int, requests: int, answers: int) -> NoReturn:
    """The side parser: import the parser, then answer requests until the
    pipe closes. Ends with ``os._exit``: what the original buffered for its
    streams is the original's to write."""
    try:
        import signal

        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the original answers an interrupt
        quiet = os.open(os.devnull, os.O_WRONLY)
        os.dup2(quiet, 1)
        os.dup2(quiet, 2)
        os.close(quiet)
        import pickle

        parse = ready()
        guarded = False
        while True:
            request = _read_frame(requests)
            if not request:
                break
            try:
                payload = pickle.dumps(parse(*pickle.loads(request)), pickle.HIGHEST_PROTOCOL)
            except Exception:  # the original parses them itself, and sees why
                payload = b""
            _write_frame(answers, payload)
            if not guarded:
                # after the first answer, which it would only delay: until
                # then, a parent gone is seen as the end of the pipe (no other
                # process holds its write end: a pool starts after it is closed)
                standby.die_with(parent)
                guarded = True
    except BaseException:
        pass
    os._exit(0)


def _write_frame(fd: int, payload: bytes) -> None:
    standby.write_all(fd, len(payload).to_bytes(_LENGTH, "little") + payload)


def _read_frame(fd: int) -> bytes:
    """The next frame's payload; empty at the end of the pipe."""
    head = _read_exactly(fd, _LENGTH)
    if len(head) < _LENGTH:
        return b""
    return _read_exactly(fd, int.from_bytes(head, "little"))


def _read_exactly(fd: int, size: int) -> bytes:
    parts: list[bytes] = []
    while size > 0:
        chunk = os.read(fd, min(size, 1 << 20))
        if not chunk:
            break
        parts.append(chunk)
        size -= len(chunk)
    return b"".join(parts)
