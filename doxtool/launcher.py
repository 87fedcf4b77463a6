"""The ``doxtool`` console script: replay an unchanged check, or run the CLI.

Importing the CLI (click, libcst, markdown-it) costs many times more than
starting Python; a check whose inputs have not changed since the same check
last ran prints the recorded result without importing any of it (see
:mod:`doxtool.run.replay`). Only the standard library's ``os`` and ``sys`` are
imported before that decision. In a large tree, a forked standby imports the
CLI while the tree is listed for it, and runs the check if the replay cannot
answer (:mod:`doxtool.run.standby`). A check that is not replayed forks a
side parser, which imports libcst while this process imports the CLI, and
parses the modules of a run too small for a pool (:mod:`doxtool.run.sideparser`).
Before it forks, the dataclasses both processes define are given the code
their methods were compiled to by an earlier run (:mod:`doxtool.core.dataclass_code`):
compiling it is most of what importing libcst costs.
"""

from __future__ import annotations

import os
import sys

from doxtool.core.exits import EXIT_INTERRUPT, EXIT_PIPE

try:  # an interrupt this early (some 40 ms) also ends with one line, not a traceback
    from doxtool.run import replay as runcache
    from doxtool.run import sideparser, standby
except KeyboardInterrupt:
    print("doxtool: interrupted", file=sys.stderr)
    os._exit(EXIT_INTERRUPT)

#: the line a run whose stdout the caller closed (``>&-``) ends with
CLOSED_STDOUT = "doxtool: error: stdout is closed: the output was not written"

TYPE_CHECKING = False  # typing itself costs an import a replay can do without
if TYPE_CHECKING:
    from typing import NoReturn


class _Tee:
    """A text stream that also keeps what is written to it."""

    def __init__(self, stream):  # type: ignore[no-untyped-def]
        self._stream = stream
        self.parts: list[str] = []

    def write(self, text: str | bytes) -> int:
        if isinstance(text, bytes):
            self.parts.append(text.decode("utf-8", "replace"))
            buffer = getattr(self._stream, "buffer", None)
            if buffer is not None:
                self._stream.flush()
                return int(buffer.write(text))
            return int(self._stream.write(text.decode("utf-8", "replace")))
        if not text.startswith("\r\x1b[K"):  # a progress bar redraw is not output
            self.parts.append(text)
        return int(self._stream.write(text))

    def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
        return getattr(self._stream, name)


def _pending(argv: list[str], cwd: str) -> runcache.Pending | None:
    """The inputs of this run, when its result may be recorded for replay."""
    from pathlib import Path

    from doxtool.core.config import ConfigError, config_at, find_root
    from doxtool.run.project import Project

    found = find_root(Path(cwd))
    if found is None:
        return None  # not a project: the run stops with an error
    try:
        config = config_at(found)
    except ConfigError:
        return None
    if config.cache_dir.rstrip("/") != runcache.CACHE_DIR:
        return None
    root = found.resolve()
    # a run that reads files outside the root, or through a link (its target
    # may lie outside, or where the tree's listing does not look), could not
    # tell when they change: the configuration, the baseline, the templates
    read = [name for name in ("doxtool.toml", "pyproject.toml") if os.path.lexists(root / name)]
    for setting in (*read, config.baseline, config.templates_dir):
        path = os.path.normpath(os.path.join(root, setting)) if setting else ""
        if path and (not runcache.inside(str(root), path) or os.path.realpath(path) != path):
            return None
    project = Project(root, config)
    return runcache.Pending(argv, cwd, str(root), project.excluded)


def _prepare() -> None:
    """Import what a check needs before it runs (a standby's work, done while
    the tree is listed)."""
    from doxtool.core import dataclass_code
    from doxtool.run import dependencies
    from doxtool.run.heap import held_collector

    dataclass_code.install()
    with held_collector():
        dependencies.require()
        import doxtool.cli
        import doxtool.run.pool

        doxtool.run.pool.prepare_facts()
    dataclass_code.save()


def _side_parser():  # type: ignore[no-untyped-def]
    """In the side parser: import the parser (:mod:`doxtool.run.sideparser`)."""
    from doxtool.core import dataclass_code
    from doxtool.run.pool import side_parser

    parse = side_parser()
    dataclass_code.save()  # what its imports compiled anew (a first run's only)
    return parse


def _decide(argv: list[str], cwd: str) -> runcache.Pending | None:
    """Replay the recorded result when it answers this run (the process ends
    here); otherwise the inputs of the run to make, which may be made by a
    standby (:mod:`doxtool.run.standby`) while this process waits for it."""
    found = runcache.find(argv, cwd)
    if found is None:
        return _pending(argv, cwd)
    ready = standby.start(_prepare) if standby.worthwhile(len(found.files)) else None
    if isinstance(ready, standby.Handed):  # this process is the standby, told to run
        runcache.adopt(ready.data)
        return _pending(argv, cwd)
    try:
        replayed = runcache.replay_found(found)
    except BaseException:
        if ready is not None:
            ready.cancel()
        raise
    if ready is not None:
        if replayed is None:
            _leave(ready.run(runcache.handed()))
        ready.cancel()
    if replayed is not None:
        _leave(replayed)
    return _pending(argv, cwd)


