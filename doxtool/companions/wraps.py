"""Companion list items wrapped onto the lines after them: a class,
function or test item whose code span goes on on the next indented line
(it belongs to the block), and an argument item whose facts do
(`` - `minutes`: optional`` then ``  integer, default `0`.``: read joined).
"""

from __future__ import annotations

from typing import Any

from doxtool.companions.argitems import argument_line
from doxtool.companions.argtables import table_row
from doxtool.companions.bullets import is_wrapped_item
from doxtool.companions.factlines import split_sentence
from doxtool.companions.itemtext import LIST_MARKER, MAX_WRAPPED
from doxtool.companions.leads import _is_blank, _is_indented
from doxtool.core.edits import line_content


def continued(lines: list[str], index: int, end: int, code_lines: set[int]) -> list[str]:
    """The lines before ``end`` that continue the text of the list item at
    ``index``: those right after it, indented, neither blank, code, a list
    item nor a table row."""
    following = []
    for later in range(index + 1, end):
        content = line_content(lines[later])
        if later in code_lines or _is_blank(content) or not _is_indented(content):
            break
        if LIST_MARKER.match(content) or table_row(content):
            break
        following.append(content)
    return following


def wrapped_item(kind: str, lines: list[str], index: int, stops: set[int], code: set[int]) -> bool:
    """Whether the line at ``index`` is an item of a ``kind`` block whose text
    is wrapped onto the indented lines after it (`` - `load(path:`` then
    ``  str) -> None` ``)."""
    if index in code or kind not in ("classes", "functions", "tests"):
        return False
    following = []
    for later in range(index + 1, len(lines)):
        content = line_content(lines[later])
        if later in stops or later in code or not _is_indented(content):
            break
        following.append(content)
    return bool(following) and is_wrapped_item(kind, line_content(lines[index]), following)


#: the facts of an argument item a line states
_FACTS = ("required", "type", "default", "has_default", "enum", "alternatives", "required_unknown")


def _facts(argument: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(argument.get(key) for key in _FACTS)


def wrapped_argument(
    content: str, following: list[str]
) -> tuple[list[dict[str, Any]], bool] | None:
    """An argument item whose facts are wrapped onto the lines ``following``
    it (`` - `minutes`: optional`` then ``  integer, default `0`.``): the
    item read from its line joined to them (up to the line that ends its
    facts) when that states other facts than the line alone and follows the
    grammar; None otherwise."""
    marker = LIST_MARKER.match(content)
    if marker is None or not following or split_sentence(content[marker.end() :])[2]:
        return None  # (the line ends its facts: what follows is the person's)
    alone = argument_line(content)
    if alone is None or len(alone[0]) != 1:
        return None
    joined = content
    for line in following[:MAX_WRAPPED]:
        joined = joined + " " + line.strip(" \t")
        read = argument_line(joined)
        stated = read is not None and len(read[0]) == 1 and read[0][0].get("required") is not None
        if read is not None and stated and _facts(read[0][0]) != _facts(alone[0][0]):
            return read
        if split_sentence(joined[marker.end() :])[2]:
            return None  # the facts end on this line
    return None
