"""The resident memory of a process tree, summed over its processes.

A pool's workers each hold their own memory, so the largest process (what
``os.wait4`` reports) understates what a run costs the machine. ``TreeRss``
samples ``/proc`` every few milliseconds while a process runs and keeps the
peak of the sum of the resident set sizes of the process and all its
descendants. Where ``/proc`` is missing (macOS, Windows), it reports nothing
and the caller falls back to the largest process.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

PROC = Path("/proc")
#: seconds between samples
INTERVAL = 0.01
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def available() -> bool:
    return (PROC / "self" / "statm").is_file()


def _children(pid: int) -> list[int]:
    out: list[int] = []
    try:
        tasks = list((PROC / str(pid) / "task").iterdir())
    except OSError:
        return out
    for task in tasks:
        try:
            out.extend(int(p) for p in (task / "children").read_text().split())
        except (OSError, ValueError):
            continue
    return out


def _rss_bytes(pid: int) -> int:
    try:
        fields = (PROC / str(pid) / "statm").read_text().split()
    except OSError:
        return 0
    return int(fields[1]) * _PAGE if len(fields) > 1 else 0


def tree_rss(pid: int) -> int:
    """The summed resident set size, in bytes, of ``pid`` and its descendants now."""
    total = 0
    stack = [pid]
    seen: set[int] = set()
    while stack:
        current = stack.pop()
        if current in seen:
            continue
        seen.add(current)
        total += _rss_bytes(current)
        stack.extend(_children(current))
    return total


class TreeRss:
    """Samples ``tree_rss(pid)`` in a thread until ``stop()``; ``peak_mb`` is the largest sum."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.peak = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> TreeRss:
        if available():
            self._thread.start()
        return self

    def _run(self) -> None:
        while not self._stop.is_set():
            self.peak = max(self.peak, tree_rss(self.pid))
            self._stop.wait(INTERVAL)

    def stop(self) -> float | None:
        """The peak summed RSS in MB, or None when nothing could be sampled."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()
        return self.peak / (1024 * 1024) if self.peak else None
