"""Reading and fixing a ``.py.dox.md`` companion.

A companion is a person's Markdown file in which doxtool owns the *fact
blocks*: lines recognised by their lead phrase (see :mod:`doxtool.companions.factlines`),
with their nested bullets. Everything else is prose and is never rewritten.

:func:`parse_companion` reads the structure (title, sections, fact blocks)
with markdown-it, so a heading or a fact-looking line inside a fenced code
block is neither. :func:`fix_companion` rewrites drifted blocks in place and
inserts missing ones where they belong; a second run changes nothing.

Line numbers: ``start``/``end`` fields are 0-based line indexes (``end``
exclusive) into :attr:`Companion.lines`; ``line`` fields are 1-based, for
messages. Lines end at ``\\r\\n``, ``\\r`` or ``\\n``, as markdown-it counts them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from doxtool.companions.factlines import (
    MULTILINE_KINDS,
    SECTIONS,
    ExpectedBlock,
    block_key,
    canonical_json,
    code_contents,
    is_none,
    method_name,
    normalize_title,
    render_block,
    spans,
    split_sentence,
    values_agree,
)
from doxtool.core.edits import Edit, apply_edits, line_content, narrow_edit, split_lines
from doxtool.core.mdlimits import NESTED_TOO_DEEPLY, parse_checked
from doxtool.core.source import detect_newline


@dataclass
class Section:
    """A ``## `` section: its heading line up to the next ``#``/``##`` heading."""

    title: str
    #: 1-based line of the heading
    line: int
    start: int
    end: int


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
    #: item key -> text written after the item's fact
    item_prose: dict[str, str] = field(default_factory=dict)
    #: item key -> 1-based line (argument name, class, ``Class.method``, test path)
    item_lines: dict[str, int] = field(default_factory=dict)
    notes: list[Note] = field(default_factory=list)
    #: the line is the convention's sentence for a block with no items
    #: ("No direct test reference was found ...")
    empty: bool = False


@dataclass
class Companion:
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
        """The first section titled ``title`` (case and spacing ignored)."""
        wanted = normalize_title(title)
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


# --- Markdown outline ------------------------------------------------------

# Only block structure matters here; skipping inline parsing saves a third.
_MARKDOWN: Any = None


def _markdown() -> Any:
    """The block parser, built on first use (a cached run never needs it)."""
    global _MARKDOWN
    if _MARKDOWN is None:
        from markdown_it import MarkdownIt

        _MARKDOWN = MarkdownIt("commonmark").disable("inline")
    return _MARKDOWN


_FALLBACK_HEADING = re.compile(r" {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*")


@dataclass
class _Outline:
    #: (line index, level, title) of top-level ATX ``#`` and ``##`` headings
    headings: list[tuple[int, int, str]]
    #: every line that belongs to a heading, at any nesting
    heading_lines: set[int]
    code_blocks: list[CodeBlock]
    #: why the outline cannot be trusted (the parser stopped early), if it
    #: cannot, and the 1-based line where it stopped
    problem: str = ""
    problem_line: int = 0


def _fence_closed(lines: list[str], start: int, end: int, markup: str) -> bool:
    if end - start < 2 or not markup:
        return False
    closing = line_content(lines[end - 1]).strip(" \t")
    return len(closing) >= len(markup) and set(closing) == {markup[0]}


# -- a fast outline for plain documents ----------------------------------------
#
# Companions are mostly headings, bullets, paragraphs and fenced code. For a
# document made only of those, the outline can be read line by line: every
# heading is an ATX heading at the margin and every code block a fence at the
# margin, wherever lists stand. Any line that could mean something else to a
# CommonMark parser (quotes, HTML, setext underlines, thematic breaks, ordered
# or ``+`` lists, link reference definitions, indented code, tabs, deep
# indentation, headings or fences inside list items) makes
# :func:`_plain_outline` give up, and markdown-it reads the document instead;
# tests hold the two to the same answer.

