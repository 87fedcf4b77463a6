"""A tool prompt's title that opens with another tool's name in a sentence.

The first heading of a tool prompt names a tool by its first word
(:func:`~doxtool.prompts.headings.title_name`), as the framework names one
from a heading: ``## browser notifications`` names ``browser``. The
framework takes that word only when the prompt shows no call: an
example's ``"tool_name"`` comes first (helpers/responses_tools.py
``_tool_name_from_prompt``), and a model reading the prompt learns the call
it is shown. So in ``agent.system.tool.notify_user.md`` a title of words
that opens with ``browser``, over examples that all call ``notify_user``,
the tool its file is named for, and never ``browser``, titles the
``notify_user`` prompt in prose: it names no tool, and what is taught under
it is ``notify_user``'s. A title that is a name alone (``# browser``), or a
name and a word of its own (``# browser tool``, ``### browser: open pages``,
``### browser (experimental)``), still names that tool.
"""

from __future__ import annotations

from doxtool.prompts.model import PromptDoc, PromptTool
from doxtool.prompts.sets import tool_key

#: the words after a tool's name that keep a title naming it
#: (``# sftp_upload tool``)
_NAMING_WORDS = frozenset({"tool", "tools"})
#: what may close the name in the title (backticks, bold, quotes)
_CLOSERS = "`*_'\""


def yield_prose_title(doc: PromptDoc, text: str) -> None:
    """Give the title's section of ``doc`` (the prompt ``text``) to the tool
    its file is named for when the title opens a sentence with another
    tool's name and the prompt's examples call the file's tool, never the
    title's (see the module's doc)."""
    key = tool_key(doc.path.rpartition("/")[2])
    title = next((t for t in doc.tools if t.source == "title"), None)
    if key is None or title is None:
        return
    named = title.name.split(":", 1)[0]
    called = {t.name.split(":", 1)[0] for t in doc.tools if t.source == "example"}
    if named == key or key not in called or named in called:
        return
    if not _opens_sentence(title, text):
        return
    doc.tools.remove(title)
    # the section ends where a heading names that tool again
    end = min(
        (t.line for t in doc.tools if t.name == title.name and t.line > title.line),
        default=None,
    )
    for argument in [*doc.arguments, *doc.mentions]:
        if argument.tool == title.name and (end is None or argument.line < end):
            argument.tool = key
    for item in doc.listed:
        if item.section == title.name and (end is None or item.line < end):
            item.section = key


def _opens_sentence(title: PromptTool, text: str) -> bool:
    """Whether words of prose follow the title's name on its line
    (``browser notifications``), not a name alone or with a word that
    names it a tool, a description after a colon or a dash, or a note in
    parentheses."""
    lines = text.split("\n")
    if not 0 < title.line <= len(lines):
        return False
    line = lines[title.line - 1].rstrip("\r")
    start = line.find(title.name, max(title.column - 2, 0))
    if start < 0:
        return False
    rest = line[start + len(title.name) :].lstrip(_CLOSERS)
    if not rest[:1].isspace():
        return False  # ``browser:``, ``browser()``, the line's end
    words = rest.split()
    first = words[0].strip(_CLOSERS).lower() if words else ""
    return bool(first) and first[0].isalpha() and first not in _NAMING_WORDS
