"""Markdown pipe tables, line by line: the cells of a row and the delimiter
row under a header. Shared by the ``AGENTS.md`` reader
(:mod:`doxtool.agents.document`) and the companion's argument tables
(:mod:`doxtool.companions.leads`)."""

from __future__ import annotations

from doxtool.core.patterns import LazyPattern

_CELL_SPLIT = LazyPattern(r"(?<!\\)\|")
_DELIMITER_CELL = LazyPattern(r"^\s*:?-{1,}:?\s*$")


def cells(line: str) -> list[str]:
    """The cells of a table line, stripped (outer pipes optional; ``\\|`` is
    part of a cell)."""
    text = line.strip()
    if text.startswith("|"):
        text = text[1:]
    if text.endswith("|") and not text.endswith("\\|"):
        text = text[:-1]
    return [cell.strip() for cell in _CELL_SPLIT.split(text)]


def delimiter_row(line: str) -> bool:
    """Whether a table line is the delimiter row (``| --- | :-: |``)."""
    parts = cells(line)
    return bool(parts) and all(_DELIMITER_CELL.match(part) for part in parts)
