"""An argument item of a companion's arguments block, as the grammar writes
it (`` - `name`: optional string, default `""`. Prose. ``) or as a person may
(the name in bold, as a link's text, in parentheses; the facts set off by a
dash or in parentheses). :mod:`doxtool.companions.parsing` reads the items of
a block with it, :mod:`doxtool.companions.argtables` the rows of a table.
"""

from __future__ import annotations

import re
from typing import Any

from doxtool.companions.bullets import closing_paren
from doxtool.companions.factlines import canonical_json, spans, split_sentence
from doxtool.companions.leads import _IDENTIFIER, _nested_body
from doxtool.core.patterns import LazyPattern

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


_BOLD_NAME = LazyPattern(r"\*\*(?P<name>[^\W\d]\w*)\*\*")
# ``**`until`**`` and ``(`until`)``: a name in backticks set in emphasis (``**``,
# ``__``, ``*``, ``_``) or in
# parentheses (as a link's text, ``[`until`](#until)``, it is a code span:
# :mod:`doxtool.companions.codespans`)
_DRESSED_CODE = LazyPattern(
    r"(?:(?P<em>\*\*|__|\*|_)`(?P<bold>[^`]+)`(?P=em)(?![*_])|\(`(?P<paren>[^`]+)`\))"
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
            # a name written as a string or as a link's text is read, but the
            # line is the person's; so are facts told in sentences of theirs
            argument, told = _item_and_form(name, after[1:])
            grammar = names == written and not body.startswith("[") and not told
            return [argument], grammar
    else:
        dressed = _DRESSED_CODE.match(body)
        bold = _BOLD_NAME.match(body)
        if dressed is not None:
            name = dressed.group("bold") or dressed.group("paren")
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
            facts = " " + stripped[1:close]
            return _loose_argument(name, facts, stripped, stripped[close + 1 :])
        return None
    dash = _DASH.match(after)
    if dash is not None:
        return _loose_argument(name, after[dash.end() :], after)
    return None


def _loose_argument(
    name: str, facts: str, prose: str, description: str | None = None
) -> dict[str, Any]:
    """An argument written in a person's spelling: its facts when ``facts``
    (up to a ``:`` or ``.``) follow the grammar, else its name only. A type
    left out there (`` `city` (required): ... ``) is unstated
    (``type_unstated``), not "no type": the grammar's own item
    (`` `city`: required. ``) is the one that says the type is not known.
    The words after the facts (``description``: after their parentheses,
    or after a ``:`` ending them) may state the default and the accepted
    values (:func:`_described`)."""
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
    if description is None and facts[cut : cut + 1] == ":":
        description = facts[cut:]
    if description is not None:
        _described(fields, description)
    return {"name": name, **fields, "prose": prose}


# what sets a description off from the facts before it: a colon, a dash
_DESCRIPTION_START = LazyPattern(r"[ \t]*(?:\\?:|[\u2014\u2013]|--?(?=[ \t]))?[ \t]*")


def _described(fields: dict[str, Any], description: str) -> None:
    """Read into ``fields`` (an item's facts, from its name's parentheses)
    the default and accepted values its ``description`` states in the
    grammar's clauses (`` (optional): default `3`. ``, `` (optional): one of
    `GET`, `HEAD`; default `GET`. ``). Words that are not those clauses
    (`` `GET` (default) or `HEAD` ``, ``defaults to "general"``) may state
    them in a way doxtool does not read: what the facts leave out is then
    unstated (``default_unstated``, ``values_unstated``), not "none"."""
    start = _DESCRIPTION_START.match(description)
    text = description[start.end() if start else 0 :]
    sentence, _, _ = split_sentence(text)
    if not sentence.strip(" \t"):
        return  # no words after the facts: they state all there is
    read = _argument_fields("optional, " + _commas(sentence))
    if read is not None and not read["alternatives"] and read["type"] is None:
        if not fields["has_default"] and read["has_default"]:
            fields["default"], fields["has_default"] = read["default"], True
        if fields["enum"] is None:
            fields["enum"] = read["enum"]
        return
    if not fields["has_default"] and fields["required"] is not True:
        fields["default_unstated"] = True  # (a required argument has none)
    if fields["enum"] is None:
        fields["values_unstated"] = True


def _commas(sentence: str) -> str:
    """``sentence`` with each ``;`` outside code spans a ``,`` (`` one of
    `a`, `b`; default `a` `` is the grammar's clauses)."""
    return "".join(
        sentence[part.start : part.end] if part.code else part.text.replace(";", ",")
        for part in spans(sentence)
    )


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
    return _item_and_form(name, rest)[0]


def _item_and_form(name: str, rest: str) -> tuple[dict[str, Any], bool]:
    """The argument of an item naming ``name``, ``rest`` the text after its
    colon -> (the argument, whether a sentence after the fact sentence tells
    a fact of it: the line is then the person's, never rewritten)."""
    sentence, after, found = split_sentence(rest)
    fields = _argument_fields(sentence)
    opening = None if found or fields is not None else _opening_colon(sentence)
    if opening is not None:
        fields = _argument_fields(sentence[:opening])
        if fields is not None:
            _rest_unstated(fields)
            # the colon and what follows it stay as written
            return {"name": name, **fields, "prose": rest[opening:]}, False
    if fields is None:
        noted = _noted_facts(sentence)
        if noted is not None:
            # a rewrite keeps the ``;`` clause after the facts it writes
            # (:func:`~doxtool.companions.factlines.sentence_end`)
            fields, at = noted
            return {"name": name, **fields, "prose": rest[at:]}, False
        # not the grammar: everything after the name is the person's text,
        # and the item names the argument only
        return _by_name(name, rest), False
    told = _told_after(fields, after)
    return {"name": name, **fields, "prose": after}, told


def _rest_unstated(fields: dict[str, Any]) -> None:
    """What the facts before a person's words do not state is unstated: the
    words may state it (a ``;`` note), or the list nested under an item
    ending in an opening colon (``default `5` `` as a line of its own)."""
    if fields["type"] is None:
        fields["type_unstated"] = True
    if not fields["has_default"] and fields["required"] is not True:
        fields["default_unstated"] = True
    if fields["enum"] is None:
        fields["values_unstated"] = True


def _opening_colon(sentence: str) -> int | None:
    """Where the ``:`` that ends ``sentence`` (outside code spans, only
    blanks after it) stands: the facts end there, and the colon opens the
    list nested under the item (`` one of `read`, `write`: `` then a line
    for each value); None when the sentence does not end so."""
    text = sentence.rstrip(" \t")
    parts = spans(text)
    if not text.endswith(":") or not parts or parts[-1].code:
        return None
    return len(text) - 1


# words of a person's note after an item's facts that may tell a fact of
# the argument in a way not read
_FACT_WORDS = LazyPattern(
    r"\b(?:required|optional|defaults?|one of|alternative|type|string|integer|number"
    r"|boolean|array|object|null|none|empty)\b",
    re.IGNORECASE,
)


def _noted_facts(sentence: str) -> tuple[dict[str, Any], int] | None:
    """The facts of a fact sentence followed by a person's note set off by a
    ``;`` (`` optional integer, default `60`; seconds it lives ``), the note
    naming no value (no code span) and no fact (:data:`_FACT_WORDS`) ->
    (the facts, where the note starts); None for any other sentence. What
    the facts leave out is unstated, not "none"."""
    at = None
    for part in spans(sentence):
        if not part.code and ";" in part.text:
            at = part.start + part.text.index(";")
            break
    if at is None:
        return None
    note = sentence[at:]
    if any(part.code for part in spans(note)) or _FACT_WORDS.search(note):
        return None
    fields = _argument_fields(sentence[:at])
    if fields is None:
        return None
    _rest_unstated(fields)
    return fields, at


# a sentence telling an argument's default (`` Default: `0`. ``, `` Default
# `0`. ``, `` Defaults to `0`. ``, `` By default `0`. ``), the value's code span
# replaced by \0
_DEFAULT_SENTENCE = LazyPattern(
    r" ?(?:by default|defaults?(?: (?:to|is))?) ?:? ?\x00 ?", re.IGNORECASE
)
# a sentence that may tell the default in words doxtool does not read
# (``Defaults to zero.``, ``By default, no wait.``)
_DEFAULT_WORD = LazyPattern(r"[ \t]*(?:by[ \t]+)?defaults?\b", re.IGNORECASE)


def _told_after(fields: dict[str, Any], after: str) -> bool:
    """Read into ``fields`` (an item's fact sentence) the facts the next
    sentence tells in a person's way: a default the fact sentence leaves out
    (`` optional integer. Default: `0`. ``), or the type and clauses after a
    bare ``required``/``optional`` (`` optional. Integer, default `0`. ``).
    A sentence that opens with ``default`` but is not read leaves the
    default unstated (it may say it), not "none". Whether one was read or
    left so."""
    sentence, _, _ = split_sentence(after)
    if not sentence.strip(" \t"):
        return False
    bare = fields["type"] is None and not fields["has_default"] and fields["enum"] is None
    if bare and fields["alternatives"] is None and not fields.get("required_unknown"):
        word = "required" if fields["required"] else "optional"
        text = sentence.lstrip(" \t")
        told = _argument_fields(f"{word} {text[:1].lower()}{text[1:]}")
        if told is not None and (told["type"] is not None or told["has_default"]):
            fields.update(told)
            return True
    if fields["has_default"] or _DEFAULT_WORD.match(sentence) is None:
        return False
    codes = [part.text for part in spans(sentence) if part.code]
    shape = " ".join(
        "".join("\x00" if part.code else part.text for part in spans(sentence)).split()
    )
    if len(codes) == 1 and _DEFAULT_SENTENCE.fullmatch(shape):
        fields["default"], fields["has_default"] = canonical_json(codes[0]), True
    elif fields["required"] is not True:
        fields["default_unstated"] = True
    return True
