"""A snapshot of the repository's files, and the modules each module's facts
name: what :mod:`doxtool.run.incremental` compares and follows between runs.

Digests are read from regular files only (never a FIFO or a device, never
through a link), with a size limit past which modification time and size
alone decide.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable, Iterator
from itertools import compress
from operator import ne
from typing import Any

from doxtool.core.digests import blake2b
from doxtool.core.factnames import DOTTED_NAME, named
from doxtool.core.reads import read_regular
from doxtool.run.listing import (
    CACHE_DIR,
    escape_name,
    file_stamp,
    inputs_excluding,
    listed_entry,
    unescape_path,
)
from doxtool.run.loaders import loader_modules
from doxtool.run.project import Project
from doxtool.run.racy import RACY_NS
from doxtool.run.records import FIND_LOOKUPS, Records
from doxtool.run.replay import taken_listing
from doxtool.run.toolpackages import package_modules

#: files larger than this are compared by modification time and size alone
MAX_DIGEST_BYTES = 8 * 1024 * 1024


def _digest(path: str, size: int) -> str:
    """The digest of a regular file's bytes; "" for anything else."""
    if size > MAX_DIGEST_BYTES:
        return ""
    data = read_regular(path, MAX_DIGEST_BYTES + 1)
    return "" if data is None else blake2b(data, digest_size=16).hexdigest()


#: path -> (modification time ns, size) of files modified close to a snapshot
#: (:data:`RACY_NS`): their digests are taken afresh
Racy = dict[str, tuple[int, int]]


class Tree:
    """The repository's files and directories as a whole check found them
    before it read anything.

    ``listing`` has one line per entry in the format of
    :func:`~doxtool.run.listing.inputs` (``f<path>:<mtime>:<size>``,
    ``d<path>:<mtime>``, ``!<dir>`` not listable, ``?<path>`` not read; paths
    written by :func:`~doxtool.run.listing.escape_name`), version control, the
    cache and excluded directories left out. ``records`` holds the digest of
    each regular file's bytes, by path (:class:`~doxtool.run.records.Records`:
    a run comparing a few files finds theirs without decoding the others).
    ``bare`` are the files listed without a digest (links, devices, files
    past :data:`MAX_DIGEST_BYTES`); ``racy`` the files modified so close to
    ``taken`` that their metadata cannot tell a later edit.
    """

    def __init__(
        self,
        taken: int,
        listing: str,
        digests: str,
        bare: set[str],
        racy: Racy,
        lines: set[str] | list[str] | None = None,
    ) -> None:
        #: when the listing began (ns since the epoch)
        self.taken = taken
        self.listing = listing
        self.records = Records(digests)
        self.bare = bare
        self.racy = racy
        self._text = ""
        self._stamps: dict[str, tuple[int, int]] | None = None
        self._lookups = 0
        #: the listing's lines (the comparison with the last state split them),
        #: made a set when first asked
        self._lines = lines

    @property
    def digests(self) -> str:
        return self.records.text

    def digest(self, path: str) -> str:
        """The digest of a file's bytes as listed; "" for none."""
        return self.records.get(path) or ""

    def get(self, path: str) -> tuple[int, int] | None:
        """A file's modification time and size as listed; None when it is not."""
        if self._stamps is None:
            self._lookups += 1
            if self._lookups <= FIND_LOOKUPS:
                return self._find(path)
            self._stamps = {
                unescape_path(listed_entry(line)[1:]): found
                for line in self.listing.split("\n")
                if line[:1] == "f" and (found := file_stamp(line)) is not None
            }
        return self._stamps.get(path)

    def has_lines(self, lines: list[str], within: Iterable[str] | None = None) -> Iterator[bool]:
        """Whether each of ``lines`` is a line of the listing (compared whole,
        in a pass at C speed). ``within``: the directories whose files' lines
        are asked about, when known; only the part of the listing between the
        first and the last file line of each is looked at (a line of a file
        elsewhere may then not be found)."""
        if within is not None and not isinstance(self._lines, set):
            return map(self._lines_within(within).__contains__, lines)
        if not isinstance(self._lines, set):
            self._lines = set(self.listing.split("\n") if self._lines is None else self._lines)
        return map(self._lines.__contains__, lines)

    def _lines_within(self, directories: Iterable[str]) -> set[str]:
        """The lines of the listing from the first file line of each of
        ``directories`` to its last (a directory's entries are listed together)."""
        if not self._text:
            self._text = "\n" + self.listing + "\n"
        text = self._text
        found: set[str] = set()
        for directory in set(directories):
            key = "\nf" + ("" if directory in ("", ".") else escape_name(directory) + "/")
            first = text.find(key)
            if first >= 0:
                last = text.find("\n", text.rfind(key) + 1)
                found.update(text[first + 1 : last].split("\n"))
        return found

    def _find(self, path: str) -> tuple[int, int] | None:
        """One file's line, searched for in the listing's text."""
        if not self._text:
            self._text = "\n" + self.listing + "\n"
        text = self._text
        key = "\nf" + escape_name(path) + ":"
        start = text.find(key)
        while start >= 0:
            line = text[start + 1 : text.find("\n", start + 1)]
            # a longer name may begin so ("a:b" for "a"): only the path's own line counts
            if listed_entry(line) == key[1:-1]:
                return file_stamp(line)
            start = text.find(key, start + 1)
        return None


