"""Where a companion's fact block ends: the lines that continue it (nested
items, notes indented under them, items a person wrote flat under the
lead), past blank lines and a person's paragraphs between its items (a loose
list), and a sentence wrapped onto indented lines.

An arguments block's items are nested under its lead, or (as a person may
copy the flat style of the `Classes:` lists) flat at its level, right under
it: `` - `seconds`: optional integer, default `0`. `` read as an item of the
block (:func:`flat_argument`), until a line that is not one, such as the
next lead. :mod:`doxtool.companions.parsing` reads the blocks so bounded.
"""

from __future__ import annotations

from typing import Any

from doxtool.companions.argitems import argument_line
from doxtool.companions.argtables import table_row
from doxtool.companions.bullets import flat_member, is_item
from doxtool.companions.codespans import spans
from doxtool.companions.factlines import MULTILINE_KINDS, split_sentence
from doxtool.companions.itemtext import LIST_MARKER
from doxtool.companions.leads import (
    _BULLET,
    _IDENTIFIER,
    _continues,
    _is_blank,
    _is_indented,
    _lead,
)
from doxtool.companions.wraps import wrapped_item
from doxtool.core.edits import line_content
from doxtool.core.patterns import LazyPattern

#: kinds whose sentence a person may wrap onto indented lines
WRAPPED_KINDS = ("constants", "imports", "helpers", "side-effects")

#: a list item at the margin (as a lead is written) and its text
_MARGIN_ITEM = LazyPattern(r"(?P<mark> ?[-*+][ \t]+)(?P<body>.*)")
#: a name in a code span, perhaps set in emphasis, opening a line's text
_OPENING_NAME = LazyPattern(r"(?:\*\*|__|\*|_)?`[ \t]*[\"']?(?P<name>[^\W\d]\w*)[\"']?[ \t]*`")


def flat_argument(content: str) -> tuple[tuple[list[dict[str, Any]], bool], str] | None:
    """A list item at the margin that reads as an item of an arguments block
    written flat under its lead -> (what :func:`argument_line` reads of it,
    its mark: `` - ``); None for any other line.

    Such an item opens with the argument's name in a code span (names that
    are identifiers, several joined by commas or ``and``) and sets its
    facts off from it (a colon, a dash, parentheses): a name alone, a path
    or a call in the span, and any lead (`` - `break_loop` of `X`: ``,
    `` - `X` is a `Tool`. ``) are not items.
    """
    if _is_indented(content) or _lead(content) is not None:
        return None
    match = _MARGIN_ITEM.fullmatch(content)
    if match is None:
        return None
    body = match.group("body")
    parts = spans(body)
    if not parts or not parts[0].code or parts[0].start != 0:
        return None
    names_end = _names_end(parts)
    names = [part for part in parts if part.code and part.end <= names_end]
    if not body[parts[0].end :].strip(" \t.") or not all(
        _IDENTIFIER.fullmatch(part.text.strip(" \t\"'")) for part in names
    ):
        return None
    read = argument_line("  " + content)
    return (read, match.group("mark")) if read is not None else None


def _names_end(parts: list[Any]) -> int:
    """Where the names opening an item (`` `a`, `b` and `c` ``) end."""
    end = parts[0].end
    for index in range(1, len(parts) - 1, 2):
        between, name = parts[index], parts[index + 1]
        if between.code or not name.code or between.text.strip(" \t,") not in ("", "and", "or"):
            break
        end = name.end
    return end


def flat_start(lines: list[str], index: int, stops: set[int], code_lines: set[int]) -> bool:
    """Whether the line right after an arguments lead (at ``index``) is an
    item written flat under it (:func:`flat_argument`)."""
    return (
        index < len(lines)
        and index not in stops
        and index not in code_lines
        and flat_argument(line_content(lines[index])) is not None
    )


def names_under(lines: list[str], index: int, stops: set[int], code_lines: set[int]) -> bool:
    """Whether, past blank lines after a lead (``index`` is the line after
    it), a line opens with a name in a code span, as a term of a definition
    list (`` `seconds` `` then ``: optional integer``), a paragraph or a
    list item doxtool does not read as an argument item: items in a form
    it does not read, that no second list should be written beside."""
    while index < len(lines) and index not in stops and _is_blank(line_content(lines[index])):
        index += 1
    if index >= len(lines):
        return False
    if index in stops:
        # a heading of its own for each argument (``#### `url` ``)
        heading = _NAME_HEADING.match(line_content(lines[index]))
        return heading is not None and opening_name(heading.group("text")) is not None
    if index in code_lines:
        # a code block: its keys are judged against the arguments (keys_under)
        return False
    content = line_content(lines[index])
    return _lead(content) is None and opening_name(content) is not None


#: an ATX heading and its text (``#### `url` ``)
_NAME_HEADING = LazyPattern(r"[ \t]{0,3}#{1,6}[ \t]+(?P<text>.*)")

#: a key of an object written in a code block: ``"url": ...`` (JSON, a
#: Python dict) or ``url: ...`` (YAML)
_CODE_KEY = LazyPattern(
    r"""["'](?P<key>[A-Za-z_]\w*)["'][ \t]*:|^[ \t]*(?P<yaml>[A-Za-z_]\w*):(?:[ \t]|$)"""
)


