"""Time per phase of a run, and the cache counts, for ``check --verbose``."""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any


@dataclass(eq=False, repr=False)
class Timings:
    """The seconds a run spent in each phase."""

    #: phase name -> seconds, in the order the phases ran
    phases: dict[str, float] = field(default_factory=dict)

    @contextmanager
    def phase(self, name: str) -> Iterator[None]:
        start = time.perf_counter()
        try:
            yield
        finally:
            self.phases[name] = self.phases.get(name, 0.0) + time.perf_counter() - start


def cache_counts(project: object) -> tuple[int, int]:
    """(hits, misses) of the project's facts cache; (0, 0) when it has none.

    ``cache_stats`` may be a method or an attribute holding a pair, a mapping
    or an object with ``hits`` and ``misses``.
    """
    stats: Any = getattr(project, "cache_stats", None)
    if callable(stats):
        stats = stats()
    if stats is None:
        return (0, 0)
    if isinstance(stats, Mapping):
        return (int(stats.get("hits", 0)), int(stats.get("misses", 0)))
    if isinstance(stats, tuple | list) and len(stats) == 2:
        return (int(stats[0]), int(stats[1]))
    return (int(getattr(stats, "hits", 0)), int(getattr(stats, "misses", 0)))


def verbose_lines(
    phases: Mapping[str, float],
    counts: Mapping[str, int],
    cache: tuple[int, int],
    rechecked: int | None = None,
) -> list[str]:
    """One line per phase, then the total; ``rechecked`` is the number of
    modules an incremental check re-checked."""
    modules = "module" if rechecked == 1 else "modules"
    notes = {
        "reuse": f"{rechecked} {modules} re-checked, cache {cache[0]} hits, {cache[1]} misses",
        "discover": ", ".join(
            f"{n} {what.removesuffix('s') if n == 1 else what}" for what, n in counts.items()
        ),
        "parse": f"cache {cache[0]} hits, {cache[1]} misses",
    }
    lines = []
    for name, seconds in phases.items():
        note = notes.get(name, "")
        lines.append(f"{name:<8} {seconds:8.3f}s" + (f"  {note}" if note else ""))
    lines.append(f"{'total':<8} {sum(phases.values()):8.3f}s")
    return lines
