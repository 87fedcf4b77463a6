"""Token boundaries of a statement's lines: whether an occurrence of a
node's text is code or lies inside a string or a comment.

:class:`~doxtool.python.positions.Locator` asks only to choose between
several occurrences of one text.
"""

from __future__ import annotations

import re
import tokenize
from collections.abc import Iterator

_PREFIX = re.compile(r"[A-Za-z]*")
#: tokens no node starts with; literal parts of f-strings (3.12+) included
_SKIPPED_TOKENS = frozenset(
    {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT}
    | {getattr(tokenize, "FSTRING_MIDDLE", tokenize.COMMENT)}
)


class Tokens:
    """Token boundaries of one statement's lines, produced only as far as needed.

    Used only to choose between several occurrences of a node's text: a real
    node starts and ends on token boundaries, an occurrence inside a string or
    a comment does not. ``tokenize`` is pure Python before 3.12, hence the
    laziness.
    """

    def __init__(self, lines: list[str], first_line: int, starts: list[int]) -> None:
        feed = iter(lines)
        self._tokens: Iterator[tokenize.TokenInfo] | None = tokenize.generate_tokens(
            lambda: next(feed, "")
        )
        self._base = first_line - 1
        self._line_starts = starts
        self._starts: set[int] = set()
        self._ends: set[int] = set()
        #: replacement fields of f-strings, which are one STRING token before 3.12
        self._fields: list[tuple[int, int]] = []
        self._seen = -1

    def _offset(self, row: int, col: int) -> int:
        return self._line_starts[self._base + row - 1] + col

    def is_code(self, start: int, end: int) -> bool:
        while self._tokens is not None and self._seen <= end:
            try:
                token = next(self._tokens)
            except Exception:  # StopIteration, or a tokenizer error on odd input
                self._tokens = None
                break
            offset = self._offset(*token.start)
            self._seen = offset
            if token.type in _SKIPPED_TOKENS:
                continue
            self._starts.add(offset)
            self._ends.add(self._offset(*token.end))
            if token.type == tokenize.STRING and "f" in _PREFIX.match(token.string)[0].lower():
                for lo, hi, string in _fields(token.string):
                    if string:  # a string nested in a field is one token
                        self._starts.add(offset + lo)
                        self._ends.add(offset + hi)
                    else:
                        self._fields.append((offset + lo, offset + hi))
        if start in self._starts and end in self._ends:
            return True
        return any(lo <= start and end <= hi for lo, hi in self._fields)


def _fields(token: str) -> Iterator[tuple[int, int, bool]]:
    """Code inside one f-string token: (start, end, is a nested string).

    Before 3.12 an f-string is a single STRING token; the expressions of its
    replacement fields ``{...}`` are real nodes, its literal text is not.
    """
    prefix = _PREFIX.match(token)[0]
    raw = "r" in prefix.lower()
    quote = token[len(prefix) : len(prefix) + 3]
    if quote not in ('"""', "'''"):
        quote = quote[0]
    index, stop = len(prefix) + len(quote), len(token) - len(quote)
    while index < stop:
        char = token[index]
        if char == "\\" and not raw:
            if token.startswith("N{", index + 1):  # \N{NAME} is an escape, not a field
                closing = token.find("}", index)
                index = stop if closing < 0 else closing + 1
            else:
                index += 2
            continue
        if char != "{" or token.startswith("{", index + 1):
            index += 1 if char != "{" else 2
            continue
        depth, end, piece = 0, index, index + 1
        while end < stop:
            char = token[end]
            if char in "{[(":
                depth += 1
            elif char in "}])":
                depth -= 1
                if depth == 0:
                    break
            elif char in "'\"":  # a nested string: its braces do not count
                quote = char * 3 if token.startswith(char * 3, end) else char
                closing = token.find(quote, end + len(quote), stop)
                closing = stop if closing < 0 else closing + len(quote)
                begin = end
                while begin > piece and token[begin - 1] in "rRbBuUfF":
                    begin -= 1  # its prefix
                yield piece, begin, False
                yield begin, closing, True
                if "f" in token[begin:end].lower():  # a nested f-string has fields too
                    nested = token[begin:closing]
                    yield from ((begin + lo, begin + hi, s) for lo, hi, s in _fields(nested))
                piece, end = closing, closing - 1
            end += 1
        yield piece, end, False
        index = end + 1
