"""Freed heap memory handed back to the system.

CPython hands a large object's memory (a pool result's buffer, a module's
pickled facts, a cache entry's encoding: tens to hundreds of KB each) back
to the C library when the object dies, and glibc keeps it in the process's
heap for later allocations: the resident set stays as large as it ever was.
A cold run frees such memory by the megabyte (every result it receives and
writes to the cache, every module's facts once unpickled), so its resident
set would grow by everything it ever received. ``malloc_trim`` returns the
free pages inside the heap to the system (a fraction of a millisecond);
:func:`give_back` calls it where the C library has it (glibc), and does
nothing elsewhere. Nothing is moved or changed: only unused pages leave.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

_trim: Callable[[int], int] | None = None
_looked = False


def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or None (another C library or system)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError, ImportError):  # musl and the like: no such call
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim  # type: ignore[no-any-return]


def available() -> bool:
    """Whether :func:`give_back` can return memory on this system."""
    global _trim, _looked
    if not _looked:
        _trim = _malloc_trim()
        _looked = True
    return _trim is not None


def give_back() -> None:
    """Return the heap's free pages to the system, where the C library can."""
    if available():
        _trim(0)  # type: ignore[misc]
