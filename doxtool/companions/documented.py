"""Documented items: what a companion's fact lines say, item by item, with
their place (line and column span), for judging against the code.

Bullet blocks (classes with their methods, functions, tests) are read by
:func:`read_bullets`, item sentences (constants, imports, helpers,
side-effect areas) by :func:`read_sentence`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from doxtool.companions.areas import (
    area_list,
    area_pieces,
    joined_areas,
    nested_item,
    rebuildable,
    says_none,
)
from doxtool.companions.bullets import SIGNATURE, inline_items, read_entries
from doxtool.companions.codespans import spans
from doxtool.companions.factlines import (
    listed_spans,
    method_name,
    only_separators,
    split_clause,
    split_list,
)
from doxtool.companions.model import Companion, FactBlock
from doxtool.core.edits import line_content


@dataclass
class DocItem:
    """An item as a companion writes it."""

    key: str
    text: str
    #: 0-based line index in the companion
    index: int
    #: span of the item (its code span, backticks included) in the line
    start: int = 0
    end: int = 0
    owner: str | None = None
    #: text after the item on its bullet line
    after: str = ""
    #: indexes of lines under the item that are not items (a person's notes)
    notes: list[int] = field(default_factory=list)
    bases: list[str] | None = None
    children: list[DocItem] = field(default_factory=list)
    #: a class's column where the part stating its bases ends
    bases_end: int = 0
    #: written on the lead line (`` - Top-level functions: `a`, `b`. ``): a
    #: fix neither removes it nor writes items next to it
    inline: bool = False
    #: past a blank line after the block (see :attr:`FactBlock.loose_end`):
    #: listed, but never called stale
    loose: bool = False
    #: a method named alone or as ``Class.method``: known by its name only, and
    #: perhaps a person's line about something else (no fix drops it silently)
    by_name: bool = False
    #: the column where the emphasis set around the span closes (``**`x`**``);
    #: its end when there is none
    close: int = -1
    #: how many lines after ``index`` the item's text is wrapped onto
    wrapped: int = 0
    #: how many lines after ``index`` its code span closes on (``end`` and
    #: ``close`` are then columns of that line)
    span_lines: int = 0

    def __post_init__(self) -> None:
        if self.close < 0:
            self.close = self.end

    @property
    def line(self) -> int:
        return self.index + 1

    def last_index(self) -> int:
        last = max([self.index + self.wrapped, *self.notes])
        for child in self.children:
            last = max(last, child.last_index())
        return last

    def carries_words(self) -> bool:
        if self.after.strip(" \t.,;:") or self.notes or self.by_name:
            return True
        return any(child.carries_words() for child in self.children)


# --- reading documented items ----------------------------------------------------


def read_bullets(
    companion: Companion, block: FactBlock, bare_has_no_bases: bool = True
) -> list[DocItem]:
    """Items of a bullet block (classes with their methods, functions, tests),
    read as :mod:`doxtool.companions.bullets` reads them."""
    items: list[DocItem] = []
    current_class: DocItem | None = None
    last: DocItem | None = None
    in_code = {i for b in companion.code_blocks for i in range(b.start, b.end)}
    kind = block.kind
    lead = line_content(companion.lines[block.start])
    for found in [] if block.empty else inline_items(kind, lead):
        key = method_name(found.text) if kind == "functions" else found.text
        item = DocItem(key, found.text, block.start, found.start, found.end, inline=True)
        items.append(item)
    end = max(block.end, block.loose_end)
    contents = [
        (index, line_content(companion.lines[index])) for index in range(block.start + 1, end)
    ]
    for entry in read_entries(kind, contents, in_code):
        found = entry.code
        if entry.role == "wrap":
            continue  # a line the item's text is wrapped onto: part of it
        if entry.role == "note" or found is None:
            if last is not None:
                last.notes.append(entry.index)
            continue
        if entry.role == "member":
            if current_class is None:
                continue
            method = DocItem(
                f"{current_class.key}.{entry.name}",
                found.text,
                entry.index,
                found.start,
                found.end,
                owner=current_class.key,
                after=found.after,
                by_name=SIGNATURE.match(found.text) is None,
                close=found.close,
                wrapped=entry.wrapped,
                span_lines=entry.span_lines,
            )
            current_class.children.append(method)
            last = method
            continue
        cls = entry.cls
        if cls is not None:
            bases = cls.bases
            if bases is None and cls.bare and bare_has_no_bases:
                bases = []
            current_class = DocItem(
                cls.name,
                cls.name,
                entry.index,
                found.start,
                found.end,
                after=found.after,
                bases=bases,
                bases_end=cls.bases_end,
                loose=entry.index >= block.end,
                close=found.close,
                wrapped=entry.wrapped,
                span_lines=entry.span_lines,
            )
            items.append(current_class)
            last = current_class
            continue
        key = method_name(found.text) if kind == "functions" else found.text
        item = DocItem(
            key,
            found.text,
            entry.index,
            found.start,
            found.end,
            after=found.after,
            loose=entry.index >= block.end,
            close=found.close,
            wrapped=entry.wrapped,
            span_lines=entry.span_lines,
        )
        items.append(item)
        last = item
    return items


@dataclass
class SentenceLine:
    """A one-line list (``- Lead: `a`, `b`.``) split into its parts."""

    index: int
    content: str
    #: where the items begin (after the lead phrase and its space)
    head: int
    #: where the items end: the sentence's ``.``, the line's end when there
    #: is none, or where a person's clause after the items begins
    tail: int
    items: list[DocItem]
    #: the items are written ``a, b, c`` (a fix can rebuild the list)
    canonical: bool
    #: the sentence is ``none`` (for areas, in a person's words too: ``none
    #: observed``, ``None (pure computation)``)
    none: bool = False
    #: a person's clause after the items (`` when `text` is blank``, see
    #: :func:`~doxtool.companions.factlines.split_clause`), on the lines the
    #: sentence is wrapped onto too: its spans are words, not items
    clause: str = ""


def read_sentence(companion: Companion, block: FactBlock) -> SentenceLine:
    content = line_content(companion.lines[block.start])
    colon = content.find(":")
    head = colon + 1
    while head < len(content) and content[head] in " \t":
        head += 1
    if block.kind == "side-effects":
        return _read_areas(companion, block, content, head)
    # the list ends at its full stop or at a ``;`` opening a clause of the
    # person's; spans in parentheses (``(not `time`)``) are their words too
    if block.end - block.start > 1 and not content[head:].strip(" \t"):
        # items nested under the lead: read, and no fix rebuilds them
        items, clause = _nested_items(companion, block)
        return SentenceLine(block.start, content, head, len(content), items, False, clause=clause)
    sentence, _, found = split_list(content[head:])
    sentence, clause = split_clause(sentence)
    tail = head + len(sentence) if found or clause else len(content)
    region = content[head:tail]
    items: list[DocItem] = [
        DocItem(part.text, part.text, block.start, head + part.start, head + part.end)
        for part in listed_spans(region)
    ]
    rebuilt = ", ".join(region[i.start - head : i.end - head] for i in items)
    canonical = region.strip(" \t") in (rebuilt, "none")
    if block.end - block.start > 1 and not found:
        # the sentence is wrapped onto the lines after it: their items
        # are read too (up to a clause), and no fix rebuilds the lines
        canonical = False
        wrapped, more = _wrapped_items(companion, block, bool(clause))
        items += wrapped
        clause += more
    return SentenceLine(
        block.start,
        content,
        head,
        tail,
        items,
        canonical,
        none=region.strip(" \t").casefold() == "none",
        clause=clause,
    )


def grouped_names(line: SentenceLine, item: DocItem) -> list[str]:
    """The names in the parenthetical right after ``item`` on its line, when
    it lists names in backticks only (`` `helpers.files` (`read_file`,
    `write_file`) ``): members a person groups under it, as
    ``helpers.files.read_file``. A parenthetical of words (``(not
    `time`)``) groups none."""
    rest = line.content[item.end : line.tail] if item.index == line.index else ""
    opened = rest.lstrip(" \t")
    close = opened.find(")")
    if not opened.startswith("(") or close == -1:
        return []
    inner = spans(opened[1:close])
    if any(not span.code and not only_separators(span.text) for span in inner):
        return []
    return [f"{item.text}.{span.text}" for span in inner if span.code]


def _read_areas(companion: Companion, block: FactBlock, content: str, head: int) -> SentenceLine:
    """The areas of a side-effect areas line (:mod:`doxtool.companions.areas`):
    each item is the area its piece opens with (its note after it), or the
    piece's words when it opens with no area doxtool knows. A line wrapped
    onto the lines after it, or items nested under its lead, are read as one
    list that no fix rewrites."""
    following = [line_content(companion.lines[i]) for i in range(block.start + 1, block.end)]
    if following:
        sentence = area_list(joined_areas(content[head:], following))[0]
        pieces = area_pieces(sentence, head)
        tail, canonical = len(content), False
    else:
        sentence, _, found = area_list(content[head:])
        tail = head + len(sentence) if found else len(content)
        pieces = area_pieces(sentence, head)
        canonical = rebuildable(sentence, pieces)
    items = [
        DocItem(
            piece.area or piece.text,
            piece.area or piece.text,
            block.start,
            piece.start,
            piece.end,
            after=piece.note if piece.area else "",
        )
        for piece in pieces
    ]
    return SentenceLine(
        block.start, content, head, tail, items, canonical, none=says_none(sentence)
    )


def _nested_items(companion: Companion, block: FactBlock) -> tuple[list[DocItem], str]:
    """The items nested under a lead with nothing after its colon, each
    item's list up to a person's words (`` - `asyncio` for the sleep ``),
    and those words (their spans are written, not items)."""
    items: list[DocItem] = []
    clause = ""
    for index in range(block.start + 1, block.end):
        content = line_content(companion.lines[index])
        nested = nested_item(content)
        if nested is None:
            clause += " " + content.strip(" \t")  # an item's words wrapped onto the next line
            continue
        offset = nested.start("body")
        sentence, after, _ = split_list(nested.group("body"))
        listed, more = split_clause(sentence)
        items += [
            DocItem(part.text, part.text, index, offset + part.start, offset + part.end)
            for part in listed_spans(listed)
        ]
        clause += f" {more} {after}".rstrip(" \t") if more or after.strip(" \t") else ""
    return items, clause


def _wrapped_items(
    companion: Companion, block: FactBlock, in_clause: bool
) -> tuple[list[DocItem], str]:
    """The items on the lines a sentence is wrapped onto, up to its full
    stop or a person's clause (``in_clause``: it opens on the lead line),
    and the clause's text on them."""
    items: list[DocItem] = []
    clause = ""
    for index in range(block.start + 1, block.end):
        content = line_content(companion.lines[index])
        sentence, _, found = split_list(content)
        listed, more = ("", sentence) if in_clause else split_clause(sentence, seen=True)
        items += [
            DocItem(part.text, part.text, index, part.start, part.end)
            for part in listed_spans(listed)
        ]
        if more:
            clause, in_clause = f"{clause} {more}", True
        if found:
            break
    return items, clause
