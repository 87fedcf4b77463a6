"""The tree of ``AGENTS.md`` files: which file each one must index.

Every ``AGENTS.md`` of the repository (hidden and excluded directories
aside, as everywhere in doxtool) is read once and parsed into
:class:`~doxtool.agents.document.AgentsDoc` facts. A file's *nearest descendants*
are the first ``AGENTS.md`` on each path down from its directory: the files
its Child DOX Index must list.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable
from dataclasses import dataclass, field

from doxtool.agents.document import AgentsDoc, parse
from doxtool.core.source import ReadError, SourceText

AGENTS = "AGENTS.md"


def directory_of(path: str) -> str:
    """The directory an ``AGENTS.md`` documents ('' for the root)."""
    return path.rsplit("/", 1)[0] if "/" in path else ""


def resolve_link(source: str, target: str) -> str | None:
    """The repository path a link in the file ``source`` points at; None when
    it leaves the repository. A target starting with ``/`` is taken from the
    repository root, as code hosts render it."""
    if target.startswith("/"):
        joined = target.lstrip("/")
    else:
        base = directory_of(source)
        joined = f"{base}/{target}" if base else target
    normal = posixpath.normpath(joined)
    if normal == ".":
        return ""
    if normal == ".." or normal.startswith("../") or normal.startswith("/"):
        return None
    return normal


@dataclass(eq=False, repr=False)
class AgentsTree:
    """The ``AGENTS.md`` files of a repository and how they nest."""

    #: every ``AGENTS.md``, the root's first
    files: list[str]
    #: parsed files; an unreadable file is absent (why, in ``unreadable``)
    docs: dict[str, AgentsDoc] = field(default_factory=dict)
    unreadable: dict[str, ReadError] = field(default_factory=dict)
    #: file -> the nearest ``AGENTS.md`` above it (None: none above)
    parent: dict[str, str | None] = field(default_factory=dict)
    #: file -> its nearest descendants, in the order files were found
    below: dict[str, list[str]] = field(default_factory=dict)

    @property
    def uses_index(self) -> bool:
        """Whether the repository keeps a Child DOX Index anywhere: only then
        is the tree's shape (sections, rows) a convention to check. A file
        that cannot be read may keep one: the answer is then known only when
        a file read keeps one (False: none does, or it is not known)."""
        return any(doc.index is not None for doc in self.docs.values())

    def children(self, path: str) -> list[str]:
        """The nearest descendants of ``path``, in the order files were found."""
        return self.below.get(path, [])


def build(files: list[str], read: Callable[[str], SourceText | ReadError]) -> AgentsTree:
    """The tree of ``files`` (repository paths of ``AGENTS.md``), each read once."""
    tree = AgentsTree(files=list(files))
    directories = {directory_of(f): f for f in files}
    for path in files:
        text = read(path)
        if isinstance(text, ReadError):
            tree.unreadable[path] = text
        else:
            tree.docs[path] = parse(path, text.text)
        above = tree.parent[path] = _nearest_above(directory_of(path), directories)
        if above is not None:
            tree.below.setdefault(above, []).append(path)
    return tree


def _nearest_above(directory: str, directories: dict[str, str]) -> str | None:
    while directory:
        directory = directory.rsplit("/", 1)[0] if "/" in directory else ""
        found = directories.get(directory)
        if found is not None:
            return found
    return None
