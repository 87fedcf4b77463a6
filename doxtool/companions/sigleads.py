"""What a person may write before the name in a method or function item's
signature: the decorators the code puts on it, as the code writes them
(`` `@classmethod from_text(cls, text)` ``, `` `@functools.cache load()` ``,
`` `@retry(3) async def fetch(url)` ``), or a descriptor's word alone
(`` `staticmethod clean(value)` ``), then ``async`` and ``def``.

None of it is compared with the code: the item is known by the name and the
parameters after it, and a rewrite of its signature keeps what was written
before them.
"""

from __future__ import annotations

import re

#: decorators, each ``@`` and a dotted name with its call's arguments, and a
#: descriptor's word written without ``@``; each set off by white space
DECORATIONS = (
    r"(?:@[^\W\d][\w.]*(?:\([^()\n]*\))?\s+)*"
    r"(?:(?:classmethod|staticmethod|property)\s+(?=[^\W\d]))?"
)
#: all that may come before a signature's name
SIGNATURE_LEAD = DECORATIONS + r"(?:async\s+)?(?:def\s+)?"

_DECORATIONS = re.compile(r"\s*" + DECORATIONS)


def decorations(text: str) -> str:
    """The decorators ``text`` writes before its signature, with the white
    space after them ("" when none)."""
    found = _DECORATIONS.match(text)
    return found.group(0) if found is not None else ""


def undecorated(text: str) -> str:
    """``text`` without the decorators written before its signature."""
    return text[len(decorations(text)) :]
