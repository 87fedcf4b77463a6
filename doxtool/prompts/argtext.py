"""The argument names of prompt text: the items of an ``args:`` line and the
first cells of an argument table (the rules are in :mod:`doxtool.prompts.parse`)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

ARG_NAME_RE = re.compile(r"[^\W\d][\w-]*\Z")
OPTIONAL_RE = re.compile(r"\boptional\b", re.I)
_OPTIONALITY_RE = re.compile(r"\b(optional|required)\b", re.I)
_ITEM_PUNCTUATION_RE = re.compile(r"[(),;]")
#: words that may join two names in one item of an ``args:`` line
#: (```text` or `message```); any other word makes the next span a value
#: (```wait` default `true```, ```action` as `start|await```)
_JOINING_WORDS = frozenset({"and", "or", "optional", "required", "/", "&", "|"})
#: text after a name that introduces its values (```action` - one of `save`,
#: `load```, ```action` values `list`, `add```, ```action` in {`list`}``): a
#: list of backticked values after it goes on past commas
_VALUES_RE = re.compile(r"(?:[:=\u2208]|[-\u2013\u2014]\s|one\s+of\b|values?\b|in\s*\{)", re.I)
#: words that open an item of an ``args:`` line about the previous name's
#: value (```encoding`, defaults to `utf-8```, ```lang`, e.g. `en```): the
#: span after them is a value
_VALUE_ITEM_RE = re.compile(
    r"\b(?:defaults?(?:\s+(?:to|is|of))?|e\.\s?g\.?|eg|i\.\s?e\.?|such\s+as|like|"
    r"for\s+(?:example|instance)|example)\s*:?\s*\Z",
    re.I,
)


#: a word of an ``args`` line written without backticks
#: (``args: path, optional encoding``, ``args path line_from line_to
#: (inclusive optional)``, ``old_text+new_text OR patch_text``)
_BARE_WORD_RE = re.compile(r"[^\s,;:.!?()\[\]{}+|=<>\"'*]+")


@dataclass
class Span:
    """An inline code span, by offsets in its inline source."""

    #: the opening backtick run
    open: int
    #: the content, between the backtick runs
    start: int
    end: int
    #: just after the closing backtick run
    close: int
    content: str


def args_line_names(
    content: str, start: int, end: int, spans: list[Span]
) -> list[tuple[Span, bool]]:
    """The argument names of one ``args:`` line with their optional flag.

    The rule is in :mod:`doxtool.prompts.parse`. ``start`` is the offset
    just after ``args:``; ``end`` the end of the line. A name taught twice on
    the line (``` `message` is an alias of `text` ```) counts once.
    """
    end = _sentence_end(content, start, end, spans)
    spans = [span for span in spans if span.close <= end]
    names: dict[str, list[Any]] = {}  # name -> [span, optional]
    last: list[Any] | None = None  # the entry of the previous name
    carry = False  # a prefix ``optional`` applies to the rest of the line
    depth = 0  # inside parentheses, backticked text lists values, not names
    previous: bool | None = None  # whether the previous span was a name (None: no span yet)
    listing = False  # after ```name`:`` or ```name` =``: backticked values follow
    cursor = start
    for span in [*spans, None]:
        gap = content[cursor : span.open if span else end]
        separators, depth_after = _item_separators(gap, depth)
        # The text up to the first separator ends the previous item.
        tail = gap[: separators[0]] if separators else gap
        if last is not None and (separators or span is None) and OPTIONAL_RE.search(tail):
            last[1] = True
        if span is None:
            break
        context = gap[separators[0] + 1 :] if separators else gap
        words = _OPTIONALITY_RE.findall(context)
        if words:
            carry = words[-1].lower() == "optional"
        depth = depth_after
        name = span.content.strip()
        if separators:
            # ```runtime`: one of `terminal`, `python```, ```action` - `list` to
            # show, `add` to create``: a value list goes on past commas, never
            # past a semicolon, until a span is itself followed by ``:``, ``=``
            # or a dash (```text` - the text, `count` - how many``)
            values = listing and previous is False and ";" not in gap
            joined = not (values and not _VALUES_RE.match(content[span.close : end].lstrip()))
            if last is not None and _VALUE_ITEM_RE.search(gap[separators[-1] + 1 :].strip()):
                joined = False  # ```encoding`, default `utf-8```
        else:
            # ```mode` = `fast` | `slow```: a joining word after a value joins values
            joined = previous is None or (previous and _joins(gap))
        is_name = depth == 0 and joined and bool(ARG_NAME_RE.match(name))
        if is_name:
            # (imported here: its patterns are compiled only when a prompt is read)
            from doxtool.prompts.negation import forbids

            if forbids(context, _item_tail(content, span.close, end)):
                is_name = False  # ```text`, not `reply```: a name the model must not send
        if is_name:
            last = names.setdefault(name, [span, carry])
            after = content[span.close : end].lstrip()
            listing = bool(_VALUES_RE.match(after))
        previous = is_name
        cursor = span.close
    return [(span, optional) for span, optional in names.values()]


#: the end of a sentence, and the next opening with a capital: ``args:
#: `query`, `limit`. Returns `id`, `text``` (not ``Optional: `limit```, which
#: goes on with the arguments)
_SENTENCE_END_RE = re.compile(r"[.!?][ \t]+(?!(?:[Oo]ptional|[Rr]equired)\b)(?=[A-Z])")


def _sentence_end(content: str, start: int, end: int, spans: list[Span]) -> int:
    """Where the sentence of an ``args:`` line starting at ``start`` ends,
    outside code spans and parentheses: the names of the sentences after it
    (``Returns `id`, `text`.``) are no arguments. ``end`` if it goes on."""
    depth, cursor = 0, start
    for span in [*(s for s in spans if start <= s.open and s.close <= end), None]:
        stop = span.open if span is not None else end
        for match in re.finditer(r"[()]|" + _SENTENCE_END_RE.pattern, content[cursor:stop]):
            if match.group() == "(":
                depth += 1
            elif match.group() == ")":
                depth = max(depth - 1, 0)
            elif depth == 0:
                return cursor + match.start() + 1
        if span is None:
            break
        cursor = span.close
    return end


def _item_tail(content: str, start: int, end: int) -> str:
    """The text of an item from ``start`` up to its end: the next comma or
    semicolon outside parentheses, or ``end``."""
    tail = content[start:end]
    separators, _ = _item_separators(tail, 0)
    return tail[: separators[0]] if separators else tail


def _joins(gap: str) -> bool:
    """Whether the text between two spans of one item joins two names: a
    span right after a name (```runtime` `python```) is its value."""
    # ``and/or`` is two joining words
    words = gap.replace("/", " / ").replace("|", " | ").split()
    return bool(words) and all(word.lower() in _JOINING_WORDS for word in words)


def _item_separators(gap: str, depth: int) -> tuple[list[int], int]:
    """Offsets of commas and semicolons outside parentheses, and the depth after."""
    separators = []
    for match in _ITEM_PUNCTUATION_RE.finditer(gap):
        char = match.group()
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(depth - 1, 0)
        elif depth == 0:
            separators.append(match.start())
    return separators, depth


#: a table's delimiter row: ``|---|:---:|``
_DELIMITER_ROW_RE = re.compile(r"[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*\Z")
_CELL_SPLIT_RE = re.compile(r"(?<!\\)\|")
#: a first header cell naming the arguments a table lists
_ARGUMENT_HEADER_RE = re.compile(r"(?:args?|arguments?|param(?:eter)?s?|tool_args)\Z", re.I)
#: a first header cell that names arguments only under a lead that says so
#: (a setting's keys, a result's fields are no arguments)
_KEY_HEADER_RE = re.compile(r"(?:keys?|fields?)\Z", re.I)
#: a lead that introduces arguments: ``Arguments:``, ``### Parameters``
_ARGUMENT_LEAD_RE = re.compile(
    r"\b(?:args?|arguments?|param(?:eter)?s?|tool_args|inputs?)\b[^:]*:\s*\Z", re.I
)
#: a lead that introduces what the tool gives back: ``returns a list; each item has:``
_OUTPUT_LEAD_RE = re.compile(
    r"\b(?:returns?|returned|returning|outputs?|results?|yields?|produces?|responds?|"
    r"each\s+(?:item|entry|element|row|record|object))\b",
    re.I,
)
#: header cells that only an argument table has
_ARGUMENT_COLUMNS = frozenset({"required", "optional", "mandatory", "type", "default"})
#: header cells of a column of default values
_DEFAULTS = frozenset({"default", "defaults", "default value"})
#: a cell holding one value: a word, a number or a span (``planned``, ``0``, `` `legacy` ``)
_VALUE_RE = re.compile(r"[ \t]*[*_]*[`'\"]?[\w.+-]*[`'\"]?[*_]*[ \t]*")
_NOT_REQUIRED = frozenset({"no", "false", "optional", "-", "\u2014"})


@dataclass
class TableName:
    """An argument name in the first cell of a table row."""

    #: the name's offset in the paragraph's content
    offset: int
    name: str
    optional: bool


def table_argument_names(
    content: str,
    starts: list[int],
    spans: list[Span],
    lead: str = "",
    taught: frozenset[str] = frozenset(),
) -> list[TableName]:
    """The names in the first cells of an argument table's rows, when the
    paragraph (lines starting at ``starts``) is one; see
    :mod:`doxtool.prompts.parse` for which tables list arguments. ``lead``
    is the line that introduces the table (the last line of the block
    before it, a heading ending in ``:``), ``taught`` the arguments its
    section taught before it."""
    lines = [_line(content, starts, index) for index in range(len(starts))]
    if len(lines) < 3 or "|" not in lines[0][1] or not _DELIMITER_ROW_RE.match(lines[1][1]):
        return []
    header = [_plain(cell) for _, cell in _cells(*lines[0])]
    if not header or not _lists_arguments(header, lead, taught):
        return []
    from doxtool.prompts.negation import row_says_gone  # (see args_line_names)

    required_column = header.index("required") if "required" in header else None
    names = []
    for start, text in lines[2:]:
        cells = _cells(start, text)
        if not cells:
            continue
        found = _first_cell_name(*cells[0], spans)
        # a default is a value, no mark (``| `status` | planned | the state |``),
        # unless it says more than a word (``(coming soon)``, ``removed in 2.0``)
        marks = [
            cell
            for at, (_, cell) in enumerate(cells)
            if at >= len(header) or header[at] not in _DEFAULTS or not _VALUE_RE.fullmatch(cell)
        ]
        if found is None or row_says_gone(marks):
            continue  # ``| `hours` | deprecated, use `seconds` |``: not taught
        offset, name = found
        optional = bool(OPTIONAL_RE.search(text))
        if required_column is not None and required_column < len(cells):
            optional = optional or _plain(cells[required_column][1]) in _NOT_REQUIRED
        names.append(TableName(offset, name, optional))
    return names


def _lists_arguments(header: list[str], lead: str, taught: frozenset[str]) -> bool:
    """Whether a table with this header, after this lead, lists arguments."""
    if _ARGUMENT_HEADER_RE.match(header[0]):
        return True
    if _OUTPUT_LEAD_RE.search(lead) or header[0] in taught:
        # what the tool gives back, or the values of an argument (``| key |``
        # under ``args: `key```)
        return False
    if _KEY_HEADER_RE.match(header[0]):
        return bool(_ARGUMENT_LEAD_RE.search(lead))
    return bool(_ARGUMENT_COLUMNS.intersection(header[1:]))


def _line(content: str, starts: list[int], index: int) -> tuple[int, str]:
    end = starts[index + 1] - 1 if index + 1 < len(starts) else len(content)
    return starts[index], content[starts[index] : end]


def _cells(start: int, text: str) -> list[tuple[int, str]]:
    """A row's cells with their offsets, without the outer pipes."""
    bounds = [-1, *(m.start() for m in _CELL_SPLIT_RE.finditer(text)), len(text)]
    cells = [(start + a + 1, text[a + 1 : b]) for a, b in pairwise(bounds)]
    if cells and not cells[0][1].strip():
        cells = cells[1:]
    if cells and not cells[-1][1].strip():
        cells = cells[:-1]
    return cells


