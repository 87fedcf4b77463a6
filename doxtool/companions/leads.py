"""The fact line grammar as a companion writes it.

The lead phrase that opens each kind of fact block (``- Classes:``,
``- Observed side-effect areas:`` ...) and which lines continue a block; a
name in it may be written as a link's text (``- Arguments of
[`WaitTool`](#waittool):``). The argument items under a lead are read by
:mod:`doxtool.companions.argitems`.
:mod:`doxtool.companions.parsing` applies it to a companion's lines;
:mod:`doxtool.companions.rendering` writes the same lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from doxtool.companions.bullets import is_item
from doxtool.companions.codespans import LINK_TAIL
from doxtool.companions.factlines import (
    MULTILINE_KINDS,
    OPEN_NONE,
    is_none,
    spans,
    split_list,
    split_sentence,
)
from doxtool.companions.respelled import class_name, spelled_lead
from doxtool.core.patterns import LazyPattern

# --- Fact line grammar -----------------------------------------------------

_TOP_BULLET = LazyPattern(r" ?[-*+][ \t]+(?P<body>.*)")
#: any list item's marker: a bullet, or a number (an ordered list: ``1.``, ``2)``)
_BULLET = LazyPattern(r"[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)")
#: an item nested under the lead line, bullet or numbered, and its text
_NESTED_BULLET = LazyPattern(r"(?P<mark>[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+)(?P<body>.*)")
# Python identifiers may be written in any script (`שTool`): a letter or
# an underscore, then word characters
_IDENTIFIER = LazyPattern(r"[^\W\d]\w*")
#: what closes a link after its text (:data:`~doxtool.companions.codespans.LINK_TAIL`)
_TAIL = LINK_TAIL.pattern


def _code(group: str, inner: str = r"[^`]+", after: str = "") -> str:
    """A name in a code span (``after`` it, more of the span), alone or as
    the whole text of a link (``[`name`](target)``): group ``group``
    (``group_linked`` for the latter, merged by :func:`_merged`)."""
    return (
        rf"(?:`(?P<{group}>{inner}){after}`"
        rf"|\[`(?P<{group}_linked>{inner}){after}`{_TAIL})"
    )


_NAME = r"[^\W\d]\w*"
#: a method's parameters after its name, in the span naming it (`` `run(...)` ``)
_PARAMETERS = r"(?:\([^`]*\))?"


# a class name in backticks, or (as a person may write it) bare
_SUBJECT = rf"(?:{_code('subject')}|(?P<bare>(?!the\b)[^\W\d]\w*))"
# a person's note between the subject and the lead's colon (`` (methods
# `todo:add`, `todo:done`)``, `` for `todo:add` ``): words and code spans,
# no colon outside them; not ``and`` or ``or`` (a second subject)
# (the blanks before it all taken at once: a long run of them before no colon
# is then given up in one step, not one blank at a time)
_NOTE = r"(?P<note>[ \t]+(?![ \t])(?!(?:and|or|&)\b)(?:[^`:\n]|`[^`\n]*`)*?)?"

# a person's note in parentheses between a lead phrase naming no subject and
# its colon (`` (run with `pytest -q`)``): words and code spans, kept as written
_PAREN_NOTE = r"(?P<note>[ \t]*\((?:[^`()\n]|`[^`\n]*`)*\))?"

# What may follow a statement (`` `X` is a `Tool` ``): nothing, a full stop
# and a person's words, or a clause of theirs set off by a comma, a semicolon
# or a dash (``, which is a `Tool`.``), in parentheses (`` (found by file
# name).``) or opened by a conjunction (`` and is found by file name.``)
# The blanks before it are taken at once (a look-ahead and the text it saw),
# so a long run of them before text that is none of these fails in one step.
_CLAUSE = (
    r"(?=(?P<blanks>[ \t]*))(?P=blanks)(?:\.(?P<rest>.*)|(?P<clause>[,;:][ \t].*"
    r"|[\u2014\u2013].*|(?<=[ \t])\(.*|(?<=[ \t])(?:and|but|so|while|because)[ \t].*))?"
)

# kind -> pattern of the bullet text; ``rest`` is what follows the lead phrase
_LEADS = tuple(
    (kind, LazyPattern(pattern, re.IGNORECASE))
    for kind, pattern in (
        ("classes", r"Classes:(?P<rest>.*)"),
        ("functions", r"Top-level functions:(?P<rest>.*)"),
        ("constants", r"Notable constants/configuration names:(?P<rest>.*)"),
        (
            "is-tool",
            rf"{_code('subject', _NAME)} is an? {_code('base')}" + _CLAUSE,
        ),
        (
            "defines",
            rf"{_code('owner', _NAME)} defines {_code('method', _NAME, _PARAMETERS)}" + _CLAUSE,
        ),
        ("arguments", rf"Arguments of {_SUBJECT}{_NOTE}:(?P<rest>.*)"),
        ("break-loop", rf"`break_loop` of {_SUBJECT}{_NOTE}:(?P<rest>.*)"),
        ("repairable", rf"Repairable errors raised by {_SUBJECT}{_NOTE}:(?P<rest>.*)"),
        ("side-effects", r"Observed side-effect areas:(?P<rest>.*)"),
        ("imports", r"Imported dependency areas include:(?P<rest>.*)"),
        ("helpers", r"Important called helpers/classes observed in the source:(?P<rest>.*)"),
        (
            "helpers",
            r"(?P<empty>This module is primarily declarative or delegates behavior through "
            r"classes/imported objects)\.(?P<rest>.*)",
        ),
        ("tests", rf"Related tests observed by source search{_PAREN_NOTE}:(?P<rest>.*)"),
        (
            "tests",
            r"(?P<empty>No direct test reference was found by name search; choose the nearest "
            r"behavioral test or perform a focused smoke check)\.(?P<rest>.*)",
        ),
        (
            "tests",  # doxtool's own sentence for a module no test imports
            r"(?P<empty>No test imports `[^`]+` yet: add one under `tests/`; until then, "
            r"`doxtool check [^`]+` compares this file with the code)\.(?P<rest>.*)",
        ),
    )
)


@dataclass
class _Lead:
    """The lead phrase of a fact line: the kind of block it opens and what it names."""

    kind: str
    subject: str | None
    rest: str
    base: str | None = None
    #: the line is the convention's sentence for a block with no items
    empty: bool = False
    #: the subject is written without backticks
    bare: bool = False
    #: a bullet block's lead phrase followed by words and no item
    #: (``- Top-level functions: keep them pure.``): a fact line only when
    #: items follow it
    wordy: bool = False
    #: a person's note between the subject and the colon (`` (methods
    #: `todo:add`, `todo:done`)``), kept as written
    note: str = ""
    #: the lead phrase is in a person's spelling (:mod:`.respelled`): read,
    #: but never rewritten
    spelled: bool = False


def _is_blank(content: str) -> bool:
    return not content.strip(" \t")


def _is_indented(content: str) -> bool:
    """Nested: indented by two or more spaces or a tab (and not blank)."""
    if _is_blank(content):
        return False
    indent = content[: len(content) - len(content.lstrip(" \t"))]
    return "\t" in indent or len(indent) >= 2


def _top_body(content: str) -> str | None:
    if _is_indented(content):
        return None
    match = _TOP_BULLET.fullmatch(content)
    return match.group("body") if match else None


def item_mark(content: str) -> str | None:
    """What a nested item's line writes before its text (indentation, bullet
    or number, spacing: ``  * ``, ``    2. ``); None for any other line."""
    if not _is_indented(content):
        return None
    match = _NESTED_BULLET.fullmatch(content)
    return match.group("mark") if match else None


def _nested_body(content: str) -> str | None:
    if not _is_indented(content):
        return None
    match = _NESTED_BULLET.fullmatch(content)
    return match.group("body") if match else None


_BULLET_KINDS = ("classes", "functions", "tests")


def _wordy(rest: str) -> bool:
    """Words after a lead phrase that are neither items nor ``none``."""
    if any(part.code for part in spans(rest)):
        return False
    return rest.strip(" \t.:").casefold() not in ("", "none")


#: kinds whose lead phrase is followed by a list of code spans (or ``none``)
_SPAN_LIST_KINDS = ("constants", "imports", "helpers")


def prose_after_lead(lead: _Lead) -> bool:
    """Whether the words after an arguments or item-list lead phrase are a
    person's prose rather than the fact's start (``- Arguments of `X`: keep
    them few.``, ``- Imported dependency areas include: only the standard
    library.``): the arguments lead says nothing, ``none`` or what doxtool
    writes for a tool taking arguments it does not name; the list opens with
    a code span or ``none``. Such a line is a fact line only when items
    follow it (arguments)."""
    rest = lead.rest.strip(" \t")
    if lead.empty or not rest.strip("."):
        return False
    if lead.kind == "arguments":
        return rest != OPEN_NONE and not is_none(split_sentence(rest)[0])
    if lead.kind in _SPAN_LIST_KINDS:
        sentence = split_list(rest)[0].strip(" \t")
        first = spans(sentence)[:1]
        opens = sentence.startswith("`") or (first and first[0].code and first[0].start == 0)
        return not (opens or is_none(sentence))
    return False


def _merged(groups: dict[str, str | None]) -> dict[str, str | None]:
    """A lead's groups, a name written as a link's text under its own group."""
    for key in [k for k in groups if k.endswith("_linked")]:
        value = groups.pop(key)
        name = key.removesuffix("_linked")
        groups[name] = groups[name] or value
    return groups


def lead_note(content: str) -> str:
    """A person's note on a lead line before its colon (`` (manual)`` of
    ``Related tests observed by source search (manual):``), or ""."""
    found = _lead(content)
    return found.note if found is not None else ""


def _lead(content: str) -> _Lead | None:
    body = _top_body(content)
    if body is None:
        return None
    for kind, pattern in _LEADS:
        match = pattern.fullmatch(body)
        if match:
            groups = _merged(match.groupdict())
            subject = groups.get("subject") or groups.get("bare")
            if groups.get("owner"):
                subject = f"{groups['owner']}.{groups['method']}"
            named = class_name(subject) if subject and kind in _CLASS_KINDS else subject
            return _Lead(
                kind,
                named,
                groups.get("rest") or groups.get("clause") or "",
                groups.get("base"),
                empty=bool(groups.get("empty")),
                bare=bool(groups.get("bare")),
                wordy=kind in _BULLET_KINDS and _wordy(groups.get("rest") or ""),
                note=groups.get("note") or "",
                spelled=named != subject,
            )
    found = spelled_lead(body)
    if found is None:
        return None
    return _Lead(
        found.kind, found.subject, found.rest, bare=found.bare, note=found.note, spelled=True
    )


#: the kinds whose lead names a class
_CLASS_KINDS = ("arguments", "break-loop", "repairable")


def _nested_code_item(content: str) -> tuple[str, str] | None:
    """A nested bullet opening with a code span -> (code, text after it)."""
    body = _nested_body(content)
    if body is None:
        return None
    parts = spans(body)
    if not parts or not parts[0].code or parts[0].start != 0:
        return None
    return parts[0].text, body[parts[0].end :]


def _continues(kind: str, content: str, in_code: bool) -> bool:
    """Whether ``content`` is part of a ``kind`` block that reached it."""
    if kind not in MULTILINE_KINDS or _is_blank(content):
        return False
    if _is_indented(content):
        # nested items, and indented notes or code under them
        return True
    if in_code:
        return False
    return is_item(kind, content)
