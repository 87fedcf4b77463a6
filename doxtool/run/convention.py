"""The convention of a repository whose configuration does not name one.

A configuration that leaves ``convention`` unset is read with the convention
the repository's companions follow, the one ``doxtool init`` would write
(:func:`~doxtool.companions.conventions.convention_of_marks`): an Agent Zero
checkout is checked by Agent Zero's convention without a configuration, and
a repository with no companions yet by doxtool's. It is decided once, when
the project is loaded, and holds for the whole run, fix rounds included.

What decides it is one mark per companion (:func:`companion_mark`), kept in
the facts cache (once there is one) with each companion's modification time
and size, so that a run reads only the companions changed since the last one. This is the
assumption the prompt index and the replay make
(:mod:`doxtool.run.promptindex`): an edit that keeps a file's size and
nanosecond modification time is not seen. Without the cache every companion
is read.
"""

from __future__ import annotations

import os
from typing import Any

from doxtool.companions.conventions import NO_MARK, Detection, companion_mark, convention_of_marks
from doxtool.core.source import ReadError, link_problem, read_text
from doxtool.run.listing import file_line
from doxtool.run.project import Project

_KEY = b"companion-marks"


def detected_convention(project: Project) -> Detection:
    """The convention the companions of ``project`` follow."""
    companions = project.companions
    lines = [_line(project, rel) for rel in companions]
    cache = project.cache
    if cache is not None and (not companions or cache.is_new()):
        # nothing to remember, or no cache yet: a command that stops with an
        # error (a refused scaffold) must leave the tree as it was
        cache = None
    stored = _stored(cache.get_raw(cache.key("index", _KEY))) if cache is not None else {}
    marks: list[str] = []
    changed = False
    for rel, line in zip(companions, lines, strict=True):
        mark = stored.get(line) if line is not None else None
        if mark is None:
            mark = _mark(project, rel)
            changed = True
        marks.append(mark)
    if cache is not None and (changed or len(stored) != len(companions)):
        kept = [(line, mark) for line, mark in zip(lines, marks, strict=True) if line is not None]
        cache.put_raw(
            cache.key("index", _KEY),
            {"lines": "\n".join(line for line, _ in kept), "marks": "".join(m for _, m in kept)},
        )
    return convention_of_marks(marks)


def _line(project: Project, rel: str) -> str | None:
    """The companion's listing line (its path, modification time and size);
    None when it cannot be stamped."""
    try:
        info = os.stat(project.root / rel)
    except (OSError, ValueError):
        return None
    return file_line(rel, (info.st_mtime_ns, info.st_size))


def _mark(project: Project, rel: str) -> str:
    """The mark of the companion at ``rel``, read now; a companion that cannot
    be read (a link out of the repository, undecodable bytes) has none."""
    path = project.root / rel
    text = link_problem(project.root, path) or read_text(path)
    return NO_MARK if isinstance(text, ReadError) else companion_mark(text.text)


def _stored(data: Any) -> dict[str, str]:
    """Listing line -> mark, as stored; empty when the value is malformed."""
    if not isinstance(data, dict):
        return {}
    lines, marks = data.get("lines"), data.get("marks")
    if type(lines) is not str or type(marks) is not str:
        return {}
    split = lines.split("\n") if lines else []
    if len(split) != len(marks):
        return {}
    return dict(zip(split, marks, strict=True))
