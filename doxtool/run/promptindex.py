"""Which tools each prompt file teaches, remembered between runs by file metadata.

A run over PATHS (pre-commit's) must check every prompt file that teaches a
tool it touches, and finding those would mean reading every prompt file of
the repository each time. The index keeps, per prompt file, its modification
time and size and the tool names it teaches; a file whose metadata is
unchanged is answered from the index without being read. This is the
assumption the replay of unchanged runs makes (:mod:`doxtool.run.replay`): an
edit that kept a file's size and nanosecond modification time is not seen,
until the next whole-repository run, which reads everything and rebuilds the
index.

The index is one JSON value in the facts cache, under the same salt (version,
code, configuration) as every other entry; a malformed one is ignored.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from itertools import chain, compress
from operator import ne
from pathlib import Path
from typing import Any

from doxtool.prompts.model import PromptDoc
from doxtool.run.cache import FactsCache

_KEY = b"prompt-index"

#: (modification time in ns, size in bytes)
Stamp = tuple[int, int]


def taught(doc: PromptDoc, text: str) -> frozenset[str]:
    """Tool names (before any ``:``) a prompt teaches, where its text writes them."""
    stems = (name.split(":", 1)[0] for name in [*doc.tool_names, *doc.listed_names])
    return frozenset(name for name in stems if name in text)


def named(doc: PromptDoc, text: str) -> frozenset[str]:
    """The names of :func:`taught` that a heading or an example writes (not a
    list item, which may as well name an argument): the tools whose
    existence the prompt's findings depend on."""
    stems = (name.split(":", 1)[0] for name in doc.tool_names)
    return frozenset(name for name in stems if name in text)


def stamp(path: Path | str) -> Stamp | None:
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return (info.st_mtime_ns, info.st_size)


Entry = tuple[Stamp, frozenset[str], frozenset[str]]

#: the stored columns, one value per prompt file (``by_name`` maps a tool name
#: to the positions of the files that teach it)
_COLUMNS = ("paths", "mtimes", "sizes", "taught", "named")

#: what no stamp equals (a file that could not be stamped)
_UNSTAMPED = object()


def _of_types(values: Iterable[Any], *types: type) -> bool:
    """Whether every value is exactly of one of ``types`` (a pass at C speed)."""
    return set(map(type, values)) <= set(types)


def _columns(data: Any) -> tuple[list[Any], ...] | None:
    """The stored columns and the inverted map, checked; None if malformed."""
    if not isinstance(data, dict):
        return None
    columns = [data.get(name) for name in _COLUMNS]
    by_name = data.get("by_name")
    if not (all(type(c) is list for c in columns) and type(by_name) is dict):
        return None
    paths, mtimes, sizes, taught_column, named_column = columns
    count = len(paths)
    if any(len(column) != count for column in columns):
        return None
    if not (_of_types(paths, str) and _of_types(mtimes, int) and _of_types(sizes, int)):
        return None
    for names in (taught_column, named_column, by_name.values()):
        if not _of_types(names, list):
            return None
    if not (
        _of_types(chain.from_iterable(taught_column), str)
        and _of_types(chain.from_iterable(named_column), str)
        and _of_types(chain.from_iterable(by_name.values()), int)
    ):
        return None
    positions = list(chain.from_iterable(by_name.values()))
    if positions and (min(positions) < 0 or max(positions) >= count):
        return None
    if len(set(paths)) != count:
        return None
    return paths, mtimes, sizes, taught_column, named_column, [by_name]


