"""Lines that look like the lead of a class's block but that doxtool did not
read as it.

A person may lead a tool's arguments, its ``break_loop`` line or its
repairable errors in words doxtool cannot read as the block (``- Arguments
of `Todo`, all optional:``, `` - `X` never ends the loop: `break_loop` is
always `false`. ``, ``- Errors the model can repair (`X`): ...``). Such a line
may say what the block would: the block is then reported as not documented
in a form doxtool reads, and no fix writes a second one beside it. Only what
Markdown shows counts: a line in a code block or an HTML comment is no lead.
"""

from __future__ import annotations

import re

from doxtool.companions.agreedbreakloop import agreed_sentence
from doxtool.companions.argheading import argument_heading as alone
from doxtool.companions.factlines import ExpectedBlock
from doxtool.companions.fieldnames import listed_field
from doxtool.companions.headingsubjects import names as _names
from doxtool.companions.headingsubjects import names_helper
from doxtool.companions.headingsubjects import names_other as _names_other
from doxtool.companions.labelitems import guidance_label, label_lead, listed_under
from doxtool.companions.lastowner import last_without_block
from doxtool.companions.model import Companion, FactBlock
from doxtool.companions.noneleads import SAID_NONE
from doxtool.companions.parenstatement import PARENTHESIZED, parenthesized_values
from doxtool.companions.respelled import ARGUMENT_WORDS
from doxtool.companions.shownlines import shown_after, shown_lines
from doxtool.companions.takesnone import takes_none
from doxtool.companions.testleads import tests_line
from doxtool.core.edits import line_content
from doxtool.core.patterns import LazyPattern

#: the words of each kind's lead, as a person may word them around the class
#: they name: the words then the class (``- Arguments of the `Todo` tool
#: (methods ...):``, ``Arguments for `X`, see below:``), the class then the
#: words and a colon (``- `X` takes these arguments:``, ``- `X` raises
#: repairable errors: ...``); ``break_loop`` and a repair of errors named
#: anywhere on the line with the class (`` `X` never ends the loop:
#: `break_loop` is always `false` ``, ``Errors the model can repair (`X`): ...``)
_ARGUMENTS_BEFORE = LazyPattern(rf"\b{ARGUMENT_WORDS}[ \t]*(?:(?:of|for)\b|\()", re.IGNORECASE)
_ARGUMENTS = LazyPattern(rf"\b{ARGUMENT_WORDS}\b", re.IGNORECASE)
_BREAK_LOOP = LazyPattern(r"break_loop\b", re.IGNORECASE)
_REPAIR = LazyPattern(r"\brepair(?:able|s|ed|ing)?\b", re.IGNORECASE)
_ERRORS = LazyPattern(r"\b(?:errors?|exceptions?)\b", re.IGNORECASE)
KINDS = frozenset({"arguments", "break-loop", "repairable"})
#: the lists a heading may lead in place of their lead line (``### Classes``)
LIST_KINDS = frozenset({"classes", "functions", "tests"})


def looks_like_lead(kind: str, subject: str, text: str) -> bool:
    """Whether ``text`` words the lead of ``kind`` around the class
    ``subject``; each word is found once, and their places compared, so the
    time is linear in the line whatever it holds."""
    if subject.casefold() not in text.casefold():
        return False
    names = [
        m.span() for m in re.finditer(rf"(?<![\w.]){re.escape(subject)}(?!\w)", text, re.IGNORECASE)
    ]
    if not names:
        return False
    first_end, last_start = names[0][1], names[-1][0]
    if kind == "break-loop":
        loops = [m.span() for m in _BREAK_LOOP.finditer(text)]
        return bool(loops) and (loops[0][1] <= last_start or first_end <= loops[-1][0])
    if kind == "repairable":
        repairs = [m.span() for m in _REPAIR.finditer(text)]
        errors = [m.span() for m in _ERRORS.finditer(text)]
        if not repairs or not errors:
            return False
        # both words before the class, or both after it, in either order
        before = repairs[0][1] <= last_start and errors[0][1] <= last_start
        after = first_end <= repairs[-1][0] and first_end <= errors[-1][0]
        return before or after
    # the words then the class: ``Arguments of ... `X```
    words = _ARGUMENTS_BEFORE.search(text)
    if words is not None and words.end() <= last_start:
        return True
    # the class, the words before any ``:`` or ``.``, then a ``:`` before any ``.``
    stop = -1
    for name_start, name_end in names:
        if name_start < stop:
            continue  # within the stretch a name before it was read to
        ends = [i for i in (text.find(":", name_end), text.find(".", name_end)) if i >= 0]
        stop = min(ends) if ends else len(text)
        if text[stop : stop + 1] == ":" and _ARGUMENTS.search(text, name_end, stop):
            return True
    return False


