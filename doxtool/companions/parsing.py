"""Reading a ``.py.dox.md`` companion into its model.

:func:`parse_companion` reads the structure (title, sections, fact blocks)
from the Markdown outline (:mod:`doxtool.companions.outline`) and the fact
line grammar (:mod:`doxtool.companions.leads`), and never raises, whatever
the text holds.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from doxtool.companions.areas import area_list, area_pieces, joined_areas, nested_area_end
from doxtool.companions.argitems import argument_line
from doxtool.companions.argtables import table_argument, table_delimiter, table_end, table_row
from doxtool.companions.breakloop import read_break_loop
from doxtool.companions.bullets import SIGNATURE, indent_width, inline_items, read_entries
from doxtool.companions.extents import (
    WRAPPED_KINDS,
    extent,
    flat_argument,
    flat_start,
    keys_under,
    loose_extent,
    names_under,
    wrapped_end,
)
from doxtool.companions.factlines import (
    HOME_SECTION,
    SECTION_ALIASES,
    block_key,
    is_none,
    listed_spans,
    method_name,
    split_clause,
    split_list,
    split_sentence,
)
from doxtool.companions.headings import normalize_title
from doxtool.companions.itemtext import LIST_MARKER
from doxtool.companions.lazylines import lazy_words
from doxtool.companions.leads import (
    _is_blank,
    _Lead,
    _lead,
    item_mark,
    prose_after_lead,
)
from doxtool.companions.model import Companion, FactBlock, Note, Section
from doxtool.companions.notelists import is_argument_list, mark_as_note_items, run_after_note
from doxtool.companions.outline import _outline, _sections
from doxtool.companions.wraps import continued, wrapped_argument
from doxtool.core.edits import line_content, split_lines
from doxtool.core.mdtables import cells
from doxtool.core.source import detect_newline

# --- Reading blocks --------------------------------------------------------


@dataclass(eq=False, repr=False)
class _BlockReader:
    """Collects a block's values, prose, item lines and notes."""

    lead: _Lead
    values: Any = None
    prose: str = ""
    clause: str = ""  # see FactBlock.clause
    item_prose: dict[str, str] = field(default_factory=dict)
    item_lines: dict[str, int] = field(default_factory=dict)
    item_marks: dict[str, str] = field(default_factory=dict)
    notes: list[Note] = field(default_factory=list)
    anchor: str | None = None
    #: where the text of the current item starts (its content column)
    column: int = 0
    #: the indentation of the last line read that is not blank
    last_indent: int = 0
    #: the last line of the current item, its own notes included (-1: none)
    last_own: int = -1
    #: the items are the rows of a table
    table: bool = False
    #: the cells of the table's header
    header: list[str] | None = None
    #: an item is written in a spelling of a person's (not the grammar's)
    own_spelling: bool = False
    #: the indentation of the block's first item
    item_indent: int | None = None
    #: what the block states cannot be read (see :attr:`FactBlock.unread`)
    unread: bool = False
    #: the last line read was blank
    last_blank: bool = False
    #: arguments whose facts are wrapped onto the lines after their item's
    wrapped: list[str] = field(default_factory=list)
    #: arguments listed again: (name, 1-based line)
    repeated: list[tuple[str, int]] = field(default_factory=list)
    #: the items read now follow a person's note that leads a list of its
    #: own: the run they are read in (see :mod:`doxtool.companions.notelists`)
    led: str = ""

    def item(self, key: str, index: int, prose: str | None = None) -> None:
        noted = self.led and not is_argument_list(self.led)
        if key in self.item_lines and self.lead.kind == "arguments" and not noted:
            self.repeated.append((key, index + 1))  # (not a note's list naming it)
        self.item_lines.setdefault(key, index + 1)
        if prose is not None:
            self.item_prose.setdefault(key, prose)
        self.anchor = key

    def started(self, index: int, content: str) -> None:
        """The item just read starts at line ``index``, written as ``content``."""
        self.column = _content_column(content)
        self.last_indent = _indent(content)
        self.last_own = index
        self.last_blank = False

    def note(self, index: int, content: str) -> None:
        # a line nested under the item (indented to its text) or continuing
        # its text (the next line, not a bullet) is part of the item; past a
        # blank line, only a line indented to its text is
        blank = _is_blank(content)
        # (not out of the list the last line is in: a bullet there may go
        # on with a note's list)
        goes_on = _indent(content) >= self.last_indent
        if not blank:
            self.last_indent = _indent(content)
        own = self.last_own >= 0 and (
            blank
            or _width(content) - _width(content.lstrip(" \t")) >= self.column
            or (
                self.last_own == index - 1
                and not self.last_blank
                and not LIST_MARKER.match(content)
            )
        )
        self.last_own = index if own else -1
        self.last_blank = blank
        if not own and not blank and self.values:
            self.led = run_after_note(self.led, content, index, goes_on)
        if not own:
            # the blank lines right before a line that is not part of the
            # item are not either: they stay with that line
            line = index - 1
            for earlier in reversed(self.notes):
                if not (earlier.blank and earlier.line == line):
                    break
                earlier.own = False
                line -= 1
        self.notes.append(Note(index, self.anchor, own=own, blank=blank))