_ATX = re.compile(r"(#{1,6})(?:[ \t]|$)")
_FENCE_OPEN = re.compile(r"(`{3,}|~{3,})(.*)")
_BULLET = re.compile(r"[-*] +")
#: what a line (or the text after a bullet) must not start with to stay plain
_NOT_PLAIN = re.compile(
    r"$|[#>< \t[]|`{3}|~{3}|[-+*](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)|[-=_*]+[ \t]*$"
    r"|(?:[-_*][ \t]*){3,}$"
)
#: indentation beyond which nesting is left to the full parser
_MAX_PLAIN_INDENT = 12


def _plain_outline(lines: list[str]) -> _Outline | None:
    """The outline of a plain document, or None when it is not one."""
    headings: list[tuple[int, int, str]] = []
    heading_lines: set[int] = set()
    code_blocks: list[CodeBlock] = []
    fence: tuple[int, str] | None = None  # (start line, opening markup)
    paragraph = False  # the previous line continues (or is) a paragraph
    for index, line in enumerate(lines):
        content = line_content(line)
        if "\r" in content or "\x00" in content:
            return None
        if fence is not None:
            start, markup = fence
            stripped = content.lstrip(" ")
            if (
                len(content) - len(stripped) < 4
                and stripped.startswith(markup)
                and not stripped.rstrip(" \t").strip(markup[0])
            ):
                code_blocks.append(CodeBlock(start, index + 1, True))
                fence = None
            continue
        stripped = content.lstrip(" ")
        if not stripped.strip(" \t"):
            if "\t" in content:
                return None
            paragraph = False
            continue
        indent = len(content) - len(stripped)
        if indent == 0 and content[0] == "#":
            match = _ATX.match(content)
            if match is not None:
                level = len(match.group(1))
                end = len(content.rstrip(" \t"))
                closing = len(content[:end].rstrip("#"))
                if closing > level and content[closing - 1] in " \t":
                    end = closing
                heading_lines.add(index)
                if level <= 2:
                    headings.append((index, level, content[level:end].strip()))
                paragraph = False
                continue
        if indent == 0 and content.startswith(("```", "~~~")):
            opening = _FENCE_OPEN.match(content)
            if opening is None or (opening.group(1)[0] == "`" and "`" in opening.group(2)):
                return None
            fence = (index, opening.group(1))
            paragraph = False
            continue
        if indent > _MAX_PLAIN_INDENT or (indent >= 4 and not paragraph):
            return None
        body = stripped
        bullet = _BULLET.match(body)
        if bullet is not None:
            if len(bullet.group()) > 4:  # ``-     code``: code inside the item
                return None
            body = body[bullet.end() :]
        if _NOT_PLAIN.match(body) or "\t" in content[: indent + (len(stripped) - len(body))]:
            return None
        paragraph = True
    if fence is not None:  # open to the end (a last blank line without an ending aside)
        end = len(lines)
        if not line_content(lines[-1]).strip(" \t") and lines[-1] == line_content(lines[-1]):
            end -= 1
        code_blocks.append(CodeBlock(fence[0], max(end, fence[0] + 1), False))
    return _Outline(headings, heading_lines, code_blocks)


