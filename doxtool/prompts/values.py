"""List items that name values of a tool's argument, not tools or arguments.

In a tool's section, ``Set `action` to one of:`` then ``- `open`: args
`url``` lists the values of ``action`` with the arguments each takes, and so
does ``Arguments by action:`` then ``- `add`: `text` (required),
`priority```. The names opening those items are no tools (even when one is
named like a tool: ``- `wait`: args `seconds``` under ``### browser``) and
no arguments; the names after them are arguments of the section's tool.

The reader records such items as it reads any list item
(:attr:`PromptTool.section`, :attr:`PromptTool.value_of`,
:attr:`TaughtArgument.key`, :attr:`PromptDoc.keyed`); what the section's
tool reads decides, once, what each one is (:func:`with_values`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from doxtool.core.facts import ToolFacts
from doxtool.prompts.model import PromptDoc, PromptTool, TaughtArgument

#: the last line of a lead that gives the values of the one argument it
#: names in backticks: ``Set `action` to one of:``, ```action` values:``,
#: ``Values of `action`:``, ```mode` is either:``
_VALUES_LEAD_RE = re.compile(
    r"[^`\n]*`[ \t]*([^\W\d][\w-]*)[ \t]*`[^`\n]*?"
    r"\b(?:one[ \t]+of(?:[ \t]+the[ \t]+following)?|values?|either)\b[^`\n]*?:"
    r"(?:\*\*|__)?[ \t]*\Z"
    r"|[^`\n]*\bvalues?[ \t]+(?:of|for)[ \t]+`[ \t]*([^\W\d][\w-]*)[ \t]*`[^`\n]*?:"
    r"(?:\*\*|__)?[ \t]*\Z",
    re.I,
)


#: a lead that is the name of an argument, often in the plural, and little
#: else: ``Actions:``, ``Available actions:``, ``**Modes**:``, ``Actions (one
#: per call):``; the values of that argument follow when the tool reads it
_NAMED_LEAD_RE = re.compile(
    r"(?:\*\*|__)?(?:(?:available|supported|possible|valid|allowed|known)[ \t]+)?"
    r"([^\W\d][\w-]*)(?:\*\*|__)?[ \t]*(?:\([^()\n]*\)[ \t]*)?:(?:\*\*|__)?",
    re.I,
)


def values_lead(line: str) -> tuple[str, bool] | None:
    """The argument a list's lead gives the values of, when it says so, or
    when it is only the argument's name (``Actions:`` for ``action``: the
    word as written, its forms in :func:`named_forms`), with whether it is
    only that name."""
    text = line.strip()
    match = _VALUES_LEAD_RE.match(text)
    if match is not None:
        return match.group(1) or match.group(2), False
    named = _NAMED_LEAD_RE.fullmatch(text)
    if named is None:
        return None
    return named.group(1).lower(), True


def named_forms(word: str) -> frozenset[str]:
    """The argument names a lead's word may be: itself (``Status:``,
    ``Process:``) or its singular (``Actions:``, ``Statuses:``, ``Boxes:``,
    ``Queries:``)."""
    forms = {word}
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        forms.add(word[:-1])
        if word.endswith("es"):
            forms.add(word[:-2])
        if word.endswith("ies"):
            forms.add(word[:-3] + "y")
    return frozenset(forms)


@dataclass(frozen=True)
class Dispatch:
    """What a tool reads, for telling its argument values from its arguments."""

    #: the arguments it reads
    arguments: frozenset[str]
    #: the string values its arguments are compared with that name none of
    #: its arguments (``action == "add"``: ``add``)
    values: frozenset[str]
    #: it may read keys doxtool cannot name (a computed key, arguments
    #: handed on whole): any name may be one of its arguments
    open: bool = False
    #: the arguments it reads as an object (``self.args.get("args", {})``):
    #: keys it may hand on to what it calls
    holders: frozenset[str] = frozenset()
    #: the string values its arguments are compared with that are also the
    #: name of one of its arguments (``action == "branch"`` beside a read of
    #: ``branch``): no tool, though a list item so named may be the argument
    named_values: frozenset[str] = frozenset()

    @classmethod
    def of(cls, tool: ToolFacts) -> Dispatch:
        """What ``tool``'s facts say it reads."""
        arguments = frozenset(arg.name for arg in tool.arguments)
        values = (arg.enum or arg.compared or () for arg in tool.arguments)
        compared = frozenset(v for known in values for v in known if isinstance(v, str))
        return cls(
            arguments,
            compared - arguments,
            open=bool(tool.dynamic_reads or tool.other_arguments),
            holders=frozenset(arg.name for arg in tool.arguments if arg.type == "object"),
            named_values=compared & arguments,
        )

    def reads(self, name: str | None) -> bool:
        """Whether the tool reads argument ``name``, or may."""
        return name is not None and (name in self.arguments or self.open)