def _plain(cell: str) -> str:
    return cell.strip().strip("*_`").strip().lower()


def _first_cell_name(start: int, cell: str, spans: list[Span]) -> tuple[int, str] | None:
    """The name a first cell holds: one code span, or a bare name (bold allowed)."""
    end = start + len(cell)
    inside = [span for span in spans if start <= span.open and span.close <= end]
    if len(inside) == 1:
        span = inside[0]
        outside = cell[: span.open - start] + cell[span.close - start :]
        name = span.content.strip()
        if outside.strip().strip("*_").strip() or not ARG_NAME_RE.match(name):
            return None
        return span.start + span.content.find(name), name
    if inside:
        return None
    name = cell.strip().strip("*_").strip()
    if not ARG_NAME_RE.match(name):
        return None
    return start + cell.find(name), name


def bare_names(content: str, start: int, end: int, spans: list[Span]) -> list[tuple[int, str]]:
    """The words written as names, outside code spans, of an ``args`` line
    from ``start`` to ``end`` (``args: path, optional encoding``,
    ``common args: action path``), with their offsets: the line names them,
    though whether each is an argument, a value or a word of prose is not
    known (they are read as mentions: none is "never taught", none taught)."""
    found: list[tuple[int, str]] = []
    cursor = start
    for span in [*(s for s in spans if start <= s.open and s.close <= end), None]:
        stop = span.open if span is not None else end
        for word in _BARE_WORD_RE.finditer(content, cursor, stop):
            if ARG_NAME_RE.match(word.group()) and not _OPTIONALITY_RE.fullmatch(word.group()):
                found.append((word.start(), word.group()))
        if span is None:
            break
        cursor = span.close
    return found


