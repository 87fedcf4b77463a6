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

import json
import os
import re
from collections.abc import Callable, Iterable
from itertools import compress
from pathlib import Path
from typing import Any

from doxtool.prompts.model import PromptDoc
from doxtool.run.cache import FactsCache
from doxtool.run.listing import escape_name, file_line, file_stamp, unescape_path

_KEY = b"prompt-index"
#: past this many entries recorded by a run, the index is written afresh
_PATCHED_PUTS = 64

#: (modification time in ns, size in bytes)
Stamp = tuple[int, int]


def taught(doc: PromptDoc, text: str) -> frozenset[str]:
    """Tool names (before any ``:``) a prompt teaches, where its text writes
    them; a superset: list items that may name values, headings that may
    name steps (``### search: find pages``: :attr:`PromptDoc.labelled`), and
    calls nested in examples, whose findings depend on their tools' code,
    are among them."""
    names = [*doc.tool_names, *doc.listed_names, *doc.labelled, *_nested(doc)]
    stems = (name.split(":", 1)[0] for name in names)
    return frozenset(name for name in stems if name in text)


#: what a prompt that teaches a tool holds: a heading, an example's
#: ``tool_name``, a code span, a list item or a table row (``- **wait** —
#: pause``, ``- wait: pause``, ``| wait | pause |`` name a tool bare or in
#: bold), or a first line opening with a name in lower case, past symbols,
#: a number or a ``Tool:`` label (a label alone, ``wait:``, or a short
#: prompt's ``todo: keep a list``, :mod:`~doxtool.prompts.labeltitle`)
_MAY_TEACH_RE = re.compile(
    r"#|tool_name|`|\||^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]|\A\s*[A-Za-z_][\w:]*[ \t]*:[ \t]*$"
    r"|\A\s*[^\w\n]*(?:\d{1,3}[.)][ \t]+[^\w\n]*)?(?:[a-z_]|(?i:tool)\b)",
    re.MULTILINE,
)


def may_teach(text: str) -> bool:
    """Whether a prompt's ``text`` may teach a tool (:func:`taught` may name
    one): a file with none of :data:`_MAY_TEACH_RE` names none, unread."""
    return _MAY_TEACH_RE.search(text) is not None


def _nested(doc: PromptDoc) -> list[str]:
    """The tools of the calls nested in the prompt's examples."""
    return [tool.name for tool in doc.tools if tool.source == "nested"]


def named(doc: PromptDoc, text: str) -> frozenset[str]:
    """The names of :func:`taught` that a heading or an example writes, or a
    list item with its arguments (not another list item, which may as well
    name an argument): the tools whose existence the prompt's findings
    depend on."""
    listed = (tool.name for tool in doc.listed if tool.with_args)
    stems = (name.split(":", 1)[0] for name in [*doc.tool_names, *listed, *_nested(doc)])
    return frozenset(name for name in stems if name in text)


def stamp(path: Path | str) -> Stamp | None:
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return (info.st_mtime_ns, info.st_size)


Entry = tuple[Stamp, frozenset[str], frozenset[str]]

#: the stored texts, one line per prompt file: its path (as a listing writes
#: it), its stamp as a listing line, and the JSON arrays of the names it
#: teaches and of those a heading or an example writes
_COLUMNS = ("paths", "stamps", "taught", "named")


def _names_of(text: str) -> frozenset[str] | None:
    """A stored JSON array of names; None if it is not one."""
    try:
        names = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if type(names) is not list or not all(type(name) is str for name in names):
        return None
    return frozenset(names)


def _name_key(name: str) -> str:
    """Where a tool name's line starts in the stored map of names."""
    return "\n" + json.dumps(name) + "\t"


def _columns(
    data: Any,
) -> tuple[list[str], list[str], str, str, str, dict[str, int], str] | None:
    """The stored paths and stamps (split in lines), the names' texts (split
    when an entry is asked), the map of names, each path's position and the
    paths' text, checked as a whole; None if malformed. An entry that does not read back
    is asked afresh (:meth:`PromptIndex._entry`)."""
    if not isinstance(data, dict):
        return None
    texts = [data.get(name) for name in _COLUMNS]
    by_name = data.get("by_name")
    if not all(type(text) is str for text in (*texts, by_name)):
        return None
    written, stamps = (text.split("\n") if text else [] for text in texts[:2])
    count = len(written)
    lines = [len(stamps), *(text.count("\n") + 1 if text else 0 for text in texts[2:])]
    if any(n != count for n in lines):
        return None
    paths = list(map(unescape_path, written)) if "\\" in texts[0] else written
    position = dict(zip(paths, range(count), strict=True))
    if len(position) != count:
        return None
    return paths, stamps, texts[2], texts[3], by_name, position, texts[0]


