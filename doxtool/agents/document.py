"""What one ``AGENTS.md`` says, as plain facts: its headings, its links and its
Child DOX Index.

The file is read line by line, the way CommonMark sees the parts that matter
here: ATX headings (``## Purpose``), fenced code blocks (whose content is not
Markdown), inline code spans (whose content is not a link) and HTML comments.
Links are inline links and images (``[text](target)``) and reference
definitions (``[label]: target``); ``[^label]: text`` is a footnote (as GitHub
renders it), whose text may hold links. Nothing is ever executed or followed.

The Child DOX Index is the ``## Child DOX Index`` section. Its rows are the
body rows of the first table in it whose header is ``| Child | Scope |``; a
section without such a table lists its children as links (a bullet list) or
says ``No child DOX files.``.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from urllib.parse import unquote

from doxtool.agents.spans import code_spans, span_bounds
from doxtool.core.edits import line_content, split_lines
from doxtool.core.mdtables import cells, delimiter_row
from doxtool.core.patterns import LazyPattern

INDEX_TITLE = "Child DOX Index"
NO_CHILDREN = "No child DOX files."
CHILDREN_LEAD = "Direct child DOX files:"
TABLE_HEADER = ("Child", "Scope")

_HEADING = LazyPattern(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
_FENCE = LazyPattern(r"^ {0,3}(`{3,}|~{3,})(.*)$")
_LINK = LazyPattern(
    r"(?<!\\)\[((?:[^\[\]\\]|\\.)*)\]\(\s*(<[^<>\n]*>|[^\s()<>]*(?:\([^\s()]*\)[^\s()<>]*)*)"
    r"(?:\s+(?:\"[^\"]*\"|'[^']*'|\([^()]*\)))?\s*\)"
)
_DEFINITION = LazyPattern(r"^ {0,3}\[((?:[^\[\]\\]|\\.)+)\]:[ \t]*(<[^<>\n]*>|\S+)")
_REFERENCE = LazyPattern(r"(?<!\\)\[((?:[^\[\]\\]|\\.)+)\](?:\[((?:[^\[\]\\]|\\.)*)\])?")
_SCHEME = LazyPattern(r"^[A-Za-z][A-Za-z0-9+.-]*:")
_BULLET = LazyPattern(r"^( {0,3})[-*+][ \t]+(.*)$")
#: a list item's marker and the space after it (its content starts past them)
_ITEM = LazyPattern(r"^[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]{1,4}|$)")
_SETEXT = LazyPattern(r"^ {0,3}(=+|-+)[ \t]*$")
#: lines that are no paragraph text: list items, quotes, tables, fences, HTML
_PARAGRAPH_BREAKERS = LazyPattern(r"^ {0,3}(?:[-*+][ \t]|\d{1,9}[.)][ \t]|>|\||`{3}|~{3}|<)")


@dataclass
class Heading:
    """A heading of an ``AGENTS.md``."""

    title: str
    level: int
    #: 1-based line
    line: int


@dataclass
class Link:
    """A link to a file or folder of the repository, as written."""

    #: the target without its ``#fragment``, percent-decoded
    target: str
    line: int
    column: int
    text: str = ""


@dataclass
class IndexRow:
    """One body row of the Child DOX Index table."""

    #: the link target of the first cell (None when the cell holds no link)
    target: str | None
    #: the second cell, as written
    scope: str
    line: int


@dataclass
class ChildIndex:
    """The ``## Child DOX Index`` section."""

    #: line of the heading
    line: int
    #: the line after the section's last line
    end: int
    #: ``table`` (a Child | Scope table), ``none`` (``No child DOX files.``),
    #: ``links`` (children given as links, no table) or ``empty``
    kind: str
    rows: list[IndexRow] = field(default_factory=list)
    #: links to ``AGENTS.md`` files in the section (the table's rows or a list)
    links: list[Link] = field(default_factory=list)
    #: lines of the ``Direct child DOX files:`` sentence, the table header and
    #: the line after the table's last row (0: none)
    lead_line: int = 0
    header_line: int = 0
    table_end: int = 0
    #: line of ``No child DOX files.`` (0: none)
    none_line: int = 0
    #: header line of the section's first table with other columns than
    #: Child | Scope (0: none): a person's index, in a layout not read
    other_table: int = 0
    #: 1-based lines of the section that are not blank (a person's text a
    #: row or a table written next to it must not join)
    written: set[int] = field(default_factory=set)
    #: the contents of the section's code spans (``- `tools/AGENTS.md` — ...``)
    named: list[str] = field(default_factory=list)


