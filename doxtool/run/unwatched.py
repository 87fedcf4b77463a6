"""Whether a run looked at files its record cannot watch.

A run's record (:mod:`doxtool.run.replay`) and its incremental state
(:mod:`doxtool.run.incremental`) hold a snapshot of the tree without the
excluded directories, ``.git`` and the cache directory. A check that asks
whether a path in one of them exists (a link of an ``AGENTS.md`` into
``build/``) gives an answer no snapshot can tell is still true: such a run
is neither recorded for replay nor kept as the next run's state. A check
starts with :func:`reset`: what an earlier run of the process asked about
is not this run's.
"""

from __future__ import annotations

_looked: list[str] = []


def note(path: str) -> None:
    """The run asked about ``path``, which no snapshot holds."""
    if not _looked:
        _looked.append(path)


def looked() -> bool:
    """Whether the run asked about a path no snapshot holds."""
    return bool(_looked)


def reset() -> None:
    """A new run: nothing asked yet."""
    _looked.clear()
