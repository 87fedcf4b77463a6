"""Functions (or classes) listed past a person's note in the list of a
Functions (or Classes) block.

A person may open the list under ``- Top-level functions:`` with a note of
their own, an item like the others (``- Helpers below are private.``), then
list the functions. doxtool reads the block up to the note; the functions
after it are listed all the same, in the list the lead heads, so none of
them is missing and no fix writes a second copy above the note. Being set
off from the block, they are never called stale either.
"""

from __future__ import annotations

import re

from doxtool.companions.bullets import class_bullet, function_item
from doxtool.companions.itemtext import LIST_MARKER
from doxtool.companions.linked_tests import test_paths
from doxtool.companions.model import Companion, FactBlock
from doxtool.companions.sigleads import SIGNATURE_LEAD
from doxtool.core.edits import line_content

#: a Markdown heading, which ends the section and so the list
_HEADING = re.compile(r"[ \t]{0,3}#{1,6}(?:[ \t]|$)")


def listed_past(companion: Companion, block: FactBlock, kind: str) -> set[str]:
    """The names of the functions (or classes) that items after ``block``
    (a Functions or Classes block, by ``kind``) list in the same list, past
    the person's items between them, up to the section's end: the list goes
    on while its lines are items, lines indented under them, or blank lines."""
    if kind not in ("classes", "functions"):
        return set()
    names: set[str] = set()
    for index in range(max(block.end, block.loose_end), len(companion.lines)):
        content = line_content(companion.lines[index])
        if companion.in_code(index):
            continue
        if _HEADING.match(content):
            break
        if not content.strip() or content[:1] in " \t":
            continue
        if not LIST_MARKER.match(content):
            break  # a paragraph at the margin ends the list
        if kind == "classes":
            item = class_bullet(content)
            if item is not None:
                names.add(item.name)
            continue
        found = function_item(content)
        named = _FUNCTION_NAME.match(found.text) if found is not None else None
        if named is not None:
            names.add(named.group(1))
    return names


#: the function's name in an item's signature or name, past ``async`` and
#: ``def`` (`` `async def fetch(name)` ``, `` `_clean` ``)
_FUNCTION_NAME = re.compile(r"[ \t]*" + SIGNATURE_LEAD + r"([^\W\d]\w*)")


def listed_elsewhere(
    companion: Companion, block: FactBlock, kind: str, table: set[str] | None
) -> set[str]:
    """The names (a test by the paths it names) a bullet block lists outside
    the items doxtool reads: in a table it does not read (``table``, its
    names), or past a person's note (:func:`listed_past`)."""
    return {
        path if kind == "tests" else name
        for name in [*(table or ()), *listed_past(companion, block, kind)]
        for path in (test_paths(name) if kind == "tests" else [name])
    }