@dataclass
class AgentsDoc:
    """The facts of one ``AGENTS.md``."""

    path: str
    headings: list[Heading] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)
    index: ChildIndex | None = None
    #: reference definitions (``[label]: target``): the normalised label ->
    #: the repository path it names (first definition wins, as in CommonMark)
    definitions: dict[str, str] = field(default_factory=dict)
    #: the first bullet of the ``## Purpose`` section, continuation lines joined
    purpose: str = ""
    line_count: int = 0

    def sections(self) -> list[Heading]:
        """The ``##`` headings, in file order."""
        return [h for h in self.headings if h.level == 2]


def _blank_code_spans(line: str) -> str:
    """The line with inline code spans (and their backticks) replaced by spaces."""
    out: list[str] = []
    position = 0
    for tick, _, _, end in span_bounds(line):
        out.append(line[position:tick])
        out.append(" " * (end - tick))
        position = end
    out.append(line[position:])
    return "".join(out)


def _local_target(raw: str) -> str | None:
    """The repository path a link target names; None for URLs, anchors and templates."""
    if raw.startswith("<") and raw.endswith(">"):
        raw = raw[1:-1]
    raw = raw.strip()
    if not raw or raw.startswith("#") or _SCHEME.match(raw) or raw.startswith("//"):
        return None
    if "{{" in raw or "{%" in raw:
        return None
    path = _unescaped(raw.split("#", 1)[0].split("?", 1)[0])
    if not path:
        return None
    try:
        path = unquote(path, errors="strict")
    except UnicodeDecodeError:
        return None
    return path if path.isprintable() else None


def _unescaped(text: str) -> str:
    """A link destination as CommonMark reads it: backslash escapes of
    punctuation and entity references (``&amp;``, ``&#35;``) decoded."""
    if "\\" not in text and "&" not in text:
        return text
    return _ESCAPE_OR_ENTITY.sub(
        lambda m: m.group(1) if m.group(1) is not None else html.unescape(m.group(0)), text
    )


_ESCAPE_OR_ENTITY = LazyPattern(
    r"\\([!-/:-@\[-`{-~])|&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});"
)


def _is_table_line(line: str) -> bool:
    return "|" in line and bool(line.strip())


def parse(path: str, text: str) -> AgentsDoc:
    """The facts of the ``AGENTS.md`` at ``path`` with content ``text``."""
    lines = [line_content(line) for line in split_lines(text)]
    doc = AgentsDoc(path=path, line_count=len(lines))
    fence: str | None = None
    in_comment = False
    #: where the content of the list item the lines are in starts (None: no item)
    item: int | None = None
    #: the previous line was blank (or there was none): code may start here
    after_blank = True
    #: inside an indented code block (indented four columns past its container)
    code_at: int | None = None
    #: the lines that are Markdown text (not code, not comments), 0-based
    prose: list[int] = []
    for index, line in enumerate(lines):
        if fence is not None:
            stripped = line.strip()
            if stripped.startswith(fence[0] * len(fence)) and not stripped.strip(fence[0]):
                fence = None
            continue
        if in_comment:
            if "-->" in line:
                in_comment = False
            continue
        blank = not line.strip()
        indent = _indent(line)
        if code_at is not None and (blank or indent >= code_at):
            continue  # a line of an indented code block
        code_at = None
        if blank:
            after_blank = True
            continue
        if (
            item is not None
            and indent < item
            and (after_blank or _PARAGRAPH_BREAKERS.match(line) or _HEADING.match(line))
        ):
            item = None  # the list item ended (what is left of it is lazy text)
        base = item if item is not None and indent >= item else 0
        if after_blank and indent - base >= 4:
            code_at = base + 4
            continue
        after_blank = False
        opened = _FENCE.match(" " * (indent - base) + line.lstrip(" \t"))
        if opened and not (opened.group(1)[0] == "`" and "`" in opened.group(2)):
            fence = opened.group(1)
            continue
        marker = _ITEM.match(line)
        if marker:
            item = len(marker.group(0).expandtabs(4))
        if line.lstrip().startswith("<!--") and "-->" not in line:
            in_comment = True
            continue
        prose.append(index)
        heading = _HEADING.match(line)
        if heading:
            title = (heading.group(2) or "").strip()
            doc.headings.append(Heading(title, len(heading.group(1)), index + 1))
            continue
        underline = _SETEXT.match(line)
        setext = _setext_title(lines, prose, doc) if underline else None
        if underline and setext:
            # a paragraph over ``----`` or ``====`` is a heading
            level = 1 if underline.group(1)[0] == "=" else 2
            doc.headings.append(Heading(setext[0], level, setext[1]))
            continue
        _collect_links(doc, line, index + 1)
    doc.index = _child_index(doc, lines, prose)
    doc.purpose = _first_purpose_bullet(doc, lines, prose)
    return doc


