"""The inline code spans of a Markdown line (``` `tools/AGENTS.md` ```), as
CommonMark reads them: a run of backticks opens one, the next run of the same
length closes it, and its content is taken with one leading and trailing
space stripped. A Child DOX Index may name a child this way instead of
linking it (``- `tools/AGENTS.md` — tool entrypoints``)."""

from __future__ import annotations


def span_bounds(line: str) -> list[tuple[int, int, int, int]]:
    """Where the code spans of ``line`` are, in order: for each, the index of
    its opening backticks, of its content, of its closing backticks and just
    past them."""
    found: list[tuple[int, int, int, int]] = []
    position, length = 0, len(line)
    while position < length:
        tick = line.find("`", position)
        if tick < 0:
            break
        run = tick
        while run < length and line[run] == "`":
            run += 1
        marker = line[tick:run]
        close = line.find(marker, run)
        while close >= 0 and close + len(marker) < length and line[close + len(marker)] == "`":
            # a longer run is no closer: look past it
            end = close
            while end < length and line[end] == "`":
                end += 1
            close = line.find(marker, end)
        if close < 0:
            position = run
            continue
        found.append((tick, run, close, close + len(marker)))
        position = close + len(marker)
    return found


def code_spans(line: str) -> list[str]:
    """The contents of the code spans of ``line``, in order."""
    found: list[str] = []
    for _, run, close, _ in span_bounds(line):
        content = line[run:close]
        if content.startswith(" ") and content.endswith(" ") and content.strip():
            content = content[1:-1]
        found.append(content)
    return found
