"""How the text of a companion's list item reads: the emphasis a person
sets around the code span it opens with (``- **`WaitTool`** (`Tool`)``),
and the lines its text is wrapped onto (``- `load(path: str)`` then
``  -> None` ``: one code span, as CommonMark reads a paragraph). Item
readers match a name or a signature in the text these give them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from doxtool.companions.factlines import spans
from doxtool.core.patterns import LazyPattern

T = TypeVar("T")

#: emphasis a person may set an item's code span in, longest first
_EMPHASIS = ("**", "__", "*", "_")
#: each mark, with the openings of a code span set in it (``**`x`**``, ``**[`x`](#x)**``)
_OPENINGS = tuple((mark, (mark + "`", mark + "[`")) for mark in _EMPHASIS)


def dressed_span(body: str) -> tuple[int, int, str, int] | None:
    """The code span a list item's text ``body`` opens with, past the
    emphasis a person may set around it (``**`name`**``, ``*`name`*``,
    ``__`name`__``, ``_`name`_``, ``**[`name`](#name)**``): (its start and end, backticks included,
    its content, the column where the markup around it closes); None when
    the text opens with no code span, or with emphasis not closed right
    after it."""
    # ``**[`name`](#name)**``: a link whose text is the span, in emphasis
    markup = ""
    if body[:1] in _EMPHASIS:  # every mark opens with its own first character
        markup = next((mark for mark, opening in _OPENINGS if body.startswith(opening)), "")
    parts = spans(body[len(markup) :])
    if not parts or not parts[0].code or parts[0].start != 0:
        return None
    start, end = len(markup) + parts[0].start, len(markup) + parts[0].end
    if markup and not body.startswith(markup, end):
        return None
    if markup and body[end + len(markup) : end + len(markup) + 1] == markup[0]:
        return None  # (``*`x`**``: another run of markup)
    return start, end, parts[0].text, end + len(markup)


#: the most lines an item's text is read wrapped onto
MAX_WRAPPED = 32

#: a line opening a list item (a bullet or a number)
LIST_MARKER = LazyPattern(r"[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)")


def continuation(lines: list[tuple[int, str]], position: int, code_lines: set[int]) -> list[str]:
    """The lines continuing the text of the list item at ``position`` of
    ``lines`` ((index, content) pairs): those right after it that are
    neither blank, code nor a list item."""
    following: list[str] = []
    previous = lines[position][0]
    for index, content in lines[position + 1 :]:
        if index != previous + 1 or index in code_lines or not content.strip(" \t"):
            break
        if LIST_MARKER.match(content):
            break
        following.append(content)
        previous = index
    return following


def read_wrapped(
    content: str, following: list[str], read: Callable[[str], T | None]
) -> tuple[T, int, Callable[[int], tuple[int, int]]] | None:
    """What ``read`` finds on ``content`` or, when the line alone reads as
    nothing and opens a code span, on it joined to the fewest of the lines
    ``following`` it that make it read (a code span or parentheses wrapped
    onto the next line: one space where the line breaks, the next line's
    indentation left out): (what it read, how many lines were joined, a
    function turning a column of the joined text into (line offset, column
    of that line)); None when no joining reads."""
    found = read(content)
    if found is not None:
        return found, 0, lambda column: (0, column)
    if "`" not in content or not LIST_MARKER.match(content):
        return None
    joined, starts = content, [(0, 0)]
    for count, line in enumerate(following[:MAX_WRAPPED], 1):
        stripped = line.lstrip(" \t")
        starts.append((len(joined) + 1, len(line) - len(stripped)))
        joined = f"{joined} {stripped}"
        found = read(joined)
        if found is not None:
            return found, count, lambda column: _place(starts, column)
    return None


def _place(starts: list[tuple[int, int]], column: int) -> tuple[int, int]:
    """The (line offset, column) of a column of a joined text whose lines
    start at ``starts`` (column in the joined text, indentation left out)."""
    line = max(n for n, (start, _) in enumerate(starts) if column >= start)
    start, indent = starts[line]
    return line, column - start + indent
