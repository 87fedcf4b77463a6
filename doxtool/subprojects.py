"""Projects nested in the project a check runs in (a monorepo's sub-projects).

pre-commit runs a hook at the root of the git repository and passes the
files of every project in it. A file belongs to the nearest directory, from
its own up to the root, that holds a doxtool configuration (a
``doxtool.toml``, or a ``pyproject.toml`` with a ``[tool.doxtool]`` table):
there its tool directories, prompts and rules are configured, and it is
checked as a run from that directory would check it. :func:`check` checks
each file under its own project and merges the reports, every path in them
(findings, files written) relative to the root the command runs in.
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path
from typing import Any

from doxtool import api
from doxtool.core.config import load_file
from doxtool.run import deletions


def _configured(directory: Path) -> bool:
    """Whether ``directory`` holds a doxtool configuration."""
    if (directory / "doxtool.toml").is_file():
        return True
    pyproject = directory / "pyproject.toml"
    return pyproject.is_file() and load_file(pyproject) is not None


def project_of(project: Any, path: Path, known: dict[Path, bool]) -> Path:
    """The project ``path`` belongs to: the nearest directory below the root
    of ``project`` from its own up holding a doxtool configuration, else the
    root; the root too for a path the root's configuration excludes.

    ``path`` is taken as given (made absolute, not through links), so that a
    file is placed where its name puts it; ``known`` remembers each directory."""
    root = project.root
    absolute = Path(os.path.abspath(path))
    try:
        inside = absolute.relative_to(root)
    except ValueError:
        return root  # outside: the run over the root reports it
    parts = inside.parts
    if any(project.excluded("/".join(parts[:end])) for end in range(1, len(parts) + 1)):
        return root  # in an excluded directory: passed over, as before
    directory = root / inside.parent if not absolute.is_dir() else root / inside
    while directory != root and root in directory.parents:
        found = known.get(directory)
        if found is None:
            found = known[directory] = _configured(directory)
        if found:
            return directory
        directory = directory.parent
    return root


def check(project: Any, paths: list[Path], pinned: bool, **options: Any) -> api.CheckReport:
    """:func:`api.check`, each file under the project it belongs to.

    ``pinned``: the root or the configuration was given (``--root``,
    ``--config``): every file is checked under it, as before. In the hook mode
    (``only_paths``), a nested project none of whose files is given but some
    of whose files are staged for deletion is checked too, for what the
    deletions leave there."""
    if pinned:
        return api.check(project, paths, **options)
    known: dict[Path, bool] = {}
    groups: dict[Path, list[Path]] = {}
    for path in paths:
        groups.setdefault(project_of(project, path, known), []).append(path)
    if options.get("only_paths"):
        owners = {
            project_of(project, project.root / rel, known)
            for rel in deletions.staged_deletions(project.root) or []
        }
        if not paths and (project.root in owners or not owners):
            groups[project.root] = []  # what the deletions staged under the root reach
        for owner in owners:
            groups.setdefault(owner, [])
    if not groups or list(groups) == [project.root]:
        return api.check(project, paths, **options)
    merged = api.CheckReport(findings=[])
    for directory in sorted(groups, key=lambda d: (d != project.root, d)):
        # the projects below this one: their staged deletions are theirs
        below = tuple(
            sorted(d.relative_to(directory).as_posix() for d in groups if directory in d.parents)
        )
        if directory == project.root:
            report = api.check(project, groups[directory], **options, nested=below)
            prefix = ""
        else:
            nested = api.load_project(directory, use_cache=options.get("use_cache", True))
            report = api.check(nested, groups[directory], **options, nested=below)
            prefix = directory.relative_to(project.root).as_posix() + "/"
        _merge(merged, report, prefix)
    return merged


def _merge(merged: api.CheckReport, report: api.CheckReport, prefix: str) -> None:
    """Add ``report`` to ``merged``, its paths under ``prefix``."""
    merged.findings.extend(dataclasses.replace(f, path=prefix + f.path) for f in report.findings)
    merged.changes.extend(dataclasses.replace(c, path=prefix + c.path) for c in report.changes)
    merged.fixed += report.fixed
    merged.errors.extend(report.errors)
    merged.notes.extend(f"{prefix[:-1]}: {note}" if prefix else note for note in report.notes)
    for phase, seconds in report.timings.items():
        merged.timings[phase] = merged.timings.get(phase, 0.0) + seconds
    for key, count in report.counts.items():
        merged.counts[key] = merged.counts.get(key, 0) + count
    merged.baselined += report.baselined
    merged.baseline_fixed += report.baseline_fixed
    if report.baseline is not None:
        merged.baseline = report.baseline
