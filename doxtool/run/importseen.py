"""Whether an import statement names repository code doxtool reads.

A call into what an import names is followed only where that code is read:
a module of the repository (``helpers/store.py``, ``helpers/store/__init__.py``,
or a directory imported whole, a namespace package). A name taken from a
package (``from helpers import store``) is read when it is a module of the
package or a name its ``__init__.py`` binds itself (a def, a class, an
assignment) or imports from code that is read in turn (a module of the
standard library or one doxtool classifies counts). A module that is not
there (``helpers/store.py`` missing), a name ``__init__.py`` lacks (or may
only get through a star import of a module not there), and a module present
only as a stub (``.pyi``) or a compiled file (``.so``, ``.pyd``) are unseen:
what a call into them does is not known.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from doxtool.core.facts import ModuleFacts
from doxtool.core.outline_facts import ImportOutline

#: how deep ``__init__`` re-exports are followed before the name is unseen
_DEPTH = 8
#: scopes an import of a module body runs in (not a function's, not ``TYPE_CHECKING``)
_RUNS = frozenset({"module", "try", "conditional"})


@dataclass
class ImportSeen:
    """Resolves imports against the repository's files and parsed modules."""

    exists: Callable[[str], bool]
    facts: Callable[[str], ModuleFacts]
    #: whether a top-level name (``usr``, ``usr.py``) lies where doxtool reads nothing
    excluded: Callable[[str], bool]
    #: whether an absolute module is a third-party package doxtool does not classify
    unclassified: Callable[[str], bool]
    #: an absolute import as the repository root names it (a plugin's own, by its package)
    unprefixed: Callable[[ImportOutline], ImportOutline]
    root: Path
    _known: dict[tuple[str, str, tuple[str, ...], int, str], bool] = field(default_factory=dict)
    #: (package path, name, depth left) -> whether the name is read code: star
    #: imports that import each other (``from helpers import *`` in a module
    #: ``helpers/__init__.py`` star-imports) reach one package many times
    _names: dict[tuple[str, str, int], bool] = field(default_factory=dict)

    def read(self, importer: str, imported: ImportOutline) -> bool:
        """Whether every name ``imported`` binds in ``importer`` (a repository
        path) is repository code that is read (or, for ``import a.b``, the module)."""
        key = (importer, imported.module, tuple(imported.names), imported.level, imported.scope)
        known = self._known.get(key)
        if known is None:
            known = self._known[key] = self._read(importer, imported, _DEPTH)
        return known

    def _read(self, importer: str, imported: ImportOutline, depth: int) -> bool:
        imported = self.unprefixed(imported)
        if imported.scope == "attribute":  # a dotted name used: its deepest module, then a name
            parts = imported.module.split(".")
            for cut in range(len(parts) - 1, 0, -1):
                if self._module("/".join(parts[:cut])) is not None:
                    module = ImportOutline(".".join(parts[:cut]), 0, [parts[cut]])
                    return self._read(importer, module, depth)
            return self._read(importer, ImportOutline(parts[0], 0, []), depth)
        stem = self._stem(importer, imported)
        if stem is None:
            return False
        top = stem.split("/", 1)[0]
        if not imported.level and top and any(map(self.excluded, (top, f"{top}.py"))):
            return False
        names = [name for name in imported.names if name != "*"]
        if not imported.names:  # ``import a.b``: the module itself
            return self._module(stem) is not None
        home = self._module(stem)
        if home is None:
            return False
        return all(self._name(home, stem, name, depth) for name in names)

    @staticmethod
    def _stem(importer: str, imported: ImportOutline) -> str | None:
        """The repository path (no suffix) of the module ``imported`` names."""
        if not imported.level:
            return imported.module.replace(".", "/")
        base = importer.split("/")[:-1]
        if imported.level - 1 > len(base):
            return None
        base = base[: len(base) - (imported.level - 1)]
        return "/".join([*base, *filter(None, imported.module.split("."))])

    def _module(self, stem: str) -> str | None:
        """The file a module is read from ("" for a namespace package), None
        when the repository holds no module so named."""
        if not stem:
            return None
        if self.exists(f"{stem}/__init__.py"):
            return f"{stem}/__init__.py"
        if self._compiled(stem):
            return None  # imported before a source file beside it, and not read
        if self.exists(f"{stem}.py"):
            return f"{stem}.py"
        return "" if self.exists(stem) else None  # a namespace package, imported whole

    def _compiled(self, stem: str) -> bool:
        """Whether an extension module of that name (``store.so``,
        ``store.cpython-312-x86_64-linux-gnu.so``, ``store.pyd``) is there."""
        folder, _, name = stem.rpartition("/")
        try:
            where = self.root / folder
            return any(
                next(where.glob(pattern), None) is not None
                for suffix in ("so", "pyd")
                for pattern in (f"{name}.{suffix}", f"{name}.*.{suffix}")
            )
        except (OSError, ValueError):
            return False

    def _name(self, home: str, stem: str, name: str, depth: int) -> bool:
        """Whether ``name``, taken from the module at ``home`` (the package
        at ``stem``), is a submodule of it or a name it binds to read code."""
        key = (stem, name, depth)
        known = self._names.get(key)
        if known is None:
            known = self._names[key] = self._bound(home, stem, name, depth)
        return known

    def _bound(self, home: str, stem: str, name: str, depth: int) -> bool:
        """:meth:`_name`, not yet known."""
        if self._module(f"{stem}/{name}") is not None:
            return True
        if not home or depth <= 0:
            return False
        outline = self.facts(home).outline
        if outline is None:
            return False
        facts = self.facts(home)
        runs = [imp for imp in outline.imports if imp.scope in _RUNS]
        if name in outline.assigned:
            target = facts.imported_names.get(name)
            if target is not None and "." in target:
                module, _, last = target.rpartition(".")
                return self._from(home, ImportOutline(module, 0, [last]), depth)
            for imp in runs:
                if imp.level and name in imp.names:
                    return self._from(
                        home, ImportOutline(imp.module, 0, [name], level=imp.level), depth
                    )
            return True  # bound by the module itself
        stars = [imp for imp in runs if "*" in imp.names]
        return any(
            self._from(home, ImportOutline(imp.module, 0, [name], level=imp.level), depth)
            for imp in stars
        )

    def _from(self, home: str, imported: ImportOutline, depth: int) -> bool:
        """Whether a name ``home`` imports is read code: of the standard
        library or a package doxtool classifies, or of the repository."""
        if not imported.level and not self.unclassified(imported.module):
            return True
        return self._read(home, imported, depth - 1)
