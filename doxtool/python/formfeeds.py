"""Form feeds in a line's indentation, read as CPython reads them.

CPython's tokenizer starts the column count again at a form feed (``\\f``,
the page break some editors put between functions) in the whitespace that
opens a line, so ``"\\f        x = 1"`` is indented by eight columns.
libcst's tokenizer counts the form feed as a column, so a module CPython
runs is refused (``no matching outer block for dedent``) or read with other
blocks than CPython's. :func:`feeds_reset` hands libcst the indentation
CPython sees: on each line where a token starts after whitespace only, the
whitespace up to its last form feed is left out. Nothing else changes:
lines stay where they are, and a form feed inside a string (also one that
opens a line of a triple-quoted string, or of an f-string's text, which
Python 3.12 tokenizes in parts) or a comment is kept.
"""

from __future__ import annotations

import io
import re
import tokenize

_LINES = re.compile(r"[^\r\n]*(?:\r\n|\r|\n|$)")


def feeds_reset(source: str) -> str:
    """``source`` with the indentation before each line's last form feed
    left out; ``source`` itself when it has none, or when the tokenizer
    refuses it (the parse then reports why)."""
    if "\f" not in source:
        return source
    lines = [line for line in _LINES.findall(source) if line]
    opening: set[int] = set()  # rows where a token starts after whitespace only
    inside: set[int] = set()  # rows opening inside a token (a string's text)
    try:
        readline = io.StringIO(source, newline=None).readline
        for token in tokenize.generate_tokens(readline):
            row, column = token.start
            inside.update(range(row + 1, token.end[0] + 1))
            if token.type in (tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER):
                continue
            head = lines[row - 1][:column] if 0 < row <= len(lines) else ""
            if "\f" in head and not head.strip(" \t\f"):
                opening.add(row)
    except (tokenize.TokenError, SyntaxError, ValueError):
        return source
    for row in opening - inside:
        line = lines[row - 1]
        start = len(line) - len(line.lstrip(" \t\f"))
        head = line[:start]
        lines[row - 1] = head[head.rindex("\f") + 1 :] + line[start:]
    return "".join(lines)