def _outline(text: str, lines: list[str]) -> _Outline:
    plain = _plain_outline(lines)
    if plain is not None:
        return plain
    try:
        tokens, cut = parse_checked(_markdown(), text)
    except ImportError:
        raise  # a missing parser is doxtool's problem, not the document's
    except Exception:  # third-party parser: a hostile document must not stop us
        return _fallback_outline(lines)
    count = len(lines)
    headings: list[tuple[int, int, str]] = []
    heading_lines: set[int] = set()
    code_blocks: list[CodeBlock] = []
    for index, token in enumerate(tokens):
        if token.map is None:
            continue
        start, end = min(token.map[0], count), min(token.map[1], count)
        if token.type == "heading_open":
            heading_lines.update(range(start, max(end, start + 1)))
            # only top-level headings structure the file (ATX ``#``/``##`` or
            # setext ``===``/``---`` underlines; not headings inside lists or quotes)
            if token.level == 0 and token.tag in ("h1", "h2"):
                inline = tokens[index + 1] if index + 1 < len(tokens) else None
                title = inline.content if inline is not None and inline.type == "inline" else ""
                headings.append((start, int(token.tag[1]), title.strip()))
        elif token.type in ("fence", "code_block") and start < end:
            closed = token.type == "code_block" or _fence_closed(lines, start, end, token.markup)
            code_blocks.append(CodeBlock(start, end, closed))
        elif token.type == "html_block" and start < end:
            # raw HTML (a comment above all) is not Markdown: a fact-looking
            # line inside it is hidden text, and text inserted inside it would
            # be hidden too
            closed, joins = _html_closed(token.content, line_content(lines[end - 1]))
            code_blocks.append(CodeBlock(start, end, closed, joins))
    outline = _Outline(headings, heading_lines, code_blocks)
    if cut is not None:
        outline.problem = NESTED_TOO_DEEPLY
        outline.problem_line = cut + 1
    return outline


# CommonMark HTML blocks of kinds 1 to 5 run until their end marker, across
# blank lines, or to the end of the document when it never comes
_HTML_ENDS = (
    (
        re.compile(r"<(?:script|pre|style|textarea)(?:\s|>|$)", re.IGNORECASE),
        re.compile(r"</(?:script|pre|style|textarea)>", re.IGNORECASE),
    ),
    (re.compile(r"<!--"), re.compile(r"-->")),
    (re.compile(r"<\?"), re.compile(r"\?>")),
    (re.compile(r"<![A-Za-z]"), re.compile(r">")),
    (re.compile(r"<!\[CDATA\["), re.compile(r"\]\]>")),
)


def _html_closed(content: str, last_line: str) -> tuple[bool, bool]:
    """(closed, joins_next) of an HTML block: whether it ended at its own end
    marker rather than at the end of the document, and whether it is of the
    kinds that end only at a blank line."""
    stripped = content.lstrip(" \t")
    for opening, ending in _HTML_ENDS:
        match = opening.match(stripped)
        if match is None:
            continue
        if "\n" not in content.rstrip("\n"):
            return ending.search(stripped, match.end()) is not None, False
        return ending.search(last_line) is not None, False
    return True, True


def _fallback_outline(lines: list[str]) -> _Outline:
    headings = []
    heading_lines = set()
    for index, line in enumerate(lines):
        match = _FALLBACK_HEADING.fullmatch(line_content(line))
        if match:
            heading_lines.add(index)
            if len(match.group(1)) <= 2 and not line.startswith(" "):
                headings.append((index, len(match.group(1)), (match.group(2) or "").strip()))
    return _Outline(headings, heading_lines, [])


def _sections(headings: list[tuple[int, int, str]], count: int) -> list[Section]:
    sections = []
    for position, (index, level, title) in enumerate(headings):
        if level != 2:
            continue
        end = headings[position + 1][0] if position + 1 < len(headings) else count
        sections.append(Section(title=title, line=index + 1, start=index, end=end))
    return sections


# --- Fact line grammar -----------------------------------------------------

_TOP_BULLET = re.compile(r" ?[-*+][ \t]+(?P<body>.*)")
_NESTED_BULLET = re.compile(r"[ \t]*[-*+][ \t]+(?P<body>.*)")
# Python identifiers may be written in any script (`שTool`): a letter or
# an underscore, then word characters
_IDENTIFIER = re.compile(r"[^\W\d]\w*")
_SIGNATURE = re.compile(r"(?:async\s+)?[^\W\d]\w*\s*\(")
_SUBJECT = r"`(?P<subject>[^`]+)`"
#: how the agent-zero format writes a class without bases
NO_BASE = "(no explicit base class)"

