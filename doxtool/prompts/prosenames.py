"""A tool a prompt's prose names as a tool to call: in a code span of its
own (``Use `telegram_send` to send a message``, ``### The `todo` tool``,
``Tool name: `todo```), after a ``tool_name:`` label (``tool_name: todo``),
or, in a heading, after ``the`` and before the word ``tool`` (``### The todo
tool``; in a sentence, ``see the wiki tool`` may mean a wiki, not a tool
named so). The model reads that name whatever the title above it says (``#
Telegram Send Tool``); a name the same line forbids (``not `wait```,
```wait` was removed``, a table row ``| `wait` | removed |``) is not one
it is told to call, nor one in a clause that doubts it in any word (```wait`
has been replaced by `sleep```, ``formerly `wait```, ``Never call `wait`
directly``, ``the same as `wait` in older versions``): the clause may say
the tool is gone, not how to call it."""

from __future__ import annotations

import re

from doxtool.prompts.negation import forbids, row_says_gone
from doxtool.prompts.otherlanguages import BEFORE, GONE

_BOLD = r"(?:\*\*|__)?"
#: an ATX heading's line
_HEADING_RE = re.compile(r"[ \t]{0,3}#{1,6}[ \t]")
#: what ends a clause of prose
_CLAUSE_END_RE = re.compile(r"[.;!?\u3002\uff1b]+(?:[ \t]|\Z)|[ \t][\u2014\u2013-][ \t]")
#: a word anywhere in a clause that may say its tool is not to be called:
#: a negation, a word saying it is gone, replaced or old, or a condition
#: of its absence (``not``, ``never``, ``don't``, ``replaced``, ``formerly``,
#: ``older``, ``unavailable``), in other languages too
_DOUBT_RE = re.compile(
    r"(?<![\w-])(?:not|never|no|none|nor|without|avoid\w*|instead|rather|"
    r"\w+n[\u2019']t|cannot|deprecat\w*|remov\w*|replac\w*|renam\w*|supersed\w*|"
    r"obsolete|legacy|former\w*|previous\w*|old\w*|earlier|unavailable|disabled|retired|"
    r"dropped|gone|unsupported|missing)(?![\w-])"
    rf"|{BEFORE}|{GONE}",
    re.I,
)


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
            if (
                tool in match.group()
                and not forbids(line[: match.start()], line[match.end() :])
                and not _DOUBT_RE.search(_clause(line, match.start(), match.end()))
            ):
                return True
    return False


def _clause(line: str, start: int, end: int) -> str:
    """The clause of ``line`` around its text from ``start`` to ``end``
    (between sentence ends, semicolons or a spaced dash), without the name."""
    opening = max((m.end() for m in _CLAUSE_END_RE.finditer(line, 0, start)), default=0)
    closing = _CLAUSE_END_RE.search(line, end)
    return line[opening:start] + " " + line[end : closing.start() if closing else len(line)]


#: a word a prompt may name a tool by
_NAME_RE = re.compile(r"[^\W\d][\w-]*")


def written_names(text: str) -> set[str]:
    """The words of ``text`` that may name a tool (to try with
    :func:`prose_names_tool`)."""
    return set(_NAME_RE.findall(text))
