"""The files of a corpus copy: copying, companions, digests, file-documented directories."""

from __future__ import annotations

import hashlib
import shutil
import stat
from pathlib import Path

COMPANION_SUFFIX = ".py.dox.md"


def copy_corpus(source: Path, target: Path) -> None:
    shutil.copytree(source, target, symlinks=True)
    for path in [target, *target.rglob("*")]:
        if path.is_symlink():
            continue
        mode = path.stat().st_mode
        path.chmod(mode | stat.S_IWUSR | (stat.S_IXUSR if path.is_dir() else 0))


def companions(root: Path) -> dict[str, str]:
    """Every companion under root: relative path -> text."""
    found: dict[str, str] = {}
    for path in sorted(root.rglob("*" + COMPANION_SUFFIX)):
        if path.is_file() and ".doxtool_cache" not in path.parts:
            found[path.relative_to(root).as_posix()] = path.read_text(
                encoding="utf-8", errors="replace"
            )
    return found


def digests(root: Path) -> dict[str, str]:
    found: dict[str, str] = {}
    for path in root.rglob("*"):
        rel = path.relative_to(root)
        if path.is_file() and not path.is_symlink() and ".doxtool_cache" not in rel.parts:
            found[rel.as_posix()] = hashlib.sha1(path.read_bytes()).hexdigest()
    return found


def file_documented_dirs(root: Path) -> list[str]:
    """Directories whose AGENTS.md declares them file-documented, else the usual three."""
    declared = sorted(
        path.parent.relative_to(root).as_posix()
        for path in root.rglob("AGENTS.md")
        if path.parent != root
        and "file-documented" in path.read_text(encoding="utf-8", errors="replace")
    )
    if declared:
        return declared
    return [name for name in ("tools", "api", "helpers") if (root / name).is_dir()]
