"""A process-wide change made while any of several nested blocks is open.

Some speed-ups swap a class attribute for the length of a parse (libcst's
node validation off, storing-only node constructors): the swap costs more
than it seems (it invalidates the method caches of every subclass), so a
batch of parses opens one block and the blocks nested inside it only count.
:class:`NestedSwitch` counts them across threads: the change is made when
the first block opens and undone when the last one ends, whatever order
blocks of different threads end in, and however they end.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager


class NestedSwitch:
    """``on()`` when the first block opens, ``off()`` when the last one ends."""

    def __init__(self, on: Callable[[], None], off: Callable[[], None]) -> None:
        self._on = on
        self._off = off
        self._lock = threading.Lock()
        self._open = 0

    @contextmanager
    def block(self) -> Iterator[None]:
        with self._lock:
            if self._open == 0:
                self._on()
            self._open += 1
        try:
            yield
        finally:
            with self._lock:
                self._open -= 1
                if self._open == 0:
                    self._off()
