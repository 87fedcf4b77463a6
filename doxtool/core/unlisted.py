"""A directory doxtool must list and cannot: not absent, unknown.

A directory that cannot be listed (permission denied, an I/O error) is not a
directory without files: whatever it holds is unknown, so no rule may claim
that something under it does not exist, and no fix may delete a line on that
basis. The run stops instead, with one line naming the directory (exit code
2, as for a configuration file that cannot be read); excluding the directory
(``exclude``) checks the rest.
"""

from __future__ import annotations

import errno

#: errors of a listing that mean the directory is simply not there (any more)
_ABSENT = frozenset({errno.ENOENT, errno.ENOTDIR})


class UnreadableDirectory(OSError):
    """A directory a run needs to list cannot be listed."""


def absent(exc: OSError) -> bool:
    """Whether a listing's error means the directory does not exist."""
    return exc.errno in _ABSENT


def refuse(rel: str, exc: OSError) -> UnreadableDirectory:
    """The error that stops a run over the directory ``rel`` (a repository
    path, the root as ``.``) that could not be listed."""
    reason = exc.strerror or type(exc).__name__
    return UnreadableDirectory(
        exc.errno or errno.EIO,
        f"cannot read directory: {reason}; what it holds is unknown, so nothing is "
        "checked (fix its permissions, or exclude it with `exclude`)",
        rel or ".",
    )
