"""How ``doxtool init`` writes a tool base it found: as the code imports it.

A framework kept in a directory of the repository (``alpha/helpers/tool.py``
beside ``alpha/tools/``; a monorepo holding two) runs from that directory,
and its tools import ``helpers.tool``, never ``alpha.helpers.tool``. A class
is a tool to ``check`` when a base it names, read through its imports, is a
configured one; so a base written by its path from the root would leave
every tool importing it the other way unread. The base is written as the
classes of the repository name it: by its path when one does (or none names
it any other way), else by the longest tail of that path one names
(``helpers.tool.Tool``), unless that names another module from the root.
"""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path


def as_imported(root: Path, base: str, named: Collection[str], source: str = "") -> str:
    """``base`` (a dotted class name by its file's path) as the classes
    read name it (``named``: the bases they name, as dotted names); ``source``
    is a src layout's directory, from which modules are imported too."""
    if base in named:
        return base
    parts = base.split(".")
    for cut in range(1, len(parts) - 1):
        tail = parts[cut:]
        if ".".join(tail) in named and not _module_from_root(root, tail[:-1], source):
            return ".".join(tail)
    return base


def _module_from_root(root: Path, module: list[str], source: str) -> bool:
    """Whether the dotted ``module`` is a file of the repository read from the
    root (or from a src layout's directory): a name of another module there."""
    for top in (root, root / source) if source else (root,):
        path = top.joinpath(*module)
        if path.with_suffix(".py").is_file() or (path / "__init__.py").is_file():
            return True
    return False
