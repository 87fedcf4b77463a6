"""One fixing run at a time per repository.

Two ``check --fix`` runs at once would each plan edits against what they read
and write them over what the other wrote. Fixing runs therefore take an
exclusive advisory lock on the project root directory itself: nothing is
created in the repository, the lock is released when the process ends however
it ends, and a run that has to wait says so. Where the platform has no
``flock`` (Windows), writes still check that each file holds the bytes its
fix was planned from (see :func:`doxtool.rules.engine.write_changes`).

The lock belongs to the process that took it. An ``flock`` lives as long as
any descriptor of its open file does, and a forked process (a pool worker)
inherits the descriptor: a worker left running after its parent ended would
keep every later fixing run waiting. A process forked while the lock is held
therefore closes its copy at once (which leaves the parent's lock in place).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from pathlib import Path

#: the descriptors of the locks this process holds
_held: list[int] = []
_hooked = False


def _forked() -> None:
    """In a forked process: let go of the copies of the parent's lock descriptors."""
    while _held:
        with contextlib.suppress(OSError):
            os.close(_held.pop())


def _hook() -> None:
    global _hooked
    if not _hooked and hasattr(os, "register_at_fork"):
        os.register_at_fork(after_in_child=_forked)
        _hooked = True


@contextlib.contextmanager
def repository_lock(root: Path, waiting: Callable[[str], None] | None = None) -> Iterator[None]:
    """Hold the fixing lock of ``root``; ``waiting`` is told when another run holds it."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        yield
        return
    try:
        fd = os.open(root, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | os.O_CLOEXEC)
    except OSError:
        yield  # a root that cannot be opened cannot be written either
        return
    _hook()
    _held.append(fd)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if waiting is not None:
                waiting(f"waiting for another `doxtool check --fix` in {root} to finish")
            fcntl.flock(fd, fcntl.LOCK_EX)
        except OSError:
            pass  # a file system without locks: the byte check still guards each write
        yield
    finally:
        if fd in _held:  # (a forked copy has closed it already)
            _held.remove(fd)
            os.close(fd)  # closing the descriptor releases the lock
