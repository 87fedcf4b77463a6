"""What a prompt file teaches, as plain data: the tools it names, the
arguments it teaches for them, its JSON examples and the errors in them.

:func:`~doxtool.prompts.parse.parse_prompt` reads a file into a
:class:`PromptDoc`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from doxtool.core.facts import Problem

#: the framework fills ``{{tools}}`` exactly as written (helpers/files.py
#: ``replace_placeholders_text``): ``{{ tools }}`` stays text (here, not in
#: :mod:`doxtool.prompts.parse`, so that reading a prompt set's listing does
#: not import the prompt reader)
TOOLS_PLACEHOLDER_RE = re.compile(r"\{\{tools\}\}")
#: a template variable in an example's key (``{"{{arg_name}}": 5}``): the
#: framework fills in a name doxtool does not know, so the key teaches none
TEMPLATE_KEY_RE = re.compile(r"\{\{[^{}]*\}\}")


@dataclass
class JsonError:
    """Why an example is not (lenient) JSON, at a position in the prompt file."""

    message: str
    line: int
    column: int


@dataclass
class PromptTool:
    """A tool name the prompt teaches."""

    name: str
    line: int
    column: int
    #: heading | title (a tool prompt's first heading, by its first word) |
    #: example | list (see :attr:`PromptDoc.listed`) | nested (a call in an
    #: example's arguments, :mod:`doxtool.prompts.nested`: checked, teaching
    #: nothing)
    source: str = "heading"
    #: for a list item: the list it is an item of (numbered from 1 in the
    #: file), and whether its arguments follow its name
    #: (``- `memory_load`: args `query```), as only a tool's or a method's do
    group: int = 0
    with_args: bool = False
    #: for a list item: the tool of the section it is in, and the argument
    #: the lead of its list gives values of (``Set `action` to one of:``)
    section: str | None = None
    value_of: str | None = None
    #: for a list item: whether its name is bold or bare, not in backticks
    #: (``- **memory_save** — save a fact``): it names a tool, and no argument
    plain: bool = False
    #: whether that lead only names the argument (``Actions:``, ``Status:``):
    #: its items are values only when the tool reads the argument by that
    #: name or its singular (:func:`doxtool.prompts.values.named_forms`)
    value_named: bool = False
    #: for a ``###`` heading: the line of the ``## Methods`` heading
    #: (``## Available Methods``) whose section it is in, in a file whose
    #: title names no tool; 0 for none
    part: int = 0
    #: for a later ``###`` heading (:mod:`doxtool.prompts.labelled`): ``label``
    #: when a number or an icon stands before its name (``### 2. 💤 nap``),
    #: ``gone`` when it says its tool is gone or not there yet (``### alarm
    #: (removed)``, ``### ~~alarm~~``); else empty
    mark: str = ""


@dataclass
class TaughtArgument:
    """An argument name the prompt teaches for a tool."""

    name: str
    line: int
    column: int
    optional: bool = False
    #: args-line | arguments-list | table | example; for a mention
    #: (:attr:`PromptDoc.mentions`), mention | word (a bare word of an
    #: ``args`` line or of a table's first column: ``args: path``)
    source: str = "args-line"
    #: the tool the section or example documents; None outside any tool section
    tool: str | None = None
    #: the name opening the list item the argument follows (``- `open`: args
    #: `url```, ``- `add`: `text```), and the tool of the item's section:
    #: when that name is a value of the section tool's dispatch argument
    #: (:mod:`doxtool.prompts.values`), the argument is the section tool's
    key: str | None = None
    section: str | None = None
    #: taught under a heading with a number or an icon before a name no
    #: example calls (``### 3. ⏰ timer``, ``### 1. decide``): for that
    #: name's tool where it has one, else as under a heading of prose
    #: (:mod:`doxtool.prompts.labelled`)
    step: bool = False


@dataclass
class PromptExample:
    """A JSON usage example, fenced or inline."""

    #: position of the example's first non-blank character (normally ``{``)
    line: int
    column: int
    #: the example's source text as parsed: fence content, or code span content
    text: str
    tool_name: str | None = None
    #: ``tool_args`` when it is an object
    tool_args: dict[str, Any] | None = None
    #: top-level keys in source order
    keys: list[str] = field(default_factory=list)
    #: of an example that does not parse, the top-level keys its text writes
    #: when its brackets pair up around one object (a comma missing between
    #: two items of a list leaves them known); read as the shape of a reply
    #: a communication prompt teaches (:mod:`doxtool.run.communication`)
    written_keys: list[str] = field(default_factory=list)
    #: the parsed value (template placeholders read as None)
    data: Any = None
    error: JsonError | None = None
    inline: bool = False
    #: in an indented code block: neither inline nor in a markdown fence
    indented: bool = False
    #: it names a ``tool_name`` but is no call: it has no ``tool_args`` and
    #: keys no call has (a job's result record), so it names no tool
    record: bool = False
    #: the prose of its section names the tool it calls (``use
    #: code_execution_tool to run the script``): a call of another tool a
    #: prompt shows on purpose (:mod:`doxtool.prompts.introduced`)
    introduced: bool = False
    #: the text that introduces it: the line before it (the last of the
    #: paragraph before, or a heading), or the text before it on its line
    label: str = ""
    #: where the value of each ``tool_args`` key lies, ``[line, column]``, where known
    places: dict[str, list[int]] = field(default_factory=dict)
    #: a template fills its arguments (``"tool_args": {{fetch_args}}``): which
    #: ones it gives is not known (:mod:`doxtool.prompts.templated`)
    templated: bool = False


@dataclass
class PromptDoc:
    """Everything one prompt file teaches."""

    path: str
    tools: list[PromptTool] = field(default_factory=list)
    arguments: list[TaughtArgument] = field(default_factory=list)
    examples: list[PromptExample] = field(default_factory=list)
    #: examples a label says are wrong (``Wrong (extra keys):``, ``Bad
    #: example (do not copy):``, :func:`~doxtool.prompts.negation.labels_wrong`):
    #: shown to be avoided, they teach nothing and are not read or checked
    counter_examples: list[PromptExample] = field(default_factory=list)
    #: the calls nested in examples' arguments (``parallel``'s ``tool_calls``),
    #: each as an example of its own (:mod:`doxtool.prompts.nested`)
    nested: list[PromptExample] = field(default_factory=list)
    #: names starting a list item (``- `memory_save`: args ...``): a tool the
    #: prompt teaches when one is so named, else an argument or a value
    listed: list[PromptTool] = field(default_factory=list)
    #: backticked names in prose (``download the page at the given `url```,
    #: ```todo:add```), with the tool of their section: they name an argument
    #: or a ``tool:method`` call, which PRM004 credits (source ``mention``).
    #: The names an ``args:`` line reads as values (```runtime` `python```,
    #: ```encoding`, default `utf-8```) are among them: whether one is an
    #: argument after all is not known, so none is "never taught"; and so
    #: are the words an ``args`` line writes without backticks (``args:
    #: path, optional encoding``, ``args path content``) and the bare names
    #: opening a table's rows (``| path | the file |``), of source ``word``
    mentions: list[TaughtArgument] = field(default_factory=list)
    #: the names after the name opening an item of an argument list
    #: (``- `add`: `text` (required), `priority```, under ``Arguments by
    #: action:``): arguments when that name is a value of the section tool's
    #: dispatch argument, not one of its arguments (:mod:`doxtool.prompts.values`)
    keyed: list[TaughtArgument] = field(default_factory=list)
    #: names of later ``###`` headings past a number or an icon, or before a
    #: description, that title no section (no example calls them: ``### 1.
    #: search``, ``### search: find pages``, :mod:`doxtool.prompts.labelled`):
    #: they may be steps, yet they write the tool's name as a heading does
    labelled: list[str] = field(default_factory=list)
    has_tools_placeholder: bool = False
    #: files the prompt includes (``{{ include "x.md" }}``), as written: what
    #: they teach is not read here
    includes: list[str] = field(default_factory=list)
    #: length of the text in characters
    size: int = 0
    problems: list[Problem] = field(default_factory=list)

    @property
    def tool_names(self) -> list[str]:
        """Distinct tool names of headings and examples in order of first
        appearance (not of calls nested in examples: they teach no tool)."""
        return list(dict.fromkeys(tool.name for tool in self.tools if tool.source != "nested"))

    @property
    def listed_names(self) -> list[str]:
        """Names that start a list item (``- `memory_save`: args ...``)."""
        return list(dict.fromkeys(tool.name for tool in self.listed))

    def arguments_of(self, tool: str) -> list[TaughtArgument]:
        return [arg for arg in self.arguments if arg.tool == tool]


def first_teachers(
    paths: Iterable[str], doc_of: Callable[[str], PromptDoc | None]
) -> dict[str, str]:
    """Tool name (before any ``:``) -> the first of ``paths`` whose prompt's
    headings or examples name it."""
    found: dict[str, str] = {}
    for path in paths:
        doc = doc_of(path)
        if doc is not None:
            for tool in doc.tool_names:
                found.setdefault(tool.split(":", 1)[0], path)
    return found
