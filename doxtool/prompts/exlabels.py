"""The label of an example: the text that introduces it, which may say the
example is wrong (:func:`~doxtool.prompts.negation.labels_wrong`). Beside
the text before an inline example and the block before a fence (read by
:mod:`doxtool.prompts.reader`), two places label an example as a heading
does: the title of a ``<details>`` block (``<summary>Wrong (do not
copy)</summary>``) labels what the block holds, and in a pipe table the
header of an example's column (``| Correct | Incorrect |``), a cell
before it in its row (``| ❌ Wrong | `{...}` |``) or the text before it in
its own cell (``| ❌ `{...}` |``) labels it. A heading that says so
(``#### Common mistakes``, ``## Anti-patterns``) labels every example of
its section (:func:`wrong_section`), save one a nearer label calls right.
"""

from __future__ import annotations

import bisect
import re
from functools import lru_cache
from itertools import accumulate

from doxtool.core.mdtables import cells, delimiter_row
from doxtool.prompts.negation import labels_wrong
from doxtool.prompts.otherlanguages import ALWAYS, RIGHT_LABEL_RE

#: a ``<details>`` block's title (a label is a few words: at most 300
#: characters are looked at, so an unclosed one costs no more)
_SUMMARY_RE = re.compile(r"<summary\b[^<>]{0,300}>(.{0,300}?)</summary\s*>", re.I | re.S)
_DETAILS_CLOSE_RE = re.compile(r"</details\s*>", re.I)
_TAG_RE = re.compile(r"<[^<>]*>")
#: a pipe that divides a table row (``\\|`` is part of a cell)
_PIPE_RE = re.compile(r"(?<!\\)\|")
#: a cell that calls what follows it right (``✅ Right``, ``Correct``,
#: ``Do``): the label of the examples after it in its row, as ``❌ Wrong``
#: is of those before it
_RIGHT_RE = re.compile(
    r"[\s*_]*(?:[\u2705\u2714\u2713\u2611\U0001f44d]\ufe0f?.*|"
    r"(?:correct|right|good|valid|allowed|do|ok|recommended|preferred)"
    r"(?:[ \t]+(?:examples?|usages?|calls?|ways?|forms?|versions?))?"
    r"(?:[ \t]*(?:\(.*\)|[,\u2014\u2013-].*))?[\s*_]*[:!]?[\s*_]*)",
    re.I | re.S,
)
#: a label that shows the fix of a mistake shown before it (``Instead:``,
#: ``Do this:``, ``Fix:``, ``Use a number instead:``, ``It should be:``,
#: ``The correct call:``): in a section of mistakes, an example to follow
#: (not ``Passing `ms` instead:``, which tells the mistake)
_FIX_RE = re.compile(
    r"[\s*_]*(?:(?:the[ \t]+)?(?:fix(?:ed)?|solution|better)|instead|(?:do|use|try)[ \t]+this|"
    r"(?:use|write|do|pass|call|try|send|give|set)[ \t][^:]*[ \t]instead|"
    r"(?:it[ \t]+)?should[ \t]+(?:be|look[ \t]+like)|"
    r"(?:the[ \t]+)?(?:correct(?:ed)?|right|proper)[ \t]+(?:way|call|form|version|usage|one)"
    r"(?:[ \t]+is)?)(?:[ \t]*(?:\(.*\)|[,\u2014\u2013-].*))?[\s*_]*[:!]?[\s*_]*",
    re.I | re.S,
)


def html_lead(content: str) -> str | None:
    """The lead an HTML block gives the blocks after it: the title of the
    ``<details>`` block it opens (``<summary>❌ Wrong</summary>``), read as a
    heading is (ending in ``:``); ``""`` when it closes one (what follows is
    outside it); None when it does neither (the lead before it stays)."""
    summaries = list(_SUMMARY_RE.finditer(content))
    closes = list(_DETAILS_CLOSE_RE.finditer(content))
    if summaries and (not closes or summaries[-1].start() > closes[-1].start()):
        title = " ".join(_TAG_RE.sub(" ", summaries[-1].group(1)).split())
        return title.rstrip(":") + ":" if title else ""
    return "" if closes else None


def inline_label(content: str, after: tuple[int, int], start: int, lead: str) -> str:
    """The text that introduces an example written inline at offset
    ``start`` of a paragraph (``after``: the ends of the span and of the
    example before it; ``lead``: the paragraph's own): a table cell or
    header that says it is wrong, else the text before it on its line
    (``Wrong: `{...}```, from the previous span on, or from the previous
    example on when that text says it is wrong: ``Wrong (has `thoughts`):
    `{...}```), else the line before it in the paragraph, else the lead of
    the paragraph."""
    if (cell := _table_label(content, start)) is not None:
        return cell
    line_start = content.rfind("\n", 0, start) + 1
    before = content[max(line_start, after[0]) : start]
    if before.strip():
        since_example = content[max(line_start, after[1]) : start]
        return since_example if labels_wrong(since_example) else before
    if line_start > 0:
        return content[content.rfind("\n", 0, line_start - 1) + 1 : line_start - 1]
    return lead


