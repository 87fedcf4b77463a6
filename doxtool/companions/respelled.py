"""A lead line naming a class in a person's spelling.

The lead phrases that name a class (``- Arguments of `X`:``, ``- `break_loop`
of `X`: ...``, ``- Repairable errors raised by `X`: ...``) as people also
write them: set in bold (``**Arguments of `X`:**``, ``**`break_loop`**``),
the class in a double-backtick code span (````X````) or qualified by its
module (`` `tools.wait.X` ``), ``the`` before it and ``tool`` or ``class``
after it, a dash, ``is`` or nothing where the colon goes
(`` `break_loop` of `X` is always `false`. ``), ``break_loop`` without
backticks; the arguments in other words (``Parameters of `X`:``, ``Args of
`X`:``, ``Inputs of `X`:``). Such a line is read as the lead it spells, and
it is the person's: no fix rewrites it (see :attr:`Lead.spelled`). A lead in
other words may not be meant as the fact line: it is read as one named
without backticks (never reported or removed as stale).
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
_OTHER_WORDS = LazyPattern(r"(?:args|parameters|params|inputs)\b", re.IGNORECASE)
_SPELLINGS = tuple(
    (kind, LazyPattern(pattern + _AFTER, re.IGNORECASE))
    for kind, pattern in (
        ("arguments", rf"{ARGUMENT_WORDS}[ \t]+of[ \t]+{_THE}{_CLASS}"),
        ("break-loop", rf"`?break_loop`?[ \t]+of[ \t]+{_THE}{_CLASS}"),
        ("repairable", rf"Repairable[ \t]+errors[ \t]+raised[ \t]+by[ \t]+{_THE}{_CLASS}"),
    )
)
# ``Arguments (`X`):``, ``Parameters (`X`):``
_ARGUMENTS_OF = LazyPattern(
    rf"(?P<words>{ARGUMENT_WORDS})[ \t]*\([ \t]*(?P<subject>`[^`]+`)[ \t]*\)", re.IGNORECASE
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
    text = _ARGUMENTS_OF.sub(
        lambda m: f"{m.group('words')} of {m.group('subject')}", plain(body), 1
    )
    for kind, pattern in _SPELLINGS:
        match = pattern.fullmatch(text)
        if match is None:
            continue
        subject = match.group("subject") or match.group("bare")
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
            bare=match.group("bare") is not None or _OTHER_WORDS.match(text) is not None,
            note=match.group("note") or "",
        )
    return None
