"""Where a missing section goes when the person's headings in other words
stand in its place.

A missing section's place lies between the known sections before and after
it in the canonical order (:mod:`doxtool.companions.otherwords`). When
``## Inputs`` and ``## Returns`` stand there, a missing section that carries
no fact lines (``## Work Guidance``) may be one of them: it is reported
without a fix. A section written by the fix into that place splits it: the
person's headings stay in the place of the missing sections on one side of
it only, and those on the other side would then be called missing with a
fix, and written empty on the next round. The section goes among the
person's headings so that each side of it keeps as many of them as it did
for its sections (all of them were enough, or too few), else one at least
for each side with sections kept for them; where no place does, it goes
where it always went (after them).
"""

from __future__ import annotations

from doxtool.companions.conventions import DOXTOOL
from doxtool.companions.factlines import HOME_SECTION
from doxtool.companions.model import Companion, Section
from doxtool.companions.otherwords import holds_none


def _outline(companion: Companion) -> tuple[list[tuple[int, int]], list[Section]]:
    """The known sections (canonical index, start) and the ``##`` headings
    doxtool does not know, read once."""
    order = [spec.title for spec in DOXTOOL.sections]
    known: list[tuple[int, int]] = []
    unknown: list[Section] = []
    for section in companion.sections:
        spec = DOXTOOL.section(section.title)
        if spec is not None:
            known.append((order.index(spec.title), section.start))
        elif section.level == 2:
            unknown.append(section)
    return known, unknown


def _place(known: list[tuple[int, int]], at: int) -> tuple[int, float]:
    """The lines between the known sections before and after canonical index ``at``."""
    after = max((start for index, start in known if index < at), default=-1)
    before = min((start for index, start in known if index > at), default=float("inf"))
    return after, before


def _kept(companion: Companion, title: str) -> bool:
    """Whether the missing section ``title`` may be kept for a heading in
    other words: one that carries no fact lines the fix writes with it (a
    section whose fact lines are nowhere is written by the fix as well)."""
    carries = title in set(HOME_SECTION.values())
    return not carries or not holds_none(companion, title)


def _split(unknown: int, before: int, after: int) -> int | None:
    """How many of the person's ``unknown`` headings to leave before the
    section written, with ``before`` and ``after`` sections kept for them on
    each side: so many that each side holds as many as it did (all of them
    were enough for all the sections, or too few), else one at least on each
    side that has kept sections (a side with none would have them written
    empty); None when no split does."""
    enough = unknown >= before + after

    def holds(k: int) -> bool:
        sides = [(k, before), (unknown - k, after)]
        if any(kept and not count for count, kept in sides):
            return False
        return all((count >= kept) == enough for count, kept in sides if kept)

    def fills(k: int) -> bool:
        return not any(kept and not count for count, kept in ((k, before), (unknown - k, after)))

    for wanted in (holds, fills):
        found = [k for k in range(unknown + 1) if wanted(k)]
        if found:
            return found[0]
    return None


def insertion_point(companion: Companion, title: str) -> int | None:
    """Where the missing section ``title`` goes among the person's headings
    in its place, so that each section kept for them (a missing section
    sharing that place) keeps some of them in its own; None where it goes
    where it always went (after them)."""
    order = [spec.title for spec in DOXTOOL.sections]
    if title not in order:
        return None
    at = order.index(title)
    known, headings = _outline(companion)
    place = _place(known, at)
    after, before = place
    unknown = [section for section in headings if after < section.start < before]
    if not unknown:
        return None
    present = {index for index, _ in known}
    kept = [
        index
        for index, spec in enumerate(DOXTOOL.sections)
        if index != at
        and index not in present
        and _place(known, index) == place
        and _kept(companion, spec.title)
    ]
    if not kept:
        return None  # (no section is kept for the person's headings)
    before_count = sum(1 for index in kept if index < at)
    k = _split(len(unknown), before_count, len(kept) - before_count)
    return None if k is None or k == len(unknown) else unknown[k].start
