"""Calls a prompt writes as JSON in its prose, outside any code span or fence
(``Reply: <tool_call>{"tool_name": "fetch", "tool_args": {"url": "..."}}
</tool_call>``, or such an object alone on its lines): the model reads the
keys of their ``tool_args`` as the call's arguments, so each is a mention
of its tool's (:attr:`~doxtool.prompts.model.PromptDoc.mentions`): a
required argument so written is taught (PRM004). They are no examples:
nothing else is checked of them, as Markdown shows them as words."""

from __future__ import annotations

import re

from doxtool.prompts.examples import load_example
from doxtool.prompts.exlabels import labels_right, wrong_section
from doxtool.prompts.headings import TOOL_NAME_RE
from doxtool.prompts.model import TEMPLATE_KEY_RE, PromptDoc, TaughtArgument
from doxtool.prompts.negation import labels_wrong

#: the opening of a call object: ``{"tool_name"`` or ``{"tool_args"``
_CALL_OPEN_RE = re.compile(r"\{[ \t]*\"tool_(?:name|args)\"")
#: a fence's opening or closing line, indented in a list item or quoted too
_FENCE_RE = re.compile(r"[ \t]*(?:>[ \t]*)*(`{3,}|~{3,})")
#: a heading's line: its level and its text
_HEADING_RE = re.compile(r"[ \t]{0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")
#: a list item's or a quote's marker before a label (``- Correct:``)
_MARKER_RE = re.compile(r"^(?:>[ \t]*)*(?:[-*+]|\d{1,9}[.)])[ \t]+")
#: the most lines of tags or blank a call's label is looked for over
_LABEL_LINES = 4
#: HTML tags around or before a call (``<tool_call>``), left out of its label
_TAG_RE = re.compile(r"</?[A-Za-z][\w:-]*[^<>]*>")
#: the most lines an object in prose is followed over
_MAX_LINES = 40
#: and the most characters
_MAX_CHARS = 20_000


def credit_prose_calls(doc: PromptDoc, text: str) -> None:
    """Add to ``doc``'s mentions the ``tool_args`` keys of the calls its
    prose writes as JSON outside code spans and fences, each for the tool
    the call names; not those of a call its label says is wrong, nor of one
    in a section of mistakes its label does not call right."""
    if '"tool_args"' not in text:
        return
    lines = text.split("\n")
    fence = ""
    wrong_level = 0
    for index, line in enumerate(lines):
        opened = _FENCE_RE.match(line)
        if fence:
            if opened and opened.group(1)[0] == fence[0] and len(opened.group(1)) >= len(fence):
                fence = ""
            continue
        if opened:
            fence = opened.group(1)
            continue
        heading = _HEADING_RE.match(line)
        if heading is not None:
            wrong_level = wrong_section(len(heading.group(1)), heading.group(2), wrong_level)
            continue
        past = 0
        for match in _CALL_OPEN_RE.finditer(line):
            before = line[: match.start()]
            if match.start() < past or before.count("`") % 2:
                continue  # in the call before, or in a code span: an inline example
            source = _object_text(lines, index, match.start())
            if source is None:
                break  # (a later one on the line is inside it, or as unclosed)
            past = match.start() + len(source)
            label = _label(lines, index, before)
            if labels_wrong(label) or (wrong_level and not labels_right(label)):
                continue  # ``Wrong:``, or under ``### Common mistakes``: a call to avoid
            _credit(doc, index, match.start(), source)


def _label(lines: list[str], index: int, before: str) -> str:
    """The text introducing the call opening on line ``index`` after
    ``before``: that text, or the nearest line above holding more than tags
    (``Wrong:`` over a blank line and ``<tool_call>``)."""
    label = _TAG_RE.sub("", before).strip()
    for above in range(index - 1, max(index - 1 - _LABEL_LINES, -1), -1):
        if label:
            break
        label = _TAG_RE.sub("", lines[above]).strip()
    return _MARKER_RE.sub("", label)


def _credit(doc: PromptDoc, index: int, start: int, source: str) -> None:
    loaded = load_example(source)
    data = loaded.data
    if loaded.error is not None or not isinstance(data, dict):
        return
    tool, tool_args = data.get("tool_name"), data.get("tool_args")
    if not isinstance(tool_args, dict):
        return
    owner = tool if isinstance(tool, str) and TOOL_NAME_RE.match(tool) else None
    for key in tool_args:
        if isinstance(key, str) and TOOL_NAME_RE.match(key) and not TEMPLATE_KEY_RE.search(key):
            doc.mentions.append(TaughtArgument(key, index + 1, start + 1, True, "mention", owner))


def _object_text(lines: list[str], index: int, start: int) -> str | None:
    """The text of the object opening at ``start`` of line ``index``, to its
    closing brace (strings and their escapes followed), within its
    paragraph; None when it does not close there."""
    depth, in_string, escaped = 0, False, False
    parts: list[str] = []
    size = 0
    for number, line in enumerate(lines[index : index + _MAX_LINES]):
        if number and not line.strip():
            return None  # the paragraph ends first
        segment = line[start:] if number == 0 else line
        size += len(segment)
        if size > _MAX_CHARS:
            return None
        for offset, char in enumerate(segment):
            if in_string:
                if escaped:
                    escaped = False
                elif char == "\\":
                    escaped = True
                elif char == '"':
                    in_string = False
                continue
            if char == '"':
                in_string = True
            elif char == "{":
                depth += 1
            elif char == "}":
                depth -= 1
                if depth == 0:
                    parts.append(segment[: offset + 1])
                    return "\n".join(parts)
        parts.append(segment)
    return None