def _width(text: str) -> int:
    return len(text.expandtabs(4))


def _indent(text: str) -> int:
    return _width(text) - _width(text.lstrip(" \t"))


def _content_column(content: str) -> int:
    """The column where the text of a list item's line starts."""
    marker = LIST_MARKER.match(content)
    return _width(marker.group(0)) if marker else _width(content) - _width(content.lstrip(" \t"))


def _read_lead_line(reader: _BlockReader) -> None:
    lead = reader.lead
    kind = lead.kind
    if kind in ("classes", "functions", "tests"):
        reader.prose = lead.rest
        reader.values = []
    elif kind == "arguments":
        sentence, after, _ = split_sentence(lead.rest)
        reader.prose = after if is_none(sentence) else lead.rest
        reader.values = []
    elif lead.empty:
        reader.values, reader.prose = [], lead.rest
    elif kind == "is-tool":
        reader.values, reader.prose = lead.base, lead.rest
    elif kind == "defines":
        reader.values, reader.prose = True, lead.rest
    elif kind == "break-loop":
        sentence, reader.prose, _ = split_list(lead.rest)
        reader.values, canonical = read_break_loop(sentence)
        reader.unread = reader.values is None
        # a sentence in a person's spelling (``always **`false`**``, a
        # parenthetical after the value) is compared but never rewritten
        reader.own_spelling = not canonical
    else:
        sentence, reader.prose, _ = split_list(lead.rest)
        if is_none(sentence):
            reader.values = []
        elif kind == "side-effects":
            # each area as it opens its piece; a piece that opens with none
            # doxtool knows, as written
            sentence, reader.prose, _ = area_list(lead.rest)
            reader.values = [piece.area or piece.text for piece in area_pieces(sentence)]
        else:
            sentence, reader.clause = split_clause(sentence)
            reader.values = [span.text for span in listed_spans(sentence)]


def _read_bullet_block(
    reader: _BlockReader, lines: list[str], start: int, end: int, code_lines: set[int]
) -> None:
    """Read the items of a classes, functions or tests block (see
    :mod:`doxtool.companions.bullets`): those on the lead line, then the lines under it."""
    kind = reader.lead.kind
    for found in inline_items(kind, line_content(lines[start])) if not reader.lead.empty else []:
        _bullet_value(reader, start, found.text, found.after)
    contents = [(index, line_content(lines[index])) for index in range(start + 1, end)]
    for entry in read_entries(kind, contents, code_lines):
        if entry.role == "note" or entry.code is None:
            reader.note(entry.index, line_content(lines[entry.index]))
        elif entry.role == "member":
            cls = reader.values[-1]
            cls["methods"].append(entry.code.text)
            name = f"{cls['name']}.{entry.name}"
            reader.item(name, entry.index, entry.code.after)
        elif entry.cls is not None:
            reader.values.append(
                {"name": entry.cls.name, "bases": entry.cls.bases or [], "methods": []}
            )
            reader.item(entry.cls.name, entry.index)
        else:
            _bullet_value(reader, entry.index, entry.code.text, entry.code.after)


def _bullet_value(reader: _BlockReader, index: int, text: str, after: str) -> None:
    kind = reader.lead.kind
    if kind == "classes":
        reader.values.append({"name": text, "bases": [], "methods": []})
        reader.item(text, index)
    elif kind == "functions":
        reader.values.append(text)
        # a name alone states no signature, and may be a person's line about
        # something else: its words are kept (no fix removes it with the block)
        reader.item(method_name(text), index, None if SIGNATURE.match(text) else text + after)
    else:
        reader.values.append(text)
        reader.item(text, index, after)


