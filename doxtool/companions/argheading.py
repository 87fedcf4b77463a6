"""A heading of its own for one argument of a tool (``### `url` ``, then
its text): the person documents that argument there, in a form doxtool does
not read.

Headings for two of the arguments are read as the person's arguments
block (:mod:`doxtool.companions.unreadleads`). One alone, the argument's
name and nothing else, for a tool of several, documents that argument as
much: an ``Arguments of`` block written beside it would state it a second
time, perhaps saying otherwise (``required`` against ``optional``). The
block is reported without a fix; the missing items are the person's to
write in their form. A heading saying more than the name (``### `url`
handling``) is none.
"""

from __future__ import annotations

from doxtool.companions.factlines import ExpectedBlock
from doxtool.companions.headingsubjects import names_other
from doxtool.companions.model import Companion
from doxtool.companions.shownlines import shown_lines
from doxtool.core.patterns import LazyPattern

#: a heading that is one name in a code span alone (``### `url` ``, ``### **`url`**``)
_ALONE = LazyPattern(r"[ \t]{0,3}#{1,6}[ \t]+(\*\*|__)?`([A-Za-z_]\w*)`\1?[ \t]*#*[ \t]*")
#: an ATX heading
_HEADING = LazyPattern(r"[ \t]{0,3}#{1,6}(?:[ \t].*)?")


def argument_heading(companion: Companion, expected: ExpectedBlock, others: set[str]) -> int | None:
    """The line of the first heading that is an argument of ``expected``
    (an arguments block) alone, not under a heading naming another class of
    ``others`` and not its subject; None when there is none."""
    values = expected.values if isinstance(expected.values, list) else []
    names = {v.get("name") for v in values if isinstance(v, dict)}
    over = ""  # the heading the argument's heading stands under
    for number, content in shown_lines(companion):
        alone = _ALONE.fullmatch(content)
        if alone is None:
            over = content if _HEADING.match(content) else over
        elif alone.group(2) in names and not names_other(over, expected.subject or "", others):
            return number
    return None
