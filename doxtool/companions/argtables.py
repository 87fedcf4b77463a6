"""Arguments written as a Markdown table under the lead line.

A person may write the arguments as a table, one argument a row, named in
the first column. doxtool reads such a table but never writes one (see
:attr:`doxtool.companions.model.FactBlock.table`).
"""

from __future__ import annotations

import re
from typing import Any

from doxtool.companions.argitems import _argument_item, _unread_argument
from doxtool.companions.codespans import LINK_TAIL, spans
from doxtool.companions.factlines import canonical_json
from doxtool.companions.leads import _IDENTIFIER
from doxtool.core.edits import line_content
from doxtool.core.mdtables import cells, delimiter_row

#: a cell naming an argument as a link's text (``[days](#days)``), as it
#: may name it bare
_LINKED_NAME = re.compile(rf"[ \t]*\[(?P<name>[^\W\d]\w*){LINK_TAIL.pattern}[ \t]*")


def table_row(content: str) -> bool:
    """Whether ``content`` is a line of a pipe table (it starts with ``|``)."""
    return content.lstrip(" \t").startswith("|")


def table_delimiter(content: str) -> bool:
    """Whether ``content`` is the delimiter row under a table's header."""
    return table_row(content) and delimiter_row(content)


def table_argument(content: str, header: list[str] | None = None) -> dict[str, Any] | None:
    """A table row naming an argument in its first cell -> the argument, as
    :func:`_argument_item` reads it; None for any other row.

    The rest of a two-column row is read by the argument grammar; a row of
    more columns under a ``header`` naming a column ``Required`` is read by
    its columns (:func:`_column_facts`); a row neither reads (prose) gives
    the name only, and ``fields_unknown`` says that its facts are not known.
    """
    row = cells(content)
    first = _unemphasised(row[0])
    parts = spans(first)
    linked = _LINKED_NAME.fullmatch(first)
    if len(parts) == 1 and parts[0].code:
        name = parts[0].text.strip(" ")
    else:
        name = linked.group("name") if linked is not None else first
    if len(row) < 2 or not _IDENTIFIER.fullmatch(name):
        return None
    argument = _argument_item(name, " " + row[1]) if len(row) == 2 else None
    if argument is None and header is not None and len(header) == len(row):
        facts = _column_facts(row, [_unemphasised(cell).strip("`").casefold() for cell in header])
        if facts is not None:
            return {"name": name, **facts, "prose": " | ".join(row[1:])}
    if argument is None or argument["required"] is None:
        return {**_unread_argument(name, " | ".join(row[1:])), "fields_unknown": True}
    return argument


#: a cell saying the argument is required, or that it is not
_YES = frozenset({"yes", "y", "true", "required", "\u2714", "\u2713", "\u2705"})
_NO = frozenset({"no", "n", "false", "optional"})
#: a type cell naming a JSON type, or Python's name of it (a word such as
#: ``path`` or ``seconds`` tells what the value means, not its type)
_TYPES = frozenset(
    {"string", "integer", "number", "boolean", "array", "object"}
    | {"str", "int", "float", "bool", "list", "dict"}
)
#: a cell saying nothing: empty, or a dash
_NOTHING = frozenset({"", "-", "\u2013", "\u2014"})


def _column_facts(row: list[str], header: list[str]) -> dict[str, Any] | None:
    """The facts a row of a table states in the columns its ``header``
    names (``| argument | required | type | default | meaning |``): whether
    the argument is required (``yes``/``no``, a check mark), its type (a JSON
    type's name) and its default (one code span); None when no column says whether
    it is required, or its cell does not say it plainly. What the row leaves
    out (a dash, a blank, words) is unstated, and so are the accepted values,
    which a column of prose may name."""
    columns = {title: index for index, title in enumerate(header)}
    at = next((columns[t] for t in ("required", "required?", "req", "req.") if t in columns), None)
    if at is None:
        return None
    presence = _unemphasised(row[at]).casefold()
    if presence not in _YES | _NO:
        return None
    required = presence in _YES
    facts: dict[str, Any] = {
        "required": required,
        "type": None,
        "default": None,
        "has_default": False,
        "enum": None,
        "alternatives": None,
        "values_unstated": True,
    }
    kind = row[columns["type"]].strip(" \t`") if "type" in columns else ""
    if kind.casefold() in _TYPES:
        facts["type"] = kind
    else:
        facts["type_unstated"] = True
    # a table's ``\|`` is a ``|`` of the cell, in a code span too
    cell = row[columns["default"]].replace("\\|", "|") if "default" in columns else ""
    parts = spans(cell.strip(" \t"))
    if len(parts) == 1 and parts[0].code:
        facts["default"], facts["has_default"] = canonical_json(parts[0].text), True
    elif not (required and cell.strip(" \t") in _NOTHING):
        facts["default_unstated"] = True  # (a required argument has none)
    return facts


def _unemphasised(cell: str) -> str:
    """A first cell without the emphasis around it: ``**minutes**``,
    ``*minutes*``, ``**`minutes`**`` -> ``minutes`` (a bare identifier such
    as ``_x_`` stays as it is)."""
    text = cell.strip(" \t")
    while not _IDENTIFIER.fullmatch(text):
        mark = text[:2] if text[:2] in ("**", "__") else text[:1]
        if mark not in ("**", "__", "*", "_") or len(text) <= 2 * len(mark):
            break
        if not text.endswith(mark):
            break
        text = text[len(mark) : -len(mark)].strip(" \t")
    return text


def table_end(kind: str, rest: str, lines: list[str], start: int, skip: set[int]) -> int | None:
    """The end of a table of arguments that begins at ``start``, past blank
    lines, under an ``Arguments of`` lead line with nothing after it
    (``rest``: what follows its lead phrase); None when no table begins
    there. ``skip``: lines of code blocks and headings."""
    if kind != "arguments" or rest.strip(" \t"):
        return None
    index = start
    while index < len(lines) and not line_content(lines[index]).strip(" \t"):
        index += 1
    if not (
        index + 1 < len(lines)
        and not {index, index + 1} & skip
        and table_row(line_content(lines[index]))
        and table_delimiter(line_content(lines[index + 1]))
    ):
        return None
    end = index + 2
    while end < len(lines) and end not in skip and table_row(line_content(lines[end])):
        end += 1
    return end