def take(project: Project, old: Tree | None) -> tuple[Tree, set[str] | None, str]:
    """The tree now; the files whose bytes differ from ``old``'s, or None
    with the reason when that is not the question (no ``old``, files or
    directories added or removed, a clock set back).

    The listing is the one this process took for its record when there is
    one (the tree is not walked twice). A file whose line is as ``old``
    listed it keeps its digest unless it was racy then; only the others are
    read, so a run after a small edit reads a few files, whatever the size of
    the tree.
    """
    root = str(project.root)
    cache_dir = project.config.cache_dir.strip("/")
    listed = taken_listing(root) if cache_dir == CACHE_DIR else None
    if listed is not None:
        taken, listing = listed
    else:
        taken = time.time_ns()
        _, listing = inputs_excluding(root, lambda rel: rel == cache_dir or project.excluded(rel))
    if old is not None and taken >= old.taken:
        differ = _differing_lines(old.listing, listing)
        if differ is not None:
            return _compared(root, taken, listing, None, old, differ)
    lines = listing.split("\n") if listing else []
    if old is None:
        return _fresh(root, taken, lines, None), None, "no state"
    if taken < old.taken:
        return _fresh(root, taken, lines, old), None, "the clock was set back"
    old_lines = old.listing.split("\n") if old.listing else []
    if len(old_lines) == len(lines):
        # the same entries in the same order (the usual case: the file system
        # lists an unchanged directory alike): the lines that differ are found
        # by position, in a pass at C speed
        at = list(compress(range(len(lines)), map(ne, lines, old_lines)))
        if all(listed_entry(lines[i]) == listed_entry(old_lines[i]) for i in at):
            return _compared(root, taken, listing, lines, old, {lines[i] for i in at})
    before = set(old_lines)
    now = set(lines)
    added, removed = now - before, before - now
    if {listed_entry(line) for line in added} != {listed_entry(line) for line in removed}:
        return _fresh(root, taken, lines, old), None, "files or directories added or removed"
    return _compared(root, taken, listing, now, old, added)


#: how much of two listings is compared at once (:func:`_differing_lines`)
_SPAN = 1 << 16


def _differing_lines(old: str, new: str) -> set[str] | None:
    """The lines of ``new`` that differ from ``old``'s line at the same place,
    when both list the same entries in the same order and are as long (an
    edit that kept a file's size to the digit): the listings are compared
    span by span, and only the spans that differ are split in lines. None
    when that cannot tell (other lengths, spans whose lines do not line up,
    other entries)."""
    if len(old) != len(new) or not new:
        return None
    found: set[str] = set()
    start = 0
    while start < len(new):
        end = new.find("\n", start + _SPAN)
        end = len(new) if end < 0 else end
        if old[end : end + 1] != new[end : end + 1]:
            return None  # the spans' lines do not line up
        if old[start:end] != new[start:end]:
            before, after = old[start:end].split("\n"), new[start:end].split("\n")
            if len(before) != len(after):
                return None
            for a, b in zip(before, after, strict=True):
                if a != b:
                    if listed_entry(a) != listed_entry(b):
                        return None
                    found.add(b)
        start = end + 1
    return found


def _compared(
    root: str,
    taken: int,
    listing: str,
    lines: set[str] | list[str] | None,
    old: Tree,
    added: set[str],
) -> tuple[Tree, set[str], str]:
    """The tree of ``listing`` (``old``'s files, ``added`` the lines that
    differ), and the files whose bytes changed."""
    candidates: Racy = dict(old.racy)
    for line in added:
        found = file_stamp(line) if line[:1] == "f" else None
        if found is not None:
            candidates[unescape_path(listed_entry(line)[1:])] = found
    changed: set[str] = set()
    racy: Racy = {}
    bare = set(old.bare)
    patched: dict[str, str | None] = {}
    threshold = taken - RACY_NS
    for path, (mtime, size) in sorted(candidates.items()):
        digest = _digest(os.path.join(root, path), size)
        before = old.digest(path)
        if not digest or digest != before:
            # metadata alone decides for a file without a digest: this one's
            # changed, or it is racy
            changed.add(path)
        if digest != before:
            patched[path] = digest or None
        if digest:
            bare.discard(path)
        else:
            bare.add(path)
        if mtime >= threshold:
            racy[path] = (mtime, size)
    digests = old.records.replaced(patched).text
    return Tree(taken, listing, digests, bare, racy, lines), changed, ""