# kind -> pattern of the bullet text; ``rest`` is what follows the lead phrase
_LEADS = tuple(
    (kind, re.compile(pattern, re.IGNORECASE))
    for kind, pattern in (
        ("classes", r"Classes:(?P<rest>.*)"),
        ("functions", r"Top-level functions:(?P<rest>.*)"),
        ("constants", r"Notable constants/configuration names:(?P<rest>.*)"),
        (
            "is-tool",
            r"`(?P<subject>[^\W\d]\w*)` is an? `(?P<base>[^`]+)`[ \t]*(?:\.(?P<rest>.*))?",
        ),
        (
            "defines",
            r"`(?P<owner>[^\W\d]\w*)` defines `(?P<method>[^\W\d]\w*)(?:\([^`]*\))?`"
            r"[ \t]*(?:\.(?P<rest>.*))?",
        ),
        ("arguments", rf"Arguments of {_SUBJECT}:(?P<rest>.*)"),
        ("break-loop", rf"`break_loop` of {_SUBJECT}:(?P<rest>.*)"),
        ("repairable", rf"Repairable errors raised by {_SUBJECT}:(?P<rest>.*)"),
        ("side-effects", r"Observed side-effect areas:(?P<rest>.*)"),
        ("imports", r"Imported dependency areas include:(?P<rest>.*)"),
        ("helpers", r"Important called helpers/classes observed in the source:(?P<rest>.*)"),
        (
            "helpers",
            r"(?P<empty>This module is primarily declarative or delegates behavior through "
            r"classes/imported objects)\.(?P<rest>.*)",
        ),
        ("tests", r"Related tests observed by source search:(?P<rest>.*)"),
        (
            "tests",
            r"(?P<empty>No direct test reference was found by name search; choose the nearest "
            r"behavioral test or perform a focused smoke check)\.(?P<rest>.*)",
        ),
    )
)

# The fact part of an argument item, with each code span replaced by \0:
# `required|optional [type][, default X][, one of X, Y]` (clauses in any order)
_ARGUMENT_SHAPE = re.compile(
    r" ?(?P<required>required|optional)(?: (?P<type>[A-Za-z]\w*))?"
    r"(?P<clauses>(?: ?, ?(?:default \x00|(?:one of|alternative to) \x00(?: ?, ?\x00)*))*) ?",
    re.IGNORECASE,
)
_ARGUMENT_CLAUSE = re.compile(
    r"(default|one of|alternative to) ((?:\x00(?: ?, ?)?)+)", re.IGNORECASE
)


@dataclass
class _Lead:
    kind: str
    subject: str | None
    rest: str
    base: str | None = None
    #: the line is the convention's sentence for a block with no items
    empty: bool = False


def _is_blank(content: str) -> bool:
    return not content.strip(" \t")


def _is_indented(content: str) -> bool:
    """Nested: indented by two or more spaces or a tab (and not blank)."""
    if _is_blank(content):
        return False
    indent = content[: len(content) - len(content.lstrip(" \t"))]
    return "\t" in indent or len(indent) >= 2


def _top_body(content: str) -> str | None:
    if _is_indented(content):
        return None
    match = _TOP_BULLET.fullmatch(content)
    return match.group("body") if match else None


def _nested_body(content: str) -> str | None:
    if not _is_indented(content):
        return None
    match = _NESTED_BULLET.fullmatch(content)
    return match.group("body") if match else None


def _lead(content: str) -> _Lead | None:
    body = _top_body(content)
    if body is None:
        return None
    for kind, pattern in _LEADS:
        match = pattern.fullmatch(body)
        if match:
            groups = match.groupdict()
            subject = groups.get("subject")
            if groups.get("owner"):
                subject = f"{groups['owner']}.{groups['method']}"
            return _Lead(
                kind,
                subject,
                groups.get("rest") or "",
                groups.get("base"),
                empty=bool(groups.get("empty")),
            )
    return None