def _body_rows(content: str, starts: list[int]) -> list[tuple[int, str]]:
    """The rows under a pipe table's header and delimiter row, with their
    offsets; none when the lines are no such table."""
    lines = [_line(content, starts, index) for index in range(len(starts))]
    if len(lines) < 3 or "|" not in lines[0][1] or not _DELIMITER_ROW_RE.match(lines[1][1]):
        return []
    return lines[2:]


def table_bare_names(content: str, starts: list[int], spans: list[Span]) -> list[tuple[int, str]]:
    """The first cells of a table's rows that hold just a name outside
    backticks (``| path | the file |``, bold allowed), with their offsets,
    whatever the table lists: a name it writes (a mention), not one it
    teaches (:func:`table_argument_names` says which tables teach)."""
    found = []
    for start, text in _body_rows(content, starts):
        cells = _cells(start, text)
        if not cells:
            continue
        cell_start, cell = cells[0]
        inside = any(cell_start <= s.open and s.close <= cell_start + len(cell) for s in spans)
        name = None if inside else _first_cell_name(cell_start, cell, spans)
        if name is not None:
            found.append(name)
    return found


def table_row_names(content: str, starts: list[int], spans: list[Span]) -> list[tuple[int, str]]:
    """The names the first cells of a table's rows hold (in backticks or
    not, bold allowed), with their offsets, when the table lists no
    arguments (:func:`table_argument_names` reads those): a row opening with
    a tool's name (``| `memory_load` | `query`, `limit` | load |``) tells the
    model of that tool, as a list item opening with it does. A row that says
    its name is gone (``| `old_tool` | removed |``) names nothing."""
    from doxtool.prompts.negation import row_says_gone  # (see args_line_names)

    found = []
    for start, text in _body_rows(content, starts):
        cells = _cells(start, text)
        name = _first_cell_name(*cells[0], spans) if cells else None
        if name is not None and not row_says_gone([cell for _, cell in cells]):
            found.append(name)
    return found


