"""markdown-it as the prompt reader runs it: its code span rule records
where each span lies in its inline source, which markdown-it does not, so
that what a prompt writes in backticks is positioned in the file."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from doxtool.prompts.argtext import Span

if TYPE_CHECKING:  # markdown-it is imported by the first parse (a cached run needs none)
    from markdown_it import MarkdownIt
    from markdown_it.rules_inline.state_inline import StateInline
    from markdown_it.token import Token


def _backtick_with_offsets(state: StateInline, silent: bool) -> bool:
    """markdown-it's code span rule, recording where the span lies in its source.

    markdown-it gives inline tokens no positions; the offsets of the opening
    and closing backtick runs let positions be mapped back to the file.
    """
    from markdown_it.rules_inline.backticks import backtick

    start = state.pos
    count = len(state.tokens)
    matched = backtick(state, silent)
    if matched and not silent and len(state.tokens) > count:
        token = state.tokens[-1]
        if token.type == "code_inline":
            width = len(token.markup)
            token.meta = {"open": start, "close": state.pos, "width": width}
    return matched


@cache
def markdown() -> MarkdownIt:
    """The CommonMark parser, its code spans recording their offsets (one per process)."""
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark")
    md.inline.ruler.at("backticks", _backtick_with_offsets)
    return md


def spans_of(inline: Token) -> list[Span]:
    """Code spans directly in an inline token (not in image alt text)."""
    spans = []
    for child in inline.children or ():
        if child.type == "code_inline" and "open" in child.meta:
            meta = child.meta
            start, end = meta["open"] + meta["width"], meta["close"] - meta["width"]
            spans.append(Span(meta["open"], start, end, meta["close"], inline.content[start:end]))
    return spans