def _class_bullet(content: str) -> tuple[str, list[str]] | None:
    """``- `Name` (`A`, `B`)`` -> (name, bases); None for any other line."""
    body = _top_body(content)
    if body is None:
        return None
    body = body.rstrip(" \t")
    parts = spans(body)
    if not parts or not parts[0].code or parts[0].start != 0:
        return None
    name = parts[0].text
    if not _IDENTIFIER.fullmatch(name):
        return None
    rest = body[parts[0].end :].strip(" \t")
    if not rest or rest == NO_BASE:
        return name, []
    if not (rest.startswith("(") and rest.endswith(")")):
        return None
    inner = spans(rest[1:-1])
    bases = [part.text for part in inner if part.code]
    if not bases or any(not part.code and part.text.strip(" \t,") for part in inner):
        return None
    return name, bases


def _function_bullet(content: str) -> str | None:
    """``- `name(...) -> T``` (followed by nothing, by ``: <docstring line>``
    or by a person's note) -> the signature; None for any other line."""
    body = _top_body(content)
    if body is None:
        return None
    parts = spans(body.rstrip(" \t"))
    if not parts or not parts[0].code or parts[0].start != 0:
        return None
    if not _SIGNATURE.match(parts[0].text):
        return None
    return parts[0].text


def _nested_code_item(content: str) -> tuple[str, str] | None:
    """A nested bullet opening with a code span -> (code, text after it)."""
    body = _nested_body(content)
    if body is None:
        return None
    parts = spans(body)
    if not parts or not parts[0].code or parts[0].start != 0:
        return None
    return parts[0].text, body[parts[0].end :]


def _continues(kind: str, content: str, in_code: bool) -> bool:
    """Whether ``content`` is part of a ``kind`` block that reached it."""
    if kind not in MULTILINE_KINDS or _is_blank(content):
        return False
    if _is_indented(content):
        # nested items, and indented notes or code under them
        return True
    if in_code:
        return False
    if kind == "classes":
        return _class_bullet(content) is not None
    if kind == "functions":
        return _function_bullet(content) is not None
    return False


def _argument_fields(sentence: str) -> dict[str, Any] | None:
    """Parse ``optional integer, default `0`, one of ...``; None if it is not that."""
    codes = []
    shape_parts = []
    for part in spans(sentence):
        if part.code:
            codes.append(part.text)
            shape_parts.append("\x00")
        else:
            shape_parts.append(part.text.replace("\x00", " "))
    # collapsing whitespace keeps the pattern simple and its matching linear
    shape = " ".join("".join(shape_parts).split())
    match = _ARGUMENT_SHAPE.fullmatch(shape)
    if match is None:
        return None
    fields: dict[str, Any] = {
        "required": match.group("required").casefold() == "required",
        "type": match.group("type"),
        "default": None,
        "has_default": False,
        "enum": None,
        "alternatives": None,
    }
    taken = 0
    for clause in _ARGUMENT_CLAUSE.finditer(match.group("clauses")):
        count = clause.group(2).count("\x00")
        values = codes[taken : taken + count]
        taken += count
        if clause.group(1).casefold() == "default":
            if fields["has_default"]:
                return None
            fields["default"] = canonical_json(values[0])
            fields["has_default"] = True
        elif clause.group(1).casefold() == "alternative to":
            if fields["alternatives"] is not None:
                return None
            fields["alternatives"] = values
        else:
            if fields["enum"] is not None:
                return None
            fields["enum"] = values
    return fields


def _argument_item(name: str, rest: str) -> dict[str, Any]:
    sentence, after, _ = split_sentence(rest)
    fields = _argument_fields(sentence)
    if fields is None:
        # not the grammar: everything after the name is the person's text
        fields = {"required": None, "type": None, "default": None, "has_default": False}
        return {"name": name, **fields, "enum": None, "alternatives": None, "prose": rest}
    return {"name": name, **fields, "prose": after}


