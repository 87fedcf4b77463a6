"""A copy of the repository to try fixes on.

``--diff`` shows what ``--fix`` would write, and ``--fix`` goes on fixing
until a round changes nothing: a later round reads what an earlier one wrote
(a companion created, then completed). The rounds a preview needs are run on
a copy of the repository in a temporary directory, which is removed after;
the repository itself is only read.

Files are hard links where the file system allows (a fix writes a file by
renaming a new one over it, so the other name of a link keeps its bytes),
copies elsewhere; links are copied as links. Excluded directories (``.git``,
virtual environments) and the cache directory are left out, as every run
leaves them out.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from doxtool.run import sparse

if TYPE_CHECKING:
    from doxtool.run.project import Project


@contextmanager
def shadow_tree(project: Project) -> Iterator[Path]:
    """The root of a copy of ``project``'s tree, removed when the block ends."""
    with tempfile.TemporaryDirectory(prefix="doxtool-preview-") as temp:
        root = Path(temp) / (project.root.name or "root")
        root.mkdir()
        _copy_directory(project, project.root, root, "")
        with sparse.copied(root, project.root):  # git knows the repository
            yield root


def _copy_directory(project: Project, source: Path, target: Path, rel: str) -> None:
    try:
        entries = sorted(os.scandir(source), key=lambda entry: entry.name)
    except OSError:
        return  # a directory no run can list holds nothing a run reads
    cache = project.config.cache_dir.strip("/")
    for entry in entries:
        name = f"{rel}/{entry.name}" if rel else entry.name
        destination = target / entry.name
        try:
            if entry.is_symlink():
                os.symlink(os.readlink(entry.path), destination)
            elif entry.is_dir():
                if name == cache or project.excluded(name):
                    continue
                destination.mkdir()
                _copy_directory(project, Path(entry.path), destination, name)
            elif entry.is_file():
                _copy_file(Path(entry.path), destination)
        except OSError:
            continue  # unreadable: no run reads it either


def _copy_file(source: Path, destination: Path) -> None:
    try:
        os.link(source, destination)
    except OSError:
        shutil.copy2(source, destination)
