"""Python's cyclic garbage collector paused around a block.

A parse, a walk or a whole run allocates many objects and few cycles: the
collections they would trigger cost time and find next to nothing. This
module imports nothing heavy, so that a process that never parses need not
import the parser to pause the collector.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused_gc() -> Iterator[None]:
    """No cyclic collection inside the block; the collector's state is restored after."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