def unread_lead(companion: Companion, expected: ExpectedBlock) -> int | None:
    """The number of a line of ``companion`` that doxtool did not read as
    the block of ``expected`` but that looks like its lead line: the lead
    phrase's words and the class it names (``- Arguments of `Todo`, see
    below:``, ``- `Todo` takes these arguments:``); None when there is
    none. The block is then not inserted: the person's may say what it would.
    A lead read with nothing under it but a code block writing the arguments
    (:func:`in_code`) is such a line too: no items are written under it."""
    block = companion.block(expected.key)
    if block is not None:
        return block.line if in_code(block, expected) else None
    listed = _LIST_HEADINGS.get(expected.kind)
    if listed is not None:
        # ``### Classes`` then the items: a heading doxtool does not read as the lead
        found = next((n for n, text in shown_lines(companion) if listed.fullmatch(text)), None)
        if found is None and expected.kind in _OUTLINE_KINDS:
            # in any words or language (``### Klassen``) over a list of them
            return _heading_over(companion, expected)
        if found is None and expected.kind == "tests":  # ``- Tests: `tests/x.py`.``
            return tests_line(companion, _value_names(expected))
        return found
    if not expected.subject:
        return None
    if expected.kind not in KINDS:
        return None
    unnamed_line = _UNNAMED.get(expected.kind)
    unnamed = unnamed_line is not None and (
        not any(
            block.kind == expected.kind
            and not unnamed_line.fullmatch(line_content(companion.lines[block.start]))
            for block in companion.blocks
        )
        or last_without_block(companion, expected, unnamed_line)
    )
    others = _other_classes(expected)
    heading: str = ""
    for number, content in shown_lines(companion):
        titled = _HEADING.match(content) is not None
        if titled:
            heading = content
        if (
            expected.kind == "arguments"
            and (
                titled
                or _BOLD_LINE.fullmatch(content)
                or label_lead(companion, number, content, expected.kind)
            )
            and not guidance_label(content)
            and not _names_other(heading, expected.subject, others)
            and not _names_other(content, expected.subject, others)
            and _heads_list(companion, number, _value_names(expected))
        ):
            return number  # ``## Argumente``, ``**Parámetros:**`` over the list
        if (
            # (under a heading naming the class, such a line is its own even
            # where other classes' lines name theirs)
            (unnamed or (bool(heading) and _names(heading, expected.subject)))
            and unnamed_line is not None
            and unnamed_line.fullmatch(content)
            and not _names_other(heading, expected.subject, others)
            and not (
                expected.kind == "arguments"
                and names_helper(heading, expected.subject, companion.path)
            )
            # ``- `Finisher` ends the task; `break_loop` is always `true`.``
            and not _names_other(content, expected.subject, others)
            and (not _LABEL.fullmatch(content) or _lists_argument(companion, number, expected))
            and (not others or _names(heading, expected.subject) or not _sentence_only(content))
            and not _assigns_other_value(content, expected)
        ):
            return number
        if looks_like_lead(expected.kind, expected.subject, content):
            return number
        previous = line_content(companion.lines[number - 2]) if number > 1 else ""
        if (
            expected.kind == "arguments"
            and takes_none(content, expected.subject, not others, previous)
            and not names_helper(heading, expected.subject, companion.path)  # ``### build_index()``
        ):
            return number  # ``- `FetchTool` takes no arguments.``
    if expected.kind == "arguments":
        return _argument_headings(companion, expected, others) or alone(companion, expected, others)
    return None


#: the keys of a tool call around its arguments (``{"tool_name": ...,
#: "tool_args": {...}}``), no arguments of the tool nor other words
_CALL_KEYS = frozenset({"thoughts", "headline", "tool_name", "tool_args"})


