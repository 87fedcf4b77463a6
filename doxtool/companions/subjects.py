"""The class a fact line names in a person's way.

A person may name the tool of an ``Arguments of`` or ``break_loop`` line by
its method (`` `WaitTool.execute` ``: the lead reads the class, see
:func:`doxtool.companions.respelled.class_name`), by the tool's name the
model calls it by (`` `wait` ``, ``the `wait` tool``), by the dictionary
the model fills (`` `tool_args` ``) or by its method alone (`` `execute` ``).
When that names one tool class of the module and no line names the class
itself, the line is read as the class's:
compared as its line is, never rewritten (its lead is the person's), and
never called stale.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping

from doxtool.companions.model import FactBlock

#: subjects that name the arguments dictionary, not a class
ARGUMENT_DICTS = frozenset({"tool_args", "args", "kwargs"})


def subject_class(subject: str | None, tools: Mapping[str, str]) -> str | None:
    """The tool class ``subject`` names (``tools``: tool name -> class name
    of the module's tool classes); None when it names none or more than one."""
    if subject is None or subject in tools.values():
        return None
    classes = set(tools.values())
    if subject in tools and list(tools.values()).count(tools[subject]) == 1:
        return tools[subject]
    if (subject in ARGUMENT_DICTS or subject == "execute") and len(classes) == 1:
        return next(iter(classes))
    return None


def read_as_classes(blocks: Iterable[FactBlock], tools: Mapping[str, str]) -> dict[str, FactBlock]:
    """Blocks by key, a block naming a tool class in a person's way under
    the key of that class (when no block has that key): marked as the
    person's form (``table``), so that no fix rewrites or removes it."""
    by_key = {block.key: block for block in blocks}
    for key, block in list(by_key.items()):
        named = subject_class(block.subject, tools)
        if named is None:
            continue
        own = f"{block.kind}:{named}"
        if own in by_key:
            continue
        del by_key[key]
        by_key[own] = dataclasses.replace(block, key=own, subject=named, table=True, bare=False)
    return by_key