def _exit_code(code: object) -> int:
    """The status ``SystemExit(code)`` ends a process with."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1


def _run(cli) -> int:  # type: ignore[no-untyped-def]
    try:
        cli(prog_name="doxtool")
    except SystemExit as exc:
        return _exit_code(exc.code)
    return 0


def _leave(code: int) -> NoReturn:
    """End the process without tearing the interpreter down.

    Dismantling libcst's hundreds of classes and a run's objects takes tens
    of milliseconds that a short run would spend on nothing: by now every
    file doxtool wrote is closed and the cache is committed (its database
    left open: :func:`doxtool.run.cache.ending_process`), so only the
    standard streams are left to flush. A closed pipe ends the process with
    :data:`EXIT_PIPE`, quietly; a stream that cannot be flushed otherwise (a
    full disk) with status 2.
    """
    sideparser.close()  # never left behind, waiting for its parent's end
    kept = sys.modules.get("doxtool.core.dataclass_code")  # (a replay never imports it)
    if kept is not None:
        kept.save()
    if sys.stdout is None and code in (0, 1):
        code = 2  # a closed stdout: the report had nowhere to go
        import contextlib  # (a closed stdout is rare: not worth the import before)

        with contextlib.suppress(Exception):  # stderr closed too: the status says it
            print(CLOSED_STDOUT, file=sys.stderr)
    for stream in (sys.stdout, sys.stderr):
        if stream is None:
            continue  # nothing was written to it
        try:
            stream.flush()
        except BrokenPipeError:  # ``doxtool check | head``
            code = EXIT_PIPE
        except Exception:
            code = 2
    os._exit(code)


#: when each signal that stopped this run came (a stopped run is never
#: recorded, whatever status it ends with)
_stopped: list[float] = []
#: a stop signal this soon after the one the run unwinds from is the same
#: stop (``timeout`` signals the process and then its group, a key is pressed
#: twice): it would only break the unwinding, which never waits
_REPEAT_SECONDS = 1.0


def _on_signal(signum: int, frame: object) -> None:
    import signal
    import time

    from doxtool.core.exits import Terminated

    now = time.monotonic()
    repeated = bool(_stopped) and now - _stopped[0] < _REPEAT_SECONDS
    _stopped.append(now)
    if repeated:
        return
    if signum == signal.SIGINT:
        raise KeyboardInterrupt
    raise Terminated


def _catch_signals() -> None:
    """Have Ctrl-C and SIGTERM unwind the run (its pool stopped, its lock
    released: :mod:`doxtool.run.pool`) and be noted; a signal the caller had
    this process ignore (``nohup``, a background job) stays ignored."""
    import signal

    for name in ("SIGINT", "SIGTERM"):
        signum = getattr(signal, name, None)
        if signum is not None and signal.getsignal(signum) in (
            signal.default_int_handler,
            signal.SIG_DFL,
        ):
            signal.signal(signum, _on_signal)


def _fill_absent_streams() -> None:
    """Give stdin or stderr, when the caller closed it (``2>&-``: Python
    starts with ``sys.stderr`` None), a sink that discards what is written
    to it.

    Nothing written there can be read, so nothing is lost; without the sink
    ``print(..., file=sys.stderr)`` would write to stdout instead and a flush
    of None would fail a run that succeeded. The sink takes the closed file
    descriptor (the lowest free one), so no file the run opens later can take
    its place and receive what another process writes to it. A closed stdout
    gets none: the report written there would be lost, which is an error
    (exit 2), as a stdout that cannot be written is.
    """
    for name, mode in (("stdin", "r"), ("stderr", "w")):
        if getattr(sys, name) is None:
            try:
                setattr(sys, name, open(os.devnull, mode, encoding="utf-8"))  # noqa: SIM115
            except OSError:
                continue


def main() -> None:
    _fill_absent_streams()
    try:
        _main()
    except KeyboardInterrupt as exc:  # stopped outside the command (in imports, a replay)
        import contextlib

        from doxtool.core.exits import stopped

        code, line = stopped(exc)
        with contextlib.suppress(Exception):  # (a closed stream: the status says it)
            print(line, file=sys.stderr)
        _leave(code)


def _main() -> None:
    argv = sys.argv[1:]
    pending: runcache.Pending | None = None
    if runcache.eligible(argv):
        try:
            pending = _decide(argv, os.getcwd())
        except BrokenPipeError:  # the reader is gone: a fresh run would only fail too
            _leave(EXIT_PIPE)
        except Exception:  # replaying is an optimisation; never let it fail a run
            pending = None
    _catch_signals()
    # before the side parser forks: it and this process define the same classes
    from doxtool.core import dataclass_code

    dataclass_code.install()
    if sideparser.worthwhile(argv):
        # as soon as no replay answers: its imports are the longest part of a
        # short check (a missing library fails them there quietly, and is
        # reported here)
        sideparser.start(_side_parser)
    from doxtool.run import dependencies
    from doxtool.run.heap import held_collector

    # importing builds thousands of classes and next to no garbage: the
    # collector's passes over them would find nothing
    with held_collector():
        try:
            dependencies.require()
        except dependencies.MissingDependency as exc:
            print(f"doxtool: error: {exc}", file=sys.stderr)
            _leave(2)
        from doxtool.cli import cli
        from doxtool.run import cache

    cache.ending_process()  # the run ends in _leave: its database need not be closed
    if pending is None:
        _leave(_run(cli))
    out, err = _Tee(sys.stdout), _Tee(sys.stderr)
    sys.stdout, sys.stderr = out, err
    try:
        code = _run(cli)
    finally:
        sys.stdout, sys.stderr = out._stream, err._stream
    from doxtool.run import unwatched

    if code in (0, 1) and not _stopped and not unwatched.looked():
        import contextlib  # after the run: it is not worth its import before a replay

        # a record that cannot be written only costs the next replay
        with contextlib.suppress(Exception):
            pending.store("".join(out.parts), "".join(err.parts), code)
    _leave(code)
