"""Python 3.12 f-strings made readable to an older ``ast``.

Since Python 3.12 (PEP 701) a replacement field of an f-string in single
quotes may span lines (``f"Data: {json.dumps({\\n    'query': query,\\n})}"``);
an older parser stops at the first line's end. The same f-string in triple
quotes is one every Python 3.6+ parser reads, with the same value, on the
same lines: :func:`fields_spanning_lines_tripled` writes it so, for
:func:`doxtool.python.astparse.parse_newer_syntax`. Only the quotes change,
so every line ``ast`` reports is the file's own (columns after such a quote
move by two).
"""

from __future__ import annotations

import re

#: the letters a string's prefix is made of
_PREFIX = frozenset("rRbBuUfF")
#: what ends a run of code outside strings: a comment or a string
_CODE_STOP = re.compile("[#'\"]")


class _Unreadable(Exception):
    """The text is not one this scanner follows (the parser will say why)."""


def fields_spanning_lines_tripled(source: str) -> str | None:
    """``source`` with each f-string in single quotes whose replacement
    field spans lines written in triple quotes; None when there is none, or
    when the text is not one this scanner follows."""
    tripled: list[tuple[int, int]] = []  # (opening quote, closing quote) offsets
    try:
        index = 0
        size = len(source)
        while index < size:
            found = _CODE_STOP.search(source, index)
            if found is None:
                break
            index = found.start()
            if source[index] == "#":
                end = source.find("\n", index)
                index = size if end < 0 else end
            else:
                index = _string_end(source, index, tripled)
    except _Unreadable:
        return None
    if not tripled:
        return None
    pieces: list[str] = []
    last = 0
    for quote_at in sorted(offset for pair in tripled for offset in pair):
        pieces += [source[last:quote_at], source[quote_at] * 3]
        last = quote_at + 1
    pieces.append(source[last:])
    return "".join(pieces)


def _string_end(source: str, start: int, tripled: list[tuple[int, int]]) -> int:
    """The offset just past the string whose opening quote is at ``start``;
    a single-quoted f-string whose field spans lines is added to ``tripled``."""
    prefix = start
    while prefix > 0 and source[prefix - 1] in _PREFIX:
        prefix -= 1
    if prefix > 0 and (source[prefix - 1].isalnum() or source[prefix - 1] == "_"):
        prefix = start  # the end of a name, not a prefix
    formatted = "f" in source[prefix:start].lower()
    quote = source[start]
    triple = source.startswith(quote * 3, start)
    index = start + (3 if triple else 1)
    size = len(source)
    depth = 0  # open braces of replacement fields
    spans_lines = False
    while index < size:
        char = source[index]
        if depth:
            if char in "'\"":
                end = _string_end(source, index, tripled)
                spans_lines = spans_lines or "\n" in source[index:end]
                index = end
                continue
            if char == "{":
                depth += 1
            elif char == "}":
                depth -= 1
            elif char == "\n":
                spans_lines = True
            elif char == "#":
                raise _Unreadable  # a comment in a field (3.12): not followed
            index += 1
            continue
        if char == "\\":
            index += 2
            continue
        if char == "\n" and not triple:
            raise _Unreadable  # a string in single quotes ends at its line
        if source.startswith(quote * 3 if triple else quote, index):
            if spans_lines and not triple:
                tripled.append((start, index))
            return index + (3 if triple else 1)
        if formatted and char == "{":
            if source.startswith("{{", index):
                index += 2
                continue
            depth = 1
        index += 1
    raise _Unreadable  # the string never ends
