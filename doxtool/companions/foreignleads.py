"""An arguments lead in another language: a bullet naming the tool class
and ending with a colon (``- Argumente von `FetchTool`:``, ``- Аргументы
`FetchTool`:``, ``- `FetchTool` 的参数：``) over the items of its arguments.

doxtool reads the lead in English only; such a line, whatever its words,
is the person's arguments lead when the items nested under it open with
the arguments the code reads as their terms (at least half of them, and
two; one, for a tool of one argument), as a heading in any language over
them is (:func:`~doxtool.companions.unreadleads.unread_lead`): the block is
reported as not in a form doxtool reads, and no fix writes a second one
beside it.
"""

from __future__ import annotations

import re

from doxtool.companions.model import Companion
from doxtool.companions.shownlines import shown_after, shown_lines
from doxtool.core.patterns import LazyPattern

#: a bullet at the margin ending with a colon (in bold or not)
_LEAD = LazyPattern(r" ?[-*+][ \t]+.*`[^`]+`.*?[:\uff1a](?:\*\*|__)?[ \t]*")
#: an item nested under it and the name it opens with, as its term
_ITEM = LazyPattern(
    r"[ \t]+(?:[-*+]|\d+[.)])[ \t]+(?:\*\*|__)?`(?P<name>[^`\s]+)`(?:\*\*|__)?[ \t]*"
    r"(?:$|[:(\u2013\u2014\uff1a\uff08,]|-[ \t])"
)
_NESTED_ITEM = LazyPattern(r"[ \t]+(?:[-*+]|\d+[.)])[ \t]")


def foreign_lead(companion: Companion, subject: str | None, names: set[str]) -> int | None:
    """The number of the first bullet naming ``subject`` in a code span and
    ending with a colon whose nested items name ``names`` as their terms;
    None when there is none."""
    if not subject or not names:
        return None
    class_span = re.compile(rf"`(?:[\w.]*\.)?{re.escape(subject)}`")
    for number, content in shown_lines(companion):
        if not _LEAD.fullmatch(content) or class_span.search(content) is None:
            continue
        named = arguments = 0
        for _, under in shown_after(companion, number):
            if not under.strip():
                continue
            if not under[:1].isspace():
                break  # past the items
            if _NESTED_ITEM.match(under):
                named += 1
                found = _ITEM.match(under)
                arguments += found is not None and found.group("name") in names
        if arguments >= min(2, len(names)) and 2 * arguments >= named:
            return number
    return None