def _table_label(content: str, start: int) -> str | None:
    """For an example at offset ``start`` in a body row of a pipe table:
    the text before it in its cell, the header of its column, or a cell
    before it in its row, that says it is wrong, as a label
    (``Incorrect:``); when one nearer to it says it is right (``✅ Right``),
    that one, as a label (``✅ Right:``); None when none says either."""
    line_start = content.rfind("\n", 0, start) + 1
    line_end = content.find("\n", start)
    line = content[line_start : line_end if line_end >= 0 else len(content)]
    if "|" not in line:
        return None
    starts, headers = _tables(content)
    header = headers[bisect.bisect_right(starts, start) - 1]
    if header is None:
        return None
    pipes = [m.end() for m in _PIPE_RE.finditer(line, 0, start - line_start)]
    column = len(pipes) - (1 if line.lstrip().startswith("|") else 0)
    if column < 0:
        return None
    # its own cell's text before it (``| ❌ `{...}` |``), its column's header,
    # the cells before it in its row
    labels = [line[pipes[-1] if pipes else 0 : start - line_start]]
    labels += [header[column]] if column < len(header) else []
    labels += reversed(cells(line)[:column])
    for text in labels:
        label = text.strip().rstrip(":") + ":"
        if labels_wrong(label):
            return label
        if _RIGHT_RE.fullmatch(text.strip()):
            # ``| ❌ Wrong | `{...}` | ✅ Right | `{...}` |``: the nearer
            # label says it is right, whatever a cell before that says
            return label
    return None


@lru_cache(maxsize=4)
def _tables(content: str) -> tuple[list[int], list[list[str] | None]]:
    """The offsets of a paragraph's lines, and for each the header cells of
    the pipe table it is a body row of (None for any other line): read once
    per paragraph, whatever the number of examples in it."""
    lines = content.split("\n")
    starts = [0, *accumulate(len(line) + 1 for line in lines[:-1])]
    headers: list[list[str] | None] = []
    header: list[str] | None = None
    for index, line in enumerate(lines):
        if "|" not in line:
            header = None
        elif index > 0 and delimiter_row(line) and "|" in lines[index - 1]:
            header = cells(lines[index - 1])
            headers.append(None)
            continue
        headers.append(header)
    return starts, headers


def labels_right(label: str) -> bool:
    """Whether ``label`` calls what follows it right (``Correct:``, ``✅ Do``),
    or shows the fix of a mistake (``Instead:``, ``Do this:``, ``Fix:``), in
    all its words or its last sentence (``Forgetting `seconds`. Correct:``,
    ``Olvidar `seconds`. Correcto:``), which may tell what to always do
    (``Waiting with no end blocks the agent. Always give an end time:``)."""
    last = _SENTENCE_RE.split(label.strip())[-1]
    return any(
        pattern.fullmatch(text)
        for pattern in (_RIGHT_RE, _FIX_RE, RIGHT_LABEL_RE)
        for text in (label.strip(), last)
    ) or bool(_ALWAYS_RE.fullmatch(last) and not _noted_wrong(last))


#: a note in parentheses (``Always use `ms` (wrong):``, ``总是使用毫秒（错误）：``)
_NOTE_RE = re.compile(r"[(\uff08]([^()\uff08\uff09]*)[)\uff09]")


def _noted_wrong(sentence: str) -> bool:
    """Whether a note in ``sentence`` calls what it tells wrong: ``Always
    use `ms` (wrong):`` tells the mistake, not what to always do."""
    return any(labels_wrong(note.group(1).strip() + ":") for note in _NOTE_RE.finditer(sentence))


#: the end of a sentence in a label, before the next one
_SENTENCE_RE = re.compile(r"(?<=[.!?])[ \t]+(?=[A-Z])")
#: a sentence telling what to always do, ending in a colon (``Always pass
#: it:``, ``Always give an end time:``): in a section of mistakes, the fix
#: (not ``Always waiting:``, which tells the mistake)
#: (:data:`~doxtool.prompts.otherlanguages.ALWAYS`: ``Immer ein Ende angeben:``)
_ALWAYS_RE = re.compile(
    r"[\s*_]*(?:always[ \t]+(?:use|pass|give|set|send|call|include|provide|specify|add|write)"
    rf"\b[^:\n]*|{ALWAYS})[:!\uff1a\uff01][\s*_]*",
    re.I,
)


def wrong_section(level: int, heading: str, current: int) -> int:
    """The level of the heading whose section holds only examples to avoid,
    after a heading of ``level`` whose text is ``heading`` (``current``:
    that level before it, 0 for none): a heading that says its examples
    are wrong (``#### Common mistakes``) opens such a section, and one of
    its level or above, or a deeper one calling its examples right
    (``##### Correct``), closes it."""
    if labels_wrong(heading.strip().rstrip(":") + ":"):
        return min(level, current) if current else level
    if current and (level <= current or labels_right(heading)):
        return 0
    return current
