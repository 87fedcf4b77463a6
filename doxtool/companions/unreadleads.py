"""Lines that look like the lead of a class's block but that doxtool did not
read as it.

A person may lead a tool's arguments, its ``break_loop`` line or its
repairable errors in words doxtool cannot read as the block (``- Arguments
of `Todo`, all optional:``, `` - `X` never ends the loop: `break_loop` is
always `false`. ``, ``- Errors the model can repair (`X`): ...``). Such a line
may say what the block would: the block is then reported as not documented
in a form doxtool reads, and no fix writes a second one beside it. Only what
Markdown shows counts: a line in a fenced or indented code block or in an
HTML comment (an example, a line set aside) is no lead.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from doxtool.companions.factlines import ExpectedBlock
from doxtool.companions.model import Companion
from doxtool.companions.respelled import ARGUMENT_WORDS
from doxtool.core.edits import line_content
from doxtool.core.patterns import LazyPattern

#: where the class's name goes in a lead's pattern
_NAME = "{name}"

#: the lead phrases of each kind, as a person may word them around the class
#: they name (``{name}``) and vary the rest of the line: the words then the
#: class (``- Arguments of the `Todo` tool (methods ...):``, ``Arguments
#: for `X`, see below:``), the class then the words and a colon (``- `X`
#: takes these arguments:``, ``- `X` raises repairable errors: ...``);
#: ``break_loop`` and a repair of errors named anywhere on the line with the
#: class (`` `X` never ends the loop: `break_loop` is always `false` ``,
#: ``Errors the model can repair (`X`): ...``)
_LEAD_WORDS = {
    "arguments": (
        rf"\b{ARGUMENT_WORDS}[ \t]*(?:(?:of|for)\b|\().*{_NAME}",
        rf"{_NAME}[^:.]*?\b{ARGUMENT_WORDS}\b[^.]*?:",
    ),
    "break-loop": (rf"break_loop\b.*{_NAME}", rf"{_NAME}.*\bbreak_loop\b"),
    "repairable": (
        rf"\brepair(?:able|s|ed|ing)?\b.*\b(?:errors?|exceptions?)\b.*{_NAME}",
        rf"\b(?:errors?|exceptions?)\b.*\brepair(?:able|s|ed|ing)?\b.*{_NAME}",
        rf"{_NAME}.*\brepair(?:able|s|ed|ing)?\b.*\b(?:errors?|exceptions?)\b",
        rf"{_NAME}.*\b(?:errors?|exceptions?)\b.*\brepair(?:able|s|ed|ing)?\b",
    ),
}


def _lead_pattern(kind: str, subject: str) -> re.Pattern[str] | None:
    shapes = _LEAD_WORDS.get(kind)
    if shapes is None:
        return None
    name = rf"(?<![\w.]){re.escape(subject)}(?!\w)"
    return re.compile(
        "|".join(f"(?:{shape.replace(_NAME, name)})" for shape in shapes), re.IGNORECASE
    )


def shown_lines(companion: Companion) -> Iterator[tuple[int, str]]:
    """(1-based number, content) of each line of ``companion`` outside its
    code blocks and HTML blocks, with the HTML comments in it left out (one
    opened there and closed on a later line too)."""
    in_comment = False
    for index, raw in enumerate(companion.lines):
        if companion.in_code(index):
            in_comment = False
            continue
        text = line_content(raw)
        shown: list[str] = []
        position = 0
        while True:
            if in_comment:
                end = text.find("-->", position)
                if end < 0:
                    break
                position, in_comment = end + 3, False
            start = text.find("<!--", position)
            shown.append(text[position : start if start >= 0 else len(text)])
            if start < 0:
                break
            position, in_comment = start + 4, True
        yield index + 1, "".join(shown)


def unread_lead(companion: Companion, expected: ExpectedBlock) -> int | None:
    """The number of a line of ``companion`` that doxtool did not read as
    the block of ``expected`` but that looks like its lead line: the lead
    phrase's words and the class it names (``- Arguments of `Todo`, see
    below:``, ``- `Todo` takes these arguments:``); None when there is
    none. The block is then not inserted: the person's may say what it would."""
    if not expected.subject or companion.block(expected.key) is not None:
        return None
    lead = _lead_pattern(expected.kind, expected.subject)
    if lead is None:
        return None
    unnamed_line = _UNNAMED.get(expected.kind)
    unnamed = unnamed_line is not None and not any(
        block.kind == expected.kind
        and not unnamed_line.fullmatch(line_content(companion.lines[block.start]))
        for block in companion.blocks
    )
    for number, content in shown_lines(companion):
        if unnamed and unnamed_line is not None and unnamed_line.fullmatch(content):
            return number
        if lead.search(content):
            return number
    return None


#: a line of a kind naming no class: ``- `break_loop`: always `false`.``,
#: ``- `break_loop` of every `Response`: ...``; ``- Arguments:``, ``- Tool
#: arguments:``, ``- `tool_args`:``, ``### Arguments`` (the items after it),
#: in other words too (``- Args:``, ``- Parameters:``, ``## Inputs``)
_UNNAMED = {
    "break-loop": LazyPattern(
        r" ?[-*+][ \t]+(?:\*\*)?`?break_loop`?(?:\*\*)?"
        r"(?:[ \t]+of[ \t]+(?:every|each|all|any)\b[^:]*)?[ \t]*:.*",
        re.IGNORECASE,
    ),
    "arguments": LazyPattern(
        rf"(?: ?[-*+][ \t]+(?:\*\*)?(?:(?:tool|its|the)[ \t]+)?(?:{ARGUMENT_WORDS}|`?tool_args`?)"
        r"(?:\*\*)?[ \t]*(?:\([^()]*\))?[ \t]*(?:\*\*)?:(?:\*\*)?[ \t]*"
        rf"|[ \t]{{0,3}}#{{1,6}}[ \t]+(?:tool[ \t]+)?{ARGUMENT_WORDS}[ \t]*#*[ \t]*)",
        re.IGNORECASE,
    ),
}


def unread_key(companion: Companion, key: str) -> bool:
    """Whether a line of ``companion`` looks like the lead of the block ``key``
    (``kind:subject``) that doxtool did not read as it."""
    kind, _, subject = key.partition(":")
    expected = ExpectedBlock(key, kind, subject or None, "", [], None)
    return unread_lead(companion, expected) is not None
