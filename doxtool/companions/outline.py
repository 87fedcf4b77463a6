"""The Markdown outline of a companion: headings, sections and code blocks.

Only block structure matters: a fast line scan reads plain documents, and
markdown-it (built on first use) reads the rest, so a heading or a
fact-looking line inside a fenced code block is neither. Reading stops
where a document is nested too deeply, and the outline says so; a document
the parser fails on is read by a line scan instead.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from doxtool.companions.factlines import SECTION_ALIASES, SECTIONS
from doxtool.companions.headings import normalize_title
from doxtool.companions.model import CodeBlock, Section
from doxtool.core.edits import line_content
from doxtool.core.mdlimits import NESTED_TOO_DEEPLY, parse_checked
from doxtool.core.patterns import LazyPattern

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


_FALLBACK_HEADING = LazyPattern(r" {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*")


@dataclass
class _Outline:
    """The headings and code blocks of a companion."""

    #: (line index, level, title) of top-level headings (``#`` to ``######``,
    #: setext), and of bold lines opening a paragraph, alone or not (level 0)
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

#: a line that is all bold text (``**Work Guidance**``): a pseudo-heading
_BOLD_LINE = LazyPattern(r"[ \t]*(\*\*|__)(?![ \t])((?:(?!\1).)+?)(?<![ \t])\1[ \t]*:?[ \t]*")
_ATX = LazyPattern(r"(#{1,6})(?:[ \t]|$)")
_FENCE_OPEN = LazyPattern(r"(`{3,}|~{3,})(.*)")
_BULLET = LazyPattern(r"[-*] +")
#: what a line (or the text after a bullet) must not start with to stay plain
_NOT_PLAIN = LazyPattern(
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
        if _BOLD_LINE.fullmatch(content):  # a pseudo-heading: the parser tells
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
        return _unclosed(_Outline(headings, heading_lines, code_blocks), fence[0])
    return _Outline(headings, heading_lines, code_blocks)


def front_matter_end(lines: list[str]) -> int:
    """The index after the ``---`` (or ``...``) that closes the YAML front
    matter ``lines`` open with; 0 when they open with none."""
    if not lines or line_content(lines[0]).lstrip("\ufeff").rstrip(" \t") != "---":
        return 0
    for index in range(1, len(lines)):
        if line_content(lines[index]).rstrip(" \t") in ("---", "..."):
            return index + 1
    return 0


def _outline(text: str, lines: list[str]) -> _Outline:
    """The outline of a companion; its YAML front matter is no Markdown: a
    ``#`` comment there is no title, a key over its closing ``---`` no
    heading."""
    outline = _markdown_outline(text, lines)
    end = front_matter_end(lines)
    if end:
        outline.headings = [h for h in outline.headings if h[0] >= end]
        outline.heading_lines = {i for i in outline.heading_lines if i >= end}
    return outline


def _markdown_outline(text: str, lines: list[str]) -> _Outline:
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
    open_fence: int | None = None
    open_html: int | None = None
    html_kind = ""
    for index, token in enumerate(tokens):
        if token.map is None:
            continue
        start, end = min(token.map[0], count), min(token.map[1], count)
        if token.type == "heading_open":
            heading_lines.update(range(start, max(end, start + 1)))
            # only top-level headings structure the file (ATX ``#``/``##`` or
            # setext ``===``/``---`` underlines; not headings inside lists or quotes)
            if token.level == 0:
                inline = tokens[index + 1] if index + 1 < len(tokens) else None
                title = inline.content if inline is not None and inline.type == "inline" else ""
                headings.append((start, int(token.tag[1]), title.strip()))
        elif token.type == "paragraph_open" and token.level == 0 and end > start:
            # a bold line alone, or opening a paragraph whose text goes on
            # below it (``**Child DOX Index**`` then ``No child DOX files.``)
            inline = tokens[index + 1] if index + 1 < len(tokens) else None
            first = inline.content.split("\n", 1)[0] if inline is not None else ""
            bold = _BOLD_LINE.fullmatch(first) if inline is not None else None
            if bold is not None and inline is not None and inline.type == "inline":
                headings.append((start, 0, bold.group(2).strip()))
        elif token.type in ("fence", "code_block") and start < end:
            closed = token.type == "code_block" or _fence_closed(lines, start, end, token.markup)
            code_blocks.append(CodeBlock(start, end, closed))
            if not closed and open_fence is None and _to_the_end(lines, end):
                open_fence = start
        elif token.type == "html_block" and start < end:
            # raw HTML (a comment above all) is not Markdown: a fact-looking
            # line inside it is hidden text, and text inserted inside it would
            # be hidden too
            closed, joins = _html_closed(token.content, line_content(lines[end - 1]))
            code_blocks.append(CodeBlock(start, end, closed, joins))
            if open_html is None and _swallows_the_rest(lines, start, end, closed, joins):
                open_html = start
                html_kind = (
                    "HTML comment"
                    if token.content.lstrip(" \t").startswith("<!--")
                    else "HTML block"
                )
    outline = _Outline(headings, heading_lines, code_blocks)
    if cut is not None:
        outline.problem = NESTED_TOO_DEEPLY
        outline.problem_line = cut + 1
    elif open_fence is not None:
        _unclosed(outline, open_fence)
    elif open_html is not None:
        outline.problem = (
            f"the {html_kind} opened at line {open_html + 1} is never closed, so every "
            "line after it is hidden; close it"
        )
        outline.problem_line = open_html + 1
    return outline


def _swallows_the_rest(lines: list[str], start: int, end: int, closed: bool, joins: bool) -> bool:
    """Whether the HTML block on line indexes ``start``..``end`` hides the
    rest of the document: one that runs to the end without its end marker
    (``<!--`` with no ``-->``), or one ending only at a blank line (``<div>``,
    ``<details>``) that runs to the end and takes in a line that outside it
    would be a heading."""
    if not _to_the_end(lines, end):
        return False
    if not joins:
        return not closed
    return any(_HEADING_LIKE.match(line_content(line)) for line in lines[start + 1 : end])


def _to_the_end(lines: list[str], end: int) -> bool:
    """Whether a block ending before line index ``end`` runs to the end of
    the document (blank lines aside)."""
    return all(not line_content(line).strip(" \t") for line in lines[end:])


def _unclosed(outline: _Outline, start: int) -> _Outline:
    """The outline of a document whose code fence at line index ``start``
    is never closed: every line after it is code, the sections and fact
    lines a person meant included, so the document is not read as a
    companion (a fix would write them all again above the fence)."""
    outline.problem = (
        f"the code fence opened at line {start + 1} is never closed, so every line "
        "after it is code; close it"
    )
    outline.problem_line = start + 1
    return outline


_HEADING_LIKE = LazyPattern(r" {0,3}#{1,6}(?:[ \t]|$)")

# CommonMark HTML blocks of kinds 1 to 5 run until their end marker, across
# blank lines, or to the end of the document when it never comes
_HTML_ENDS = (
    (
        LazyPattern(r"<(?:script|pre|style|textarea)(?:\s|>|$)", re.IGNORECASE),
        LazyPattern(r"</(?:script|pre|style|textarea)>", re.IGNORECASE),
    ),
    (LazyPattern(r"<!--"), LazyPattern(r"-->")),
    (LazyPattern(r"<\?"), LazyPattern(r"\?>")),
    (LazyPattern(r"<![A-Za-z]"), LazyPattern(r">")),
    (LazyPattern(r"<!\[CDATA\["), LazyPattern(r"\]\]>")),
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
    """The ``##`` sections, and the sections a person wrote at another level:
    a heading of another level, or a bold line alone (level 0), whose words
    name a companion section no ``##`` heading names (the first such one).
    A section runs to the next ``#`` or ``##`` heading or such a section."""
    title = next((index for index, level, _ in headings if level == 1), None)
    named = {_section_name(words) for _, level, words in headings if level == 2}
    bounds: list[tuple[int, int, str, bool]] = []  # (index, level, words, a section)
    for index, level, words in headings:
        name = _section_name(words) if level != 2 and index != title else None
        if name is not None and name not in named:
            named.add(name)
            bounds.append((index, level, words, True))
        elif level in (1, 2):
            bounds.append((index, level, words, level == 2))
    sections = []
    for position, (index, level, words, section) in enumerate(bounds):
        if section:
            end = bounds[position + 1][0] if position + 1 < len(bounds) else count
            sections.append(Section(words, index + 1, index, end, level))
    return sections


def _section_name(words: str) -> str | None:
    """The section ``words`` name (``Local Contracts``: Runtime Contracts), if any."""
    return _SECTION_NAMES.get(normalize_title(words))


_SECTION_NAMES = {
    normalize_title(name): title
    for title in SECTIONS
    for name in (title, *SECTION_ALIASES.get(title, ()))
}