def in_code(block: FactBlock, expected: ExpectedBlock) -> bool:
    """Whether the code block under the arguments lead ``block`` (its
    :attr:`~FactBlock.code_keys`) writes the arguments ``expected`` lists,
    as a list under a heading must name them (:func:`_heads_list`): at least
    half its keys are arguments, and two of them (one, for a tool of one
    argument). A response example (``{"response": {"message": ...}}``), a
    script (``try:``) or a command names other things: the arguments are
    missing from the block."""
    if expected.kind != "arguments" or not block.code_keys:
        return False
    names = _value_names(expected)
    keys = [key for key in block.code_keys if key not in _CALL_KEYS]
    arguments = sum(key in names for key in keys)
    return bool(names) and arguments >= min(2, len(names)) and 2 * arguments >= len(keys)


#: a line of bold text alone, a label (``**Argumente:**``)
_BOLD_LINE = LazyPattern(r"[ \t]*(?:\*\*|__)[^*_\s].*?(?:\*\*|__)[ \t]*:?[ \t]*")

#: an ATX heading (``### `FindTool` ``), under which a line naming no class
#: is about the class the heading names
_HEADING = LazyPattern(r"[ \t]{0,3}#{1,6}(?:[ \t].*)?")


def _other_classes(expected: ExpectedBlock) -> set[str]:
    """The classes other than ``expected``'s that the blocks of its section
    are about: the module's, as the code has them (a class only the
    companion still names may be the same class renamed)."""
    keys = [key.partition(":")[2] for key in expected.section_lines]
    names = {name.split(".")[0] for name in keys if name}
    names.discard(expected.subject or "")
    return names


def _sentence_only(content: str) -> bool:
    """Whether ``content`` is a lead of ``break_loop`` only as a sentence
    naming no class, not as its item (``- `break_loop`: ...``)."""
    return bool(_BREAK_LOOP_SENTENCE.fullmatch(content)) and not _BREAK_LOOP_ITEM.fullmatch(content)


#: a heading (or a bold line) naming a list of the module's outline or its
#: tests, in place of its lead line: ``### Classes``, ``**Top-level functions**``
_LIST_HEADINGS = {
    kind: LazyPattern(
        rf"(?:[ \t]{{0,3}}#{{1,6}}[ \t]+(?:the[ \t]+)?{words}(?:[ \t]*:)?(?:[ \t]*#+)?"
        rf"|[ \t]*(?:\*\*|__){words}:?(?:\*\*|__):?)[ \t]*",
        re.IGNORECASE,
    )
    for kind, words in (
        ("classes", "classes"),
        ("functions", r"(?:top-level[ \t]+)?functions"),
        ("tests", r"(?:related[ \t]+)?tests"),
    )
}

#: the words a person may title a tool's arguments with (``Options``, too)
_LABEL_WORDS = rf"(?:{ARGUMENT_WORDS}|options)"

#: a line of a kind naming no class: ``- `break_loop`: always `false`.``,
#: ``- `break_loop` of every `Response`: ...``, a sentence of its own stating
#: its one value (``Returns the text; `break_loop` is always `false`.``; not
#: ``the `break_loop` behaviour``, nor ``if `break_loop` is `true`, ...``);
#: ``- Arguments:``, ``- Tool arguments:``, ``- `tool_args`:``, ``### Arguments``,
#: ``**Options**`` (the items after it), in other words too (``- Args:``,
#: ``- Parameters:``, ``## Inputs``); one saying there are none
#: (``- Arguments: none.``, ``**Arguments:** none.``, ``#### Arguments: none``)
#: a sentence of its own whose subject ``break_loop`` is, stating one value
#: for good (not ``When `break_loop` is `true` the agent stops``): where the
#: companion has several classes, it may be about any of them
_SENTENCE = (
    r"(?:.*?[.;:!?][ \t]+)?(?:\*\*)?`?break_loop`?(?:\*\*)?"
    r"[ \t]+(?:is|stays|remains)[ \t]+always\b.*"
)
#: its item: ``- `break_loop`: ...``, ``- `break_loop` of every `Response`: ...``
_ITEM_FORM = (
    r" ?[-*+][ \t]+(?:\*\*)?`?break_loop`?(?:\*\*)?"
    r"(?:[ \t]+of[ \t]+(?:every|each|all|any)\b[^:]*)?[ \t]*:.*"
)
#: the value as the code writes it, in one code span, in a sentence in any
#: words (``never ends the loop (`break_loop=False`)``, ``Returns
#: `break_loop=False` in every case.``)
_ASSIGNED = r".*`[ \t]*break_loop[ \t]*=[ \t]*(?:true|false)[ \t]*`.*"
_BREAK_LOOP_SENTENCE = LazyPattern(rf"(?:{_SENTENCE}|{_ASSIGNED}|{PARENTHESIZED})", re.IGNORECASE)
#: a value written as the code writes it (`` `break_loop=False` ``)
_ASSIGNED_VALUE = LazyPattern(r"`[ \t]*break_loop[ \t]*=[ \t]*(true|false)[ \t]*`", re.IGNORECASE)
_STATED_FORMS = LazyPattern(rf"(?:{_ITEM_FORM}|{_SENTENCE})", re.IGNORECASE)


