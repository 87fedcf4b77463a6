"""Which directories are file-documented: those the repository's AGENTS.md
files declare (:mod:`doxtool.agents.declarations`), with ``documented-dirs``.

A declaration names a directory whether or not it exists; the directories
whose modules ``check`` reads companions for are the existing ones.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from doxtool.agents.declarations import declared_directories
from doxtool.core.source import ReadError

if TYPE_CHECKING:
    from pathlib import Path

    from doxtool.core.config import Config
    from doxtool.core.source import SourceText


class Project(Protocol):
    """What is read of :class:`doxtool.run.project.Project`."""

    root: Path
    config: Config

    @property
    def agents_files(self) -> list[str]: ...

    @property
    def tool_dirs(self) -> list[str]: ...

    def agents_text(self, rel: str) -> SourceText | ReadError: ...

    def glob_dirs(self, patterns: list[str]) -> list[str]: ...

    def inside(self, path: Path) -> bool: ...

    def excluded(self, rel: str) -> bool: ...


@dataclass
class Declared:
    """The directories the AGENTS.md files declare file-documented, in the
    order declared."""

    #: every directory declared, whether it exists or not
    named: list[str] = field(default_factory=list)
    #: those that are directories inside the root and not excluded (an
    #: AGENTS.md's own directory always is)
    existing: list[str] = field(default_factory=list)


def declarations(project: Project) -> Declared:
    """What the repository's AGENTS.md files declare file-documented (an
    unreadable AGENTS.md declares nothing)."""
    found = Declared()
    for agents in project.agents_files:
        text = project.agents_text(agents)
        if isinstance(text, ReadError):
            continue
        here = agents.rsplit("/", 1)[0] if "/" in agents else "."
        for rel in declared_directories(text.text, here):
            if rel not in found.named:
                found.named.append(rel)
            if rel not in found.existing and (rel == here or _is_directory(project, rel)):
                found.existing.append(rel)
    return found


def documented_dirs(project: Project) -> list[str]:
    """Directories whose direct modules must each have a companion.

    Where the repository's AGENTS.md files declare directories
    file-documented (their own, or a directory below them that they name),
    those are the ones (with ``documented-dirs``): a tool directory no
    AGENTS.md declares (a plugin's, a profile's) needs no companions. A
    repository that declares none has every tool directory documented.
    """
    declared = declarations(project).existing
    tool_dirs = project.tool_dirs
    dirs = [d for d in tool_dirs if d in declared] if declared else list(tool_dirs)
    for rel in [*project.glob_dirs(project.config.documented_dirs), *declared]:
        if rel not in dirs:
            dirs.append(rel)
    return dirs


def _is_directory(project: Project, rel: str) -> bool:
    """Whether a repository path is a directory inside the root, not excluded."""
    path = project.root / rel
    return path.is_dir() and project.inside(path) and not project.excluded(rel)
