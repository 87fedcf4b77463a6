"""A line naming no class, in a companion of several tool classes, that can
be about one of them only.

``- Arguments: none.`` names no class: in a companion of one tool class it
is that class's; of several, it may be about any of them, and is read as
one's only under a heading naming it. Where every other class the
companion is expected to list the arguments of has its own block naming it
(``- Arguments of `Echo`:`` then its items), such a line cannot be about
them: it is the one class's left, and no second line is written beside it.
"""

from __future__ import annotations

from doxtool.companions.factlines import ExpectedBlock
from doxtool.companions.model import Companion
from doxtool.core.edits import line_content
from doxtool.core.patterns import LazyPattern


def last_without_block(companion: Companion, expected: ExpectedBlock, unnamed: LazyPattern) -> bool:
    """Whether ``expected`` (an arguments block the companion lacks) is the
    one class of its section with no block of its kind in the companion,
    every other such class having one whose lead names it (its lead line
    not ``unnamed``, a pattern of the lines naming no class)."""
    if expected.kind != "arguments":
        return False
    kind = f"{expected.kind}:"
    others = [key for key in expected.section_lines if key.startswith(kind) and key != expected.key]
    if not others:
        return False
    for key in others:
        block = companion.block(key)
        if block is None or unnamed.fullmatch(line_content(companion.lines[block.start])):
            return False
    return True
