"""The documented and tool modules whose facts a module feeds.

A tool's facts are built from other modules as well as its own: the
helpers its calls are followed into, the classes it inherits, the modules
that re-export them. A run over PATHS that names such a module therefore
also checks every documented or tool module (a *unit*) whose facts reach
it, exactly as if that unit had been named: its companion, and the prompts
that teach its tools. The findings for those units are then the whole
run's.

Which modules reach which is what an incremental check follows
(:mod:`doxtool.run.incremental`): the repository modules each module's
facts name (:func:`~doxtool.run.snapshot.references`), walked back from the
given module. Only the modules that can name it are asked: the facts of a
module name another only where its text writes the other's file name as
a word (or its package's for an ``__init__.py``, which a relative import
in the package names without writing it). With a link among the repository's
files or directories, a module may name another by the link's name, and
every module is asked. Whether a module's text writes a name comes from
an index kept by file modification time and size (:mod:`doxtool.run.namesindex`),
so only the files changed since it was written are read; without a cache,
every Python file is. A run over a module that no other names reads no
facts.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable
from typing import Any

from doxtool.run.edges import reach_from
from doxtool.run.listing import NEVER_READ
from doxtool.run.namesindex import NamesIndex, Stamp
from doxtool.run.project import COMPANION_SUFFIX, Project
from doxtool.run.scope import Scope
from doxtool.run.snapshot import references


def units(project: Project) -> set[str]:
    """The documented and tool modules (an incremental check's units)."""
    return set(project.documented_modules).union(project.tool_modules)


class _Modules:
    """The repository's Python files, their bytes read once, and the edges
    of those asked."""

    def __init__(self, project: Project) -> None:
        self.project = project
        self.paths: list[str] = []
        self.linked = False
        self._bytes: dict[str, bytes | None] = {}
        self._edges: dict[str, set[str]] = {}
        self._memo: dict[str, Any] = {}
        cache = project.cache
        #: each Python file's stamp, when there is an index of names to check it against
        self._stamps: dict[str, Stamp | None] | None = {} if cache is not None else None
        self._walk()
        self.index: NamesIndex | None = None
        if cache is not None and self._stamps is not None and not self.linked:
            self.index = NamesIndex(cache, _names(self.paths), self._stamps)

    def _walk(self) -> None:
        stack = [""]
        root = self.project.root
        while stack:
            rel = stack.pop()
            try:
                with os.scandir(root / rel if rel else root) as entries:
                    for entry in entries:
                        path = f"{rel}/{entry.name}" if rel else entry.name
                        if entry.is_symlink():
                            self.linked = True
                        elif entry.is_dir(follow_symlinks=False):
                            if entry.name not in NEVER_READ:
                                stack.append(path)
                        elif entry.name.endswith(".py"):
                            self.paths.append(path)
                            if self._stamps is not None:
                                self._stamps[path] = _stamp(entry)
            except OSError:
                continue

    def text(self, path: str) -> bytes:
        """The file's bytes; empty when it cannot be read."""
        return self.read(path) or b""

    def read(self, path: str) -> bytes | None:
        """The file's bytes, or None when it cannot be read."""
        if path not in self._bytes:
            try:
                self._bytes[path] = (self.project.root / path).read_bytes()
            except OSError:
                self._bytes[path] = None
        return self._bytes[path]

    def may_name(self, target: str) -> Callable[[str], bool]:
        """Whether the facts of a module can name ``target`` (see above)."""
        if self.linked:
            return lambda module: True
        directory, _, name = target.rpartition("/")
        # a module of the package (any, for the root's): a relative import
        package = "\0"  # starts no path
        if name == "__init__.py":
            package = directory + "/" if directory else ""
            name = directory.rpartition("/")[2]
        word = name.removesuffix(".py").encode()
        if not word.isascii():
            return lambda module: True
        pattern = re.compile(rb"(?<![\w])" + re.escape(word) + rb"(?![\w])")
        index = self.index
        if index is not None and index.ready_for(word.decode()):
            key = word.decode()

            def indexed(module: str) -> bool:
                if module.startswith(package):
                    return True
                return index.writes(module, key, lambda: self.read(module))

            return indexed

        def may(module: str) -> bool:
            if module.startswith(package):
                return True
            text = self.text(module)
            # the plain search first: it rules out nearly every module at C speed
            return word in text and pattern.search(text) is not None

        return may

    def sources(self, target: str) -> set[str]:
        """The modules whose facts name ``target``."""
        found: set[str] = set()
        may_name = self.may_name(target)
        for module in self.paths:
            if module != target and may_name(module):
                edges = self._edges.get(module)
                if edges is None:
                    edges = self._edges[module] = set(references(self.project, module, self._memo))
                if target in edges:
                    found.add(module)
        return found


def fed(project: Project, given: Iterable[str]) -> dict[str, set[str]]:
    """Each module of ``given`` that some other unit's facts reach -> those units."""
    modules = [m for m in dict.fromkeys(given) if m.endswith(".py")]
    if not modules:
        return {}
    known = units(project)
    walked = _Modules(project)
    out: dict[str, set[str]] = {}
    for module in modules:
        reaching = (reach_from([module], walked.sources) & known) - {module}
        if reaching:
            out[module] = reaching
    if walked.index is not None:
        walked.index.save()
    return out


def _names(paths: list[str]) -> frozenset[str]:
    """The names a module's text may write for one of ``paths``: each
    file's stem and each directory's name."""
    names: set[str] = set()
    for path in paths:
        names.update(path.removesuffix(".py").split("/"))
    return frozenset(names)


def _stamp(entry: os.DirEntry[str]) -> Stamp | None:
    try:
        info = entry.stat(follow_symlinks=False)
    except OSError:
        return None
    return (info.st_mtime_ns, info.st_size)


def add_units_fed(project: Project, scope: Scope) -> None:
    """Widen a run over PATHS by the units whose facts its modules feed (and
    their companions): each is checked as if it had been named. A module
    given only through its companion feeds nothing new: its code is as the
    units reaching it last read it."""
    assert scope.modules is not None and scope.companions is not None
    if units(project) <= scope.modules:
        return  # every unit is checked already (a hook given every file)
    for reaching in fed(project, sorted(scope.named_modules)).values():
        scope.modules.update(reaching)
        scope.companions.update(unit + COMPANION_SUFFIX for unit in reaching)