#: a name said to be an argument in a sentence (``use keyboard arg``, ``put
#: result in text arg``, ``url arg: the address``, ``the "url" arg is``)
_WORDED_RE = re.compile(
    r"(?<![\w.`\"'-])[`\"']?([^\W\d]\w*)[`\"']?[ \t]+"
    r"(?:arg|args|argument|arguments|param|params|parameter|parameters)\b",
    re.I,
)
#: a field a sentence names in quotes (``the "url" field``) or says is
#: needed (``the url field is required``), not one it describes (``the
#: reply has a text field``: a field of what the tool gives back)
_FIELD_RE = re.compile(
    r"(?<![\w.`\"'-])(?:[`\"']([^\W\d]\w*)[`\"']|([^\W\d]\w*))[ \t]+fields?\b"
    r"([ \t]+(?:is|are)[ \t]+(?:required|mandatory|needed)\b)?",
    re.I,
)
#: a name set in quotes, to a value or alone (``set "url" to the page``,
#: ``provide "url".``), not a value a word follows (``set "fast" mode``)
_SET_RE = re.compile(
    r"\b(?:set|pass|give|provide|fill[ \t]+in)[ \t]+\"([^\W\d]\w*)\""
    r"(?=[ \t]+(?:to|as)\b|[ \t]*(?:[.,;:)]|$))",
    re.I | re.M,
)
#: a line whose items name arguments: ``Required: url``, ``Takes: url,
#: timeout``, ``Input: url: string``, ``Args \u2014 url (required), timeout``
#: (an ``args:`` line is its section tool's: :func:`args_line_names`)
_WORDED_LINE_RE = re.compile(
    r"^[ \t]*(?:\*\*|__)?(?:(?:required|inputs?|takes)(?:\*\*|__)?[ \t]*[:\uff1a]"
    r"|(?:required|inputs?|takes|args?|arguments?)(?:\*\*|__)?[ \t]+[\u2014\u2013-][ \t])"
    r"(?:\*\*|__)?([^\n]*)",
    re.I | re.M,
)
#: an item of such a line that is a name alone, or a name and its type or
#: note (``url``, ``url: string``, ``url (required)``, ``url - the page``):
#: not prose (``Required: a paired phone``, ``Takes: a few seconds``)
_LINE_ITEM_RE = re.compile(
    r"[ \t]*(?:\*\*|__|[`\"'])?([^\W\d]\w*)(?:\*\*|__|[`\"'])?"
    r"[ \t]*(?:[:(\u2014\u2013]|-[ \t]|\.?[ \t]*\Z)"
)


def worded_arguments(text: str) -> set[str]:
    """Names prose calls arguments (``use url arg for the page``), as the
    corpus teaches them beside or instead of an ``args:`` line: enough to
    say an argument is taught (PRM004), never that one exists (PRM003)."""
    return {match.group(1) for match in _WORDED_RE.finditer(text)}


def listed_arguments(text: str) -> set[str]:
    """Names a line of items under a lead lists (``Required: url``), a
    sentence sets in quotes (``set "url" to the page``) or calls a needed
    field (``the url field is required``): as :func:`worded_arguments`,
    for the tool whose section ``text`` is."""
    found = {match.group(1) for match in _SET_RE.finditer(text)}
    for match in _FIELD_RE.finditer(text):
        if match.group(1) or match.group(3):
            found.add(match.group(1) or match.group(2))
    for line in _WORDED_LINE_RE.finditer(text):
        for item in re.split(r"[,;]|[ \t]+and[ \t]+", line.group(1)):
            named = _LINE_ITEM_RE.match(item.strip())
            if named is not None:
                found.add(named.group(1))
    return found