def _fresh(root: str, taken: int, lines: list[str], old: Tree | None) -> Tree:
    """The tree of ``lines``, every file's digest read, save those ``old``
    listed the same and not racy."""
    known: dict[str, str] = {}
    keep: set[str] = set()
    if old is not None:
        keep = set(old.listing.split("\n")) if old.listing else set()
        known = old.records.decoded()
    digests: dict[str, str] = {}
    bare: set[str] = set()
    racy: Racy = {}
    threshold = taken - RACY_NS
    for line in lines:
        if line[:1] != "f":
            continue
        path = unescape_path(listed_entry(line)[1:])
        found = file_stamp(line) or (0, 0)
        if line in keep and old is not None and path not in old.racy:
            digest = known.get(path, "")
        else:
            digest = _digest(os.path.join(root, path), found[1])
        if digest:
            digests[path] = digest
        else:
            bare.add(path)
        if found[0] >= threshold:
            racy[path] = found
    return Tree(taken, "\n".join(lines), Records.of(digests).text, bare, racy)


def _top_names(project: Project, memo: dict[str, Any]) -> frozenset[str]:
    """Names of the root's entries, ``.py`` dropped: the first part of any
    dotted name a repository module can have (``usr`` in a plugin's too)."""
    known = memo.get("\0tops")
    if known is None:
        try:
            names = os.listdir(project.root)
        except OSError:
            names = []
        tops = frozenset(n.removesuffix(".py") for n in names)
        # a standalone plugin's modules are named from ``usr.plugins.<name>`` too
        known = memo["\0tops"] = tops | project.plugin.roots
    return known  # type: ignore[no-any-return]


def _is_file(project: Project, path: str, memo: dict[str, Any]) -> bool:
    key = "\0file:" + path
    known = memo.get(key)
    if known is None:
        known = memo[key] = (project.root / path).is_file()
    return bool(known)


def _by_file_name(project: Project, memo: dict[str, Any]) -> dict[str, list[str]]:
    """The modules of the tool directories and of their packages, by file name."""
    known = memo.get("\0by-file-name")
    if known is None:
        known = memo["\0by-file-name"] = {}
        for rel in [*project.tool_modules, *package_modules(project)]:
            known.setdefault(rel.rpartition("/")[2], []).append(rel)
    return known  # type: ignore[no-any-return]


def references(project: Project, module: str, memo: dict[str, Any]) -> list[str]:
    """The repository modules the facts of ``module`` name: what resolving
    its tools or following its calls may read. A tool module's include the
    modules the framework's loader was looked for in
    (:func:`~doxtool.run.loaders.loader_modules`); a module's, the modules
    of the tool directories it may load by path (their file name)."""
    facts = project.facts(module)
    found: dict[str, None] = {}
    if project.is_tool_module(module):
        # which of its classes the framework runs turns on the loader's code
        found.update(dict.fromkeys(m for m in loader_modules(project) if m != module))
    tops = _top_names(project, memo)
    for name in named(facts):
        if name.endswith(".py") and name != module and _is_file(project, name, memo):
            found[name] = None
        if not DOTTED_NAME.fullmatch(name):
            continue
        parts = name.split(".")
        if parts[0] not in tops:
            continue  # no module of the repository starts so
        for cut in range(1, len(parts) + 1):
            rel = project.module_path(".".join(parts[:cut]))  # remembered per run
            if rel is not None and rel != module:
                found[rel] = None
    for name in facts.path_loads:
        # a file it may load by path: the modules of the tool directories of that name
        found.update(
            dict.fromkeys(m for m in _by_file_name(project, memo).get(name, ()) if m != module)
        )
    if facts.outline is not None:
        package = module.rsplit("/", 1)[0].split("/") if "/" in module else []
        for imported in facts.outline.imports:
            if not imported.level:
                continue
            base = package[: len(package) - (imported.level - 1)] if imported.level > 1 else package
            stem = "/".join([*base, *imported.module.split(".")]) if imported.module else ""
            stem = stem or "/".join(base)
            for name in ["", *imported.names]:
                for candidate in (f"{stem}/{name}" if name else stem,):
                    for path in (f"{candidate}.py", f"{candidate}/__init__.py"):
                        path = path.lstrip("/")
                        if path != module and (project.root / path).is_file():
                            found[path] = None
    return sorted(found)