def _assigns_other_value(content: str, expected: ExpectedBlock) -> bool:
    """Whether ``content`` holds ``break_loop`` only as code (`` `break_loop=False` ``)
    or in parentheses (``(`break_loop` is false)``) with a value the tool's
    code never gives: about another tool or a past version (``before v2 it
    returned `break_loop=False` ``), not the tool's statement of its value.
    Of a tool whose code gives both values, a parenthesis holding one is
    the value on some path, as the words before it say (``Saying `done`
    ends the loop (`break_loop` is true).``), or another tool's: no
    statement of the tool's either."""
    values = expected.values if isinstance(expected.values, list) else []
    known = {value for value in values if value in ("true", "false")}
    if expected.kind != "break-loop" or not known or _STATED_FORMS.fullmatch(content):
        return False
    written = {found.group(1).casefold() for found in _ASSIGNED_VALUE.finditer(content)}
    stated = parenthesized_values(content)
    return bool(written - known) or bool(stated and stated != known)


_BREAK_LOOP_ITEM = LazyPattern(_ITEM_FORM, re.IGNORECASE)

_UNNAMED = {
    "break-loop": LazyPattern(
        rf"(?:{_ITEM_FORM}|{_SENTENCE}|{_ASSIGNED}|{PARENTHESIZED})", re.IGNORECASE
    ),
    "arguments": LazyPattern(
        rf"(?: ?[-*+][ \t]+(?:\*\*)?(?:(?:tool|its|the)[ \t]+)?(?:{_LABEL_WORDS}|`?tool_args`?)"
        rf"(?:\*\*)?[ \t]*(?:\([^()]*\))?[ \t]*(?:\*\*)?:(?:\*\*)?[ \t]*(?:{SAID_NONE})?"
        rf"|[ \t]{{0,3}}#{{1,6}}[ \t]+(?:tool[ \t]+)?{_LABEL_WORDS}[ \t]*#*[ \t]*"
        rf"|[ \t]{{0,3}}#{{1,6}}[ \t]+(?:tool[ \t]+)?{ARGUMENT_WORDS}[ \t]*:[ \t]*{SAID_NONE}"
        rf"|[ \t]*(?:\*\*|__)(?:tool[ \t]+)?{_LABEL_WORDS}[ \t]*:?(?:\*\*|__)[ \t]*:?[ \t]*"
        rf"|[ \t]*(?:\*\*|__)(?:tool[ \t]+)?{ARGUMENT_WORDS}[ \t]*"
        rf"(?::(?:\*\*|__)|(?:\*\*|__)[ \t]*:)[ \t]*{SAID_NONE})",
        re.IGNORECASE,
    ),
}


