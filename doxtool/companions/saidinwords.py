"""Fact lines a person says in their own words, under a heading doxtool
does not know (``## Laufzeitverträge`` over `` - `Notes` ist ein `Tool`. ``).

Such a line names the class and its base, each in a code span and nothing
else in one, with words between them: it says what the ``is a`` line would.
The section of that line is then the person's, under their heading: no
English heading is written for it, and no ``is a`` line beside theirs. Only
the names are compared, never the words, so a line in any language counts.
"""

from __future__ import annotations

import re

from doxtool.companions.conventions import DOXTOOL
from doxtool.companions.model import Companion
from doxtool.companions.shownlines import shown_lines
from doxtool.core.patterns import LazyPattern

_SPAN = LazyPattern(r"`([^`\n]+)`")


def is_a_said(companion: Companion, section_lines: dict[str, list[str]]) -> bool:
    """Whether the person says one of the ``is a`` lines in ``section_lines``
    (key -> rendered lines) in their words (:func:`is_a_line`)."""
    return is_a_line(companion, section_lines) is not None


def is_a_line(companion: Companion, section_lines: dict[str, list[str]]) -> int | None:
    """The 1-based number of a line of ``companion`` that doxtool reads as no
    fact, under a ``##`` heading it does not know, naming exactly the class
    and the base of one of the ``is a`` lines in ``section_lines``."""
    wanted = {
        tuple(_SPAN.findall(lines[0]))
        for key, lines in section_lines.items()
        if key.partition(":")[0] == "is-tool" and lines
    }
    if not wanted:
        return None
    unknown = [
        section
        for section in companion.sections
        if section.level == 2 and DOXTOOL.section(section.title) is None
    ]
    read = {index for block in companion.blocks for index in range(block.start, block.end)}
    for number, text in shown_lines(companion):
        index = number - 1
        if index in read or tuple(_SPAN.findall(text)) not in wanted or not _between(text):
            continue
        if any(s.start < index < s.end for s in unknown):  # (the rare line naming both)
            return number
    return None


def _between(text: str) -> bool:
    """Whether a word stands between the two code spans of ``text``."""
    first = text.index("`", text.index("`") + 1) + 1
    second = text.index("`", first)
    return re.search(r"\w", text[first:second]) is not None
