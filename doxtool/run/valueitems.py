"""Whether a prompt names a tool, its list items read as the rules read them.

An item of a tool's section that names a value of one of the tool's
arguments (``- `open`: args `url``` under ``Set `action` to one of:`` in
``### browser``) names no tool (:mod:`doxtool.prompts.values`), even one named
like it: a tool ``open`` it is the only mention of has no prompt (PRM001). The
prompt index keeps every list item's name (a superset, for choosing the files
a run reads); who teaches a tool is decided here, with the code of the
sections' tools.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from doxtool.prompts.model import PromptDoc
from doxtool.prompts.values import Dispatch, with_values


def names_tool(
    doc: PromptDoc, tool: str, readings: Iterable[Callable[[str], Dispatch | None]]
) -> bool:
    """Whether ``doc`` names ``tool`` (before any ``:``) in a heading (one
    that may name a step too, :attr:`~doxtool.prompts.model.PromptDoc.labelled`), an
    example or a list item that is no value of its section tool's argument,
    as one of ``readings`` (what each prompt set holding the file takes a
    tool to read) has it: an item that is a value in every reading names
    nothing."""
    if any(name.split(":", 1)[0] == tool for name in [*doc.tool_names, *doc.labelled]):
        return True  # (``### search: find pages`` over no example writes it as a heading does)
    if all(item.name.split(":", 1)[0] != tool for item in doc.listed):
        return False
    for dispatch_of in readings:
        read = with_values(doc, dispatch_of)
        if any(item.name.split(":", 1)[0] == tool for item in read.listed):
            return True
    return False