# --- Reading blocks --------------------------------------------------------


@dataclass
class _BlockReader:
    """Collects a block's values, prose, item lines and notes."""

    lead: _Lead
    values: Any = None
    prose: str = ""
    item_prose: dict[str, str] = field(default_factory=dict)
    item_lines: dict[str, int] = field(default_factory=dict)
    notes: list[Note] = field(default_factory=list)
    anchor: str | None = None

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


def _read_block(
    lead: _Lead, lines: list[str], start: int, end: int, code_lines: set[int]
) -> _BlockReader:
    reader = _BlockReader(lead)
    _read_lead_line(reader)
    for index in range(start + 1, end):
        if index in code_lines or not _read_item(reader, index, line_content(lines[index])):
            reader.note(index)
    return reader


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
        )
        if block.key in seen:
            companion.duplicates.append(block)
        else:
            seen.add(block.key)
            companion.blocks.append(block)
        index = end
    return companion


# --- Fixing ----------------------------------------------------------------


def _contents(companion: Companion, start: int, end: int) -> list[str]:
    return [line_content(line) for line in companion.lines[start:end]]


def _safe_point(companion: Companion, index: int) -> int:
    """``index``, moved before the code block or fact block it would land inside."""
    for code_block in companion.code_blocks:
        runs_to_end = not code_block.closed and all(
            _is_blank(line_content(line)) for line in companion.lines[code_block.end :]
        )
        if code_block.start < index < code_block.end or (runs_to_end and code_block.start < index):
            index = code_block.start
            break
    for block in companion.blocks + companion.duplicates:
        if block.start < index < block.end:
            return block.start
    return index


def _last_content_end(companion: Companion, section: Section) -> int:
    """Index just after the section's last non-blank line."""
    last = section.start
    for index in range(section.start, section.end):
        if not _is_blank(line_content(companion.lines[index])):
            last = index
    return last + 1


def _block_insertion_point(companion: Companion, section: Section, expected: ExpectedBlock) -> int:
    def located(key: str) -> FactBlock | None:
        block = companion.block(key)
        if block is not None and section.start <= block.start < section.end:
            return block
        return None

    for key in expected.follows:
        block = located(key)
        if block is not None:
            return _safe_point(companion, block.end)
    for key in expected.precedes:
        block = located(key)
        if block is not None:
            return _safe_point(companion, block.start)
    return _safe_point(companion, _last_content_end(companion, section))


def _section_insertion_point(companion: Companion, title: str) -> int:
    wanted = normalize_title(title)
    canonical = [normalize_title(t) for t in SECTIONS]
    if wanted in canonical:
        for later in SECTIONS[canonical.index(wanted) + 1 :]:
            section = companion.section(later)
            if section is not None:
                return section.start
    return _safe_point(companion, companion.line_count)


def _block_insertion_lines(
    companion: Companion, index: int, blocks: list[ExpectedBlock]
) -> list[str]:
    lines = [line for block in blocks for line in block.lines]
    if any(block.joins_next and block.end == index for block in companion.code_blocks):
        # right after raw HTML that only a blank line ends, the lines would be HTML
        lines.insert(0, "")
    if index < companion.line_count and _continues(
        blocks[-1].kind, line_content(companion.lines[index]), companion.in_code(index)
    ):
        # the next line would read as part of the new block: a blank line ends it
        lines.append("")
    return lines


def _section_insertion_lines(
    companion: Companion, index: int, sections: list[tuple[str, list[str]]]
) -> list[str]:
    """Headings and block lines of missing sections, set off by blank lines."""
    lines: list[str] = []
    for title, block_lines in sections:
        if lines:
            lines.append("")
        lines.append(f"## {title}")
        lines.extend(block_lines)
    if index > 0 and not _is_blank(line_content(companion.lines[index - 1])):
        lines.insert(0, "")
    if index < companion.line_count and not _is_blank(line_content(companion.lines[index])):
        lines.append("")
    return lines


