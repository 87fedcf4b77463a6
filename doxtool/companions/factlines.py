"""The fact lines doxtool owns in a ``.py.dox.md`` companion: what they are made of.

A fact line is recognised by its lead phrase (``- Classes:``, ``- Observed
side-effect areas:`` ...); some carry nested bullets. This module holds what
reading, rendering and judging them share: the sections and the home section
of each kind, side-effect area spellings, Markdown code spans and escaping,
JSON values, and the blocks a module's facts call for (:class:`ExpectedBlock`)
with the parts a person keeps in them (:class:`Keep`). Writing the lines is
:mod:`doxtool.companions.rendering`'s job, deciding whether a block still
agrees with the facts :mod:`doxtool.companions.agreement`'s, reading them
:mod:`doxtool.companions.parsing`'s.
Values are the comparable content of a block, identical in shape whether they
come from facts or from a parsed companion:

=================  ============================================================
kind               values
=================  ============================================================
classes            ``[{"name", "bases": [str], "methods": [signature text]}]``
functions          ``[signature text]``
constants          ``[name]``
is-tool            first base as written (``"Tool"``)
defines            ``True``
arguments          ``[{"name", "required", "type", "default", "has_default",
                   "enum", "alternatives", "prose"}]``; ``default`` is JSON
                   text, ``enum`` the rendered values, ``alternatives`` the
                   other arguments of which one is needed; ``required`` is None for an item whose
                   text does not follow the grammar; ``required_unknown``
                   (``required or optional``) when neither word is claimed
break-loop         ``["true", "false", <expression>...]``
repairable         ``[exception short name]``
side-effects       ``[area]`` (facts: the detected areas; companion: as written)
imports            ``[module]``
helpers            ``[name]`` (facts: full dotted names; companion: as written)
tests              ``[path]``
=================  ============================================================
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from doxtool.companions.codespans import BACKTICK_RUN, Span, spans
from doxtool.companions.pyliterals import python_literal
from doxtool.companions.sigleads import SIGNATURE_LEAD

#: Section titles of a companion, in canonical order.
SECTIONS = (
    "Purpose",
    "Ownership",
    "Runtime Contracts",
    "Key Concepts",
    "Work Guidance",
    "Verification",
    "Child DOX Index",
)

#: Other titles a section may have: the Agent Zero repositories' AGENTS.md
#: files and some hand-written companions name Runtime Contracts so.
SECTION_ALIASES: dict[str, tuple[str, ...]] = {"Runtime Contracts": ("Local Contracts",)}

#: Per-tool kinds, in the order they are written for each tool.
TOOL_KINDS = ("is-tool", "defines", "arguments", "break-loop", "repairable")

#: Every block kind and the section it belongs in.
HOME_SECTION = {
    "classes": "Ownership",
    "functions": "Ownership",
    "constants": "Ownership",
    **dict.fromkeys(TOOL_KINDS, "Runtime Contracts"),
    "side-effects": "Runtime Contracts",
    "imports": "Runtime Contracts",
    "helpers": "Key Concepts",
    "tests": "Verification",
}

#: Kinds whose block continues past the lead line.
MULTILINE_KINDS = frozenset({"classes", "functions", "arguments", "tests"})

#: Detectable side-effect areas: fact vocabulary -> companion vocabulary, in
#: the order they are written.
DETECTED_AREAS = {
    "filesystem read": "filesystem reads",
    "filesystem write": "filesystem writes",
    "filesystem delete": "filesystem deletion",
    "network": "network",
    "subprocess": "subprocess",
}

# Spellings a person may use for a detectable area.
_AREA_SPELLINGS = {
    **{written: written for written in DETECTED_AREAS.values()},
    **DETECTED_AREAS,
    "filesystem deletes": "filesystem deletion",
    "filesystem deletions": "filesystem deletion",
    "subprocesses": "subprocess",
}


def detected_area(text: str) -> str | None:
    """The companion spelling of a detectable area, or None for any other area."""
    return _AREA_SPELLINGS.get(" ".join(text.split()).casefold())


# Characters that must not reach a companion raw: line breaks and other
# controls (they would end a fact line or reach a terminal), Unicode line and
# paragraph separators, bidirectional and zero-width formatting characters
# (they make a line read differently from what it holds) and lone surrogates
# (they cannot be encoded). A fixed list, so that every Python version
# renders the same text.
_UNSAFE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e"
    "\u2060-\u206f\ufeff\ufff9-\ufffb\ud800-\udfff]"
)


def _escape_char(match: re.Match[str]) -> str:
    char = match.group()
    return {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(char, f"\\u{ord(char):04x}")


def escape_unsafe(text: str) -> str:
    """``text`` with each character of :data:`_UNSAFE` escaped (``\\n``, ``\\u202e``)."""
    return _UNSAFE.sub(_escape_char, text) if _UNSAFE.search(text) else text


def is_safe_text(text: str) -> bool:
    """Whether ``text`` can be written into a fact line as it is."""
    return bool(text) and _UNSAFE.search(text) is None


def display_name(text: str) -> str:
    """A name or string value as a fact line shows it.

    Plain text is shown as it is. Text that is empty or holds a character of
    :data:`_UNSAFE` is shown as a JSON string, quotes included, with those
    characters escaped: a crafted argument key (``"a\\n## Purpose"``) stays on
    its line and cannot add a heading, end a comment or reorder the text on
    screen. Both sides of a comparison use this form, so fixes stay idempotent.
    """
    if is_safe_text(text):
        return text
    return _UNSAFE.sub(_escape_char, json.dumps(text, ensure_ascii=False))


def display_code(text: str) -> str:
    """Source text (a signature, an expression, a dotted name) on one line:
    whitespace runs become one space, other unsafe characters are escaped."""
    return escape_unsafe(" ".join(text.split()))


def code(text: str) -> str:
    """Render ``text`` as a code span, whatever backticks it contains."""
    longest = max((len(run) for run in BACKTICK_RUN.findall(text)), default=0)
    fence = "`" * (longest + 1)
    padded = text.startswith("`") or text.endswith("`")
    padded = padded or (text.startswith(" ") and text.endswith(" ") and bool(text.strip(" ")))
    pad = " " if padded else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def code_contents(text: str) -> list[str]:
    return [span.text for span in spans(text) if span.code]


def split_sentence(text: str) -> tuple[str, str, bool]:
    """Split at the first ``.`` outside code spans: (sentence, prose after, found)."""
    for span in spans(text):
        if not span.code:
            dot = span.text.find(".")
            if dot != -1:
                position = span.start + dot
                return text[:position], text[position + 1 :], True
    return text, "", False


def split_list(text: str) -> tuple[str, str, bool]:
    """Split an item sentence (``a, b, c.``) where its list ends: at the first
    ``.`` or ``;`` outside code spans -> (list, prose after, found). What
    follows a ``;`` is a clause of the person's (``; `json` was dropped``):
    the prose keeps the ``;``, and no ``.`` is written before it, unless it
    is another group of the same list, names in backticks with at most a
    parenthetical (`` `a`, `b` (public); `_c` (private). ``). A ``.``
    or ``;`` inside parentheses (`` (i.e. `timedelta`) ``, ``(serialization;
    hashes)``) is the person's note's, not the list's end, unless the
    parenthesis is never closed."""
    depth, unclosed = 0, None
    for span in spans(text):
        if span.code:
            continue
        for at, char in enumerate(span.text, span.start):
            if char == "(":
                depth += 1
            elif char == ")":
                depth = max(0, depth - 1)
                unclosed = None if depth == 0 else unclosed
            elif char in ".;":
                if depth == 0 and not (char == ";" and group_follows(text, at + 1)):
                    return _cut(text, at)
                if depth > 0:
                    unclosed = at if unclosed is None else unclosed
    # a parenthesis never closed: its first ``.`` or ``;`` ends the list
    return _cut(text, unclosed) if unclosed is not None else (text, "", False)


#: a group of a list after its ``;``: names in backticks separated by commas
#: (or ``and``), at most one parenthetical, then the list's next ``;``, its
#: ``.`` or the line's end
_GROUP = re.compile(
    r"[ \t]*`[^`]+`(?:[ \t]*(?:,|,?[ \t]+and)[ \t]*`[^`]+`)*"
    r"(?:[ \t]*\([^()]*\))?[ \t]*(?=[.;]|$)"
)


def group_follows(text: str, at: int) -> bool:
    """Whether what follows position ``at`` (just past a ``;``) is another
    group of the same list: names in backticks, at most one parenthetical,
    then the list's next ``;``, its ``.`` or the line's end."""
    return _GROUP.match(text, at) is not None


def _cut(text: str, position: int) -> tuple[str, str, bool]:
    skip = 1 if text[position] == "." else 0
    return text[:position], text[position + skip :], True


#: what may stand between two items of a list: commas, ``and``, ``or``,
#: ``/``, ``&``, ``;`` (between groups), emphasis marks and spaces
_SEPARATOR = re.compile(r"(?:[\s,;/&*_]+|(?:and|or)\b)*")


def only_separators(text: str) -> bool:
    """Whether ``text`` holds nothing but what separates items."""
    separator = _SEPARATOR.match(text)
    return separator is not None and separator.end() == len(text)


def split_clause(sentence: str, seen: bool = False) -> tuple[str, str]:
    """Split an item sentence (see :func:`split_list`) where its items end
    and a person's clause begins: (items, clause). Items are code spans
    standing alone between separators (``,``, ``, and``, ``and``, ``or``),
    each with at most a parenthetical after it (``(not `time`)``); the
    first other text after an item (words, an em-dash, a colon) opens the
    clause, which runs to the sentence's end (`` when `text` is blank``,
    `` — see `helpers/wait.py` for details``): its spans are the person's
    words, not items. A sentence with no item before such text
    is all items (``none``; a list opening with words is no fact line);
    ``seen``: items come before ``sentence`` (a line the list is wrapped
    onto), so that words opening it open the clause."""
    depth, last = 0, 0
    for span in spans(sentence):
        if span.code:
            if depth == 0:
                last, seen = span.end, True
            continue
        at, text = 0, span.text
        while at < len(text):
            char = text[at]
            if char == "(":
                depth += 1
            elif char == ")":
                depth = max(0, depth - 1)
                last = span.start + at + 1 if depth == 0 else last
            elif depth == 0:
                separator = _SEPARATOR.match(text, at)
                end = separator.end() if separator else at
                if end == at:
                    if seen:
                        return _clause_cut(sentence, last, span.start + at)
                    end = at + 1
                at = end
                continue
            at += 1
    return sentence, ""


def _clause_cut(sentence: str, last: int, at: int) -> tuple[str, str]:
    """(items, clause) of ``sentence`` whose first text after its items, at
    ``at``, is not a separator: a clause when it opens after a space (or a
    line's start) or with a dash or colon; text glued to an item (`` `a`s``)
    or a stray backtick (what an empty name renders, ``````) opens none,
    and every span is read as an item, as before clauses were told apart."""
    char = sentence[at]
    spaced = at == 0 or any(c.isspace() for c in sentence[last:at])
    if char != "`" and (spaced or char in ":\u2013\u2014-"):
        return sentence[:last], sentence[last:]
    return sentence, ""


def listed_spans(sentence: str) -> list[Span]:
    """The code spans of an item sentence that are its items: those outside
    parentheses (``(not `time`)`` is a person's words)."""
    listed = []
    depth = 0
    for span in spans(sentence):
        if span.code:
            if depth == 0:
                listed.append(span)
            continue
        for char in span.text:
            if char == "(":
                depth += 1
            elif char == ")":
                depth = max(0, depth - 1)
    return listed


def outside_parentheses(text: str) -> Iterator[tuple[int, str]]:
    """Each character of ``text`` outside parentheses and code spans, with
    where it is."""
    depth = 0
    for span in spans(text):
        if span.code:
            continue
        for offset, char in enumerate(span.text):
            if char == "(":
                depth += 1
            elif char == ")":
                depth = max(0, depth - 1)
            elif depth == 0:
                yield span.start + offset, char


def sentence_end(prose: str) -> str:
    """The end of a rendered item sentence: its ``.`` and the prose after
    it, or the person's clause when it opens with ``;``, or the colon that
    opens the list nested under the item."""
    return prose if prose.startswith((";", ":")) else "." + prose


def is_none(sentence: str) -> bool:
    return sentence.strip().casefold() == "none"


# --- JSON values -----------------------------------------------------------


def json_text(value: Any) -> str:
    """A literal as compact, canonical JSON text (unsafe characters escaped)."""
    try:
        text = json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
    except (TypeError, ValueError):
        # mixed key types cannot be sorted; circular values cannot be literals
        try:
            text = json.dumps(value, ensure_ascii=False, default=str)
        except (TypeError, ValueError, RecursionError):
            text = json.dumps(str(value), ensure_ascii=False)
    except RecursionError:
        text = json.dumps(str(value), ensure_ascii=False)
    # inside JSON strings \uXXXX is the same value, so parsing gives it back
    return _UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def canonical_json(text: str) -> str:
    """JSON text in canonical form; a value written as a Python literal
    (``False``, ``None``, ``'.'``, ``1_000``) is the same value in JSON; other
    text is returned unchanged."""
    try:
        return json_text(json.loads(text))
    except (ValueError, RecursionError):
        pass
    ok, value = python_literal(text)
    return json_text(value) if ok else text


def enum_text(value: Any) -> str:
    """An enumerated value as written in a companion: strings bare (see
    :func:`display_name`), others JSON."""
    return display_name(value) if isinstance(value, str) else json_text(value)


def enum_key(values: Iterable[str] | None) -> tuple[str, ...] | None:
    """Enumerated values as written in a companion, for comparison: in any
    order, and a string as JSON (``"list"``) the same as bare (``list``)."""
    if not values:
        return None
    return tuple(sorted(_enum_written(value) for value in values))


def _enum_written(text: str) -> str:
    if len(text) >= 2 and text[0] == text[-1] == '"':
        try:
            value = json.loads(text)
        except (ValueError, RecursionError):
            return text
        if isinstance(value, str):
            return enum_text(value)
    return text


# --- Expected blocks -------------------------------------------------------


@dataclass
class ExpectedBlock:
    """A fact block as the module's facts say it should read."""

    key: str
    kind: str
    subject: str | None
    section: str
    #: rendered lines, without line endings
    lines: list[str]
    values: Any
    #: keys of the blocks of the same section written before this one,
    #: nearest first (where to insert it when it is missing)
    follows: list[str] = field(default_factory=list)
    #: keys of the blocks of the same section written after it, nearest first
    precedes: list[str] = field(default_factory=list)
    #: lines of every block of its section, itself included, in canonical
    #: order: when the section is missing, inserting it with all its missing
    #: blocks makes the edit the same whichever of them asks for it
    section_lines: dict[str, list[str]] = field(default_factory=dict)
    #: ``arguments`` of a tool that takes arguments the code does not name
    #: (a computed key, ``**kwargs`` handed on): ``values`` are those it
    #: names, and other items a person lists are theirs to keep
    open: bool = False
    #: value -> the qualified names it stands for (a repairable error's
    #: class, ``helpers.errors.RepairableException``): a line may write one
    #: of them, or a dotted tail of one, for the value
    qualified: dict[str, list[str]] = field(default_factory=dict)


@dataclass
class Keep:
    """The parts of an existing block that belong to a person."""

    #: text after the fact sentence (or after the lead phrase) of the lead line
    prose: str = ""
    #: a person's clause after the items, before the sentence's ``.``
    clause: str = ""
    #: item key -> text after the item's fact (argument prose, ...)
    item_prose: dict[str, str] = field(default_factory=dict)
    #: (anchor item key or None, raw line) of lines inside the block that are
    #: not fact items
    notes: list[tuple[str | None, str]] = field(default_factory=list)
    #: positions in ``notes`` of the lines that are part of their anchor item
    #: (nested under it): they go when the item goes
    own_notes: set[int] = field(default_factory=set)
    #: side-effect areas doxtool cannot detect, as written
    areas: list[str] = field(default_factory=list)
    #: item key -> the line of an item whose facts are not read: written as it is
    lines: dict[str, str] = field(default_factory=dict)
    #: item key -> what the item's line writes before its text (see
    #: :mod:`doxtool.companions.itemmarks`)
    marks: dict[str, str] = field(default_factory=dict)


def method_name(signature: str) -> str:
    """``async execute(self, **kwargs) -> Response`` -> ``execute`` (past
    decorators too: ``@classmethod load(cls)`` -> ``load``)."""
    match = re.match(r"\s*" + SIGNATURE_LEAD + r"([^\W\d]\w*)", signature)
    return match.group(1) if match else signature.strip()


def helper_labels(names: Sequence[str]) -> dict[str, str]:
    """How each helper name is written: its last dotted segment, unless that
    is ambiguous among ``names`` or it is a ``self.agent.*`` call."""
    last_segments: dict[str, int] = {}
    for name in names:
        last = name.rsplit(".", 1)[-1]
        last_segments[last] = last_segments.get(last, 0) + 1
    labels = {}
    for name in names:
        last = name.rsplit(".", 1)[-1]
        whole = name.startswith("self.agent.") or last_segments[last] > 1
        labels[name] = name if whole else last
    return labels


def block_key(kind: str, subject: str | None) -> str:
    return f"{kind}:{subject}" if subject is not None else kind


def link_neighbours(blocks: list[ExpectedBlock]) -> None:
    by_section: dict[str, list[ExpectedBlock]] = {}
    for block in blocks:
        by_section.setdefault(block.section, []).append(block)
    for members in by_section.values():
        keys = [block.key for block in members]
        for index, block in enumerate(members):
            block.follows = keys[:index][::-1]
            block.precedes = keys[index + 1 :]
            block.section_lines = {member.key: member.lines for member in members}


#: what an ``Arguments of`` line of a tool that names none of the arguments
#: it takes says (rather than ``none``)
OPEN_NONE = "none named in the code; it takes arguments it does not name."
