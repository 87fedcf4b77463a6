"""How ``doxtool init`` writes a tool base it found: as the code imports it.

A framework kept in a directory of the repository (``alpha/helpers/tool.py``
beside ``alpha/tools/``; a monorepo holding two) runs from that directory,
and its tools import ``helpers.tool``, never ``alpha.helpers.tool``. A class
is a tool to ``check`` when a base it names, read through its imports, is a
configured one; so a base written by its path from the root would leave
every tool importing it the other way unread. The base is written as the
classes of the repository name it: by its path when one does (or none names
it any other way), else by the longest tail of that path one names
(``helpers.tool.Tool``), unless that names another module from the root,
or, for a class naming it, a module of another directory above the class
(a monorepo's ``gamma/helpers/tool.py``, the ``helpers.tool`` of
``gamma/tools/``): ``check`` reads a base by its dotted name, wherever the
class naming it lies, and would take that class for a tool.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from pathlib import Path


def as_imported(
    root: Path, base: str, named: Mapping[str, Collection[str]], source: str = ""
) -> str:
    """``base`` (a dotted class name by its file's path) as the classes
    read name it (``named``: the bases they name, as dotted names, each with
    the modules naming it); ``source`` is a src layout's directory, from which
    modules are imported too."""
    if base in named:
        return base
    parts = base.split(".")
    for cut in range(1, len(parts) - 1):
        tail = parts[cut:]
        spelled = ".".join(tail)
        if (
            spelled in named
            and not _module_from_root(root, tail[:-1], source)
            and _names_only(root, parts[:cut], tail[:-1], named[spelled], source)
        ):
            return spelled
    return base


def _names_only(
    root: Path, above: list[str], module: list[str], files: Collection[str], source: str
) -> bool:
    """Whether the modules at ``files`` naming the dotted ``module`` may mean
    the base's, below the directory ``above`` (``alpha``): the directory
    nearest above each that holds such a module, if any, is the base's for
    all of them (not ``gamma/`` for ``gamma/tools/search.py``, whose
    ``gamma/helpers/tool.py`` it imports)."""
    own = {"/".join(above), "/".join([source, *above]) if source else "/".join(above)}
    for rel in files:
        parents = rel.split("/")[:-1]
        for cut in range(len(parents), 0, -1):
            holder = "/".join(parents[:cut])
            if _module_in(root / holder, module):
                if holder not in own:
                    return False
                break
    return True


def _module_from_root(root: Path, module: list[str], source: str) -> bool:
    """Whether the dotted ``module`` is a file of the repository read from the
    root (or from a src layout's directory): a name of another module there."""
    return any(_module_in(top, module) for top in ((root, root / source) if source else (root,)))


def _module_in(top: Path, module: list[str]) -> bool:
    """Whether the dotted ``module`` is a file below the directory ``top``."""
    path = top.joinpath(*module)
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()
