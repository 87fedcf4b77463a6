"""Which module names each Python file writes as words, kept between runs
by file modification time and size.

:mod:`doxtool.run.dependents` asks which modules' text can name a module:
where the module's file name (its stem, or its package's) is written as a
word. Reading every Python file of the repository for that would cost a run
over PATHS more than the rest of its discovery. The index keeps, per file,
its modification time and size and the words it writes among the names of
the repository's modules and packages, so that a file whose stamp is
unchanged is answered without being read. A word is a longest run of ASCII
letters, digits and underscores: a name made of those is written as a word
exactly where it is a run of its own. A name the index does not know (a
module added since it was built) has it built afresh with the names of the
day; a name of other characters is never asked of it.

As the prompt index (:mod:`doxtool.run.promptindex`) and the replay of
unchanged runs assume, an edit that keeps a file's size and nanosecond
modification time is not seen; a file modified within
:data:`SETTLE_NS` of the index's writing is not kept in it (a coarse clock
could give its next edit the same stamp), and is read again by the next run.
The index is one JSON value in the facts cache; a malformed one is ignored.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

from doxtool.run.cache import FactsCache

_KEY = b"names-index"
#: a file modified this close to the index's writing is read again next time
SETTLE_NS = 3_000_000_000
#: a name the index can answer for: a word on its own
_NAME = re.compile(r"[A-Za-z0-9_]+")
#: every byte that cannot be in a word, made a space
_SPACED = bytes(
    c if chr(c).isascii() and (chr(c).isalnum() or c == 0x5F) else 0x20 for c in range(256)
)

#: (modification time in ns, size in bytes)
Stamp = tuple[int, int]


def written(text: bytes, names: frozenset[str]) -> frozenset[str]:
    """The names of ``names`` that ``text`` writes as words."""
    words = text.translate(_SPACED).split()
    return frozenset(word for word in map(bytes.decode, set(words)) if word in names)


def answerable(name: str) -> bool:
    """Whether the index can tell where ``name`` is written as a word."""
    return _NAME.fullmatch(name) is not None


def stamp_line(path: str, stamp: Stamp | None) -> str | None:
    """The line that keeps ``path``'s stamp in the index; None when it
    cannot be kept (no stamp, or a path a line cannot hold)."""
    if stamp is None or "\t" in path or "\n" in path:
        return None
    return f"{path}\t{stamp[0]}\t{stamp[1]}"


class NamesIndex:
    """The index as stored, and the files this run read afresh.

    ``stamps`` are the stamps of the repository's Python files now: a file
    whose stamp is stored is answered from the stored map of names to the
    files writing them; any other is read when asked.
    """

    def __init__(
        self, cache: FactsCache, names: frozenset[str], stamps: dict[str, Stamp | None]
    ) -> None:
        self.cache = cache
        #: the names of the repository's modules and packages now
        self.names = frozenset(name for name in names if answerable(name))
        self._stamps = stamps
        self._lines = {path: stamp_line(path, stamp) for path, stamp in stamps.items()}
        stored = _decoded(cache.get_raw(cache.key("index", _KEY)))
        self._stored = stored or (frozenset(), "", {})
        self._known, lines, self._by_name = self._stored
        stored_lines = _lines(lines)
        #: the files answered from the index
        self._kept = {path for path, line in self._lines.items() if line in stored_lines}
        #: the names each file read this run writes (None: it cannot be read)
        self._read: dict[str, frozenset[str] | None] = {}
        self._asked: dict[str, frozenset[str]] = {}

    def ready_for(self, name: str) -> bool:
        """Whether the index can answer for ``name`` (built afresh with the
        names of today when it does not know it)."""
        if not answerable(name):
            return False
        if name not in self._known:
            if name not in self.names:
                return False  # not a module of the repository
            self._known, self._by_name, self._kept = self.names, {}, set()
            self._read.clear()
            self._asked.clear()
        return True

    def writers(self, name: str) -> frozenset[str]:
        """The files answered from the index that write ``name`` as a word."""
        found = self._asked.get(name)
        if found is None:
            found = self._asked[name] = frozenset(self._by_name.get(name, ()))
        return found

    def writes(self, path: str, name: str, read: Callable[[], bytes | None]) -> bool:
        """Whether the file ``path`` writes ``name`` (which the index is
        :meth:`ready_for`) as a word; ``read`` gives its bytes (None: it
        cannot be read, and writes nothing)."""
        if path in self._kept:
            return path in self.writers(name)
        if path not in self._read:
            text = read()
            self._read[path] = written(text, self._known) if text is not None else None
        words = self._read[path]
        return words is not None and name in words

    def save(self) -> None:
        """Store the index of the files now, without those modified since
        :data:`SETTLE_NS` before now, when it differs from the stored one."""
        settled = time.time_ns() - SETTLE_NS
        kept = set(self._kept)
        fresh: dict[str, frozenset[str]] = {}
        for path, words in self._read.items():
            stamp = self._stamps.get(path)
            storable = words is not None and stamp is not None and self._lines.get(path)
            if storable and stamp[0] < settled:  # type: ignore[index]
                fresh[path] = words  # type: ignore[assignment]
        kept.update(fresh)
        by_name: dict[str, list[str]] = {}
        for name, paths in self._by_name.items():
            still = [path for path in paths if path in self._kept]
            if still:
                by_name[name] = still
        for path, words in fresh.items():
            for name in words:
                by_name.setdefault(name, []).append(path)
        lines = "\n".join(sorted(str(self._lines[path]) for path in kept))
        if (self._known, lines, by_name) == self._stored:
            return
        value = {"names": sorted(self._known), "stamps": lines, "by_name": by_name}
        self.cache.put_raw(self.cache.key("index", _KEY), value)
        self._stored = (self._known, lines, by_name)


def _lines(text: str) -> set[str]:
    return set(text.split("\n")) if text else set()


def _decoded(data: Any) -> tuple[frozenset[str], str, dict[str, list[str]]] | None:
    """The stored names, stamp lines and map of names to files, checked as a
    whole; None if malformed."""
    if not isinstance(data, dict):
        return None
    names, lines, by_name = data.get("names"), data.get("stamps"), data.get("by_name")
    if not isinstance(names, list) or type(lines) is not str or not isinstance(by_name, dict):
        return None
    known = frozenset(names)
    if not all(type(name) is str for name in names) or not known.issuperset(by_name):
        return None
    for paths in by_name.values():
        if not isinstance(paths, list) or not all(type(path) is str for path in paths):
            return None
    return known, lines, by_name