def with_values(doc: PromptDoc, dispatch_of: Callable[[str], Dispatch | None]) -> PromptDoc:
    """``doc`` with the list items that name values of their section tool's
    arguments read as such: no tool among the list items, no argument
    ``add`` under ``Arguments by action:``, and the arguments after each
    such name taught for the section's tool. ``dispatch_of`` gives what a
    tool reads (None for a tool whose code is not known: its items stay as
    they were read)."""
    known: dict[str, Dispatch | None] = {}

    def dispatch(tool: str | None) -> Dispatch | None:
        if tool is None:
            return None
        if tool not in known:
            known[tool] = dispatch_of(tool)
        return known[tool]

    doc = _with_value_headings(doc, dispatch)
    values: set[tuple[str | None, str]] = set()
    for item in doc.listed:
        found = dispatch(item.section)
        if found is None or item.name in found.arguments:
            continue
        # ``Actions:`` only for a tool that reads ``action`` by that name
        if item.value_named and item.value_of is not None:
            lead = not named_forms(item.value_of).isdisjoint(found.arguments)
        else:
            lead = found.reads(item.value_of)
        if item.name in found.values or lead:
            values.add((item.section, item.name))
    if not values:
        return doc
    holders = {tool: _holders(doc, tool, dispatch(tool)) for tool, _ in values}

    def keyed(taught: TaughtArgument) -> bool:
        """Whether an argument after a value's name is the section tool's:
        one the tool does not read, while it reads an object it may hand
        on (``Tools:`` then ``- `fetch`: args `url``` under a dispatcher
        that hands ``args`` to the tool named by ``tool``), may be a key of
        that object: whose it is, is not known, and it is taught for none."""
        found = dispatch(taught.section)
        return found is None or found.reads(taught.name) or not holders[taught.section]

    arguments: list[TaughtArgument] = []
    for taught in doc.arguments:
        if taught.key is not None and (taught.section, taught.key) in values:
            # ``- `open`: args `url``` under ``### browser``: browser's ``url``
            if keyed(taught):
                arguments.append(replace(taught, tool=taught.section))
        elif taught.source != "arguments-list" or (taught.tool, taught.name) not in values:
            arguments.append(taught)
    arguments += [k for k in doc.keyed if (k.section, k.key) in values and keyed(k)]
    arguments.sort(key=lambda taught: (taught.line, taught.column))
    listed = [item for item in doc.listed if (item.section, item.name) not in values]
    return replace(doc, arguments=arguments, listed=listed)


def _holders(doc: PromptDoc, tool: str | None, found: Dispatch | None) -> bool:
    """Whether ``tool`` reads an argument as an object: its code says so
    (:attr:`Dispatch.holders`), or an example of the prompt calling it gives
    one of the arguments it reads an object (``"args": {"url": ...}``)."""
    if found is None or found.holders:
        return found is not None
    for example in doc.examples:
        if example.tool_name and example.tool_name.split(":", 1)[0] == tool:
            given = example.tool_args or {}
            if any(isinstance(given.get(name), dict) for name in found.arguments):
                return True
    return False


