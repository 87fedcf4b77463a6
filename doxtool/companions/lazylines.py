"""A person's paragraph going on at the margin from an item of a fact
block (Markdown's lazy continuation), or lines nested under its last item:
where a fix must not insert lines, and what a rewrite of the item would move."""

from __future__ import annotations

from doxtool.companions.itemtext import LIST_MARKER
from doxtool.companions.leads import _is_blank
from doxtool.companions.model import Companion
from doxtool.core.edits import Edit, line_content
from doxtool.core.patterns import LazyPattern

#: a line Markdown cannot read as a paragraph's continuation: a heading, a
#: fence, a quote, HTML, a table row or a thematic break
_NOT_CONTINUING = LazyPattern(r"(?:#|>|<|\||```|~~~|(?:[-*_=][ \t]*){3,}$)")


def lazy_line(companion: Companion, index: int) -> bool:
    """Whether line ``index`` only continues the paragraph of the line before
    it (Markdown's lazy continuation): text at the margin, right after a
    non-blank line, that starts nothing of its own."""
    if index <= 0 or index >= companion.line_count or companion.in_code(index):
        return False
    content, before = line_content(companion.lines[index]), companion.lines[index - 1]
    if _is_blank(content) or _is_blank(line_content(before)) or content[:1] in (" ", "\t"):
        return False
    return not (LIST_MARKER.match(content) or _NOT_CONTINUING.match(content.strip()))


def past_lazy_lines(companion: Companion, index: int) -> int:
    """``index``, moved past the lines that lazily continue the item before it."""
    while lazy_line(companion, index):
        index += 1
    return index


def lazy_words(companion: Companion, index: int) -> str:
    """The text of the lines from ``index`` on that lazily continue the line
    before it, joined by spaces (empty when line ``index`` does not)."""
    end = past_lazy_lines(companion, index)
    return " ".join(line_content(companion.lines[i]).strip(" \t") for i in range(index, end))


def past_item_lines(companion: Companion, index: int) -> int:
    """``index``, moved past what still belongs to the item before it: lines
    that lazily continue it, and lines indented deeper than it (its nested
    items and paragraphs, across blank lines), which a block inserted before
    them would take as its own."""
    index = past_lazy_lines(companion, index)
    if index <= 0 or index > companion.line_count:
        return index
    item = line_content(companion.lines[index - 1])
    depth = len(item) - len(item.lstrip(" \t"))
    probe = end = index
    while probe < companion.line_count:
        content = line_content(companion.lines[probe])
        if _is_blank(content):
            probe += 1
            continue
        if len(content) - len(content.lstrip(" \t")) <= depth:
            break
        probe += 1
        end = past_lazy_lines(companion, probe)
        probe = end
    return end


def moves_a_note(companion: Companion, edit: Edit) -> bool:
    """Whether ``edit`` rewrites or removes the item a person's words continue
    lazily (a line at the margin right under it): they would then read as
    part of another item, or of a rewritten one."""
    if edit.is_insertion or not lazy_line(companion, edit.end):
        return False
    last = line_content(companion.lines[edit.end - 1])
    return not edit.lines or edit.lines[-1] != last
