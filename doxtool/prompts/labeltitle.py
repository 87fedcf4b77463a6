"""A tool prompt that opens with a label alone on its first line, the rest
indented under it as an outline (``code_diff_tool:``, then ``Description:``,
``Arguments:``): the label names the tool the file teaches, as a first
heading would (:func:`~doxtool.prompts.headings.title_name`). Such a file
has no heading and no example, yet the framework shows its text, and with
it the tool's name, to the model. The outline's lines of the shape
``path (string): The path to the file.`` teach the tool's arguments
(``(boolean, optional)``: an optional one). A short prompt whose first
line opens with the name its file is for (``todo: keep a list``, a tiny
model's prompt) is titled by that name too: the file name tells the name
from a word of prose.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from doxtool.prompts.headings import title_name
from doxtool.prompts.model import PromptTool, TaughtArgument
from doxtool.prompts.sets import tool_key

if TYPE_CHECKING:
    from markdown_it.token import Token

#: a name alone before a colon, in backticks or not
_LABEL_RE = re.compile(r"[ \t]*(`?[A-Za-z_][\w:]*`?)[ \t]*:[ \t]*\Z")
#: an indented line of the outline naming an argument: its name, then its
#: type (and whether it is optional) in parentheses, then a colon
_ARGUMENT_RE = re.compile(r"[ \t]+([a-z_][a-z0-9_]*)[ \t]*\(([^()\n]*)\)[ \t]*:")


def label_title(reader: Any, inline: Token) -> None:
    """Take the first line of ``inline``, a paragraph of the tool prompt
    file ``reader`` reads (:class:`~doxtool.prompts.reader.PromptReader`),
    as the file's title when nothing but blank lines comes before it, no
    heading was read, it is a label naming a tool (its name in lower case
    or in backticks) and the next line is indented under it; or when the
    line opens with the name the file is for (``todo: keep a list`` in
    ``agent.system.tool.todo.md``), with no outline. A title counts only
    for a tool that exists."""
    if reader.headed or inline.map is None:
        return
    start = inline.map[0]
    if any(line.strip() for line in reader.lines[:start]):
        return
    below = reader.lines[start + 1] if start + 1 < inline.map[1] else ""
    first = inline.content.split("\n", 1)[0]
    match = _LABEL_RE.match(first)
    if below[:1] not in (" ", "\t") or match is None:  # no outline indented under it
        name = title_name(first)  # ``todo: keep a list`` in ``agent.system.tool.todo.md``
        if name is None or name != tool_key(reader.doc.path.rpartition("/")[2]):
            return
    elif (name := title_name(match.group(1))) is None:
        return
    reader.headed = True
    reader.tool = name
    column = reader.lines[start].find(name)  # inside the backticks, if any
    reader.doc.tools.append(PromptTool(name, start + 1, column + 1, "title"))
    for index in range(start + 1, inline.map[1]):
        found = _ARGUMENT_RE.match(reader.lines[index])
        if found is not None:
            optional = "optional" in found.group(2).lower()
            argument = TaughtArgument(
                found.group(1), index + 1, found.start(1) + 1, optional, "arguments-list", name
            )
            reader.doc.arguments.append(argument)