def _read_item(
    reader: _BlockReader, index: int, content: str, following: list[str], flat: bool
) -> bool:
    """Record ``content`` as an item of an arguments block (its facts read across
    the lines ``following`` it that continue it); False when it is not one.
    ``flat``: the block's items are written flat under its lead (see
    :func:`~doxtool.companions.extents.flat_argument`)."""
    read = argument_line(content)
    found = flat_argument(content) if flat and read is None else None
    mark, width = item_mark(content) or "", indent_width(content)
    if found is not None:
        # read as the same item nested: its mark keeps it flat when rewritten
        (read, mark), content = found, "  " + content
    if read is None:
        return False
    wrapped = wrapped_argument(content, following)
    if wrapped is not None:
        read = wrapped
        reader.wrapped.append(read[0][0]["name"])
    arguments, grammar = read
    if reader.item_indent is None:
        reader.item_indent = width
    elif width > reader.item_indent and width >= reader.column:
        # an item nested in the one before it (the keys of a dict argument,
        # `` - `minute`: default `*`. `` under `` - `schedule`: ... ``): the
        # person's note on that argument, whatever its spelling
        return False
    if not grammar:
        if width != reader.item_indent:
            return False  # a bullet under an item (``**fast** — ...``): a note
        reader.own_spelling = True
    reader.led = mark_as_note_items(arguments, content, reader.led, index)
    reader.own_spelling = reader.own_spelling or bool(reader.led)
    for argument in arguments:
        reader.values.append(argument)
        reader.item(argument["name"], index, argument["prose"])
        reader.item_marks.setdefault(argument["name"], mark)
    return True


def _read_table_row(reader: _BlockReader, lines: list[str], index: int, end: int) -> bool:
    """Read a line of an arguments table: its header and delimiter rows, or
    a row naming an argument; False when the line is none of them."""
    content = line_content(lines[index])
    if reader.lead.kind != "arguments" or not table_row(content):
        return False
    if table_delimiter(content):
        reader.table = True
        return True
    if index + 1 < end and table_delimiter(line_content(lines[index + 1])):
        reader.header = cells(content)
        return True  # the header
    argument = table_argument(content, reader.header) if reader.table else None
    if argument is None:
        return False
    reader.values.append(argument)
    reader.item(argument["name"], index, argument["prose"])
    return True


def _read_block(
    lead: _Lead, lines: list[str], start: int, end: int, code_lines: set[int], flat: bool
) -> _BlockReader:
    reader = _BlockReader(lead)
    _read_lead_line(reader)
    if lead.kind in ("classes", "functions", "tests"):
        _read_bullet_block(reader, lines, start, end, code_lines)
        return reader
    if lead.kind in WRAPPED_KINDS:
        return reader  # the lines after the lead line continue its sentence
    for index in range(start + 1, end):
        content = line_content(lines[index])
        if index not in code_lines and _read_table_row(reader, lines, index, end):
            continue
        following = continued(lines, index, end, code_lines)
        if index in code_lines or not _read_item(reader, index, content, following, flat):
            reader.note(index, content)
        else:
            reader.started(index, content)
    return reader


_BULLET_KINDS = ("classes", "functions", "tests")


def _home(kind: str, section: Section | None) -> bool:
    """Whether ``section`` is where the convention puts ``kind`` blocks (a
    line before any section may be anywhere)."""
    if section is None:
        return True
    home = HOME_SECTION[kind]
    titles = (home, *SECTION_ALIASES.get(home, ()))
    return normalize_title(section.title) in {normalize_title(t) for t in titles}


def _words_go_on(companion: Companion, lead: _Lead, reader: _BlockReader, index: int) -> bool:
    """Whether the arguments lead at ``index``, with no item under it, is a
    person's line because its paragraph goes on at the margin (Markdown's lazy
    continuation) with words that would make it one after the colon:
    ``- Arguments of `X`:`` then ``see below`` is one paragraph, read as if
    on one line. (A fix could only write the items between the lead and
    those words, splitting the paragraph; the lead is reported, and no
    second block is written beside it.)"""
    if lead.kind != "arguments" or reader.values:
        return False
    words = lazy_words(companion, index + 1)
    return bool(words) and prose_after_lead(
        dataclasses.replace(lead, rest=f"{lead.rest} {words}".strip(" \t"))
    )


