"""The companion model: a ``.py.dox.md`` companion as doxtool reads it.

A companion is a person's Markdown file in which doxtool owns the *fact
blocks*: lines recognised by their lead phrase (see :mod:`doxtool.companions.leads`),
with their nested bullets. Everything else is prose and is never rewritten.
This module holds the plain dataclasses (sections, code blocks, fact blocks,
notes, the companion); :mod:`doxtool.companions.parsing` builds them and
:mod:`doxtool.companions.edits` changes the text they describe.

Line numbers: ``start``/``end`` fields are 0-based line indexes (``end``
exclusive) into :attr:`Companion.lines`; ``line`` fields are 1-based, for
messages. Lines end at ``\\r\\n``, ``\\r`` or ``\\n``, as markdown-it counts them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from doxtool.companions.factlines import SECTION_ALIASES
from doxtool.companions.headings import normalize_title

#: a section's title, normalised -> the titles a companion may give it
_ACCEPTED = {normalize_title(t): (t, *aliases) for t, aliases in SECTION_ALIASES.items()}


@dataclass
class Section:
    """A ``## `` section: its heading line up to the next ``#``/``##`` heading."""

    title: str
    #: 1-based line of the heading
    line: int
    start: int
    end: int
    #: the heading's level; another than 2 for a section a person wrote as
    #: ``### Work Guidance`` (0: as a bold line alone, ``**Work Guidance**``)
    level: int = 2


@dataclass
class CodeBlock:
    """Lines of a fenced or indented code block (never fact lines or headings)."""

    start: int
    end: int
    #: False for a fence never closed, which runs to the end of its container
    closed: bool = True
    #: an HTML block that only a blank line ends: a line right after it joins it
    joins_next: bool = False


@dataclass
class Note:
    """A line inside a fact block that is not a fact item: a person's note."""

    line: int
    #: key of the item it follows in the block (None: right after the lead)
    anchor: str | None = None
    #: part of that item (nested under it, or continuing its text): it is
    #: about the item, and goes with it
    own: bool = False
    #: a blank line inside the block (a loose list): kept where it is, but no
    #: person's words
    blank: bool = False


@dataclass
class FactBlock:
    """A fact block found in a companion."""

    key: str
    kind: str
    subject: str | None
    #: title of the section holding it, as written (None before any section)
    section: str | None
    start: int
    end: int
    #: 1-based line of the lead line
    line: int
    #: parsed content, comparable with :attr:`ExpectedBlock.values`
    values: Any
    #: text after the fact sentence (or after the lead phrase) of the lead line
    prose: str = ""
    #: a person's clause closing the fact sentence after its items, before
    #: its ``.`` (`` when `text` is blank``; see
    #: :func:`~doxtool.companions.factlines.split_clause`)
    clause: str = ""
    #: item key -> text written after the item's fact
    item_prose: dict[str, str] = field(default_factory=dict)
    #: item key -> 1-based line (argument name, class, ``Class.method``, test path)
    item_lines: dict[str, int] = field(default_factory=dict)
    notes: list[Note] = field(default_factory=list)
    #: item key -> what an argument item's line writes before its text
    #: (indentation, bullet or number, spacing: ``  * ``, ``  2. ``)
    item_marks: dict[str, str] = field(default_factory=dict)
    #: the line is the convention's sentence for a block with no items
    #: ("No direct test reference was found ...")
    empty: bool = False
    #: the items are the rows of a Markdown table, or items in a spelling of
    #: a person's (``**name** — ...``): forms doxtool reads but never writes,
    #: so no fix rewrites or removes the block
    table: bool = False
    #: the lead line names its subject without backticks: a line that may
    #: not be meant as a fact line, so it is never reported or removed as stale
    bare: bool = False
    #: for a bullet block, the end of the items that follow it past blank
    #: lines or a person's notes (a loose list): they are read as listed, so
    #: that no fix writes them again, but being set off from the block they
    #: are never called stale (an argument block's ``end`` takes them in)
    loose_end: int = 0
    #: what the line states cannot be read (``never `true```: words that may
    #: turn its value around): it is neither compared nor rewritten
    unread: bool = False
    #: argument items whose facts are wrapped onto the lines after theirs
    #: (read joined): a rewrite of the block that would change one is not
    #: offered, since the wrapped words would stay beside the new ones
    wrapped: list[str] = field(default_factory=list)
    #: (item key, 1-based line) of each item listed again after its first
    #: copy (``item_lines`` holds the first): a person's to sort out
    repeated: list[tuple[str, int]] = field(default_factory=list)
    #: for an arguments lead with nothing of its own under it but a code
    #: block, the keys that block writes (``{"url": ...}``, ``url: ...``):
    #: where they are the tool's arguments, they are documented there, in a
    #: form doxtool does not read (:func:`~doxtool.companions.unreadleads.in_code`)
    code_keys: tuple[str, ...] = ()


@dataclass
class Companion:
    """A parsed companion: its title, sections and fact blocks."""

    title: str | None
    #: 1-based line of the H1, 0 when there is none
    title_line: int
    sections: list[Section]
    #: the first block of each key, in document order
    blocks: list[FactBlock]
    #: blocks whose key was already taken by an earlier block
    duplicates: list[FactBlock]
    newline: str
    #: the text's lines, each with its own line ending
    lines: list[str]
    line_count: int
    code_blocks: list[CodeBlock] = field(default_factory=list)
    path: str = ""
    #: why the document could not be read whole (then it is neither checked
    #: nor edited), and the 1-based line where reading stopped; empty when it was
    problem: str = ""
    problem_line: int = 0

    def block(self, key: str) -> FactBlock | None:
        for block in self.blocks:
            if block.key == key:
                return block
        return None

    def section(self, title: str) -> Section | None:
        """The first section titled ``title`` (case and spacing ignored), else
        the first one under another title accepted for it (``Local Contracts``
        for Runtime Contracts)."""
        for accepted in _ACCEPTED.get(normalize_title(title), (title,)):
            wanted = normalize_title(accepted)
            for section in self.sections:
                if normalize_title(section.title) == wanted:
                    return section
        return None

    def section_at(self, index: int) -> Section | None:
        for section in self.sections:
            if section.start <= index < section.end:
                return section
        return None

    def in_code(self, index: int) -> bool:
        return any(block.start <= index < block.end for block in self.code_blocks)
