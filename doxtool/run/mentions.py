"""Which files hold a given string, kept between runs by file modification
time and size.

The tool loader's order (:mod:`doxtool.run.loaders`) is read from the
repository's Python files whose text holds ``getmembers``: reading every
Python file for that would cost a run over one changed file more than the
rest of its rules together. The index keeps, for the files asked about,
their modification time and size (written as the names index writes them,
:func:`doxtool.run.namesindex.stamp_line`) and which of them hold the
string, so that a file whose stamp is unchanged is answered without being
read. The same assumptions as the names index's hold: an edit that keeps a
file's size and nanosecond modification time is not seen, and a file
modified within :data:`~doxtool.run.namesindex.SETTLE_NS` of the index's
writing is not kept in it (it is read again by the next run). The index is
one JSON value in the facts cache; a malformed one is ignored.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from doxtool.run.cache import FactsCache
from doxtool.run.namesindex import SETTLE_NS, Stamp, stamp_line


class MentionsIndex:
    """The stored answers for ``needle``, and the files this run read afresh."""

    def __init__(self, cache: FactsCache, needle: bytes) -> None:
        self.cache = cache
        self.needle = needle
        self._key = cache.key("index", b"mentions\0" + needle)
        stored = _decoded(cache.get_raw(self._key))
        self._stored = stored or ("", frozenset())
        lines, holding = self._stored
        self._stored_lines = set(lines.split("\n")) if lines else set()
        self._holding = holding
        #: path -> (its stamp line, whether it holds the needle) for every file asked
        self._asked: dict[str, tuple[str | None, bool, int | None]] = {}

    def holds(self, path: str, stamp: Stamp | None, read: Callable[[], bytes | None]) -> bool:
        """Whether the file ``path`` (whose stamp is ``stamp``) holds the
        needle; ``read`` gives its bytes (None: it cannot be read, and holds
        nothing)."""
        line = stamp_line(path, stamp)
        if line is not None and line in self._stored_lines:
            found = path in self._holding
        else:
            data = read()
            found = data is not None and self.needle in data
            if data is None:
                line = None  # nothing to keep: asked again next time
        self._asked[path] = (line, found, stamp[0] if stamp else None)
        return found

    def held(self, path: str) -> bool:
        """Whether the stored answers say ``path`` held the needle when last
        read, whatever it holds now (an edit may have taken it out)."""
        return path in self._holding

    def save(self) -> None:
        """Store the answers for the files asked this run, without those
        modified since :data:`SETTLE_NS` before now, when they differ from
        the stored ones."""
        settled = time.time_ns() - SETTLE_NS
        lines: list[str] = []
        holding: list[str] = []
        for path, (line, found, modified) in self._asked.items():
            if line is None or modified is None or modified >= settled:
                continue
            lines.append(line)
            if found:
                holding.append(path)
        text = "\n".join(sorted(lines))
        kept = frozenset(holding)
        if (text, kept) == self._stored:
            return
        self.cache.put_raw(self._key, {"stamps": text, "holding": sorted(kept)})
        self._stored = (text, kept)


def _decoded(data: Any) -> tuple[str, frozenset[str]] | None:
    """The stored stamp lines and files holding the needle; None if malformed."""
    if not isinstance(data, dict):
        return None
    lines, holding = data.get("stamps"), data.get("holding")
    if type(lines) is not str or not isinstance(holding, list):
        return None
    if not all(type(path) is str for path in holding):
        return None
    return lines, frozenset(holding)