#: a label in words a person also titles other lists with (``**Options**``,
#: ``### Options``, ``- Options:``, ``**Parameters**``): a lead of the
#: arguments only over a list naming one of them (``- Options: none.``: never)
_LABEL = LazyPattern(
    rf"(?: ?[-*+][ \t]+(?:\*\*)?(?:(?:tool|its|the)[ \t]+)?options"
    rf"(?:\*\*)?[ \t]*(?:\([^()]*\))?[ \t]*(?:\*\*)?:(?:\*\*)?[ \t]*(?:{SAID_NONE})?"
    rf"|[ \t]{{0,3}}#{{1,6}}[ \t]+(?:tool[ \t]+)?options[ \t]*#*[ \t]*"
    rf"|[ \t]*(?:\*\*|__)(?:tool[ \t]+)?{_LABEL_WORDS}[ \t]*:?(?:\*\*|__)[ \t]*:?[ \t]*)",
    re.IGNORECASE,
)
#: an item or a table row
_ITEM = LazyPattern(r"[ \t]*(?:[-*+]|\d+[.)])[ \t]|[ \t]*\|")
#: the name an item or a table row opens with (``- `seconds` ...``, ``| **n** |``;
#: any key in a code span: ``- `file-path` ...``, ``| `options.depth` |``)
_ITEM_NAME = LazyPattern(
    r"[ \t]*(?:[-*+]|\d+[.)]|\|)[ \t]*(?:\*\*|__|\*|_)?`?((?<=`)[^`\s]+(?=`)|[A-Za-z_]\w*)`?"
)


def _lists_argument(companion: Companion, number: int, expected: ExpectedBlock) -> bool:
    """Whether the list (or table) right under line ``number`` names one of
    the arguments ``expected`` lists."""
    values = expected.values if isinstance(expected.values, list) else []
    names = {v.get("name") for v in values if isinstance(v, dict)}
    started = False
    for _, content in shown_after(companion, number):
        if not content.strip():
            continue
        found = _ITEM_NAME.match(content)
        if found is not None and found.group(1) in names:
            return True
        if not _ITEM.match(content):
            if not started or not content[:1].isspace():
                return False  # past the list
            continue  # a line wrapped under an item
        started = True
    return False


#: the lists of the module's outline a heading in any words may lead
_OUTLINE_KINDS = frozenset({"classes", "functions"})


def _value_names(expected: ExpectedBlock) -> set[str]:
    """The names ``expected`` lists: its arguments, or its classes or functions."""
    values = expected.values if isinstance(expected.values, list) else []
    names = {v.get("name") for v in values if isinstance(v, dict)}
    names |= {getattr(v, "key", None) for v in values if not isinstance(v, dict)}
    return {name for name in names if isinstance(name, str) and name}


def _heading_over(companion: Companion, expected: ExpectedBlock) -> int | None:
    """The line of a heading or a bold label alone, in any words, over a
    list naming what ``expected`` lists (:func:`_heads_list`)."""
    names = _value_names(expected)
    for number, content in shown_lines(companion):
        if (
            (
                _HEADING.match(content)
                or _BOLD_LINE.fullmatch(content)
                or label_lead(companion, number, content, expected.kind)
            )
            and not guidance_label(content)
            and _heads_list(companion, number, names)
        ):
            return number
    return None


def _heads_list(companion: Companion, number: int, names: set[str]) -> bool:
    """Whether the list (or table) right under the heading at line ``number``,
    in whatever words or language it is titled (``## Argumente``, ``##
    Parámetros``, ``### Klassen``), names ``names``: its items open with
    names, at least half of them of ``names``, and two of them (one, when
    there is one)."""
    if not names:
        return False
    # the fact lines doxtool reads (`` - `X` is a `Tool`. ``) are no person's list
    read = {i + 1 for block in companion.blocks for i in range(block.start, block.end)}
    named = arguments = 0
    started = False
    for at, content in listed_under(companion, number):
        if not content.strip() or at in read:
            continue
        if not _ITEM.match(content):
            if not started or not content[:1].isspace():
                break  # past the list
            continue  # a line wrapped under an item
        started = True
        if content[:1].isspace() and not content.lstrip().startswith("|"):
            continue  # an item nested under another
        found = _ITEM_NAME.match(content)
        if found is None:
            continue
        name, end = found.group(1), found.end()
        called = _CALLED_NAME.match(name)
        if called is not None:  # `` - `_clean(text)` ``: the function's name
            name = called.group(1)
        if name == "async":  # `` - `async fetch(name: str) -> str` ``
            after = _ASYNC_NAME.match(content, end)
            name, end = (after.group(1), after.end()) if after is not None else (name, end)
        named += 1
        # the name as an item's term, not a sentence's subject (`` - `url` is
        # checked first``, `` - `WaitTool` pauses the agent``: a guidance)
        arguments += name in names and _TERM_END.match(content, end) is not None
    return arguments >= min(2, len(names)) and 2 * arguments >= named


