"""PATHS that name a file no rule checks, and why.

A companion is checked only in a file-documented directory. A run over
PATHS that names one anywhere else (or names its module) would otherwise
answer "All checks passed." for a file a person wrote to be checked and
that no rule looked at; each such path gets a line on stderr instead (the
exit code is the findings'). One the configuration excludes (``exclude``,
``extend-exclude``) is left out of every check, as it asked: no line. A
module no rule checks and without a companion is passed over in silence:
the hooks pass every ``.py`` file, and the tools whose facts it feeds are
checked (:mod:`doxtool.run.dependents`).
"""

from __future__ import annotations

from doxtool.core.source import present
from doxtool.run.project import COMPANION_SUFFIX, Project

#: how a directory becomes file-documented
_HOW = "declare it in an `AGENTS.md`, or add it to `documented-dirs`"


def unchecked(project: Project, named: list[str]) -> list[str]:
    """Why each of ``named`` (repository paths of files given as PATHS) that
    is a companion no rule checks is not checked; a module's existing
    companion is named too, as a run over the module would check it."""
    notes: list[str] = []
    documented = set(project.documented_dirs)
    for rel in dict.fromkeys(named):
        if rel.endswith(".py" + COMPANION_SUFFIX):
            companion = rel
        elif rel.endswith(".py"):
            # a module no rule checks is passed over (a hook passes every
            # ``.py`` file; the tools it feeds are checked): only a companion
            # written for it, which no rule reads either, is named
            companion = rel + COMPANION_SUFFIX
            if companion in named or not present(project.root / companion):
                continue
        else:
            continue
        directory = _directory(companion)
        if directory in documented or project.excluded(companion):
            continue  # checked, or left out of every check by the configuration
        why = "its directory is not file-documented"
        if directory in project.tool_dirs:
            why = (
                "its directory is a tool directory, but not file-documented: the "
                "`AGENTS.md` files declare other directories file-documented, not this one"
            )
        notes.append(f"{companion} is not checked: {why} ({_HOW})")
    return notes


def _directory(path: str) -> str:
    return path.rsplit("/", 1)[0] if "/" in path else "."
