"""Atomic, link-safe writes.

A write goes to a temporary file in the target's directory, is flushed and
synced, takes the target's mode bits, and is renamed over the target: a run
killed at any moment leaves the whole old file or the whole new one. doxtool
never writes through a link and never outside the project root.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path


class UnsafeWrite(Exception):
    """A write doxtool refuses to make."""


def check_target(root: Path, target: Path) -> None:
    """Refuse links and anything that resolves outside ``root``."""
    root = root.resolve()
    if target.is_symlink():
        raise UnsafeWrite(f"{target}: is a link; doxtool does not write through links")
    parent = target.parent.resolve()
    try:
        parent.relative_to(root)
    except ValueError:
        raise UnsafeWrite(f"{target}: outside the project root {root}") from None


def atomic_write(root: Path, target: Path, data: bytes, *, create_only: bool = False) -> None:
    """Write ``data`` to ``target`` atomically (see module docs)."""
    check_target(root, target)
    mode: int | None = None
    try:
        mode = stat.S_IMODE(target.stat().st_mode)
        if create_only:
            raise UnsafeWrite(f"{target}: exists; not overwritten")
    except FileNotFoundError:
        pass
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if mode is None:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(tmp, mode)
        if create_only:
            # link() fails if the target appeared meanwhile: never overwrite
            os.link(tmp, target)
            tmp.unlink()
        else:
            os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
