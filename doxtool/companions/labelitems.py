"""A list item that labels the list nested under it, in any words or language.

A person may lead a list of a tool's arguments (or of the module's classes)
with an item of their own words rather than a heading: ``- Argumente von
`Notes`:``, ``- Parámetros:``, ``- Klassen:``, each over items indented under
it. Such an item stands where a heading would (``## Argumente``): the list
under it is read as the list a heading leads, so no fix writes a second one
beside it. Only where such a list belongs, though: in the section of the
block it would be (Runtime Contracts for the arguments, Ownership for the
classes) or under a heading in other words (``## Zuständigkeit``). An item
of another section doxtool knows (``## Work Guidance``: ``- Validation:``,
``- When extending:``) is one of that section's notes, and the names opening
the items under it are what the notes are about.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from doxtool.companions.factlines import HOME_SECTION, SECTION_ALIASES, SECTIONS
from doxtool.companions.headings import normalize_title
from doxtool.companions.model import Companion
from doxtool.companions.shownlines import shown_after
from doxtool.core.edits import line_content
from doxtool.core.patterns import LazyPattern

#: an item at the margin whose text ends with a colon, a label
#: (``- Argumente von `Notes`:``, ``* **Parámetros**:``, ``- 参数：``)
_LABEL_ITEM = LazyPattern(r"[-*+][ \t]+\S.*?[:\uff1a](?:\*\*|__)?[ \t]*")
#: the indentation of a line
_INDENT = LazyPattern(r"[ \t]*")


def label_item(content: str) -> bool:
    """Whether ``content`` is an item at the margin labelling a list, its
    text ending with a colon (``- Argumente von `Notes`:``)."""
    return _LABEL_ITEM.fullmatch(content) is not None


def _titles(title: str) -> set[str]:
    """The titles, normalised, a section of ``title`` may have."""
    return {normalize_title(t) for t in (title, *SECTION_ALIASES.get(title, ()))}


#: the titles of the sections doxtool knows, normalised
_KNOWN = {title for section in SECTIONS for title in _titles(section)}


def label_lead(companion: Companion, number: int, content: str, kind: str) -> bool:
    """Whether line ``number`` (``content``) is a label item (:func:`label_item`)
    that may lead the list of a block of ``kind``: it stands in that block's
    section or in one titled in words doxtool does not know, never in
    another section doxtool knows (``- Validation:`` under ``## Work
    Guidance`` leads notes on the arguments it names, not their list)."""
    if not label_item(content):
        return False
    section = companion.section_at(number - 1)
    if section is None:
        return True
    title = normalize_title(section.title)
    return title not in _KNOWN or title in _titles(HOME_SECTION.get(kind, ""))


def listed_under(companion: Companion, number: int) -> Iterator[tuple[int, str]]:
    """The shown lines after line ``number`` as a list under it is read:
    after a heading, all of them; after a label item (:func:`label_item`),
    the lines indented under it, with the indentation of its first nested
    line taken off, so its own items are at the margin and theirs are
    nested; it ends at the first line at the margin."""
    after = shown_after(companion, number)
    lines = companion.lines
    if not 0 < number <= len(lines) or not label_item(line_content(lines[number - 1])):
        yield from after
        return
    margin = ""
    for at, content in after:
        if not content.strip():
            yield at, content
            continue
        indent = _INDENT.match(content)
        width = indent.end() if indent is not None else 0
        if not width:
            return  # past the items nested under the label
        margin = margin or content[:width]
        yield at, content[len(margin) :] if content.startswith(margin) else content.lstrip()


#: English words a person titles notes on a list's names with, never their
#: list (``**Pitfalls:**`` over `` - `seconds`: never above 60.``, ``**Note:**``
#: over `` - `WaitTool`: keep it stateless.``)
_GUIDANCE_WORDS = frozenset(
    {
        "note", "notes", "pitfall", "pitfalls", "caveat", "caveats", "example",
        "examples", "tip", "tips", "warning", "warnings", "gotcha", "gotchas",
        "limitation", "limitations", "see", "also", "important", "caution",
        "hint", "hints", "remark", "remarks", "troubleshooting",
        "issues", "faq", "todo", "guidance", "beware", "avoid", "mistakes",
    }
)  # fmt: skip
_LABEL_WORD = LazyPattern(r"[^\W\d_]+")


def guidance_label(content: str) -> bool:
    """Whether the heading or bold label ``content`` is worded as notes
    (:data:`_GUIDANCE_WORDS`): the list under it is about the names it
    opens with, not their list."""
    words = _LABEL_WORD.findall(re.sub(r"`[^`]*`", "", content).casefold())  # not a name's
    return any(word in _GUIDANCE_WORDS for word in words)
