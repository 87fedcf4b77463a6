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
from pathlib import Path
from typing import Any

from doxtool.prompts.model import PromptDoc
from doxtool.run.cache import FactsCache

_KEY = b"prompt-names"

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


Entry = tuple[Stamp, frozenset[str], frozenset[str] | None]


def _names(value: Any) -> frozenset[str] | None:
    if not (isinstance(value, list) and all(isinstance(name, str) for name in value)):
        return None
    return frozenset(value)


def _entry(value: Any) -> Entry | None:
    if not (isinstance(value, list) and len(value) in (3, 4)):
        return None
    mtime, size, names = value[:3]
    taught_names = _names(names)
    if not (type(mtime) is int and type(size) is int and taught_names is not None):
        return None
    named_names = _names(value[3]) if len(value) == 4 else None
    return (mtime, size), taught_names, named_names


class PromptIndex:
    """Tool names taught by prompt files, by path, valid while their stamp is."""

    def __init__(self, cache: FactsCache | None) -> None:
        self.cache = cache
        self._entries: dict[str, Entry] = {}
        self._loaded = False
        self._dirty = False

    def _load(self) -> None:
        self._loaded = True
        if self.cache is None:
            return
        data = self.cache.get_raw(self.cache.key("index", _KEY))
        if not isinstance(data, dict):
            return
        for path, value in data.items():
            entry = _entry(value)
            if isinstance(path, str) and entry is not None:
                self._entries[path] = entry

    def get(self, path: str, current: Stamp | None) -> frozenset[str] | None:
        """The names recorded for ``path`` if its stamp is still ``current``."""
        if not self._loaded:
            self._load()
        entry = self._entries.get(path)
        if entry is None or current is None or entry[0] != current:
            return None
        return entry[1]

    def get_named(self, path: str, current: Stamp | None) -> frozenset[str] | None:
        """The names of headings and examples recorded for ``path`` (:func:`named`)."""
        if not self._loaded:
            self._load()
        entry = self._entries.get(path)
        if entry is None or current is None or entry[0] != current:
            return None
        return entry[2]

    def put(
        self,
        path: str,
        current: Stamp | None,
        names: frozenset[str],
        headed: frozenset[str] | None = None,
    ) -> None:
        if current is None:
            return
        if not self._loaded:
            self._load()
        if self._entries.get(path) != (current, names, headed):
            self._entries[path] = (current, names, headed)
            self._dirty = True

    def keep_only(self, paths: set[str]) -> None:
        """Forget files that are no longer prompt files (after a whole run)."""
        if not self._loaded:
            self._load()
        for path in [p for p in self._entries if p not in paths]:
            del self._entries[path]
            self._dirty = True

    def save(self) -> None:
        if not self._dirty or self.cache is None:
            return
        value = {
            path: [stamp_[0], stamp_[1], sorted(names)]
            + ([sorted(headed)] if headed is not None else [])
            for path, (stamp_, names, headed) in sorted(self._entries.items())
        }
        self.cache.put_raw(self.cache.key("index", _KEY), value)
        self._dirty = False