def _replacement(companion: Companion, expected: ExpectedBlock, existing: FactBlock) -> Edit | None:
    if values_agree(expected, existing):
        return None
    lines = render_block(expected, existing, companion)
    if lines == _contents(companion, existing.start, existing.end):
        return None
    return Edit(companion.path, existing.start, existing.end, lines)


def _missing_section_lines(companion: Companion, expected: ExpectedBlock) -> list[str]:
    """Lines of ``expected`` and of the other blocks of its (missing) section
    that the companion lacks, in canonical order."""
    section_lines = expected.section_lines or {expected.key: expected.lines}
    if expected.key not in section_lines:
        section_lines = {**section_lines, expected.key: expected.lines}
    return [
        line
        for key, lines in section_lines.items()
        if key == expected.key or companion.block(key) is None
        for line in lines
    ]


def block_edit(companion: Companion, expected: ExpectedBlock) -> Edit | None:
    """The edit that makes ``companion`` state ``expected``; None if it does.

    A drifted block is replaced in place. A missing block is inserted after
    the nearest block of its section that comes before it in canonical order,
    else before the nearest one that comes after it, else after the section's
    last non-blank line; a missing section is inserted, with its heading,
    before the next canonical section present, or at the end. It comes with
    every block of it the companion lacks, so the block edits of a missing
    section are all one edit, and applying several of them inserts it once.
    """
    existing = companion.block(expected.key)
    if existing is not None:
        return _replacement(companion, expected, existing)
    section = companion.section(expected.section)
    if section is None:
        index = _section_insertion_point(companion, expected.section)
        lines = _section_insertion_lines(
            companion, index, [(expected.section, _missing_section_lines(companion, expected))]
        )
    else:
        index = _block_insertion_point(companion, section, expected)
        lines = _block_insertion_lines(companion, index, [expected])
    return Edit(companion.path, index, index, lines)


def section_edit(companion: Companion, title: str, lines: list[str] | None = None) -> Edit:
    """The edit inserting a missing ``## title`` section (with ``lines`` under
    its heading) before the next canonical section present, else at the end.

    The end of a companion can lie inside a fence or an HTML comment that is
    never closed; the section then goes before that block, where it is read
    as a section (appending it would hide it, and every run would add it again).
    """
    index = _section_insertion_point(companion, title)
    return Edit(
        companion.path,
        index,
        index,
        _section_insertion_lines(companion, index, [(title, list(lines or []))]),
    )


def _has_person_text(block: FactBlock) -> bool:
    return bool(
        block.prose.strip()
        or block.notes
        or any(text.strip() for text in block.item_prose.values())
    )


def _holds_what_follows(companion: Companion, block: FactBlock) -> bool:
    """Whether deleting ``block`` could change how the lines after it read.

    An indented line after it (even past blank lines) may be a continuation
    of its list item, and a class-like bullet could join the block above.
    """
    index = block.end
    while index < companion.line_count and _is_blank(line_content(companion.lines[index])):
        index += 1
    if index >= companion.line_count:
        return False
    following = line_content(companion.lines[index])
    if _is_indented(following):
        return True
    return index == block.end and (
        _class_bullet(following) is not None or _function_bullet(following) is not None
    )


def removal_edit(companion: Companion, block: FactBlock) -> Edit | None:
    """The edit deleting a stale ``block``, or None when deleting it is not safe.

    It is not safe when the block holds text of a person's (prose after a
    fact, notes), when its key is duplicated (the person's to sort out; and
    deleting the first would only make the second stale on the next run), or
    when the lines after it could read differently without it.
    """
    duplicated = any(other.key == block.key for other in companion.duplicates)
    if duplicated or _has_person_text(block) or _holds_what_follows(companion, block):
        return None
    return Edit(companion.path, block.start, block.end, [])


