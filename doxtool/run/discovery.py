"""Whole-repository passes of :class:`doxtool.run.project.Project`: matching
the exclude globs, finding every ``AGENTS.md``, and the configured
directories that a link leads out of the root.

Both run over every name of a large repository, so they do little per name:
a glob without wildcards matches only its own text (a set lookup, not a
regular expression), and the walk tells directories apart by the type their
listing gives, without a ``stat`` per entry.
"""

from __future__ import annotations

import fnmatch
import os
import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Protocol

from doxtool.core.globs import spellings
from doxtool.core.unlisted import absent, refuse
from doxtool.run.listing import listed_entry, unescape_path

WILDCARDS = frozenset("*?[")


class Listed(Protocol):
    """The files of a snapshot of the tree (:class:`doxtool.run.snapshot.Tree`),
    as a project reads them."""

    def get(self, path: str) -> tuple[int, int] | None:
        """A file's modification time and size as listed; None when it is not."""

    def has_lines(self, lines: list[str], within: Iterable[str] | None = None) -> Iterator[bool]:
        """Whether each of ``lines`` is a line of the listing (``within``: of
        the files of these directories)."""


def _compiled(patterns: list[str]) -> re.Pattern[str] | None:
    return re.compile("|".join(fnmatch.translate(p) for p in patterns)) if patterns else None


class Exclusion:
    """The exclude globs: a repository path is excluded when a glob matches it
    whole, or a glob without ``/`` matches one of its components (``fnmatch``
    rules: ``*`` crosses ``/``, case counts; ``**/x`` matches ``x`` too:
    :func:`~doxtool.core.globs.spellings`)."""

    def __init__(self, patterns: list[str]) -> None:
        patterns = [form for pattern in patterns for form in spellings(pattern)]
        literal = [p for p in patterns if not WILDCARDS.intersection(p)]
        wild = [p for p in patterns if WILDCARDS.intersection(p)]
        #: globs without wildcards: each matches exactly its own text
        self.literal_names = frozenset(p for p in literal if "/" not in p)
        self.literal_paths = frozenset(p for p in literal if "/" in p)
        self.whole = _compiled(wild)
        self.part = _compiled([p for p in wild if "/" not in p])
        #: path component -> whether it is excluded
        self._parts: dict[str, bool] = {}

    def component(self, name: str) -> bool:
        """Whether a path component matches a glob without ``/``."""
        hit = self._parts.get(name)
        if hit is None:
            hit = name in self.literal_names or (
                self.part is not None and self.part.match(name) is not None
            )
            self._parts[name] = hit
        return hit

    def path(self, rel: str) -> bool:
        """Whether a repository path is excluded."""
        if rel in self.literal_paths or rel in self.literal_names:
            return True
        if self.whole is not None and self.whole.match(rel) is not None:
            return True
        return any(self.component(name) for name in rel.split("/"))

    def kept(self, prefix: str, names: list[str]) -> list[str]:
        """``prefix + name`` for each of ``names`` (file names, without ``/``)
        whose path is not excluded, in order; ``prefix`` is empty or ends in ``/``."""
        if prefix and any(self.component(part) for part in prefix[:-1].split("/")):
            return []
        if self.part is None:
            hits = self.literal_names.intersection(names)
            if hits:
                names = [name for name in names if name not in hits]
        else:
            names = [name for name in names if not self.component(name)]
        paths = [prefix + name for name in names] if prefix else list(names)
        if prefix and self.literal_paths:
            paths = [path for path in paths if path not in self.literal_paths]
        if self.whole is not None:
            whole = self.whole
            paths = [path for path in paths if whole.match(path) is None]
        return paths


class NestedRepositories:
    """The directories below a root that hold a repository of their own (a
    ``.git`` directory): a clone kept inside the project (a plugin's
    checkout of the framework it extends, which git ignores), another
    project's files, which no run checks or writes, as if an exclude glob
    named them. A submodule, whose ``.git`` is a file, is part of the project."""

    def __init__(self, root: str) -> None:
        self.root = root
        #: path -> whether it is, or lies in, a directory holding a repository
        self._known: dict[str, bool] = {}
        #: directory -> the names of the directories in it (None: not listed)
        self._subdirectories: dict[str, frozenset[str] | None] = {}

    def covers(self, rel: str) -> bool:
        """Whether a repository path is, or lies in, such a directory."""
        if not rel or rel == ".":
            return False
        known = self._known.get(rel)
        if known is None:
            parent, _, name = rel.rpartition("/")
            known = self.covers(parent) or self._holds_repository(rel, parent, name)
            self._known[rel] = known
        return known

    def _holds_repository(self, directory: str, parent: str, name: str) -> bool:
        """Whether ``directory`` (``name`` in ``parent``) holds a ``.git``
        directory. A name its parent's listing gives as no directory (a file,
        one of thousands of modules) holds none: asked of every file, a
        ``stat`` each would cost more than the listing read once."""
        if parent not in self._subdirectories:
            self._subdirectories[parent] = self._directories_in(parent)
        subdirectories = self._subdirectories[parent]
        if subdirectories is not None and name not in subdirectories:
            return False
        return os.path.isdir(os.path.join(self.root, directory, ".git"))

    def _directories_in(self, parent: str) -> frozenset[str] | None:
        """The names of the directories (or links to one) in ``parent``; None
        when it cannot be listed."""
        found: set[str] = set()
        try:
            with os.scandir(os.path.join(self.root, parent) if parent else self.root) as it:
                for entry in it:
                    try:
                        if entry.is_dir():
                            found.add(entry.name)
                    except OSError:
                        found.add(entry.name)  # not known: asked of the path itself
        except OSError:
            return None
        return frozenset(found)


