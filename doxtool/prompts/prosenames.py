"""A tool a prompt's prose names as a tool to call: in a code span of its
own (``Use `telegram_send` to send a message``, ``### The `todo` tool``,
``Tool name: `todo```), after a ``tool_name:`` label (``tool_name: todo``),
or, in a heading, after ``the`` and before the word ``tool`` (``### The todo
tool``; in a sentence, ``see the wiki tool`` may mean a wiki, not a tool
named so). The model reads that name whatever the title above it says (``#
Telegram Send Tool``); a name the same line forbids (``not `wait```,
```wait` was removed``, a table row ``| `wait` | removed |``) is not one
it is told to call."""

from __future__ import annotations

import re

from doxtool.prompts.negation import forbids, row_says_gone

_BOLD = r"(?:\*\*|__)?"
#: an ATX heading's line
_HEADING_RE = re.compile(r"[ \t]{0,3}#{1,6}[ \t]")


def _calling(tool: str) -> re.Pattern[str]:
    name = re.escape(tool)
    return re.compile(
        rf"`[ \t]*{name}[ \t]*`"
        rf"|(?<![\w`.:-])tool[ _]name{_BOLD}[ \t]*[:=][ \t]*{_BOLD}[\"']?{name}(?![\w.:-])"
        rf"|(?P<bare>(?<![\w`.:-])the[ \t]+{_BOLD}{name}{_BOLD}[ \t]+tool\b)",
        re.I,
    )


def prose_names_tool(text: str, tool: str) -> bool:
    """Whether a line of ``text`` names ``tool`` as a tool to call (see the
    module docstring), no word around it on its line forbidding it."""
    if tool not in text:
        return False
    pattern = _calling(tool)
    for line in text.splitlines():
        row = line.strip()
        if row.startswith("|") and row_says_gone([c.strip() for c in row.strip("|").split("|")]):
            continue  # ``| `wait` | removed |``
        for match in pattern.finditer(line):
            if match.group("bare") and not _HEADING_RE.match(line):
                continue
            if tool in match.group() and not forbids(line[: match.start()], line[match.end() :]):
                return True
    return False