def _with_value_headings(
    doc: PromptDoc, dispatch: Callable[[str | None], Dispatch | None]
) -> PromptDoc:
    """``doc`` without the ``###`` headings that name a value of an argument
    of the tool its examples call or its title names (``## game`` over
    ``### analyze``), or one of its arguments (``### file``
    over the items teaching ``file``), not a tool: ``### `analyze``` in a prompt
    whose example calls ``game_theory``, whose code compares ``action`` with
    ``"analyze"``, even one named like another tool of the repository
    (``### `performance```) when an example calls the tool (under its title
    alone, such a heading stays that tool's), or one that is also the name of an argument
    of the tool (``### branch``), or the method an example calls it with
    (``### get_state`` in a prompt whose example calls ``store:get_state``:
    a heading of that method, ``store:get_state``, as the framework names
    it, unless a tool of the repository has that name), or one in the same
    ``## Methods`` section as such method headings of one tool, under a
    title that names no tool (:func:`_with_section_methods`). A heading an
    example calls stays a tool's; so does one whose name is a value or
    method of more than one called tool. The arguments taught
    under such a heading are the called tool's."""
    called = [t.name.split(":", 1)[0] for t in doc.tools if t.source in ("example", "title")]
    #: the tools only a title names: a heading named like a tool of the
    #: repository stays that tool's (no example shows it is a value)
    titled = {t.name.split(":", 1)[0] for t in doc.tools if t.source == "title"}
    titled -= {t.name.split(":", 1)[0] for t in doc.tools if t.source == "example"}
    methods: dict[str, set[str]] = {}
    for example in doc.tools:
        base, colon, method = example.name.partition(":")
        if example.source == "example" and colon and method:
            methods.setdefault(method, set()).add(base)
    owners: dict[str, str] = {}
    for tool in doc.tools:
        if tool.source != "heading" or tool.name in called:
            continue
        known = dispatch(tool.name) is not None
        found = {
            name
            for name in called
            if not (known and name in titled)
            and (reads := dispatch(name)) is not None
            and (
                tool.name in reads.values
                or tool.name in reads.named_values
                or tool.name in reads.arguments
            )
        }
        if not known:
            # the method an example calls, unless a tool of that name is known
            found |= methods.get(tool.name, set())
        if len(found) == 1:
            owners[tool.name] = found.pop()
    _with_section_methods(doc, owners, methods, called, dispatch)
    if not owners:
        return doc
    tools = [
        _method_heading(t, owners[t.name]) if t.source == "heading" and t.name in owners else t
        for t in doc.tools
        if not (t.source == "heading" and t.name in owners and t.name not in methods)
    ]
    arguments = [
        replace(taught, tool=owners[taught.tool]) if taught.tool in owners else taught
        for taught in doc.arguments
    ]
    return replace(doc, tools=tools, arguments=arguments)


def _method_heading(heading: PromptTool, owner: str) -> PromptTool:
    """The heading of a method of ``owner``, named as a call names it."""
    return replace(heading, name=f"{owner}:{heading.name}")


def _with_section_methods(
    doc: PromptDoc,
    owners: dict[str, str],
    methods: dict[str, set[str]],
    called: list[str],
    dispatch: Callable[[str | None], Dispatch | None],
) -> None:
    """Add to ``owners`` the ``###`` headings of a ``## Methods`` section
    (``## Available Methods``, under a title that names no tool) whose other
    headings are all methods examples call of one tool, whose code compares
    none of its arguments with a value (which methods it takes is not in its
    arguments): ``### import`` beside ``### export`` over an example calling
    ``store:export`` names a method of ``store``. A heading an example
    calls, one over an example of another tool, or one named like a tool
    of the repository, stays a tool's."""
    parts: dict[int, set[str]] = {}
    for tool in doc.tools:
        if tool.source == "heading" and tool.part and tool.name in owners:
            owner = owners[tool.name] if tool.name in methods else ""
            parts.setdefault(tool.part, set()).add(owner)
    for tool in doc.tools:
        found = parts.get(tool.part, set()) if tool.source == "heading" and tool.part else set()
        if len(found) != 1 or "" in found or tool.name in owners:
            continue
        owner = next(iter(found))
        known = dispatch(owner)
        if known is not None and (known.values or known.named_values):
            continue  # the values its code takes are known: another is no method
        known_tool = dispatch(tool.name) is not None or tool.name in called
        if not known_tool and not _calls_another(doc, tool, owner):
            owners[tool.name] = owner


def _calls_another(doc: PromptDoc, heading: PromptTool, owner: str) -> bool:
    """Whether an example under ``heading`` (before the next heading of a
    tool) calls a tool other than ``owner``: the heading is that call's."""
    after = [
        t.line for t in doc.tools if t.source in ("heading", "title") and t.line > heading.line
    ]
    end = min(after, default=None)
    return any(
        example.tool_name.split(":", 1)[0] != owner
        for example in doc.examples
        if example.tool_name and example.line > heading.line and (end is None or example.line < end)
    )
