"""A person's arguments line that says a tool takes none, where the tool
reads some (``- Arguments: none.``, ``- Arguments (all optional): none``).

Such a line is a lead doxtool does not read as the tool's arguments block
(:func:`~doxtool.companions.unreadleads.unread_lead`), so no fix writes a
block beside it. Where the tool reads arguments, what it states is false,
and the finding says so, naming the line and the arguments the code reads,
rather than calling it a form doxtool cannot read; where the tool reads
none (and takes no arguments it does not name), it states the truth, and
nothing is reported.
"""

from __future__ import annotations

import re

from doxtool.companions.factlines import ExpectedBlock
from doxtool.companions.model import Companion
from doxtool.companions.takesnone import says_takes_none
from doxtool.core.edits import line_content
from doxtool.core.facts import ToolFacts
from doxtool.core.patterns import LazyPattern

#: ``none`` as a sentence of its own (not ``none of them is required``), in
#: emphasis or not, a sentence of a person's after it
SAID_NONE = r"[*_]*none[*_]*[ \t]*(?:[.;!](?:[ \t].*)?)?[ \t]*"
#: the word right after the lead's colon (in or after its bold)
_NONE = LazyPattern(rf":(?:\*\*|__)?[ \t]*{SAID_NONE}$", re.IGNORECASE)

#: how many of the arguments read the words name
_NAMED = 3


def says_none(companion: Companion, line: int) -> bool:
    """Whether line ``line`` (1-based) of ``companion``, an arguments lead
    doxtool does not read, says there are none."""
    if not 0 < line <= len(companion.lines):
        return False
    content = line_content(companion.lines[line - 1])
    return _NONE.search(content) is not None or says_takes_none(content)


def none_is_false(
    line: int, expected: ExpectedBlock, tool: ToolFacts | None, module: str
) -> str | None:
    """The words of a finding on the arguments of ``expected`` when line
    ``line`` says there are none: ``(line 19 says there are none, but `X`
    reads `url` (tools/x.py:10) and `timeout` (tools/x.py:11))``; None when
    the tool reads no argument by name."""
    values = expected.values if isinstance(expected.values, list) else []
    names = [v["name"] for v in values if isinstance(v, dict) and isinstance(v.get("name"), str)]
    if not names:
        return None
    read = []
    for name in names[:_NAMED]:
        argument = tool.argument(name) if tool is not None else None
        where = argument.where(module) if argument is not None else module
        read.append(f"`{name}` ({where})")
    if len(names) > _NAMED:
        read.append(f"{len(names) - _NAMED} more")
    listed = ", ".join(read[:-1]) + f" and {read[-1]}" if len(read) > 1 else read[0]
    return f"(line {line} says there are none, but `{expected.subject}` reads {listed})"