def keys_under(
    lines: list[str], index: int, stops: set[int], code_lines: set[int]
) -> tuple[str, ...]:
    """The keys of objects the code block right after a lead writes, past
    blank lines (``index`` is the line after the lead), in their order and
    once each: an example of the arguments (``{"url": "..."}``, ``url:
    ...``) names them there, in a form not read; whether it is one depends
    on the tool's arguments."""
    while index < len(lines) and index not in stops and _is_blank(line_content(lines[index])):
        index += 1
    keys: dict[str, None] = {}
    while index < len(lines) and index in code_lines:
        for found in _CODE_KEY.finditer(line_content(lines[index])):
            keys[found.group("key") or found.group("yaml")] = None
        index += 1
    return tuple(keys)


def opening_name(content: str) -> str | None:
    """The name in a code span (perhaps in emphasis or quoted) a line's
    text opens with, after its indentation and list marker; None when it
    opens with none."""
    marker = _BULLET.match(content)
    text = content[marker.end() :] if marker else content
    found = _OPENING_NAME.match(text.lstrip(" \t"))
    return found.group("name") if found else None


def wrapped_end(lines: list[str], start: int, stops: set[int]) -> int:
    """The end of a sentence line wrapped onto the indented lines after it
    (lines that are not bullets, until the sentence's full stop)."""
    end = start + 1
    text = line_content(lines[start])
    while end < len(lines) and end not in stops and not split_sentence(text)[2]:
        content = line_content(lines[end])
        if not _is_indented(content) or _BULLET.match(content):
            break
        text += " " + content.strip(" \t")
        end += 1
    return end


def extent(
    kind: str, lines: list[str], index: int, stops: set[int], code: set[int], flat: bool = False
) -> int:
    """Where a ``kind`` block that reached ``index`` ends; ``flat``: an
    arguments block whose items are written flat under its lead (see
    :func:`flat_argument`). A class's methods written flat under it (a
    signature at the class's level, right after the class or another of
    its methods) go on with a classes block."""
    owned = False
    while index < len(lines) and index not in stops:
        content = line_content(lines[index])
        if _continues(kind, content, index in code) or wrapped_item(
            kind, lines, index, stops, code
        ):
            owned = kind == "classes" and (owned or is_item(kind, content))
        elif index in code or not (
            (flat and flat_argument(content) is not None)
            or (owned and flat_member(content))
            or (flat and _note_between(lines, index, stops, code))
        ):
            break
        index += 1
    return index


#: a bullet at the margin opening with a label in emphasis (``- **Achtung:**
#: ...``, ``- *Nota:* ...``, ``- **注意**： ...``): a person's note, in any language
_LABELLED_NOTE = LazyPattern(
    r"[-*+][ \t]+(?P<mark>\*\*|__|\*|_)[^\W\d_][^`*_:：]{0,40}?"
    r"(?:[:：](?P=mark)|(?P=mark)[ \t]*[:：])"
)


def _labelled_note(content: str) -> bool:
    """Whether ``content`` is a bullet at the margin that is a person's
    labelled note between the items of an arguments block written flat
    under its lead, not an item. A label with nothing after it (``-
    **Returns:**``), or with words ending in a colon (``- **Errors:** one
    per case:``), leads a list of its own: the items under it are not the
    block's."""
    found = _LABELLED_NOTE.match(content)
    if found is None:
        return False
    text = content[found.end() :].strip(" \t*_")
    return bool(text) and not text.endswith((":", "：")) and argument_line(content) is None


def _note_between(lines: list[str], index: int, stops: set[int], code: set[int]) -> bool:
    """Whether line ``index`` is a person's labelled note (``- **Achtung:**
    ...``) between two items of an arguments block written flat under its
    lead: the next line is such an item again."""
    following = index + 1
    return (
        _labelled_note(line_content(lines[index]))
        and following < len(lines)
        and following not in stops
        and following not in code
        and flat_argument(line_content(lines[following])) is not None
    )


def _paragraph_line(content: str) -> bool:
    """A line at the margin that is neither a list item nor a table row: a
    person's note between the items of a block."""
    return not (_is_indented(content) or LIST_MARKER.match(content) or table_row(content))


def past_notes(
    kind: str, lines: list[str], index: int, stops: set[int], code_lines: set[int]
) -> int | None:
    """The next line of a ``kind`` block that reached ``index``, past blank
    lines and a person's notes written as paragraphs between its items; None
    when no line of the block follows them (or ``index`` is neither).

    A blank line does not end a list (a loose list): an item of the block,
    or a line indented under one (a paragraph of the item), goes on with it.
    Past a note at the margin, only an item does.
    """
    following, noted = index, False
    while following < len(lines) and following not in stops:
        content = line_content(lines[following])
        if _is_blank(content):
            following += 1
        elif following not in code_lines and _paragraph_line(content):
            following, noted = following + 1, True
        else:
            break
    if following == index or following >= len(lines) or following in stops:
        return None
    content = line_content(lines[following])
    if kind == "arguments":
        read = following not in code_lines and argument_line(content) is not None
        return following if read or (not noted and _is_indented(content)) else None
    if following not in code_lines and (
        is_item(kind, content) or wrapped_item(kind, lines, following, stops, code_lines)
    ):
        return following
    return following if not noted and _is_indented(content) else None


def loose_extent(
    kind: str, lines: list[str], end: int, stops: set[int], code_lines: set[int]
) -> int:
    """The end of a ``kind`` block whose lines reach ``end``, with the lines
    of it past blank lines and notes (see :func:`past_notes`)."""
    if kind not in MULTILINE_KINDS:
        return end
    while True:
        following = past_notes(kind, lines, end, stops, code_lines)
        if following is None:
            return end
        further = extent(kind, lines, following, stops, code_lines)
        if further <= following:
            return end
        end = further