def _indent(line: str) -> int:
    """The columns of white space a line starts with (a tab to the next stop of 4)."""
    width = 0
    for char in line:
        if char == " ":
            width += 1
        elif char == "\t":
            width += 4 - width % 4
        else:
            break
    return width


def _setext_title(lines: list[str], prose: list[int], doc: AgentsDoc) -> tuple[str, int] | None:
    """The paragraph the last Markdown line (``===`` or ``---``) underlines,
    as (title, 1-based first line); None when it underlines none."""
    first = len(prose) - 1
    while (
        first > 0
        and prose[first - 1] == prose[first] - 1
        and _paragraph_line(lines[prose[first - 1]])
    ):
        first -= 1
    if first == len(prose) - 1:
        return None
    start = prose[first]
    if doc.headings and doc.headings[-1].line - 1 >= start:
        return None  # an ATX heading ends a paragraph: what follows is not its text
    title = " ".join(lines[i].strip() for i in prose[first : len(prose) - 1])
    return title, start + 1


def _paragraph_line(line: str) -> bool:
    """Whether ``line`` can be paragraph text (an underline cannot: walking
    back from one underline stops at the one before)."""
    return (
        bool(line.strip())
        and not line.startswith(("    ", "\t"))
        and not (_PARAGRAPH_BREAKERS.match(line) or _HEADING.match(line) or _SETEXT.match(line))
    )


def _collect_links(doc: AgentsDoc, line: str, number: int) -> None:
    visible = re.sub(r"<!--.*?-->", lambda m: " " * len(m.group(0)), _blank_code_spans(line))
    definition = _DEFINITION.match(visible)
    if definition and not definition.group(1).startswith("^"):
        target = _local_target(definition.group(2))
        if target is not None:
            doc.links.append(Link(target, number, definition.start(2) + 1, definition.group(1)))
            doc.definitions.setdefault(_label(definition.group(1)), target)
        return
    for match in _LINK.finditer(visible):
        target = _local_target(match.group(2))
        if target is not None:
            doc.links.append(Link(target, number, match.start(2) + 1, match.group(1)))


@dataclass
class WrittenLink:
    """Where an inline link sits in its line, as written (0-based offsets)."""

    text: tuple[int, int]
    target: tuple[int, int]
    #: the repository path the link names, as :class:`Link` holds it
    local: str | None
    #: the whole link, from its ``[`` to its ``)``
    span: tuple[int, int] = (0, 0)


def written_links(line: str) -> list[WrittenLink]:
    """The inline links of ``line`` (none inside code spans or comments)."""
    visible = re.sub(r"<!--.*?-->", lambda m: " " * len(m.group(0)), _blank_code_spans(line))
    return [
        WrittenLink(match.span(1), match.span(2), _local_target(match.group(2)), match.span())
        for match in _LINK.finditer(visible)
    ]


def _section_end(doc: AgentsDoc, heading: Heading) -> int:
    """The 1-based line after the section that ``heading`` opens."""
    for other in doc.headings:
        if other.line > heading.line and other.level <= heading.level:
            return other.line
    return doc.line_count + 1


def section(doc: AgentsDoc, title: str) -> Heading | None:
    """The first ``##`` heading titled ``title`` (case and outer space ignored)."""
    wanted = title.strip().casefold()
    for heading in doc.sections():
        if heading.title.strip().casefold() == wanted:
            return heading
    return None


