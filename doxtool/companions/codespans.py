"""Markdown code spans in a companion's line: where each is, and what it holds.

A code span that is the whole text of an inline link (``[`WaitTool`](#waittool)``,
``[`helpers.tool`](../helpers/tool.py)``) names what it links, as the bare
span does: it is one span, and the link's target is no text of the line.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

BACKTICK_RUN = re.compile(r"`+")


class Span(NamedTuple):
    """A piece of a line: a code span (content unwrapped) or plain text.

    A named tuple: a companion's lines are split into thousands of these.
    """

    code: bool
    text: str
    start: int
    end: int


#: what closes a link whose text ends just before: ``](target)`` or
#: ``](target "title")``, the target without spaces (or in ``<...>``), one
#: level of parentheses in it, no backtick
LINK_TAIL = re.compile(r"\]\((?:<[^<>`\n]*>|(?:[^()\s`]|\([^()\s`]*\))*)(?:[ \t]+\"[^\"`]*\")?\)")


def _link_opens(text: str, at: int) -> bool:
    """Whether a link's text opens right before position ``at``: a ``[`` that
    is neither escaped nor an image's (``![``)."""
    if at == 0 or text[at - 1] != "[":
        return False
    before = text[: at - 1]
    if before.endswith("!"):
        return False
    backslashes = len(before) - len(before.rstrip("\\"))
    return backslashes % 2 == 0


@lru_cache(maxsize=4096)
def spans(text: str) -> tuple[Span, ...]:
    """Split a line into code spans and plain text, as CommonMark does.

    A run of N backticks opens a code span closed by the next run of exactly
    N backticks; an unmatched run is plain text. A code span that is the whole
    text of an inline link (``[`name`](target)``) is one span with the
    link's extent: it names an item as the bare span does. Remembered per
    text (reading a companion and judging it split the same lines several
    times): the result is shared, hence a tuple.
    """
    if "`" not in text:
        return (Span(False, text, 0, len(text)),) if text else ()
    runs = [(match.start(), match.end()) for match in BACKTICK_RUN.finditer(text)]
    # closer[i]: the next run with the same length as run i (linear, so a
    # line full of backticks cannot make this quadratic)
    closer: list[int | None] = [None] * len(runs)
    next_of_length: dict[int, int] = {}
    for index in range(len(runs) - 1, -1, -1):
        length = runs[index][1] - runs[index][0]
        closer[index] = next_of_length.get(length)
        next_of_length[length] = index
    result: list[Span] = []
    plain_start = 0
    index = 0
    while index < len(runs):
        close = closer[index]
        if close is None:
            index += 1
            continue
        open_start, open_end = runs[index]
        close_start, close_end = runs[close]
        content = text[open_end:close_start]
        if len(content) >= 2 and content[0] == content[-1] == " " and content.strip(" "):
            content = content[1:-1]
        # a code span that is the whole text of a link names what it links:
        # the link is the span (its target is no text of the line)
        link = LINK_TAIL.match(text, close_end) if _link_opens(text, open_start) else None
        if link is not None:
            open_start, close_end = open_start - 1, link.end()
        if plain_start < open_start:
            result.append(Span(False, text[plain_start:open_start], plain_start, open_start))
        result.append(Span(True, content, open_start, close_end))
        plain_start = close_end
        index = close + 1
    if plain_start < len(text):
        result.append(Span(False, text[plain_start:], plain_start, len(text)))
    return tuple(result)
