"""markdown-it's nesting limit, made visible.

markdown-it stops reading a block nested deeper than its ``maxNesting`` (a
list ten levels deep reaches it) and drops the rest of that block without a
word: its tokens then describe a shorter document than the text, and edits
planned from them would land inside code fences or repeat sections already
there. :func:`parse_checked` parses as markdown-it does and says where the
limit cut the document, so such a file can be reported and left alone.
"""

from __future__ import annotations

from typing import Any

#: how a file read only in part is reported
NESTED_TOO_DEEPLY = (
    "Markdown nested too deeply (markdown-it stops reading past 20 levels); not checked or edited"
)


def parse_checked(md: Any, text: str) -> tuple[list[Any], int | None]:
    """markdown-it's tokens of ``text``, and the 0-based line where the
    nesting limit made it stop reading (None: the whole text was read)."""
    block = md.block
    original = block.tokenize
    limit = md.options.maxNesting
    cut: list[int] = []

    def tokenize(state: Any, start: int, end: int, *args: Any, **kwargs: Any) -> Any:
        # the same test the block parser makes before giving up on the rest
        if not cut and state.level >= limit:
            line = state.skipEmptyLines(start)
            if line < end and state.sCount[line] >= state.blkIndent:
                cut.append(line)
        return original(state, start, end, *args, **kwargs)

    block.tokenize = tokenize
    try:
        tokens = md.parse(text)
    finally:
        del block.tokenize  # the class's method again
    return tokens, (cut[0] if cut else None)