class PromptIndex:
    """Tool names taught by prompt files, by path, valid while their stamp is.

    It is stored as columns (paths, stamps, names) with a map from each tool
    name to the files that teach it, so that a run over a few tools checks
    every file's stamp and finds the files naming its tools in passes at C
    speed, without Python work per prompt file of the repository.
    """

    def __init__(self, cache: FactsCache | None) -> None:
        self.cache = cache
        self._paths: list[str] = []
        self._mtimes: list[int] = []
        self._sizes: list[int] = []
        self._taught: list[list[str]] = []
        self._named: list[list[str]] = []
        self._by_name: dict[str, list[int]] = {}
        #: path -> position in the stored columns
        self._position: dict[str, int] = {}
        #: entries recorded by this run (they replace the stored ones)
        self._put: dict[str, Entry] = {}
        #: stored paths this run forgot (:meth:`keep_only`)
        self._dropped: set[str] = set()
        self._loaded = False
        self._dirty = False

    def _load(self) -> None:
        self._loaded = True
        if self.cache is None:
            return
        found = _columns(self.cache.get_raw(self.cache.key("index", _KEY)))
        if found is None:
            return
        self._paths, self._mtimes, self._sizes, self._taught, self._named, by_name = found
        self._by_name = by_name[0]
        self._position = dict(zip(self._paths, range(len(self._paths)), strict=True))

    def _entry(self, path: str) -> Entry | None:
        if not self._loaded:
            self._load()
        entry = self._put.get(path)
        if entry is not None or path in self._dropped:
            return entry
        i = self._position.get(path)
        if i is None:
            return None
        stamp_ = (self._mtimes[i], self._sizes[i])
        return stamp_, frozenset(self._taught[i]), frozenset(self._named[i])

    def get(self, path: str, current: Stamp | None) -> frozenset[str] | None:
        """The names recorded for ``path`` if its stamp is still ``current``."""
        entry = self._entry(path)
        if entry is None or current is None or entry[0] != current:
            return None
        return entry[1]

    def get_named(self, path: str, current: Stamp | None) -> frozenset[str] | None:
        """The names of headings and examples recorded for ``path`` (:func:`named`)."""
        entry = self._entry(path)
        if entry is None or current is None or entry[0] != current:
            return None
        return entry[2]

    def outdated(self, paths: list[str], stamps: list[Stamp | None]) -> set[str]:
        """Those of ``paths`` (stamped ``stamps``) the index cannot answer for:
        unrecorded, or recorded at another stamp (at C speed)."""
        if not self._loaded:
            self._load()
        recorded = dict(zip(self._paths, zip(self._mtimes, self._sizes, strict=True), strict=True))
        for path in self._dropped:
            recorded.pop(path, None)
        recorded.update((path, entry[0]) for path, entry in self._put.items())
        current = [_UNSTAMPED if s is None else s for s in stamps] if None in stamps else stamps
        return set(compress(paths, map(ne, map(recorded.get, paths), current)))

    def outdated_listed(
        self,
        paths: list[str],
        listed: Callable[[list[str], list[int], list[int]], Iterable[bool]],
    ) -> set[str]:
        """:meth:`outdated`, each file's stamp asked of ``listed`` (whether
        each of some paths is listed with the modification time and size
        given for it) instead of taken: the recorded stamps are checked in one
        pass, and no file of ``paths`` is stamped on its own."""
        if not self._loaded:
            self._load()
        current = set(compress(self._paths, listed(self._paths, self._mtimes, self._sizes)))
        current.difference_update(self._dropped, self._put)
        put = [(path, entry[0]) for path, entry in self._put.items() if entry[0] is not None]
        if put:
            names = [path for path, _ in put]
            mtimes = [stamp_[0] for _, stamp_ in put]
            sizes = [stamp_[1] for _, stamp_ in put]
            current.update(compress(names, listed(names, mtimes, sizes)))
        return set(paths).difference(current)

    def teaching(self, names: Iterable[str], known: bool = False) -> set[str]:
        """Every path whose entry may teach one of ``names`` (``known``: one
        not among them): a superset, to be asked entry by entry (:meth:`get`)."""
        if not self._loaded:
            self._load()
        by_name = self._by_name
        wanted = set(by_name).difference(names) if known else set(names)
        found = {self._paths[i] for name in wanted for i in by_name.get(name, ())}
        found.update(self._put)
        return found

    def put(
        self,
        path: str,
        current: Stamp | None,
        names: frozenset[str],
        headed: frozenset[str],
    ) -> None:
        if current is None:
            return
        if self._entry(path) != (current, names, headed):
            self._put[path] = (current, names, headed)
            self._dirty = True

    def keep_only(self, paths: set[str]) -> None:
        """Forget files that are no longer prompt files (after a whole run)."""
        if not self._loaded:
            self._load()
        gone = [p for p in (*self._position, *self._put) if p not in paths]
        for path in gone:
            self._put.pop(path, None)
            if path in self._position:
                self._dropped.add(path)
            self._dirty = True

    def save(self) -> None:
        if not self._dirty or self.cache is None:
            return
        entries: dict[str, Entry] = {}
        for path in self._position:
            entry = self._entry(path)
            if entry is not None:
                entries[path] = entry
        entries.update(self._put)
        paths = sorted(entries)
        by_name: dict[str, list[int]] = {}
        for i, path in enumerate(paths):
            for name in sorted(entries[path][1]):
                by_name.setdefault(name, []).append(i)
        value = {
            "paths": paths,
            "mtimes": [entries[p][0][0] for p in paths],
            "sizes": [entries[p][0][1] for p in paths],
            "taught": [sorted(entries[p][1]) for p in paths],
            "named": [sorted(entries[p][2]) for p in paths],
            "by_name": dict(sorted(by_name.items())),
        }
        self.cache.put_raw(self.cache.key("index", _KEY), value)
        self._dirty = False
