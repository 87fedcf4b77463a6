"""Atomic, link-safe writes.

A write goes to a temporary file in the target's directory, is flushed and
synced, takes the target's mode bits, and is renamed over the target (then the
directory is synced too): a run killed at any moment leaves the whole old file
or the whole new one, plus at worst a temporary file named
``.<name>.<random>.tmp`` that no doxtool run reads. doxtool never writes
through a link, never over anything but a regular file, and never outside the
project root.
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

#: temporary files are ``.<target name>.<random>.tmp``, next to the target
TEMP_SUFFIX = ".tmp"


class UnsafeWrite(Exception):
    """A write doxtool refuses to make."""


def check_target(root: Path, target: Path) -> None:
    """Refuse links, non-regular files and anything that resolves outside ``root``."""
    root = root.resolve()
    if target.is_symlink():
        raise UnsafeWrite(f"{target}: is a link; doxtool does not write through links")
    try:
        parent = target.parent.resolve()
        parent.relative_to(root)
    except (ValueError, OSError, RuntimeError):
        raise UnsafeWrite(f"{target}: outside the project root {root}") from None
    try:
        info = target.lstat()
    except FileNotFoundError:
        return
    except OSError as exc:
        raise UnsafeWrite(f"{target}: cannot be examined: {exc.strerror or exc}") from None
    if not stat.S_ISREG(info.st_mode):
        raise UnsafeWrite(f"{target}: not a regular file; not overwritten")


def _holds(target: Path, data: bytes) -> bool:
    """Whether ``target`` is a regular file (not a link) holding exactly ``data``."""
    try:
        if target.is_symlink() or not target.is_file() or target.stat().st_size != len(data):
            return False
        return target.read_bytes() == data
    except OSError:
        return False


def _sync_directory(directory: Path) -> None:
    """Make a rename durable (best effort: not every platform can open a directory)."""
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
    try:
        fd = os.open(directory, flags)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def atomic_write(root: Path, target: Path, data: bytes, *, create_only: bool = False) -> None:
    """Write ``data`` to ``target`` atomically (see module docs)."""
    check_target(root, target)
    mode: int | None = None
    try:
        mode = stat.S_IMODE(target.stat().st_mode)
        if create_only:
            if _holds(target, data):
                return  # made meanwhile, with these very bytes (a concurrent run)
            raise UnsafeWrite(f"{target}: exists; not overwritten")
    except FileNotFoundError:
        pass
    target.parent.mkdir(parents=True, exist_ok=True)
    # the parent may have been swapped for a link meanwhile: check again
    check_target(root, target)
    # a short prefix keeps the temporary name within the file system's limit
    prefix = f".{target.name[:64]}."
    import tempfile  # only writes need it

    fd, tmp_name = tempfile.mkstemp(prefix=prefix, suffix=TEMP_SUFFIX, dir=target.parent)
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
            try:
                os.link(tmp, target)
            except FileExistsError:
                if not _holds(target, data):
                    raise UnsafeWrite(f"{target}: appeared meanwhile; not overwritten") from None
            tmp.unlink()
        else:
            os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    _sync_directory(target.parent)