def _entered(entry: os.DirEntry[str], directory: str) -> bool:
    """Whether the walk enters an entry (a directory, not a link to one),
    where the entry's own type could not be read."""
    try:
        is_dir = entry.is_dir()
    except OSError:
        return False
    return is_dir and not os.path.islink(os.path.join(directory, entry.name))


def agents_walk(
    root: str, excluded: Callable[[str], bool], listings: dict[str, list[str]], keep: set[str]
) -> list[str]:
    """Every ``AGENTS.md`` under ``root``, the root's first, then depth first
    in name order. Hidden and excluded directories and links to directories
    are not entered; a directory that exists and cannot be listed stops the
    run (:mod:`doxtool.core.unlisted`); an ``AGENTS.md`` that
    is a directory (or a link to one) is not a file found.

    The names listed in each directory of ``keep`` (repository paths, the
    root as ``.``) are put in ``listings``, in the order they came.
    """
    found: list[str] = []
    stack = ["."]
    while stack:
        rel = stack.pop()
        directory = root if rel == "." else os.path.join(root, rel)
        names: list[str] = []
        subdirectories: list[str] = []
        agents: os.DirEntry[str] | None = None
        try:
            with os.scandir(directory) as it:
                for entry in it:
                    name = entry.name
                    names.append(name)
                    try:
                        if entry.is_dir(follow_symlinks=False):
                            subdirectories.append(name)
                    except OSError:
                        if _entered(entry, directory):
                            subdirectories.append(name)
                    if name == "AGENTS.md":
                        agents = entry
        except OSError as exc:
            if absent(exc):
                continue  # gone since its parent was listed
            # not absent but unknown: no AGENTS.md under it may be called gone
            raise refuse(rel, exc) from None
        if rel in keep:
            listings[rel] = names
        if agents is not None:
            try:
                is_dir = agents.is_dir()
            except OSError:
                is_dir = False
            if not is_dir:
                found.append("AGENTS.md" if rel == "." else f"{rel}/AGENTS.md")
        prefix = "" if rel == "." else f"{rel}/"
        children = sorted(
            name
            for name in subdirectories
            if not name.startswith(".") and not excluded(prefix + name)
        )
        stack.extend(prefix + name for name in reversed(children))
    return found


def agents_in_listing(root: str, listing: str) -> list[str] | None:
    """:func:`agents_walk`'s answer read off a listing of the same tree (as
    :func:`~doxtool.run.listing.inputs_excluding` writes it with the same
    exclusions), without walking it again; None when the listing holds an
    entry it cannot tell about (a directory not listed, an entry not read).

    An ``AGENTS.md`` line under a hidden directory is left out (the walk does
    not enter one); a listing enters no link, as the walk does not; the few
    found are asked whether they are directories through a link."""
    text = "\n" + listing
    # (a line break begins every line: a search for one character first,
    # which most listings do not hold at all, spares a search past each one)
    if any(kind in listing and "\n" + kind in text for kind in "!?"):
        return None
    found: list[str] = []
    at, last = text.find("AGENTS.md:"), -1
    while at >= 0:
        start = text.rfind("\n", 0, at) + 1
        end = text.find("\n", at)
        line = text[start : end if end >= 0 else len(text)]
        # a line naming AGENTS.md twice ("AGENTS.md:x/AGENTS.md") is read once
        shown = listed_entry(line)[1:] if line[:1] == "f" and start != last else ""
        last = start
        if shown == "AGENTS.md" or shown.endswith("/AGENTS.md"):
            path = unescape_path(shown)
            hidden = any(part.startswith(".") for part in path.split("/")[:-1])
            if not hidden and not os.path.isdir(os.path.join(root, path)):
                found.append(path)
        at = text.find("AGENTS.md:", at + 1)
    found.sort(key=lambda path: path.split("/")[:-1])
    return found


def profile_named(patterns: list[str], directory: str) -> str | None:
    """The agent profile whose own tool directory ``directory`` is by the
    ``profile-tool-dirs`` globs ``patterns`` (matched part by part, whether
    it exists or not): the part the glob's first wildcard matches, or the
    directory above ``tools`` for a glob without one."""
    parts = directory.split("/")
    for pattern in patterns:
        globs = pattern.strip("/").split("/")
        if len(globs) != len(parts) or "**" in globs:
            continue
        if not all(fnmatch.fnmatchcase(p, g) for p, g in zip(parts, globs, strict=True)):
            continue
        wild = next((i for i, g in enumerate(globs) if WILDCARDS.intersection(g)), None)
        if wild is not None:
            return parts[wild]
        if len(parts) > 1:
            return parts[-2]
    return None


def dirs_led_out(root: Path, patterns: list[str], excluded: Callable[[str], bool]) -> list[str]:
    """The repository paths the directory globs ``patterns`` match that are
    (or lie under) a link leading out of ``root`` (resolved): directories no
    run follows, so what they hold is unknown. Excluded ones are left out."""
    found: list[str] = []
    for pattern in patterns:
        try:
            matched = sorted(root.glob(pattern))
        except (OSError, ValueError, NotImplementedError):
            continue
        for path in matched:
            rel = path.relative_to(root).as_posix()
            if rel in found or excluded(rel):
                continue
            try:
                if not path.is_dir():
                    continue
                path.resolve().relative_to(root)
            except (ValueError, OSError, RuntimeError):
                found.append(rel)
    return found
