"""Which class of a tool module the framework runs, by the order its loader
takes a module's names in, read from the repository's code.

Agent Zero's loader (``helpers/modules.py`` ``load_classes_from_file``)
walks a tool module's names bound to classes, sorted by name, through
``reversed(...)``: it runs the tool class whose name sorts last. Older
versions (``Agent.get_tool`` looping over ``inspect.getmembers`` itself)
walked them forwards and ran the one sorting first. Which of those a
repository holds is a fact of its code (:mod:`doxtool.python.loaders`):

- a repository that does not hold the framework (the module of no
  configured tool base is in it: a plugin's or a profile's repository)
  runs in a current Agent Zero, whose loader takes the last name;
- otherwise the loops of its modules that test against the configured tool
  base tell the order; without any, those of loaders of any base they are
  handed (``base_class``) do, the others (an extension's, an API
  handler's) do not. No such loop, or loops of both orders: not known.

The modules looked at are the repository's Python files (outside version
control, the cache, excluded paths and the test directories) whose text
holds ``getmembers``; they are looked for once per run, only when a tool
module's names make the order matter, and with a cache only the files
changed since the last run are read (:mod:`doxtool.run.mentions`).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol

from doxtool.core.config import Config
from doxtool.core.facts import ModuleFacts
from doxtool.core.loader_facts import LAST
from doxtool.core.reads import read_regular
from doxtool.python.resolve import ToolResolver
from doxtool.run.cache import FactsCache
from doxtool.run.listing import NEVER_READ
from doxtool.run.mentions import MentionsIndex
from doxtool.run.namesindex import Stamp


class Project(Protocol):
    """What is read of the project (:class:`doxtool.run.project.Project`)."""

    root: Path
    config: Config
    per_run: dict[str, Any]
    resolver: ToolResolver
    cache: FactsCache | None

    def excluded(self, rel: str) -> bool: ...

    def module_path(self, dotted: str) -> str | None: ...

    def facts(self, rel: str) -> ModuleFacts: ...


_ORDER = "loader-order"
_MODULES = "loader-modules"
#: the most of a file read for ``getmembers`` (a module is parsed up to far less)
_MAX_BYTES = 64 << 20
#: what a loader's module holds
_NEEDLE = b"getmembers"


def framework_here(project: Project) -> bool:
    """Whether the module of a configured tool base is in the repository."""
    return any(project.module_path(base.rpartition(".")[0]) for base in project.config.tool_bases)


def loader_order(project: Project) -> str | None:
    """The order the framework's tool loader takes a module's names in
    (:data:`~doxtool.core.loader_facts.FIRST` or ``LAST``); None when it is
    not known. Worked out once per run."""
    shared = project.per_run
    if _ORDER not in shared:
        shared[_ORDER] = _order(project)
    order: str | None = shared[_ORDER]
    return order


def loader_modules(project: Project) -> list[str]:
    """The modules :func:`loader_order` read (none when it has not run)."""
    modules: list[str] = project.per_run.get(_MODULES, [])
    return modules


def _order(project: Project) -> str | None:
    if not framework_here(project):
        return LAST
    modules = python_files_naming(project, _NEEDLE)
    project.per_run[_MODULES] = modules
    resolver = project.resolver
    direct: set[str] = set()
    generic: set[str] = set()
    for module in modules:
        for loop in project.facts(module).loaders:
            if not loop.base:
                generic.add(loop.order)
            elif resolver.configured(loop.base):
                direct.add(loop.order)
    orders = direct or generic
    return next(iter(orders)) if len(orders) == 1 else None


def python_files_naming(project: Project, needle: bytes) -> list[str]:
    """The repository's Python files whose text holds ``needle`` (outside
    version control, the cache, excluded paths and the test directories);
    with a cache, only the files changed since the last run are read."""
    cache = project.cache
    index = MentionsIndex(cache, needle) if cache is not None else None
    found = [
        path
        for path, entry in repository_files(project)
        if entry.name.endswith(".py") and _mentions(entry, path, needle, index)
    ]
    if index is not None:
        index.save()
    return sorted(found)


def repository_files(project: Project) -> Iterator[tuple[str, os.DirEntry[str]]]:
    """(path, entry) of each regular file of the repository outside version
    control, the cache, excluded paths and the test directories; a link is
    neither followed nor given."""
    tests = tuple(d.strip("/") for d in project.config.test_dirs if d.strip("/"))
    stack = [""]
    root = project.root
    while stack:
        rel = stack.pop()
        try:
            with os.scandir(root / rel if rel else root) as entries:
                for entry in entries:
                    path = f"{rel}/{entry.name}" if rel else entry.name
                    if entry.is_symlink() or project.excluded(path) or path in tests:
                        continue
                    if entry.is_dir(follow_symlinks=False):
                        if entry.name not in NEVER_READ:
                            stack.append(path)
                    elif entry.is_file(follow_symlinks=False):
                        yield path, entry
        except OSError:
            continue


def _mentions(
    entry: os.DirEntry[str], path: str, needle: bytes, index: MentionsIndex | None
) -> bool:
    """Whether a regular file's text holds ``needle`` (a FIFO, a device or a
    link is not read: :func:`~doxtool.core.reads.read_regular`); a file
    unchanged since the last run is answered by the ``index``."""
    if index is None:
        data = read_regular(entry.path, _MAX_BYTES)
        return data is not None and needle in data
    return index.holds(path, _stamp(entry), lambda: read_regular(entry.path, _MAX_BYTES))


def _stamp(entry: os.DirEntry[str]) -> Stamp | None:
    try:
        info = entry.stat(follow_symlinks=False)
    except OSError:
        return None
    return (info.st_mtime_ns, info.st_size)