def _moved(by_name: str, name: str, position: str, add: bool) -> str:
    """The map of names with ``position`` added to (or removed from) ``name``'s line."""
    key = _name_key(name)
    at = by_name.find(key)
    if at < 0:
        return by_name + key + position if add else by_name
    end = by_name.find("\n", at + 1)
    end = len(by_name) if end < 0 else end
    kept = [p for p in by_name[at + len(key) : end].split(",") if p != position]
    if add:
        kept.append(position)
    return by_name[:at] + (key + ",".join(kept) if kept else "") + by_name[end:]


class PromptIndex:
    """Tool names taught by prompt files, by path, valid while their stamp is.

    It is stored as texts with one line per file (paths, stamps as listing
    lines, names) and a map from each tool name to the files that teach it,
    so that a run over a few tools checks every file's stamp against the
    listing and finds the files naming its tools in passes at C speed,
    without Python work per prompt file of the repository: only the entries
    it asks about are decoded.
    """

    def __init__(self, cache: FactsCache | None) -> None:
        self.cache = cache
        self._paths: list[str] = []
        self._stamps: list[str] = []
        #: the names' texts, one line per file, and their lines once split
        self._taught_text = ""
        self._named_text = ""
        self._taught: list[str] | None = None
        self._named: list[str] | None = None
        self._by_name = ""
        self._paths_text = ""
        #: path -> position in the stored columns
        self._position: dict[str, int] = {}
        #: position -> its stored entry, once decoded
        self._decoded: dict[int, Entry | None] = {}
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
        self._paths, self._stamps, self._taught_text, self._named_text = found[:4]
        self._by_name, self._position, self._paths_text = found[4:]

    def _stored(self, i: int) -> Entry | None:
        """The stored entry at position ``i`` (decoded once per run); None if
        it does not read back."""
        if i in self._decoded:
            return self._decoded[i]
        if self._taught is None or self._named is None:
            self._taught = self._taught_text.split("\n")
            self._named = self._named_text.split("\n")
        stamp_ = file_stamp(self._stamps[i])
        names = _names_of(self._taught[i])
        headed = _names_of(self._named[i])
        entry: Entry | None = None
        if stamp_ is not None and names is not None and headed is not None:
            # a line naming another file than its position's is no entry
            same = self._stamps[i] == file_line(self._paths[i], stamp_)
            entry = (stamp_, names, headed) if same else None
        self._decoded[i] = entry
        return entry

    def _entry(self, path: str) -> Entry | None:
        if not self._loaded:
            self._load()
        entry = self._put.get(path)
        if entry is not None or path in self._dropped:
            return entry
        i = self._position.get(path)
        return None if i is None else self._stored(i)

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

    def outdated(self, paths: list[str], stamps: list[Stamp | None]) -> frozenset[str]:
        """Those of ``paths`` (stamped ``stamps``) the index cannot answer for:
        unrecorded, or recorded at another stamp (at C speed)."""
        stamped = [(p, s) for p, s in zip(paths, stamps, strict=True) if s is not None]
        lines = set(_stamp_lines([p for p, _ in stamped], [s for _, s in stamped]))
        return self.outdated_listed(paths, lambda asked: map(lines.__contains__, asked))

    def outdated_listed(
        self, paths: Iterable[str], listed: Callable[[list[str]], Iterable[bool]]
    ) -> frozenset[str]:
        """:meth:`outdated`, each file's stamp asked of ``listed`` (whether
        each of some lines is a line of the listing of the tree) instead of
        taken: the recorded stamps are listing lines, checked in one pass, and
        no file of ``paths`` is stamped on its own."""
        if not self._loaded:
            self._load()
        current = set(compress(self._paths, listed(self._stamps)))
        current.difference_update(self._dropped, self._put)
        put = [(path, entry[0]) for path, entry in self._put.items() if entry[0] is not None]
        if put:
            names = [path for path, _ in put]
            current.update(compress(names, listed(_stamp_lines(names, [s for _, s in put]))))
        return frozenset(paths).difference(current)  # a frozenset given is not copied

    def teaching(self, names: Iterable[str], known: bool = False) -> set[str]:
        """Every path whose entry may teach one of ``names`` (``known``: one
        not among them): a superset, to be asked entry by entry (:meth:`get`)."""
        if not self._loaded:
            self._load()
        found = set(self._put)
        try:
            positions = self._taught_at(names, known)
        except (ValueError, RecursionError):  # a malformed map: any file may teach them
            return found.union(self._paths)
        found.update(self._paths[i] for i in positions)
        return found

    def _taught_at(self, names: Iterable[str], known: bool) -> set[int]:
        """The stored positions of the files teaching ``names`` (``known``: a
        name not among them); ValueError when the map does not read."""
        text, count = self._by_name, len(self._paths)
        values: list[str] = []
        if known:
            wanted = set(names)
            for line in text.split("\n")[1:]:
                name, tab, value = line.partition("\t")
                if not tab or type(json.loads(name)) is not str:
                    raise ValueError(line)
                if json.loads(name) not in wanted:
                    values.append(value)
        else:
            for name in set(names):
                at = text.find(_name_key(name))
                if at >= 0:
                    end = text.find("\n", at + 1)
                    line = text[at + 1 : end if end >= 0 else len(text)]
                    values.append(line.partition("\t")[2])
        positions = {int(i) for value in values for i in value.split(",")}
        if positions and (min(positions) < 0 or max(positions) >= count):
            raise ValueError("position out of range")
        return positions

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
        value = self._patched() or self._rebuilt()
        self.cache.put_raw(self.cache.key("index", _KEY), value)
        self._dirty = False

    def _patched(self) -> dict[str, str] | None:
        """The stored texts with the few entries this run recorded put in
        their lines, when each replaces a stored entry that reads back and
        no entry read was found broken (a run after an edit: no Python work
        per file of the index); else None."""
        if self._dropped or not self._put or len(self._put) > _PATCHED_PUTS:
            return None
        if None in self._decoded.values():
            return None  # a stored line that does not read back: written afresh without it
        old: dict[int, Entry] = {}
        for path in self._put:
            i = self._position.get(path)
            entry = None if i is None else self._stored(i)
            if i is None or entry is None:
                return None
            old[i] = entry
        assert self._taught is not None and self._named is not None
        stamps, taught_lines, named_lines = (
            list(self._stamps),
            list(self._taught),
            list(self._named),
        )
        by_name = self._by_name
        for path, (stamp_, names, headed) in self._put.items():
            i = self._position[path]
            stamps[i] = file_line(path, stamp_)
            taught_lines[i], named_lines[i] = json.dumps(sorted(names)), json.dumps(sorted(headed))
            before = old[i][1]
            for name in sorted(before - names):
                by_name = _moved(by_name, name, str(i), add=False)
            for name in sorted(names - before):
                by_name = _moved(by_name, name, str(i), add=True)
        return {
            "paths": self._paths_text,
            "stamps": "\n".join(stamps),
            "taught": "\n".join(taught_lines),
            "named": "\n".join(named_lines),
            "by_name": by_name,
        }

    def _rebuilt(self) -> dict[str, str]:
        """The texts of every entry that reads back and of those recorded."""
        #: path -> its lines (stamp, names, headed names) and the names it teaches;
        #: a stored entry that reads back keeps its lines as they are
        rows: dict[str, tuple[str, str, str, frozenset[str]]] = {}
        for path, i in self._position.items():
            if path not in self._dropped and path not in self._put:
                entry = self._stored(i)
                if entry is not None:
                    assert self._taught is not None and self._named is not None
                    rows[path] = (self._stamps[i], self._taught[i], self._named[i], entry[1])
        for path, (stamp_, names, headed) in self._put.items():
            taught_line, named_line = json.dumps(sorted(names)), json.dumps(sorted(headed))
            rows[path] = (file_line(path, stamp_), taught_line, named_line, names)
        paths = sorted(rows)
        by_name: dict[str, list[str]] = {}
        for i, path in enumerate(paths):
            for name in sorted(rows[path][3]):
                by_name.setdefault(name, []).append(str(i))
        return {
            "paths": "\n".join(map(escape_name, paths)),
            "stamps": "\n".join(rows[p][0] for p in paths),
            "taught": "\n".join(rows[p][1] for p in paths),
            "named": "\n".join(rows[p][2] for p in paths),
            "by_name": "".join(
                _name_key(name) + ",".join(at) for name, at in sorted(by_name.items())
            ),
        }


def _stamp_lines(paths: list[str], stamps: list[Stamp]) -> list[str]:
    """:func:`~doxtool.run.listing.file_line` of each path, in a pass at C speed where no path
    needs escaping."""
    if "\\" in "".join(paths) or "\n" in "".join(paths):
        return list(map(file_line, paths, stamps))
    return list(map("f{}:{}:{}".format, paths, *zip(*stamps, strict=True))) if paths else []
