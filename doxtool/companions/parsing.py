"""Reading a ``.py.dox.md`` companion into its model.

:func:`parse_companion` reads the structure (title, sections, fact blocks)
from the Markdown outline (:mod:`doxtool.companions.outline`) and the fact
line grammar (:mod:`doxtool.companions.leads`), and never raises, whatever
the text holds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from doxtool.companions.factlines import (
    block_key,
    code_contents,
    is_none,
    method_name,
    split_sentence,
)
from doxtool.companions.leads import (
    _SIGNATURE,
    _argument_item,
    _class_bullet,
    _continues,
    _function_bullet,
    _is_blank,
    _Lead,
    _lead,
    _nested_code_item,
    table_argument,
    table_delimiter,
    table_row,
)
from doxtool.companions.model import Companion, FactBlock, Note
from doxtool.companions.outline import _outline, _sections
from doxtool.core.edits import line_content, split_lines
from doxtool.core.source import detect_newline

# --- Reading blocks --------------------------------------------------------


@dataclass(eq=False, repr=False)
class _BlockReader:
    """Collects a block's values, prose, item lines and notes."""

    lead: _Lead
    values: Any = None
    prose: str = ""
    item_prose: dict[str, str] = field(default_factory=dict)
    item_lines: dict[str, int] = field(default_factory=dict)
    notes: list[Note] = field(default_factory=list)
    anchor: str | None = None
    #: the items are the rows of a table
    table: bool = False

    def item(self, key: str, index: int, prose: str | None = None) -> None:
        self.item_lines.setdefault(key, index + 1)
        if prose is not None:
            self.item_prose.setdefault(key, prose)
        self.anchor = key

    def note(self, index: int) -> None:
        self.notes.append(Note(index, self.anchor))


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
    else:
        sentence, reader.prose, _ = split_sentence(lead.rest)
        if is_none(sentence):
            reader.values = []
        elif kind == "side-effects":
            reader.values = [area.strip() for area in sentence.split(",") if area.strip()]
        else:
            reader.values = code_contents(sentence)


def _read_item(reader: _BlockReader, index: int, content: str) -> bool:
    """Record ``content`` as an item of the block; False when it is not one."""
    kind = reader.lead.kind
    if kind == "classes":
        bullet = _class_bullet(content)
        if bullet is not None:
            name, bases = bullet
            reader.values.append({"name": name, "bases": bases, "methods": []})
            reader.item(name, index)
            return True
        item = _nested_code_item(content)
        if item is None or not reader.values or not _SIGNATURE.match(item[0]):
            return False
        cls = reader.values[-1]
        cls["methods"].append(item[0])
        reader.item(f"{cls['name']}.{method_name(item[0])}", index, item[1])
        return True
    if kind == "functions":
        signature = _function_bullet(content)
        if signature is None:
            return False
        reader.values.append(signature)
        reader.item(method_name(signature), index)
        return True
    item = _nested_code_item(content)
    if item is None:
        return False
    text, after = item
    if kind == "arguments":
        if not after.startswith(":"):
            return False
        argument = _argument_item(text, after[1:])
        reader.values.append(argument)
        reader.item(text, index, argument["prose"])
        return True
    reader.values.append(text)  # tests
    reader.item(text, index, after)
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
        return True  # the header
    argument = table_argument(content) if reader.table else None
    if argument is None:
        return False
    reader.values.append(argument)
    reader.item(argument["name"], index, argument["prose"])
    return True


def _read_block(
    lead: _Lead, lines: list[str], start: int, end: int, code_lines: set[int]
) -> _BlockReader:
    reader = _BlockReader(lead)
    _read_lead_line(reader)
    for index in range(start + 1, end):
        content = line_content(lines[index])
        if index not in code_lines and (
            _is_blank(content) or _read_table_row(reader, lines, index, end)
        ):
            continue
        if index in code_lines or not _read_item(reader, index, content):
            reader.note(index)
    return reader


def _table_end(lead: _Lead, lines: list[str], start: int, skip: set[int]) -> int | None:
    """The end of a table of arguments that begins at ``start``, past blank
    lines, under an ``Arguments of`` lead line with nothing after it; None
    when no table begins there. ``skip``: lines of code blocks and headings."""
    if lead.kind != "arguments" or not _is_blank(lead.rest):
        return None
    index = start
    while index < len(lines) and _is_blank(line_content(lines[index])):
        index += 1
    if not (
        index + 1 < len(lines)
        and not {index, index + 1} & skip
        and table_row(line_content(lines[index]))
        and table_delimiter(line_content(lines[index + 1]))
    ):
        return None
    end = index + 2
    while end < len(lines) and end not in skip and table_row(line_content(lines[end])):
        end += 1
    return end


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
    index = 0
    while index < count:
        lead = None
        if index not in code_lines and index not in outline.heading_lines:
            lead = _lead(line_content(lines[index]))
        if lead is None:
            index += 1
            continue
        end = index + 1
        while (
            end < count
            and end not in open_fences
            and end not in outline.heading_lines
            and _continues(lead.kind, line_content(lines[end]), end in code_lines)
        ):
            end += 1
        if end == index + 1 and lead.kind == "arguments":
            end = _table_end(lead, lines, end, code_lines | outline.heading_lines) or end
        reader = _read_block(lead, lines, index, end, code_lines)
        section = companion.section_at(index)
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
            item_prose=reader.item_prose,
            item_lines=reader.item_lines,
            notes=reader.notes,
            empty=lead.empty,
            table=reader.table,
            bare=lead.bare,
        )
        if block.key in seen:
            companion.duplicates.append(block)
        else:
            seen.add(block.key)
            companion.blocks.append(block)
        index = end
    return companion
