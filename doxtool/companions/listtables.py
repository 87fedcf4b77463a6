"""Classes, functions or tests a person listed as a Markdown table under
the lead.

``- Classes:`` then, past blank lines, ``| Class | Base |`` ``|:--|:--|``
``| `SearchTool` | `Tool` |``: doxtool does not read such a table as the
block's items, but a name in a row's first cell is listed there, so it is
never reported as missing; one missing from the table is reported without
a fix (no item is written beside the table).
"""

from __future__ import annotations

from doxtool.companions.argtables import table_delimiter, table_row
from doxtool.companions.codespans import spans
from doxtool.companions.model import Companion, FactBlock
from doxtool.core.edits import line_content
from doxtool.core.mdtables import cells


def tabled_names(companion: Companion, block: FactBlock) -> set[str] | None:
    """The names in the first cells of the table right under ``block``'s
    lead line (past blank lines), or inside the block: a code span alone
    in the cell, set in emphasis or not (``**`SearchTool`**``), gives its
    text up to a parenthesis (``SearchTool(Tool)``, ``load(path)``);
    None when no table follows the lead."""
    lines = companion.lines
    index = block.start + 1
    while index < len(lines) and not line_content(lines[index]).strip():
        index += 1
    if index + 1 >= len(lines) or companion.in_code(index):
        return None
    if not table_row(line_content(lines[index])) or not table_delimiter(
        line_content(lines[index + 1])
    ):
        return None
    names: set[str] = set()
    index += 2
    while index < len(lines) and table_row(line_content(lines[index])):
        first = cells(line_content(lines[index]))[0].strip("*_ \t")
        parts = spans(first)
        if len(parts) == 1 and parts[0].code:
            names.add(parts[0].text.split("(", 1)[0].strip(" "))
        index += 1
    return names
