"""The names a prompt's list items and table rows open with, written with or
without backticks: ``- response: final answer``, ``- `wait` (optional): ...``,
``| `response` | `text` | final answer |``, ``| wait | seconds | pause |``.

A name so placed may be a tool's, an argument's or any word's: what it is
is known only against the tools there are. The tool listing rule (PRM010)
reads them to tell a wrapper that lists its tools by hand from one that
lists none; a list item opening with a bold or bare name (``- **memory_save**
— save a fact``, ``- wait: pause``) names a tool for PRM001 as one in
backticks does, when a tool is so named (:func:`plain_item_name`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from doxtool.core.mdtables import cells, delimiter_row
from doxtool.prompts.headings import TOOL_NAME_RE, title_name

_NAME = r"[^\W\d][\w.:-]*"
#: a fence opening or closing a code block
_FENCE_RE = re.compile(r"[ \t]{0,3}(`{3,}|~{3,})")
#: a list item (bullet or number) and the name it opens with, bold or in
#: backticks or bare, then ``:``, a parenthesis and ``:``, or a dash; or
#: alone on its line (``- wait``, ``1. **wait**``)
_ITEM_RE = re.compile(
    rf"[ \t]*(?:[-*+]|\d{{1,9}}[.)])[ \t]+(?:\*\*|__)?(?:(`)[ \t]*)?({_NAME})(?(1)[ \t]*`)"
    r"(?:\*\*|__)?[ \t]*(?:\([^()\n]*\)[ \t]*)?(?::|\u2014|\u2013|-(?=\s)|\Z)"
)
#: the name a list item's text opens with, bold (a separator after it or
#: not) or bare (a separator after it), not in backticks
#: (:mod:`doxtool.prompts.reader` reads those)
_BOLD_ITEM_RE = re.compile(
    rf"(\*\*|__)({_NAME}?):?(\1)(?!\w)(?:[ \t]*(?:\([^()\n]*\)[ \t]*)?(?::|\u2014|\u2013|-(?=\s)))?"
)
_BARE_ITEM_RE = re.compile(rf"({_NAME})[ \t]*(?:\([^()\n]*\)[ \t]*)?(?::|\u2014|\u2013|-(?=\s))")
#: an ATX heading and its text
_HEADING_RE = re.compile(r"[ ]{0,3}#{1,6}[ \t]+(\S.*)")
#: a table cell holding just a name, bold or in backticks or bare
_CELL_RE = re.compile(rf"(?:\*\*|__)?(`?)[ \t]*({_NAME})[ \t]*\1(?:\*\*|__)?\Z")


def unfenced(lines: list[str]) -> Iterator[str | None]:
    """The lines outside fenced code blocks, and None where a block opens."""
    fence: str | None = None
    for line in lines:
        opening = _FENCE_RE.match(line)
        if fence is not None:
            if opening and opening.group(1)[0] == fence[0] and len(opening.group(1)) >= len(fence):
                fence = None
        elif opening:
            fence = opening.group(1)
            yield None
        else:
            yield line


def leading_names(text: str) -> list[str]:
    """The names opening the list items, the table body rows and the
    headings of ``text`` (outside fenced code blocks), in order, each once."""
    found: dict[str, None] = {}
    in_table = False
    previous = ""
    for line in unfenced(text.splitlines()):
        if line is None:
            in_table = False
            continue
        if "|" not in line:
            in_table = False
        elif in_table:
            row = cells(line)
            name = _CELL_RE.match(row[0]) if row else None
            if name:
                found[name.group(2)] = None
        elif "|" in previous and delimiter_row(line):
            in_table = True
        item = _ITEM_RE.match(line)
        if item:
            found[item.group(2)] = None
        heading = _HEADING_RE.match(line)
        named = title_name(heading.group(1)) if heading else None
        if named:  # ``### todo: keep a list``, by its first word
            found[named] = None
        previous = line
    return list(found)


def bold_lead_name(content: str) -> bool:
    """Whether a paragraph opens with a name in bold, in lower case as a tool's
    is, before a separator (``**image_gen** - makes images``): it names it as a
    list item does; a label (``**Note:**``, ``**Key Guidelines:**``) names none."""
    found = _BOLD_ITEM_RE.match(content)
    if found is None or (found.end() == found.end(3) and content[found.start(3) - 1] != ":"):
        return False  # ``**image_gen** makes images``: no separator
    name = found.group(2).rstrip(":")
    return name == name.lower() and plain_item_name(content) is not None


def plain_item_name(content: str) -> tuple[int, str] | None:
    """The bold or bare name a list item's text opens with (``**memory_save**
    — save a fact``, ``**wait:**``, ``wait: pause``) and its offset; a bare
    name needs a separator after it (``wait briefly`` names nothing), a bold
    one does not; an item saying its name is gone names nothing."""
    bold = _BOLD_ITEM_RE.match(content)
    found = bold or _BARE_ITEM_RE.match(content)
    if found is None:
        return None
    group = 2 if bold else 1  # the name's
    name = found.group(group).rstrip(":")
    close = found.end(3) if bold else found.end(1)
    if not TOOL_NAME_RE.match(name):
        return None
    # (imported here: its patterns are compiled only when a prompt is read)
    from doxtool.prompts.negation import item_forbids

    if item_forbids(content, close, found.end()):
        return None  # ``- **old_tool** (deprecated)``, ``- old_tool: removed``
    return found.start(group), name


#: a name in a line listing names, bold or in backticks or bare, maybe with
#: its parameters (``wait(seconds)``)
_LINED = r"(?:\*\*)?`?[^\W\d][\w.-]*(?::[\w.-]+)?`?(?:\*\*)?(?:\([^()\n]*\))?"
#: names separated by commas (the last maybe after ``and`` or ``or``) making
#: up a line or its part after a colon, up to a full stop or a semicolon
_LINE_LIST_RE = re.compile(
    rf"(?:^|(?<=:))[ \t]*({_LINED}(?:[ \t]*,[ \t]*(?:(?:and|or)[ \t]+)?{_LINED})+"
    rf"(?:[ \t]+(?:and|or)[ \t]+{_LINED})?)"
    r"[ \t]*(?=[.;]|$)",
    re.M,
)
#: a word before a line's names saying they are not to be called (``Never
#: call: wait, search``, ``Disabled: wait, search``)
_DENIED_RE = re.compile(
    r"\b(?:never|not|no|don[\u2019']?t|disabled|removed|unavailable|forbidden|deprecated|"
    r"avoid|except|without)\b",
    re.I,
)
#: an HTML comment, which shows the model nothing
_COMMENT_RE = re.compile(r"<!--.*?(?:-->|\Z)", re.S)


def line_listed_names(text: str) -> list[list[str]]:
    """The names of each line (outside fenced code blocks) that lists them
    separated by commas, alone or after a label (``Tools: wait, search,
    response``, ``Use one of: wait, search.``), as a short prompt lists its
    tools; what they name is known only against the tools there are. Not a
    line in an HTML comment, nor names after words saying not to call them
    (``Never call: wait, search``)."""
    found: list[list[str]] = []
    for line in unfenced(_COMMENT_RE.sub("", text).splitlines()):
        if line is None or "," not in line:
            continue
        for match in _LINE_LIST_RE.finditer(line):
            if _DENIED_RE.search(line[: match.start()]):
                continue  # ``Disabled here: wait, search``
            parts = re.split(
                r"[ \t]*,[ \t]*(?:(?:and|or)[ \t]+)?|[ \t]+(?:and|or)[ \t]+", match.group(1)
            )
            # (``Tools: wait, search.``: the full stop is no part of the last name)
            found.append([part.split("(", 1)[0].strip("`*").rstrip(".") for part in parts])
    return found
