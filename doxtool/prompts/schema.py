"""JSON Schemas of tool arguments, from static facts alone.

What an orchestrator with native function calling needs: each exposed tool's
name, a description (from its prompt) and a JSON Schema of its parameters
(types, defaults, enums, the required list).
"""

from __future__ import annotations

from typing import Any

from doxtool.core.facts import Argument, ToolFacts
from doxtool.core.patterns import LazyPattern

_TYPE_CHECK = {
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "array": lambda v: isinstance(v, list),
    "object": lambda v: isinstance(v, dict),
}
_HEADING = LazyPattern(r"^#{1,6}\s+`?([A-Za-z_][\w.:-]*)`?:?\s*$")
_TEMPLATE = LazyPattern(r"\{\{.*?\}\}")
#: an item of an ordered list (``1. Pick a duration``, ``2) Call it``)
_ORDERED_ITEM = LazyPattern(r"(\d{1,9})[.)](?:\s|$)")
#: a run of backticks opening or closing a code span
_BACKTICKS = LazyPattern(r"`+")
_BLANK_LINE = LazyPattern(r"\n[ \t]*\n")
#: the delimiter row under a table's header (``|---|:--:|``, ``--- | ---``)
_TABLE_DELIMITER = LazyPattern(r"\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)+\|?|\|\s*:?-+:?\s*\|?")
#: a line leading an argument list or an example (``usage:``, ``Example
#: call:``, ``Arguments``, a short label ending in a colon with such a word
#: after one or two others: ``Exact arguments schema:``, ``Tool parameters:``),
#: not prose that starts with one of those words (``Example tool that fetches
#: a page.``)
#: where a sentence ends: a terminator after two characters of a word, a
#: code span or a quote (not ``e.g.``, not a list number ``1.``), before a
#: capital, a code span or the end
_SENTENCE_END = LazyPattern(r"(?<=[\w`)\]\"'][\w`)\]\"'])[.!?](?=\s+[A-Z`*\"(]|\s*$)")
_LEAD = LazyPattern(
    r"(?i)^\**(?:(?:args?|arguments?|usage|examples?)\b(?:[^.!?:]*:|(?:\s+\w+){0,2}\W*$)"
    r"|(?:\w+\s+){1,2}(?:args?|arguments?|param(?:eter)?s?|usage|examples?)(?:\s+\w+)?\s*:\W*$)"
)


def argument_schema(arg: Argument) -> dict[str, Any]:
    """The schema of one argument: its type, values and default. A default
    the type does not take (``value: str | None = None``) says the code
    takes more than that type: no type is claimed, as for a union."""
    schema: dict[str, Any] = {}
    default = arg.working_default
    fits_type = _TYPE_CHECK.get(arg.type or "", lambda v: True)
    if arg.type and not (arg.has_default and not fits_type(default)):
        schema["type"] = arg.type
    if arg.enum:
        fits = _TYPE_CHECK.get(arg.type or "", lambda v: True)
        values = [v for v in arg.enum if fits(v)]
        if values:
            schema["enum"] = values
    if arg.has_default:
        schema["default"] = default
    return schema


def alternative_groups(tool: ToolFacts) -> list[list[str]]:
    """Arguments of which at least one is needed, each group in reading order."""
    order = {arg.name: index for index, arg in enumerate(tool.arguments)}
    groups: list[set[str]] = []
    for arg in tool.arguments:
        if not arg.alternatives or arg.required or arg.alternatives_optional:
            continue
        group = {arg.name, *arg.alternatives} & set(order)
        joined = [g for g in groups if g & group]
        for g in joined:
            group |= g
            groups.remove(g)
        groups.append(group)
    return [sorted(g, key=order.__getitem__) for g in groups if len(g) > 1]


def parameters(tool: ToolFacts) -> dict[str, Any]:
    properties = {arg.name: argument_schema(arg) for arg in tool.arguments}
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    required = [arg.name for arg in tool.arguments if arg.required]
    if required:
        schema["required"] = required
    groups = alternative_groups(tool)
    if len(groups) == 1:
        schema["anyOf"] = [{"required": [name]} for name in groups[0]]
    elif groups:
        schema["allOf"] = [{"anyOf": [{"required": [name]} for name in g]} for g in groups]
    if not tool.dynamic_reads and not tool.other_arguments:
        # every key the tool reads is known, so anything else is a mistake
        schema["additionalProperties"] = False
    return schema


def prompt_description(text: str, tool: str, first_line: bool = False) -> str:
    """The prose right under the ``### tool`` heading, up to the first blank
    line, argument list or example (with ``first_line``, its first line
    only). A method's section (``### todo:add``) is not the tool's."""
    lines = text.splitlines()
    for index, line in enumerate(lines):
        match = _HEADING.match(line.strip())
        if match and match.group(1).rstrip(":") == tool:
            return _prose(lines[index + 1 :], first_line)
    return ""


def section_description(text: str, line: int, first_line: bool = False) -> str:
    """The prose under the heading on ``line`` (from 1), as
    :func:`prompt_description` takes it."""
    return _prose(text.splitlines()[line:], first_line)