def _child_index(doc: AgentsDoc, lines: list[str], prose: list[int]) -> ChildIndex | None:
    heading = section(doc, INDEX_TITLE)
    if heading is None:
        return None
    end = _section_end(doc, heading)
    index = ChildIndex(line=heading.line, end=end, kind="empty")
    body = [i for i in prose if heading.line <= i < end - 1]  # 0-based, after the heading
    in_body = set(body)
    index.written = {i + 1 for i in range(heading.line, end - 1) if lines[i].strip()}
    for position, i in enumerate(body):
        index.named.extend(code_spans(lines[i]))
        line = lines[i].strip()
        if line == NO_CHILDREN and not index.none_line:
            index.none_line = i + 1
        elif line == CHILDREN_LEAD and not index.lead_line:
            index.lead_line = i + 1
        if index.header_line or not _is_table_line(lines[i]):
            continue
        following = body[position + 1] if position + 1 < len(body) else None
        if following != i + 1 or not delimiter_row(lines[i + 1]):
            continue
        if tuple(c.casefold() for c in cells(lines[i])) != tuple(
            c.casefold() for c in TABLE_HEADER
        ):
            index.other_table = index.other_table or i + 1
            continue
        index.header_line = i + 1
        row = i + 2
        while row in in_body and _is_table_line(lines[row]):
            _add_row(doc, index, lines[row], row + 1)
            row += 1
        index.table_end = row + 1
    if index.header_line:
        index.kind = "table"
    else:
        for link in doc.links:
            if heading.line < link.line < end and _names_agents(link.target):
                index.links.append(link)
        if index.links:
            index.kind = "links"
        elif index.none_line:
            index.kind = "none"
    return index


def _names_agents(target: str) -> bool:
    return target.rstrip("/").rsplit("/", 1)[-1] == "AGENTS.md"


def reference_links(line: str, definitions: dict[str, str]) -> list[tuple[int, int, str]]:
    """(start, end, text) of the reference links of ``line`` (``[text][label]``,
    ``[label][]``, ``[label]``) whose label ``definitions`` defines; none
    inside code spans, comments or inline links."""
    visible = re.sub(r"<!--.*?-->", lambda m: " " * len(m.group(0)), _blank_code_spans(line))
    visible = _LINK.sub(lambda m: " " * len(m.group(0)), visible)
    found = []
    for match in _REFERENCE.finditer(visible):
        label = match.group(2) or match.group(1)
        if label.strip() and _label(label) in definitions:
            found.append((match.start(), match.end(), line[match.start(1) : match.end(1)]))
    return found


def _label(text: str) -> str:
    """A reference label as CommonMark matches it: case and inner space folded."""
    return " ".join(text.split()).casefold()


def _add_row(doc: AgentsDoc, index: ChildIndex, line: str, number: int) -> None:
    row_cells = cells(line)
    first = row_cells[0] if row_cells else ""
    scope = row_cells[1] if len(row_cells) > 1 else ""
    visible = _blank_code_spans(first)
    match = _LINK.search(visible)
    target = _local_target(match.group(2)) if match else None
    if match is not None:
        written, text = match.group(2), match.group(1)
    else:  # a reference link: ``[text][label]``, ``[label][]`` or ``[label]``
        reference = _REFERENCE.search(visible)
        label = (reference.group(2) or reference.group(1)) if reference else ""
        target = doc.definitions.get(_label(label)) if label.strip() else None
        written = text = reference.group(1) if reference else ""
    index.rows.append(IndexRow(target, scope, number))
    if target is not None:
        column = line.find(written) + 1
        index.links.append(Link(target, number, max(1, column), text))


def _first_purpose_bullet(doc: AgentsDoc, lines: list[str], prose: list[int]) -> str:
    heading = section(doc, "Purpose")
    if heading is None:
        return ""
    end = _section_end(doc, heading)
    parts: list[str] = []
    for i in prose:
        if not heading.line <= i < end - 1:
            continue
        line = lines[i]
        bullet = _BULLET.match(line)
        if not parts:
            if bullet:
                parts.append(bullet.group(2).strip())
            continue
        if bullet or not line.strip() or not line.startswith((" ", "\t")):
            break
        parts.append(line.strip())
    return " ".join(parts)
