"""Where a repository's modules are imported from: its root and, in a src
layout, its ``src/`` directory (:func:`~doxtool.python.names.source_root`).
A module below ``src/`` is named from there (``myagent.tools.echo``), and a
dotted name is looked for at the root first, then below ``src/``."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path

from doxtool.python.names import module_name


def import_dirs(source: str) -> tuple[str, ...]:
    """The directories modules are imported from, the root (``""``) first."""
    return ("", source) if source else ("",)


def top_level_names(root: Path, source: str, excluded: Callable[[str], bool]) -> frozenset[str]:
    """The top-level packages and modules of the repository: the directories
    and ``.py`` files at its root, and below ``source`` when there is one."""
    roots = set()
    for above in import_dirs(source):
        try:
            with os.scandir(root / above) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError:
            entries = []
        for entry in entries:
            name = entry.name
            if name.startswith(".") or excluded(f"{above}/{name}" if above else name):
                continue
            if entry.is_dir(follow_symlinks=False):
                roots.add(name)
            elif name.endswith(".py"):
                roots.add(name[:-3])
    return frozenset(roots)


def module_file(root: Path, source: str, dotted: str) -> str | None:
    """The repository path of the module ``dotted`` names (a ``.py`` file or
    a package), links resolved inside ``root``; None when there is none."""
    if not dotted or not all(part.isidentifier() for part in dotted.split(".")):
        return None
    for above in import_dirs(source):
        base = root / above / Path(*dotted.split("."))
        for candidate in (base.with_suffix(".py"), base / "__init__.py"):
            if candidate.is_file():
                try:  # links resolved, inside the root: its path there
                    return candidate.resolve().relative_to(root).as_posix()
                except (ValueError, OSError, RuntimeError):
                    continue
    return None


def base_spellings(root: Path, source: str, bases: list[str]) -> list[str]:
    """The configured tool bases, each base whose module lies below a src
    layout's root under both its names (``myagent.helpers.tool.Tool`` and
    ``src.myagent.helpers.tool.Tool``): code may import it either way."""
    spelled = list(bases)
    for base in bases if source else ():
        module, _, name = base.rpartition(".")
        path = module_file(root, source, module) if module else None
        if path is None or not path.startswith(f"{source}/"):
            continue
        dotted = f"{module_name(path, source)}.{name}"
        for spelling in (dotted, f"{source}.{dotted}"):
            if spelling not in spelled:
                spelled.append(spelling)
    return spelled


def unimportable_names(modules: Iterable[str], source: str) -> dict[str, str]:
    """Dotted name -> path of the ``modules`` whose name no import spells (a
    profile's ``agents/tiny-local/tools/wait.py`` is
    ``agents.tiny-local.tools.wait``): :func:`module_file` finds none of them,
    yet their own classes are named under it."""
    found: dict[str, str] = {}
    for rel in modules:
        name = module_name(rel, source)
        if not all(part.isidentifier() for part in name.split(".")):
            found.setdefault(name, rel)
    return found
