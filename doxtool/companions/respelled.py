"""A lead line naming a class in a person's spelling.

The lead phrases that name a class (``- Arguments of `X`:``, ``- `break_loop`
of `X`: ...``, ``- Repairable errors raised by `X`: ...``) as people also
write them: set in bold (``**Arguments of `X`:**``, ``**`break_loop`**``),
the class in a double-backtick code span (````X````) or qualified by its
module (`` `tools.wait.X` ``), ``the`` before it and ``tool`` or ``class``
after it, a dash, ``is`` or nothing where the colon goes
(`` `break_loop` of `X` is always `false`. ``), ``break_loop`` without
backticks, ``for`` in place of ``of`` (``Arguments for `X`:``), the words
in parentheses after the lead's words (``Repairable errors (`X`):``); the
arguments in other words (``Parameters of `X`:``, ``Args of `X`:``,
``Inputs of `X`:``); the class first (`` `X` arguments:``, ``The `X` tool
takes these arguments:``, `` `X` raises repairable errors: ...``, `` `X`'s
`break_loop`: ...``). Such a line is read as the lead it spells, and it is
the person's: no fix rewrites it (see :attr:`Lead.spelled`). A lead in other
words, or naming the class first, may not be meant as the fact line: it is
read as one named without backticks (never reported or removed as stale).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from doxtool.companions.factlines import spans
from doxtool.core.patterns import LazyPattern

_IDENTIFIER = LazyPattern(r"[^\W\d]\w*")
# the class: a code span, or a bare name (qualified or not)
_CLASS = r"(?:`(?P<subject>[^`]+)`|(?P<bare>[^\W\d][\w.]*))"
# a person's note before the colon (words and code spans, no colon), the
# blanks before it taken at once (:data:`doxtool.companions.leads._NOTE`)
_NOTE = r"(?P<note>[ \t]+(?![ \t])(?!(?:and|or|&)\b)(?:[^`:\n]|`[^`\n]*`)*?)?"
_THE = r"(?:the[ \t]+)?"
# what may stand where the lead's colon goes: the colon (after a note), a
# dash, ``is`` (`` `break_loop` of `X` is always `false` ``) or nothing
_AFTER = (
    rf"(?:[ \t]+(?:tool|class)\b)?(?:{_NOTE}:(?P<rest>.*)"
    r"|[ \t]+is[ \t]+(?P<said>.*)|[ \t]*[\u2014\u2013][ \t]*(?P<dashed>.*)|[ \t]*)"
)
#: what a person may call a tool's arguments (``Arguments``, ``Args``,
#: ``Parameters``, ``Params``, ``Inputs``); all but the first are other words
ARGUMENT_WORDS = r"(?:arguments|args|parameters|params|inputs)"
_OTHER_WORDS = LazyPattern(r"args|parameters|params|inputs", re.IGNORECASE)
# the class first, in a code span (``The `X` tool takes these arguments:``,
# `` `X`'s `break_loop` ``): read as a subject written without backticks,
# since the span may name something else than a class (`` `seconds` args``)
_FIRST = rf"(?P<first>){_THE}`(?P<subject>[^`]+)`(?:'s)?(?:[ \t]+(?:tool|class))?[ \t]+"
_REPAIRABLE = r"repairable[ \t]+errors"
_SPELLINGS = tuple(
    (kind, LazyPattern(pattern + _AFTER, re.IGNORECASE))
    for kind, pattern in (
        ("arguments", rf"(?P<words>{ARGUMENT_WORDS})[ \t]+(?:of|for)[ \t]+{_THE}{_CLASS}"),
        (
            "arguments",
            rf"{_FIRST}(?:(?:takes|accepts|reads|expects)[ \t]+"
            rf"(?:(?:these|the[ \t]+following|its|the)[ \t]+)?)?(?P<words>{ARGUMENT_WORDS})",
        ),
        ("break-loop", rf"`?break[_-]loop`?[ \t]+(?:of|for)[ \t]+{_THE}{_CLASS}"),
        ("break-loop", rf"{_FIRST}`?break[_-]loop`?"),
        ("repairable", rf"{_REPAIRABLE}[ \t]+(?:raised[ \t]+by|of|for)[ \t]+{_THE}{_CLASS}"),
        ("repairable", rf"{_FIRST}(?:raises[ \t]+)?{_REPAIRABLE}"),
    )
)
# ``Arguments (`X`):``, ``Parameters (`X`):``, ``Repairable errors (`X`):``
_ARGUMENTS_OF = LazyPattern(
    rf"(?P<words>{ARGUMENT_WORDS}|{_REPAIRABLE}|`?break[_-]loop`?)[ \t]*\([ \t]*"
    r"(?P<subject>`[^`]+`)[ \t]*\)",
    re.IGNORECASE,
)
_EMPHASIS = LazyPattern(r"\*\*|__")


@dataclass(frozen=True)
class Spelled:
    """A lead phrase read from a person's spelling of it."""

    kind: str
    subject: str
    rest: str
    bare: bool
    note: str


def plain(body: str) -> str:
    """``body`` with bold markers outside code spans dropped and each code
    span written with single backticks (````X```` is `` `X` ``), as it renders."""
    out = []
    for part in spans(body):
        if part.code:
            out.append(f"`{part.text}`" if "`" not in part.text else body[part.start : part.end])
        else:
            out.append(_EMPHASIS.sub("", part.text))
    return "".join(out)


def class_name(subject: str) -> str:
    """The class a subject names: the last part of a qualified name
    (`` `tools.wait.WaitTool` ``), the part before ``execute`` of a
    method's (`` `WaitTool.execute` ``: the tool's method is the tool's),
    else the subject as written."""
    parts = subject.split(".")
    if len(parts) > 1 and all(_IDENTIFIER.fullmatch(part) for part in parts):
        return parts[-2] if parts[-1] == "execute" else parts[-1]
    return subject


def spelled_lead(body: str) -> Spelled | None:
    """The lead of a class's block ``body`` (a bullet's text) spells in a
    person's way; None when it spells none."""
    text = plain(body)
    parenthesised = _ARGUMENTS_OF.match(text)
    if parenthesised is not None:
        words, subject = parenthesised.group("words", "subject")
        text = f"{words} of {subject}{text[parenthesised.end() :]}"
    for kind, pattern in _SPELLINGS:
        match = pattern.fullmatch(text)
        if match is None:
            continue
        groups = match.groupdict()
        subject = groups["subject"] or groups.get("bare")
        if not subject or not _IDENTIFIER.fullmatch(class_name(subject)):
            return None
        rest = match.group("rest")
        if rest is None:
            said = match.group("said") or match.group("dashed") or ""
            rest = f" {said}" if said else ""
        return Spelled(
            kind,
            class_name(subject),
            rest,
            bare=groups.get("bare") is not None
            or groups.get("first") is not None
            or _OTHER_WORDS.fullmatch(groups.get("words") or "") is not None,
            note=match.group("note") or "",
        )
    return None
