"""The one-line form of an expression's source, for facts that show code.

A key or a ``break_loop`` value written over several lines (a continued
operator, a call broken inside its parentheses, a comment at a line's end)
is shown on one line: the tokens of each line keep the spacing they had, the
lines are joined by one space (none after an opening bracket or before a
closing one), and comments are dropped. A string literal that itself spans
lines is kept as written, and text that does not tokenize is returned
stripped.
"""

from __future__ import annotations

import io
import tokenize
from itertools import pairwise

_OPENERS = frozenset("([{")
_CLOSERS = frozenset(")]}")
_SKIPPED = frozenset(
    {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT}
)


def one_line(code: str) -> str:
    """``code`` (an expression's source) on one line; see the module's docstring."""
    text = code.strip()
    if "\n" not in text and "\r" not in text:
        return text
    try:
        tokens = [
            token
            for token in tokenize.generate_tokens(io.StringIO(f"({text})").readline)
            if token.type not in _SKIPPED and token.type != tokenize.ENDMARKER
        ]
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return text
    # the parentheses added above let a line break stand anywhere; drop them
    tokens = tokens[1:-1]
    if not tokens or any(token.start[0] != token.end[0] for token in tokens):
        return text  # nothing left, or a literal that spans lines: kept as written
    parts = [tokens[0].string]
    for before, token in pairwise(tokens):
        if token.start[0] == before.end[0]:
            parts.append(token.line[before.end[1] : token.start[1]])
        elif before.string not in _OPENERS and token.string not in _CLOSERS:
            parts.append(" ")
        parts.append(token.string)
    return "".join(parts)