#: the name of a function written with its parameters in one code span
#: without spaces (``_clean(text)``)
_CALLED_NAME = LazyPattern(r"([A-Za-z_]\w*)\(")

#: the function's name after ``async``
_ASYNC_NAME = LazyPattern(r"[ \t]+([A-Za-z_]\w*)")

#: what ends the name an item opens with as the item's term: the item's end,
#: a full stop ending it, a colon, a dash, a table's ``|``, a signature's or a note's ``(``
#: (`` - `url`: ...``, `` - `Color` (`enum.Enum`)``, `` - `load(path: str)` ``)
_TERM_END = LazyPattern(
    r"`?(?:\*\*|__|\*|_)?[ \t]*(?:\.?[ \t]*$|[:(|,=\u2013\u2014\uff1a\uff08]|[*_]\(|-[ \t])"
)

#: a heading opening with a name in a code span (``### `url` ``)
_NAME_HEADING = LazyPattern(r"[ \t]{0,3}#{1,6}[ \t]+(?:\*\*|__)?`([A-Za-z_]\w*)`")


def _argument_headings(
    companion: Companion, expected: ExpectedBlock, others: set[str]
) -> int | None:
    """The line of the first of the headings of their own the arguments have
    (``### `url` `` then its text; one alone: :mod:`argheading`), or of the fields
    of a docstring template naming them (``:param url: ...``): two of them (one,
    for a tool of one argument). Those under a heading naming another class of
    ``others`` and not this one (``## FetchTool arguments``) are that class's."""
    values = expected.values if isinstance(expected.values, list) else []
    names = {v.get("name") for v in values if isinstance(v, dict)}
    found = []
    fields: set[str | None] = set()
    subject = expected.subject or ""
    over = ""  # the heading the argument headings stand under
    for number, content in shown_lines(companion):
        heading = _NAME_HEADING.match(content)
        if heading is None:
            over = content if _HEADING.match(content) else over
        elif heading.group(1) in names and not _names_other(over, expected.subject or "", others):
            found.append(number)
        field = listed_field(content) if heading is None else None
        if field in names and field not in fields and not _names_other(over, subject, others):
            fields.add(field)  # ``:param url: ...``, a docstring's field list (once a name)
            found.append(number)
    return found[0] if names and len(found) >= min(2, len(names)) else None


#: the name an item of a rendered arguments block opens with (``  - `url`: ...``)
_RENDERED_NAME = LazyPattern(r"[ \t]+-[ \t]+`([^`]+)`")
#: the name a rendered class or function item opens with (``- `Fetch` (`Tool`)``)
_RENDERED_ITEM = LazyPattern(r"-[ \t]+`([A-Za-z_]\w*)")


def unread_key(companion: Companion, key: str, lines: list[str] | None = None) -> bool:
    """Whether a line of ``companion`` looks like the lead of the block ``key``
    (``kind:subject``) that doxtool did not read as it (``lines``: the block
    as rendered, whose items name the arguments a heading's list may name)."""
    kind, _, subject = key.partition(":")
    rendered = _RENDERED_NAME if kind in ("arguments", "tests") else _RENDERED_ITEM
    named = (rendered.match(line) for line in (lines or [])[1:])
    values = [{"name": found.group(1)} for found in named if found is not None]
    expected = ExpectedBlock(key, kind, subject or None, "", [], values)
    if unread_lead(companion, expected) is not None:
        return True
    stated = _ALWAYS.search(lines[0]) if kind == "break-loop" and lines else None
    if stated is None:
        return False
    # a person's sentence stating the one value (``Its `break_loop` is always
    # `false`.``): the line it would write says it again
    said = ExpectedBlock(key, kind, subject or None, "", [], [stated.group(1)])
    return agreed_sentence(companion, said) is not None


#: the value of a rendered ``break_loop`` line (``...: always `false`.``)
_ALWAYS = LazyPattern(r":[ \t]+always[ \t]+`(true|false)`\.?$")
