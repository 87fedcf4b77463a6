"""The fact line grammar as a companion writes it.

The lead phrase that opens each kind of fact block (``- Classes:``,
``- Observed side-effect areas:`` ...), the items under it (class and
function bullets, argument clauses) and which lines continue a block.
:mod:`doxtool.companions.parsing` applies it to a companion's lines;
:mod:`doxtool.companions.rendering` writes the same lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from doxtool.companions.bullets import closing_paren, is_item
from doxtool.companions.factlines import (
    MULTILINE_KINDS,
    OPEN_NONE,
    canonical_json,
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
# a class name in backticks, or (as a person may write it) bare
_SUBJECT = r"(?:`(?P<subject>[^`]+)`|(?P<bare>(?!the\b)[^\W\d]\w*))"
# a person's note between the subject and the lead's colon (`` (methods
# `todo:add`, `todo:done`)``, `` for `todo:add` ``): words and code spans,
# no colon outside them; not ``and`` or ``or`` (a second subject)
_NOTE = r"(?P<note>[ \t]+(?!(?:and|or|&)\b)(?:[^`:\n]|`[^`\n]*`)*?)?"

# What may follow a statement (`` `X` is a `Tool` ``): nothing, a full stop
# and a person's words, or a clause of theirs set off by a comma, a semicolon
# or a dash (``, which is a `Tool`.``), in parentheses (`` (found by file
# name).``) or opened by a conjunction (`` and is found by file name.``)
_CLAUSE = (
    r"[ \t]*(?:\.(?P<rest>.*)|(?P<clause>[,;:][ \t].*|[ \t]*[\u2014\u2013].*"
    r"|[ \t]+\(.*|[ \t]+(?:and|but|so|while|because)[ \t].*))?"
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
            r"`(?P<subject>[^\W\d]\w*)` is an? `(?P<base>[^`]+)`" + _CLAUSE,
        ),
        (
            "defines",
            r"`(?P<owner>[^\W\d]\w*)` defines `(?P<method>[^\W\d]\w*)(?:\([^`]*\))?`" + _CLAUSE,
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
        ("tests", r"Related tests observed by source search:(?P<rest>.*)"),
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

#: the words of an argument item whose requiredness the code does not say
#: (:attr:`~doxtool.core.facts.Argument.required_unknown`)
UNKNOWN_PRESENCE = "required or optional"

# The fact part of an argument item, with each code span replaced by \0:
# `required|optional [type][, default X][, one of X, Y]` (clauses in any order)
_ARGUMENT_SHAPE = LazyPattern(
    r" ?(?P<required>required or optional|required|optional)(?: (?P<type>[A-Za-z]\w*))?"
    r"(?P<clauses>(?: ?, ?(?:default \x00|(?:one of|alternative to) \x00(?: ?, ?\x00)*))*) ?",
    re.IGNORECASE,
)
_ARGUMENT_CLAUSE = LazyPattern(
    r"(default|one of|alternative to) ((?:\x00(?: ?, ?)?)+)", re.IGNORECASE
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
        return not (sentence.startswith("`") or is_none(sentence))
    return False


def _lead(content: str) -> _Lead | None:
    body = _top_body(content)
    if body is None:
        return None
    for kind, pattern in _LEADS:
        match = pattern.fullmatch(body)
        if match:
            groups = match.groupdict()
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


_BOLD_NAME = LazyPattern(r"\*\*(?P<name>[^\W\d]\w*)\*\*")
# ``**`until`**``, ``[`until`](#until)`` and ``(`until`)``: a name in backticks
# set in bold, as a link's text or in parentheses
_DRESSED_CODE = LazyPattern(
    r"(?:\*\*`(?P<bold>[^`]+)`\*\*|\(`(?P<paren>[^`]+)`\)"
    r"|\[`(?P<linked>[^`]+)`\]\((?:[^()\s]|\([^()\s]*\))*(?:[ \t]+\"[^\"]*\")?\))"
)
_DASH = LazyPattern(r"[ \t]*(?:[\u2014\u2013]|--?)[ \t]")
# what stands between the names of an item naming several (`` `a`, `b` and `c` ``)
_NAME_SEPARATOR = LazyPattern(r"[ \t]*,[ \t]*(?:(?:and|or)[ \t]+)?|[ \t]+(?:and|or)[ \t]+", re.I)
# a capitalised word (``Note``, ``Example``): in bold, a person's heading of
# a remark unless the tool reads an argument of that name
_PROSE_WORD = LazyPattern(r"[A-Z][a-z]")


def _code_names(body: str) -> tuple[list[str], str] | None:
    """The code spans an item opens with (`` `a`, `b` and `c` ``) -> (their
    texts, the text after them); None when it does not open with one."""
    parts = spans(body)
    if not parts or not parts[0].code or parts[0].start != 0:
        return None
    names, end, index = [parts[0].text], parts[0].end, 1
    while (
        index + 1 < len(parts)
        and not parts[index].code
        and parts[index + 1].code
        and _NAME_SEPARATOR.fullmatch(parts[index].text)
    ):
        names.append(parts[index + 1].text)
        end = parts[index + 1].end
        index += 2
    return names, body[end:]


_QUOTED = LazyPattern(r"(?P<quote>[\"'])(?P<name>[^\W\d]\w*)(?P=quote)")


def _unquoted(name: str) -> str:
    """An argument's name written as a string in its code span (`` `"days"` ``)
    is the name."""
    quoted = _QUOTED.fullmatch(name)
    return quoted.group("name") if quoted else name


def _by_name(name: str, prose: str) -> dict[str, Any]:
    """An argument item known by its name only: none of its facts is read."""
    return {**_unread_argument(name, prose), "fields_unknown": True}


def _names_only(after: str) -> bool:
    """Whether ``after``, the text after an item's name, leaves its facts
    unsaid or sets them off as a person may (``:``, a dash, parentheses)."""
    return (
        not after.strip(" \t.")
        or after.startswith(":")
        or after.lstrip(" \t").startswith("(")
        or _DASH.match(after) is not None
    )


def argument_line(content: str) -> tuple[list[dict[str, Any]], bool] | None:
    """A nested argument item -> (the arguments it documents, whether it is
    written as the grammar writes it); None for any other line.

    The grammar's item is `` - `name`: <facts>. <prose> ``; facts it cannot
    read exactly make it an item known by its name only (``fields_unknown``:
    no fact of it is compared). A person may name the argument in bold
    (``**name**``, ``**`name`**``), as a link's text (``[`name`](#name)``)
    or in parentheses, alone on the line, or
    set its description off by a dash or put its facts in parentheses
    (`` `name` (optional string): ... ``): the facts are read when they
    follow the grammar, else the item names the argument only. An item
    naming several (`` `a`, `b`: ... ``) documents each of them by name. A
    blank name (`` ` ` ``) is no argument; a capitalised word in bold
    (``**Note**``) may be a remark: ``maybe_prose`` says so.
    """
    body = _nested_body(content)
    if body is None:
        return None
    named = _code_names(body)
    bold = None
    if named is not None:
        written, after = named
        names = [_unquoted(n) for n in written]
        if any(not name.strip(" \t") for name in names):
            return None  # (`` ` ` ``): no name, a person's line
        if len(names) > 1:
            if not all(_IDENTIFIER.fullmatch(n) for n in names) or not _names_only(after):
                return None
            return [_by_name(n, after) for n in names], False
        name = names[0]
        if after.startswith(":"):
            # a name written as a string is read, but the line is the person's
            return [_argument_item(name, after[1:])], names == written
    else:
        dressed = _DRESSED_CODE.match(body)
        bold = _BOLD_NAME.match(body)
        if dressed is not None:
            name = dressed.group("bold") or dressed.group("linked") or dressed.group("paren")
            after = body[dressed.end() :]
            if not _IDENTIFIER.fullmatch(name):
                return None
            if dressed.group("paren") is not None:
                return [_by_name(name, after)], False
        elif bold is not None:
            name, after = bold.group("name"), body[bold.end() :]
        else:
            return None
    argument = _loose_item(name, after)
    if argument is None:
        return None
    if bold is not None and _PROSE_WORD.match(name):
        argument["maybe_prose"] = True
    return [argument], False


# what a person may set an argument's facts off with after its name, past
# spaces: a colon (also escaped, ``\:``), a comma, an arrow or an equals sign
# (`` `days` : optional``, `` `days`, optional``, `` `days` → optional``)
_SETTER = LazyPattern(r"[ \t]*(?:\\?:|,|\u2192|->|=>?)(?=[ \t]|$)|[ \t]+(?:\\?:|=)")


def _loose_item(name: str, after: str) -> dict[str, Any] | None:
    """An item naming ``name`` in a person's spelling, ``after`` the text
    after the name; None when it is not an argument item."""
    if after.startswith(":"):
        return _loose_argument(name, after[1:], after)
    if not _IDENTIFIER.fullmatch(name):
        return None
    setter = _SETTER.match(after)
    if setter is not None:
        return _loose_argument(name, after[setter.end() :], after)
    if not after.strip(" \t."):
        return _by_name(name, after)  # `` - `until` ``: the name alone
    stripped = after.lstrip(" \t")
    if stripped.startswith("("):
        close = closing_paren(stripped)
        if close is not None:
            return _loose_argument(name, " " + stripped[1:close], stripped)
        return None
    dash = _DASH.match(after)
    if dash is not None:
        return _loose_argument(name, after[dash.end() :], after)
    return None


def _loose_argument(name: str, facts: str, prose: str) -> dict[str, Any]:
    """An argument written in a person's spelling: its facts when ``facts``
    (up to a ``:`` or ``.``) follow the grammar, else its name only. A type
    left out there (`` `city` (required): ... ``) is unstated
    (``type_unstated``), not "no type": the grammar's own item
    (`` `city`: required. ``) is the one that says the type is not known."""
    cut = len(facts)
    for part in spans(facts):
        if not part.code:
            found = [i for i in (part.text.find(":"), part.text.find(".")) if i != -1]
            if found:
                cut = part.start + min(found)
                break
    fields = _argument_fields(facts[:cut])
    if fields is None:
        return {**_unread_argument(name, prose), "fields_unknown": True}
    if fields["type"] is None:
        # `` `city` (required): ... `` states no type: it is not compared
        fields["type_unstated"] = True
    return {"name": name, **fields, "prose": prose}


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


def _argument_fields(sentence: str) -> dict[str, Any] | None:
    """Parse ``optional integer, default `0`, one of ...``; None if it is not that."""
    codes = []
    shape_parts = []
    for part in spans(sentence):
        if part.code:
            codes.append(part.text)
            shape_parts.append("\x00")
        else:
            shape_parts.append(part.text.replace("\x00", " "))
    # collapsing whitespace keeps the pattern simple and its matching linear
    shape = " ".join("".join(shape_parts).split())
    match = _ARGUMENT_SHAPE.fullmatch(shape)
    if match is None:
        return None
    word = match.group("required").casefold()
    fields: dict[str, Any] = {
        "required": word == "required",
        "type": match.group("type"),
        "default": None,
        "has_default": False,
        "enum": None,
        "alternatives": None,
    }
    if word == UNKNOWN_PRESENCE:
        fields["required_unknown"] = True  # neither word is claimed
    taken = 0
    for clause in _ARGUMENT_CLAUSE.finditer(match.group("clauses")):
        count = clause.group(2).count("\x00")
        values = codes[taken : taken + count]
        taken += count
        if clause.group(1).casefold() == "default":
            if fields["has_default"]:
                return None
            fields["default"] = canonical_json(values[0])
            fields["has_default"] = True
        elif clause.group(1).casefold() == "alternative to":
            if fields["alternatives"] is not None:
                return None
            fields["alternatives"] = values
        else:
            if fields["enum"] is not None:
                return None
            fields["enum"] = values
    return fields


def _unread_argument(name: str, prose: str) -> dict[str, Any]:
    """An argument item whose facts are not read: all of it is ``prose``."""
    return {
        "name": name,
        "required": None,
        "type": None,
        "default": None,
        "has_default": False,
        "enum": None,
        "alternatives": None,
        "prose": prose,
    }


def _argument_item(name: str, rest: str) -> dict[str, Any]:
    sentence, after, _ = split_sentence(rest)
    fields = _argument_fields(sentence)
    if fields is None:
        # not the grammar: everything after the name is the person's text,
        # and the item names the argument only
        return _by_name(name, rest)
    return {"name": name, **fields, "prose": after}
