"""The convention of a repository whose configuration does not name one.

A configuration that leaves ``convention`` unset is read with the convention
the repository's companions follow, the one ``doxtool init`` would write
(:func:`~doxtool.companions.conventions.convention_of_marks`): an Agent Zero
checkout is checked by Agent Zero's convention without a configuration, and
a repository with no companions yet by doxtool's. It is decided once, when
the project is loaded, and holds for the whole run, fix rounds included.

What decides it is one mark per companion (:func:`companion_mark`) of at
most :data:`SAMPLE` companions, spread evenly over them in path order, so
that a run over a large repository reads a few dozen small files for it,
not all of them. The answer is the same for the same files: an edit that
changes it changes the configuration the incremental state is keyed by
(:func:`~doxtool.run.state.state_key`), and the next run is a full one.
"""

from __future__ import annotations

from doxtool.companions.conventions import NO_MARK, Detection, companion_mark, convention_of_marks
from doxtool.core.source import ReadError, link_problem, read_text
from doxtool.run.project import Project

#: at most this many companions are read to decide
SAMPLE = 100


def detected_convention(project: Project) -> Detection:
    """The convention the companions of ``project`` follow."""
    companions = sorted(project.companions)
    count = len(companions)
    if count > SAMPLE:
        companions = [companions[i * count // SAMPLE] for i in range(SAMPLE)]
    return convention_of_marks([_mark(project, rel) for rel in companions])


def _mark(project: Project, rel: str) -> str:
    """The mark of the companion at ``rel``; a companion that cannot be read
    (a link out of the repository, undecodable bytes) has none."""
    path = project.root / rel
    text = link_problem(project.root, path) or read_text(path)
    return NO_MARK if isinstance(text, ReadError) else companion_mark(text.text)