def _prose(lines: list[str], first_line: bool) -> str:
    """The first paragraph of ``lines``, before any heading, argument list,
    table or example; with ``first_line``, its first line
    (:func:`_first_sentence`). An HTML comment (``<!-- keep in sync -->``)
    shows the model nothing: it is passed over, not taken as prose."""
    out: list[str] = []
    lines = _uncommented(lines)
    for index, line in enumerate(lines):
        if line is None:  # a line only a comment held
            continue
        stripped = line.strip()
        if not stripped:
            if out:
                break
            continue
        if (
            stripped.startswith(("#", "```", "~~~", "{", "`{", "- ", "* ", "+ "))
            or (not out and stripped.startswith("|"))
            or _list_start(stripped, bool(out))
            or _LEAD.match(stripped)
            or _TEMPLATE.fullmatch(stripped)
            or _TABLE_DELIMITER.fullmatch(
                (lines[index + 1] or "").strip() if index + 1 < len(lines) else ""
            )
        ):
            break
        out.append(stripped)
    return _first_sentence(out) if first_line else " ".join(out)


def _list_start(stripped: str, in_paragraph: bool) -> bool:
    """Whether ``stripped`` opens an ordered list: within a paragraph only
    one starting at 1 does (``The pause defaults to`` / ``30. Longer ...``
    carries the sentence on, as Markdown reads it)."""
    match = _ORDERED_ITEM.match(stripped)
    return match is not None and (not in_paragraph or int(match.group(1)) == 1)


def _uncommented(lines: list[str]) -> list[str | None]:
    """``lines`` with their HTML comments taken out (one never closed is
    words, as inline Markdown reads it, and so is one in a code span,
    ```<!-- toc -->```, or one opening within a line that no line of its
    paragraph closes), the words around a comment joined by one space;
    ``None`` for a line that held nothing else."""
    text = "\n".join(lines)
    if "<!--" not in text:
        return list(lines)
    parts: list[str] = []
    at = scan = 0
    while (start := text.find("<!--", scan)) >= 0:
        span_end = _code_span_around(text, scan, start)
        if span_end is not None:
            scan = span_end  # ```<!-- toc -->```: words shown as written
            continue
        end = text.find("-->", start + 4)
        line_start = text.rfind("\n", 0, start) + 1
        if end >= 0 and text[line_start:start].strip():
            # a comment within a line ends in its paragraph, or is words
            blank = _BLANK_LINE.search(text, start, end)
            if blank is not None:
                end = -1
        if end < 0:  # no later one closes either
            scan = start + 4
            continue
        # a mark where the comment was, on each line it spanned
        parts += [text[at:start], "\x00" + "\n\x00" * text.count("\n", start, end)]
        at = scan = end + 3
    parts.append(text[at:])
    out: list[str | None] = []
    for line in "".join(parts).split("\n"):
        if "\x00" not in line:
            out.append(line)
            continue
        words = " ".join(line.replace("\x00", " ").split())
        out.append(words or None)
    return out


def _code_span_around(text: str, scan: int, at: int) -> int | None:
    """The end of the code span (opening from ``scan`` on, closing in its
    paragraph) that holds position ``at`` of ``text``, if one does."""
    while (tick := _BACKTICKS.search(text, scan, at)) is not None:
        scan = tick.end()  # backticks never closed are words
        close = _closing_ticks(text, tick.group(), tick.end())
        if close is not None and close > at:
            return close
        if close is not None:
            scan = close
    return None


def _closing_ticks(text: str, ticks: str, at: int) -> int | None:
    """The end of the first run of exactly ``ticks`` after ``at`` in the
    same paragraph of ``text``."""
    for other in _BACKTICKS.finditer(text, at):
        if _BLANK_LINE.search(text, at, other.start()):
            return None
        if other.group() == ticks:
            return other.end()
    return None


def _first_sentence(lines: list[str]) -> str:
    """The first line of a paragraph, when it ends a sentence or reads as
    terse phrases (``final answer to user`` / ``ends task processing``); a
    line broken off mid-sentence is no sentence of its own: cut after the
    last sentence it ends (``Notes tool. Use it as a scratchpad for``:
    ``Notes tool.``), or, a line of prose (a capital first) the next line
    carries on in lower case (``... a checkout that does not`` / ``touch
    the user's copy. More``), taken on to where the sentence ends."""
    if not lines:
        return ""
    first = lines[0]
    if first.endswith((".", "!", "?", ":")):
        return first
    ends = list(_SENTENCE_END.finditer(first))
    if ends:
        return first[: ends[-1].end()]
    if len(lines) < 2 or not (first[:1].isupper() and lines[1][:1].islower()):
        return first
    text = " ".join(lines)
    end = _SENTENCE_END.search(text, len(first))
    return text[: end.end()] if end is not None else first


def tool_schema(tool: ToolFacts, description: str, style: str) -> dict[str, Any]:
    params = parameters(tool)
    if style == "openai":
        return {
            "type": "function",
            "function": {"name": tool.name, "description": description, "parameters": params},
        }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": tool.name,
        "description": description,
        **params,
    }
