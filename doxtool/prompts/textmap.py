"""Positions in a prompt file of text markdown-it extracted from it."""

from __future__ import annotations

import bisect
import re


class TextMap:
    """Maps offsets in text extracted by markdown-it to positions in the file.

    Block content loses container prefixes (``> ``, list indentation) and a
    paragraph's outer whitespace, but each of its lines is still the end of a
    file line: a line's offset is found by matching it against the file line.
    """

    def __init__(self, content: str, first_line: int, lines: list[str]) -> None:
        self.content = content
        #: 0-based index of the file line holding the content's first line
        self.first_line = first_line
        self.lines = lines
        self.starts = [0, *(m.end() for m in re.finditer("\n", content))]
        self._anchors: dict[int, tuple[int, int]] = {}

    def position(self, offset: int) -> tuple[int, int]:
        """1-based (line, column) in the file of ``content[offset]``."""
        index = bisect.bisect_right(self.starts, offset) - 1
        column = offset - self.starts[index]
        line = self.first_line + index
        raw_start, lead = self._anchor(index)
        if column >= lead:
            raw_column = raw_start + column - lead
        else:  # leading blanks of the piece, possibly expanded from a tab
            raw_column = max(raw_start - (lead - column), 0)
        return line + 1, raw_column + 1

    def _anchor(self, index: int) -> tuple[int, int]:
        """Where the piece's first non-blank character is in the file line."""
        if index not in self._anchors:
            end = self.starts[index + 1] - 1 if index + 1 < len(self.starts) else len(self.content)
            piece = self.content[self.starts[index] : end]
            stripped = piece.strip()
            lead = len(piece) - len(piece.lstrip())
            line = self.first_line + index
            raw = self.lines[line] if line < len(self.lines) else ""
            raw_body = raw.rstrip()
            if not stripped:
                anchor = (lead, lead)
            elif raw_body.endswith(stripped):
                anchor = (len(raw_body) - len(stripped), lead)
            else:
                found = raw.find(stripped)
                anchor = (found, lead) if found >= 0 else (lead, lead)
            self._anchors[index] = anchor
        return self._anchors[index]