def parse_companion(text: str, path: str = "") -> Companion:
    """Read a companion's structure. Never raises, whatever ``text`` holds."""
    lines = split_lines(text)
    count = len(lines)
    outline = _outline(text, lines)
    code_lines = {i for block in outline.code_blocks for i in range(block.start, block.end)}
    sections = _sections(outline.headings, count)
    title = next(((i, t) for i, level, t in outline.headings if level == 1), None)
    companion = Companion(
        title=title[1] if title else None,
        title_line=title[0] + 1 if title else 0,
        sections=sections,
        blocks=[],
        duplicates=[],
        newline=detect_newline(text),
        lines=lines,
        line_count=count,
        code_blocks=outline.code_blocks,
        path=path,
        problem=outline.problem,
        problem_line=outline.problem_line,
    )
    # A fence that is never closed swallows what follows it; a block stops
    # there, so that items a fix writes into the block cannot end up inside it.
    open_fences = {block.start for block in outline.code_blocks if not block.closed}
    seen: set[str] = set()

    @cache
    def plain_tests() -> tuple[int, ...]:
        """The lines leading the tests without a note (read once)."""
        return tuple(
            other
            for other in range(count)
            if other not in code_lines
            and other not in outline.heading_lines
            and (found := _lead(line_content(lines[other]))) is not None
            and found.kind == "tests"
            and not found.note
        )

    index = 0
    while index < count:
        lead = None
        if index not in code_lines and index not in outline.heading_lines:
            lead = _lead(line_content(lines[index]))
        if lead is None or (lead.kind == "tests" and lead.note and plain_tests()):
            # a related-tests lead with a note of theirs beside doxtool's own
            # plain one (``(manual):``) is a list of the person's, as prose
            index += 1
            continue
        stops = open_fences | outline.heading_lines
        flat = lead.kind == "arguments" and flat_start(lines, index + 1, stops, code_lines)
        end = extent(lead.kind, lines, index + 1, stops, code_lines, flat)
        bare_lead = lead.kind in WRAPPED_KINDS and not lead.rest.strip(" \t")
        nested = nested_area_end(lines, index, stops | code_lines) if bare_lead else end
        if bare_lead and (lead.kind == "side-effects" or nested > index + 1):
            # the areas (modules, names) as items nested under the lead
            end = nested
            if end > index + 1:
                following = [line_content(lines[i]) for i in range(index + 1, end)]
                lead = dataclasses.replace(lead, rest=joined_areas("", following))
        elif lead.kind in WRAPPED_KINDS:
            end = wrapped_end(lines, index, stops | code_lines)
            if end > index + 1:
                wrapped = " ".join(
                    line_content(lines[i]).strip(" \t") for i in range(index + 1, end)
                )
                lead = dataclasses.replace(lead, rest=f"{lead.rest} {wrapped}")
        loose_end = loose_extent(lead.kind, lines, end, stops, code_lines)
        if lead.kind == "arguments":
            # an argument past a blank line is one of the block's, judged like
            # the others (a loose list); the items of the other blocks past one
            # are listed but never called stale
            end = loose_end
        if end == index + 1 and lead.kind == "arguments":
            end = (
                table_end(lead.kind, lead.rest, lines, end, code_lines | outline.heading_lines)
                or end
            )
        reader = _read_block(lead, lines, index, end, code_lines, flat)
        section = companion.section_at(index)
        if (
            lead.kind in _BULLET_KINDS
            and not reader.values
            and (lead.wordy or not _home(lead.kind, section))
        ) or (prose_after_lead(lead) and not (lead.kind == "arguments" and reader.values)):
            # ``- Top-level functions: keep them pure.`` in Purpose, or
            # ``- Arguments of `X`: keep them few.`` with no item under it: a person's line
            index += 1
            continue
        if _words_go_on(companion, lead, reader, index):
            # ``- Arguments of `X`:`` then ``see below`` at the margin: one
            # paragraph, the person's words after the colon (a lead with
            # prose, as on one line); items written under the lead would
            # split it
            index += 1
            continue
        if (
            lead.kind == "arguments"
            and not reader.values
            and not lead.rest.strip(" \t")
            and names_under(lines, end, stops, code_lines)
        ):
            # `` `seconds` `` then ``: optional integer`` (a definition list):
            # the items are there in a form not read, and no second list is
            # written beside them (the lead is reported as not read)
            index += 1
            continue
        code_keys: tuple[str, ...] = ()
        if lead.kind == "arguments" and not reader.values and not lead.rest.strip(" \t"):
            code_keys = keys_under(lines, end, stops, code_lines)
        block = FactBlock(
            key=block_key(lead.kind, lead.subject),
            kind=lead.kind,
            subject=lead.subject,
            section=section.title if section else None,
            start=index,
            end=end,
            line=index + 1,
            values=reader.values,
            prose=reader.prose,
            clause=reader.clause,
            item_prose=reader.item_prose,
            item_lines=reader.item_lines,
            item_marks=reader.item_marks,
            notes=reader.notes,
            empty=lead.empty,
            table=reader.table or reader.own_spelling or lead.spelled,
            bare=lead.bare,
            loose_end=loose_end,
            unread=reader.unread,
            wrapped=reader.wrapped,
            repeated=reader.repeated,
            code_keys=code_keys,
        )
        if block.key in seen:
            companion.duplicates.append(block)
        else:
            seen.add(block.key)
            companion.blocks.append(block)
        index = end
    return companion
