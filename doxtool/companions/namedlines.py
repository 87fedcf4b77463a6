"""Lines a person wrote in or beside an arguments block that name, in
backticks or as the plain word an item opens with (``- limit (int): ...``),
an argument the block lacks: a fix adding the item would write a
second one beside the person's, so none is offered.

The lines doxtool did not read as items inside the block (`` - `days` is
the day count ``), and the lines right after it up to the next fact line or
heading: items written in a form not read as the block's (at the lead's
level after nested ones, as a definition list's terms).
"""

from __future__ import annotations

from collections.abc import Iterator

from doxtool.companions.extents import opening_name
from doxtool.companions.factlines import ExpectedBlock, code_contents
from doxtool.companions.fieldnames import field_name
from doxtool.companions.leads import _lead
from doxtool.companions.model import Companion, FactBlock
from doxtool.companions.unreadleads import shown_lines
from doxtool.core.edits import line_content
from doxtool.core.patterns import LazyPattern

#: an item opening with a plain word then what sets a name off
#: (``- limit (int, optional): ...``, ``- **limit**: ...``, ``- limit — ...``):
#: the name a person wrote without backticks
_BARE_OPENING = LazyPattern(
    r"[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\*\*|__|\*|_)?(?P<name>[^\W\d]\w*)(?:\*\*|__|\*|_)?"
    r"[ \t]*(?:\(|:|,|=|[-\u2013\u2014][ \t])"
)


def _named(content: str, in_code: bool = False) -> set[str]:
    """The names a line of a person's names an argument by: its code spans
    (`` `days` is the day count ``), the plain word an item opens with
    when a name's punctuation follows it (``- days (int): ...``), and a
    docstring template's field (``:param days:``; in a code block, not
    ``days: 5``, an example's key)."""
    named = {text.strip(" \"'") for text in code_contents(content)}
    bare = _BARE_OPENING.match(content)
    if bare is not None:
        named.add(bare.group("name"))
    field = field_name(content, in_code)
    if field is not None:
        named.add(field)
    return named


def _opening(content: str) -> str | None:
    """The name a line after a block opens with: in a code span
    (`` - `days`: optional ``), or as a docstring template's field."""
    return opening_name(content) or field_name(content)


def _missing(expected: ExpectedBlock, existing: FactBlock) -> set[str]:
    """The arguments ``expected`` lists that ``existing`` does not."""
    if expected.kind != "arguments" or not isinstance(expected.values, list):
        return set()
    have = {v.get("name") for v in existing.values or [] if isinstance(v, dict)}
    return {v["name"] for v in expected.values if isinstance(v, dict) and v.get("name") not in have}


def named_in_notes(companion: Companion, expected: ExpectedBlock, existing: FactBlock) -> bool:
    """Whether a line of ``existing`` that doxtool did not read as an item
    names in backticks an argument the block would gain (`` - `days` is the
    day count ``): a second item for it would stand beside the person's."""
    missing = _missing(expected, existing)
    if _lead_names(companion, existing) & missing:
        return True
    for note in existing.notes:
        if note.blank or not missing:
            continue
        content = line_content(companion.lines[note.line])
        if _named(content, companion.in_code(note.line)) & missing:
            return True
    return False


def _lead_names(companion: Companion, existing: FactBlock) -> set[str]:
    """The names in backticks on the block's lead line other than its class
    (``- Arguments of `ReadFile` (plus `path`, see `_Base`):``): the
    person's note on the lead may document an argument there."""
    content = line_content(companion.lines[existing.start])
    return {text.strip(" \"'") for text in code_contents(content)} - {existing.subject}


def naming_note(companion: Companion, existing: FactBlock, name: str) -> int | None:
    """The 1-based number of the first line of ``existing`` that doxtool did
    not read as an item but that names the argument ``name`` in backticks
    (`` `query` is required; `limit` defaults to `10`. ``); None when none
    does. The argument is documented there in a form doxtool does not read."""
    for note in existing.notes:
        if note.blank:
            continue
        content = line_content(companion.lines[note.line])
        if name in _named(content, companion.in_code(note.line)):
            return note.line + 1
    return existing.start + 1 if name in _lead_names(companion, existing) else None


def named_after(companion: Companion, expected: ExpectedBlock, existing: FactBlock) -> bool:
    """Whether a line after ``existing`` opens with an argument the block
    would gain in backticks (`` - `days`: optional `` at the lead's level
    after the nested items, `` `days` `` then ``: optional`` as a definition
    list, an item under a sub-heading splitting the arguments by action,
    ``### action=read``): the person's item for it, which doxtool does not
    read as the block's."""
    missing = _missing(expected, existing)
    return bool(missing) and any(
        _opening(content) in missing for _, content in _lines_after(companion, expected, existing)
    )


def naming_line_after(
    companion: Companion, expected: ExpectedBlock, existing: FactBlock, name: str
) -> int | None:
    """The 1-based number of the first line after ``existing`` (see
    :func:`named_after`) that opens with the argument ``name``; None when
    none does."""
    return next(
        (
            index + 1
            for index, content in _lines_after(companion, expected, existing)
            if _opening(content) == name
        ),
        None,
    )


def _lines_after(
    companion: Companion, expected: ExpectedBlock, existing: FactBlock
) -> Iterator[tuple[int, str]]:
    """(index, content) of the lines after ``existing`` up to the next
    arguments lead (other fact lines are passed over), code block or
    ``#``/``##`` heading: a deeper heading (``### action=read``) goes on,
    unless it names another class of the section (``### `DeleteFile` ``),
    whose lines are that class's."""
    code = {i for block in companion.code_blocks for i in range(block.start, block.end)}
    others = {key.partition(":")[2].split(".")[0] for key in expected.section_lines}
    others -= {"", existing.subject or "", expected.subject or ""}
    for index in range(max(existing.end, existing.loose_end), companion.line_count):
        content = line_content(companion.lines[index])
        lead = _lead(content)
        if index in code or (lead is not None and lead.kind == "arguments"):
            return
        if lead is not None:
            # another kind's fact line (``break_loop``, side-effect areas), as
            # a fix writes after the block: the person's items may go on past it
            continue
        heading = _HEADING.match(content)
        if heading is not None:
            named = {text.strip(" \"'") for text in code_contents(content)}
            if len(heading.group(1)) <= 2 or named & others:
                return
            continue
        yield index, content


#: an ATX heading and its level
_HEADING = LazyPattern(r"[ \t]{0,3}(#{1,6})(?:[ \t]|$)")


def commented_item(companion: Companion, existing: FactBlock) -> bool:
    """Whether a line of ``existing`` is an item set aside in an HTML
    comment (``<!--`` then `` - `action`: ...``): where a new item would go
    is not known, as one written among such lines would be hidden too."""
    lines = range(existing.start + 1, max(existing.end, existing.loose_end))
    if not any("<!--" in companion.lines[index] for index in range(existing.start, lines.stop)):
        return False
    shown = dict(shown_lines(companion))
    for index in lines:
        raw = line_content(companion.lines[index])
        if opening_name(raw) is not None and opening_name(shown.get(index + 1, "")) is None:
            return True
    return False
