"""The lines of a companion Markdown shows: outside code blocks, HTML blocks
and HTML comments.

They are read once per companion (the rules ask for them for every heading
they weigh, and a companion of thousands of headings must not cost a scan of
its whole text per heading): the last companion's are kept, with their
numbers, so the lines after a given one are found by bisection.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator

from doxtool.companions.model import Companion
from doxtool.core.edits import line_content

#: the companion (and its list of lines) whose shown lines were read last, and them
_last: tuple[Companion, list[str], list[tuple[int, str]], list[int]] | None = None


def _read(companion: Companion) -> Iterator[tuple[int, str]]:
    in_comment = False
    for index, raw in enumerate(companion.lines):
        if companion.in_code(index):
            in_comment = False
            continue
        text = line_content(raw)
        shown: list[str] = []
        position = 0
        while True:
            if in_comment:
                end = text.find("-->", position)
                if end < 0:
                    break
                position, in_comment = end + 3, False
            start = text.find("<!--", position)
            shown.append(text[position : start if start >= 0 else len(text)])
            if start < 0:
                break
            position, in_comment = start + 4, True
        yield index + 1, "".join(shown)


def _shown(companion: Companion) -> tuple[list[tuple[int, str]], list[int]]:
    global _last
    last = _last
    if last is None or last[0] is not companion or last[1] is not companion.lines:
        lines = list(_read(companion))
        last = _last = (companion, companion.lines, lines, [number for number, _ in lines])
    return last[2], last[3]


def shown_lines(companion: Companion) -> Iterator[tuple[int, str]]:
    """(1-based number, content) of each line of ``companion`` outside its
    code blocks and HTML blocks, with the HTML comments in it left out (one
    opened there and closed on a later line too)."""
    yield from _shown(companion)[0]


def shown_after(companion: Companion, number: int) -> Iterator[tuple[int, str]]:
    """The lines of :func:`shown_lines` after line ``number``."""
    lines, numbers = _shown(companion)
    for index in range(bisect_right(numbers, number), len(lines)):
        yield lines[index]
