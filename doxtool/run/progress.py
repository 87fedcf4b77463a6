"""A progress bar on stderr for long runs, drawn only on a terminal.

``api.check`` reports progress as ``(phase, done, total)``, first over the
modules whose facts it extracts, then over the rules. The bar appears when
the first phase has at least ``min_total`` files to go through, redraws at
most every ``interval`` seconds, and erases itself when closed, so the
findings printed afterwards start on a clean line.
"""

from __future__ import annotations

import time
from typing import IO

from doxtool.core.terminal import is_terminal

WIDTH = 30
#: fewer files than this finish before a bar would be worth reading
MIN_TOTAL = 40


class ProgressBar:
    def __init__(
        self,
        stream: IO[str] | None,
        enabled: bool = True,
        min_total: int = MIN_TOTAL,
        interval: float = 0.1,
    ) -> None:
        self.stream = stream
        self.active = enabled and is_terminal(stream)
        self.min_total = min_total
        self.interval = interval
        self._last = 0.0
        self._drawn = False
        self._long: bool | None = None

    @property
    def callback(self) -> ProgressBar | None:
        """What to pass as ``progress``: None when nothing will ever be drawn."""
        return self if self.active else None

    def __call__(self, phase: str, done: int, total: int) -> None:
        self.update(phase, done, total)

    def update(self, phase: str, done: int, total: int) -> None:
        if self._long is None:
            self._long = total >= self.min_total
        if not (self.active and self._long) or self.stream is None:
            return
        now = time.monotonic()
        if done < total and now - self._last < self.interval:
            return
        self._last = now
        filled = WIDTH * done // max(total, 1)
        bar = "#" * filled + "-" * (WIDTH - filled)
        self.stream.write(f"\r\x1b[Kdoxtool: {phase:<6} [{bar}] {done}/{total}")
        self.stream.flush()
        self._drawn = True

    def close(self) -> None:
        if self._drawn and self.stream is not None:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self._drawn = False
