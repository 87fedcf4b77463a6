"""A second process that readies a check while the console script decides on a replay.

Deciding whether a recorded run answers this one means listing the tree
(:mod:`doxtool.run.listing`): in a large repository that takes a good part
of a second, and when the tree has changed, the check that follows first
spends about as long importing its parsers. On Linux, when the recorded
listing is large (:data:`MIN_LISTING`) and a core is idle, the console
script forks before it lists: the copy (the standby) imports what a check needs while the original
lists the tree on the other core. Then either

- the tree is unchanged: the original prints the recorded output, kills the
  standby (which has printed and written nothing) and exits; or
- the tree has changed: the original hands the standby the listing it took
  (:func:`doxtool.run.replay.handed`), the standby runs the check exactly as
  the original would have (the same arguments, streams and working
  directory), and the original waits for it and ends as it ends.

The standby never outlives the original: it dies with it (``prctl``'s
parent-death signal) and leaves quietly when the original closes the pipe
without handing it anything. Nothing is forked on other systems, under a
small tree, or when forking fails: the console script then does it all in
one process, as the output is the same either way.
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False  # typing itself costs an import a replay can do without
if TYPE_CHECKING:
    from collections.abc import Callable

#: a recorded listing shorter than this (in characters, about 50 per entry,
#: so some 20,000 files) is listed in well under a tenth of a second: the
#: standby would save less on a changed tree than it costs an unchanged one
#: (its start, the memory it shares with the listing process until then,
#: and its end: some 15 ms measured with 9,000 files)
MIN_LISTING = 1_000_000
_GO = b"go\n"
#: ``prctl`` option: the signal a process gets when its parent ends
_PR_SET_PDEATHSIG = 1


class Handed:
    """In the standby, once told to run: the listings the original handed over."""

    __slots__ = ("data",)

    def __init__(self, data: bytes) -> None:
        self.data = data


class Standby:
    """In the original process: the standby it started."""

    __slots__ = ("_pipe", "pid")

    def __init__(self, pid: int, pipe: int) -> None:
        self.pid = pid
        self._pipe = pipe

    def cancel(self) -> None:
        """End the standby, which has done nothing anyone can see."""
        import signal

        try:
            os.close(self._pipe)
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        except OSError:
            pass

    def run(self, data: bytes) -> int:
        """Hand the standby ``data`` and let it run the check; the exit code to
        end with (the standby's). A standby killed by a signal is reported as
        the shell does: 128 plus the signal's number."""
        import signal

        # the standby is in the same process group and gets the terminal's
        # interrupt itself; this process waits for it to answer
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            write_all(self._pipe, _GO + data)
        except OSError:
            pass  # the standby is gone: its status says how
        finally:
            os.close(self._pipe)
        try:
            _, status = os.waitpid(self.pid, 0)
        except ChildProcessError:  # reaped by someone else: its status is lost
            print("doxtool: error: the check's process ended unseen", file=sys.stderr)
            return 2
        code = os.waitstatus_to_exitcode(status)
        return code if code >= 0 else 128 - code


def worthwhile(recorded_listing: int) -> bool:
    """Whether a standby is worth starting for a tree whose recorded listing
    has this many characters: on Linux, for a large tree, while a core is idle."""
    return recorded_listing >= MIN_LISTING and sys.platform.startswith("linux") and idle_core()


def idle_core() -> bool:
    """Whether a core is idle now: the processes running or ready to run,
    this one included, leave one free (``/proc/loadavg``). On a busy
    machine a standby's imports would only slow the listing down."""
    try:
        cores = len(os.sched_getaffinity(0))
        with open("/proc/loadavg", "rb") as handle:
            running = int(handle.read().split()[3].split(b"/")[0])
    except (AttributeError, OSError, ValueError, IndexError):
        return False
    return running <= cores - 1


def start(prepare: Callable[[], None]) -> Standby | Handed | None:
    """Fork a standby that runs ``prepare`` (imports) and waits.

    In the original process, returns the :class:`Standby`; in the standby,
    returns only when it is told to run, with the :class:`Handed` listings
    (the caller then carries on as a check); a standby that is not told to
    run exits. None when no process could be started.
    """
    flush_streams()
    parent = os.getpid()
    try:
        read, write = os.pipe()
        pid = os.fork()
    except OSError:
        return None
    if pid:
        os.close(read)
        return Standby(pid, write)
    os.close(write)
    import contextlib

    for step in (lambda: die_with(parent), prepare):
        # a failed import is reported by the run, which imports it again
        with contextlib.suppress(BaseException):
            step()
    data = read_all(read)
    os.close(read)
    if not data.startswith(_GO):
        os._exit(0)
    return Handed(data[len(_GO) :])


def flush_streams() -> None:
    """Flush the standard streams before a fork (the copy must not write what
    they hold); a stream that is closed or cannot be written is left alone."""
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except Exception:  # the run meets the broken stream and says so
            continue


def die_with(parent: int) -> None:
    """Have this process end when ``parent`` does (Linux), or end now if it has."""
    import ctypes
    import signal

    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != parent:
        os._exit(0)


def write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def read_all(fd: int) -> bytes:
    parts: list[bytes] = []
    while True:
        try:
            chunk = os.read(fd, 1 << 20)
        except OSError:
            return b""
        if not chunk:
            return b"".join(parts)
        parts.append(chunk)
