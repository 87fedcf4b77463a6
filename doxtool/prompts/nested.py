"""Calls nested in an example's arguments: ``parallel`` handed a list of calls.

``{"tool_name": "parallel", "tool_args": {"tool_calls": [{"tool_name":
"search_engine", "tool_args": {"query": "..."}}]}}`` teaches the model a call
of ``search_engine`` as surely as a top-level example does: its tool must
exist (PRM002), its arguments be read (PRM003) and its values taken (PRM008).
Only an object with both a ``tool_name`` string and a ``tool_args`` object is
such a call; any other shape (``{"tool": ..., "args": ...}``, a name alone)
may be anything, and is left alone. A nested call names its tool for those
checks only: it teaches no tool (PRM001) and is no example of the section's
tool (PRM006, PRM007).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from doxtool.prompts.examples import is_shape
from doxtool.prompts.headings import TOOL_NAME_RE
from doxtool.prompts.model import (
    TEMPLATE_KEY_RE,
    PromptDoc,
    PromptExample,
    PromptTool,
    TaughtArgument,
)

Position = Callable[[int], tuple[int, int]]


def _members(value: Any, depth: int, found: list[tuple[int, str]]) -> None:
    """(id of the object, key) of each member of the objects in ``value``
    (a container ``depth`` containers deep) past the second level, in text
    order: as the example's reader lists them."""
    if isinstance(value, dict):
        for key, item in value.items():
            if depth > 2:
                found.append((id(value), str(key)))
            _members(item, depth + 1, found)
    elif isinstance(value, list):
        for item in value:
            _members(item, depth + 1, found)


def _calls(value: Any, found: list[dict[str, Any]]) -> None:
    """The nested calls in ``value``, in text order."""
    if isinstance(value, dict):
        if isinstance(value.get("tool_name"), str) and isinstance(value.get("tool_args"), dict):
            found.append(value)
        for item in value.values():
            _calls(item, found)
    elif isinstance(value, list):
        for item in value:
            _calls(item, found)


def add_nested_calls(
    doc: PromptDoc,
    data: dict[str, Any],
    deep: list[tuple[str, int, int]],
    text: str,
    at: tuple[int, int],
    position: Position,
) -> None:
    """Add to ``doc`` the calls nested in the arguments of the call ``data``
    (an example's top-level object; ``deep`` its members past the second
    level as read, ``text`` its source, ``at`` its position): each call's
    tool, its arguments and the call as an example of its own."""
    calls: list[dict[str, Any]] = []
    _calls(data.get("tool_args"), calls)
    if not calls:
        return
    listed: list[tuple[int, str]] = []
    _members(data, 1, listed)
    # where each member lies, when the text's members are the data's
    offsets: dict[tuple[int, str], tuple[int, int]] = {}
    if [key for _, key in listed] == [key for key, _, _ in deep]:
        offsets = {m: (k, v) for m, (_, k, v) in zip(listed, deep, strict=True)}
    for call in calls:
        name, args = call["tool_name"], call["tool_args"]
        found = offsets.get((id(call), "tool_args"))
        if is_shape(name, text, found[1] if found else None) or not TOOL_NAME_RE.match(name):
            continue  # ``{"tool_name": "name", "tool_args": {...}}``: any call
        named = offsets.get((id(call), "tool_name"))
        where = position(named[1]) if named else at
        doc.tools.append(PromptTool(name, *where, "nested"))
        places: dict[str, list[int]] = {}
        for key in args:
            member = offsets.get((id(args), str(key)))
            if member is not None:
                places[str(key)] = list(position(member[1]))
            if TEMPLATE_KEY_RE.search(str(key)):
                continue  # ``"{{arg_name}}": 5``: a name doxtool does not know
            spot = position(member[0]) if member else where
            doc.arguments.append(TaughtArgument(str(key), *spot, source="example", tool=name))
        example = PromptExample(*where, text, tool_name=name, tool_args=args, data=call)
        example.places = places
        example.keys = [str(key) for key in call]
        doc.nested.append(example)
