"""One fixing run at a time per repository.

Two ``check --fix`` runs at once would each plan edits against what they read
and write them over what the other wrote. Fixing runs therefore take an
exclusive advisory lock on the project root directory itself: nothing is
created in the repository, the lock is released when the process ends however
it ends, and a run that has to wait says so. Where the platform has no
``flock`` (Windows), writes still check that each file holds the bytes its
fix was planned from (see :func:`doxtool.rules.engine.write_changes`).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from pathlib import Path


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
        os.close(fd)  # closing the descriptor releases the lock
