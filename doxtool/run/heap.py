"""The cyclic garbage collector around a whole run, or the imports before it.

A check builds millions of objects that live to its end (every module's
facts, the companions and prompts read, what rules derive from them) and
few cycles. The collector's passes over that growing heap cost seconds on a
large repository and free next to nothing, so a run holds it off
(:func:`held_collector`), and so does the console script while it imports
the CLI (thousands of classes and functions, next to no garbage). When it
is let go, what the run built is handed to the oldest generation, as the
collector would have done had it run: the young generations stay small and
the next collections stay cheap, instead of the first one after the pause
walking every object the run made.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

from doxtool.core.collector import paused_gc


@contextmanager
def held_collector() -> Iterator[None]:
    """No cyclic collection inside the block; afterwards, everything the block
    allocated counts as old (garbage among it is found by the next full
    collection)."""
    with paused_gc():
        try:
            yield
        finally:
            # before the collector is enabled again: the first allocation
            # after that would otherwise collect a young generation holding
            # everything the block made
            gc.freeze()  # every tracked object into the permanent generation,
            gc.unfreeze()  # and from there into the oldest one
