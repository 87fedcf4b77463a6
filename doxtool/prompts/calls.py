"""One JSON example of a prompt, read: what it is (a call, a result record,
the shape of any call), the tool it names and the arguments it teaches
(the rules are in :mod:`doxtool.prompts.parse`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from doxtool.prompts.examples import documents_a_record, is_shape, load_example
from doxtool.prompts.headings import TOOL_NAME_RE
from doxtool.prompts.leads import NOT_ARGUMENTS_RE
from doxtool.prompts.model import (
    TEMPLATE_KEY_RE,
    JsonError,
    PromptDoc,
    PromptExample,
    PromptTool,
    TaughtArgument,
)
from doxtool.prompts.nested import add_nested_calls
from doxtool.prompts.templated import arguments_templated


def read_call(
    doc: PromptDoc,
    example: PromptExample,
    tool: str | None,
    position: Callable[[int], tuple[int, int]],
) -> None:
    """Read ``example`` (one of ``doc``'s, in the section of ``tool``): its
    data or its JSON error, and the tool and arguments it teaches, added to
    ``doc``. ``position`` maps an offset in its text to the file's line and
    column."""
    text = example.text
    line, column = example.line, example.column
    loaded = load_example(text)
    if loaded.error is not None:
        message, offset = loaded.error
        err_line, err_column = position(offset) if offset is not None else (line, column)
        example.error = JsonError(message, err_line, err_column)
        example.written_keys = loaded.written_keys
        return
    example.data = loaded.data
    if not isinstance(loaded.data, dict):
        return
    example.keys = [str(key) for key in loaded.data]
    members = {(m.parent, m.key): m for m in reversed(loaded.members)}
    tool_name = loaded.data.get("tool_name")
    if isinstance(tool_name, str):
        example.tool_name = tool_name
    if documents_a_record(example.keys):
        example.record = True
        return  # ``{"job_id": ..., "tool_name": ..., "status": ...}`` reports, not calls
    args_member = members.get((None, "tool_args"))
    if is_shape(tool_name, text, args_member.value_offset if args_member else None):
        return  # ``{"tool_name": "name", "tool_args": {...}}`` describes any call
    if isinstance(tool_name, str) and TOOL_NAME_RE.match(tool_name):
        # ``"tool_name": "..."`` in a schematic example names no tool
        member = members.get((None, "tool_name"))
        at = position(member.value_offset) if member else (line, column)
        doc.tools.append(PromptTool(tool_name, *at, "example"))
    tool_args = loaded.data.get("tool_args")
    example.templated = arguments_templated(
        text, args_member.value_offset if args_member else None, tool_args
    )
    if tool is not None and tool_name is None and tool_args is None:
        _bare_arguments(doc, example, tool, members, position)
    if isinstance(tool_args, dict):
        example.tool_args = tool_args
        owner = example.tool_name if example.tool_name is not None else tool
        for key in tool_args:
            member = members.get(("tool_args", str(key)))
            if member is not None:
                example.places[str(key)] = list(position(member.value_offset))
            if TEMPLATE_KEY_RE.search(str(key)):
                continue  # ``"{{arg_name}}": 5``: a name doxtool does not know
            at = position(member.key_offset) if member else (line, column)
            doc.arguments.append(
                TaughtArgument(str(key), *at, optional=False, source="example", tool=owner)
            )
        # ``parallel`` handed ``[{"tool_name": ..., "tool_args": {...}}]``
        add_nested_calls(doc, loaded.data, loaded.deep, text, (line, column), position)


def _bare_arguments(
    doc: PromptDoc,
    example: PromptExample,
    tool: str,
    members: dict[tuple[str | None, str], Any],
    position: Callable[[int], tuple[int, int]],
) -> None:
    """``{"action": "start", "task_id": 1}`` in a tool's section, with no
    ``tool_name`` nor ``tool_args``: the arguments of a call written alone,
    its keys named, as a brace object's are in prose (mentions, never
    checked as arguments); none when the text leading it is about what the
    tool gives back or what not to send (``Returns:``)."""
    if NOT_ARGUMENTS_RE.search(example.label):
        return
    for key in example.keys:
        if TOOL_NAME_RE.match(key):
            member = members.get((None, key))
            at = position(member.key_offset) if member else (example.line, example.column)
            doc.mentions.append(TaughtArgument(key, *at, True, "mention", tool))