def removable_with_words(companion: Companion, block: FactBlock) -> bool:
    """Whether deleting ``block`` is safe for the document's structure (it
    may still hold a person's words: that makes the removal unsafe, not wrong)."""
    duplicated = any(other.key == block.key for other in companion.duplicates)
    return not duplicated and not _holds_what_follows(companion, block)


def stale_blocks(companion: Companion, expected: list[ExpectedBlock]) -> list[FactBlock]:
    """Blocks stating facts the module no longer has (empty blocks excepted)."""
    keys = {block.key for block in expected}
    return [
        block
        for block in companion.blocks
        if block.key not in keys and block.values not in ([], None, "")
    ]


def _section_rank(title: str) -> int:
    canonical = [normalize_title(t) for t in SECTIONS]
    wanted = normalize_title(title)
    return canonical.index(wanted) if wanted in canonical else len(canonical)


def companion_edits(
    companion: Companion, expected: list[ExpectedBlock], *, remove_stale: bool = False
) -> list[Edit]:
    """All edits that bring ``companion`` in line with ``expected``, computed
    against the unmodified companion and ordered for :func:`apply_edits`.

    Blocks missing from the same place are inserted together, in canonical
    order, and a missing section gets one heading. With ``remove_stale``
    (only meaningful when ``expected`` is complete), stale blocks holding no
    text of a person's are deleted. Duplicated blocks are left alone.
    """
    # sort key (start, end, tier): at one line, lines appended to the block
    # ending there come first, then inserted blocks, then inserted sections,
    # then changes to the block starting there
    ranked: list[tuple[tuple[int, int, int], Edit]] = []
    in_sections: dict[int, list[ExpectedBlock]] = {}
    new_sections: dict[int, dict[str, list[ExpectedBlock]]] = {}
    handled: set[str] = set()
    for block in expected:
        if block.key in handled:
            continue
        handled.add(block.key)
        existing = companion.block(block.key)
        if existing is not None:
            edit = _replacement(companion, block, existing)
            for piece in narrow_edit(companion.lines, edit) if edit else []:
                tier = 0 if piece.is_insertion and piece.start == existing.end else 3
                ranked.append(((piece.start, piece.end, tier), piece))
            continue
        section = companion.section(block.section)
        if section is not None:
            index = _block_insertion_point(companion, section, block)
            in_sections.setdefault(index, []).append(block)
        else:
            index = _section_insertion_point(companion, block.section)
            new_sections.setdefault(index, {}).setdefault(block.section, []).append(block)
    for index, blocks in in_sections.items():
        lines = _block_insertion_lines(companion, index, blocks)
        ranked.append(((index, index, 1), Edit(companion.path, index, index, lines)))
    for index, by_title in new_sections.items():
        groups = [
            (title, [line for block in blocks for line in block.lines])
            for title, blocks in sorted(by_title.items(), key=lambda i: _section_rank(i[0]))
        ]
        lines = _section_insertion_lines(companion, index, groups)
        ranked.append(((index, index, 2), Edit(companion.path, index, index, lines)))
    if remove_stale:
        for stale in stale_blocks(companion, expected):
            removal = removal_edit(companion, stale)
            if removal is not None:
                ranked.append(((removal.start, removal.end, 3), removal))
    ranked.sort(key=lambda item: item[0])
    return [edit for _, edit in ranked]


def fix_companion(text: str, expected: list[ExpectedBlock], *, remove_stale: bool = False) -> str:
    """``text`` with every drifted fact block rewritten and missing ones inserted.

    Prose is untouched byte for byte; running it again changes nothing.
    """
    companion = parse_companion(text)
    return apply_edits(text, companion_edits(companion, expected, remove_stale=remove_stale))
