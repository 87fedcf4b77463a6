"""Arguments a companion documents once, on the base class that reads them.

A module whose tools derive from a base of its own (``WebSearch(
BaseSearchTool)``) may document the arguments the base's methods read in
an ``Arguments of `BaseSearchTool`:`` block, and each tool's own block then
lists only what the tool reads besides (or there is none). An argument whose
every read is in a method of such a base, and which the base's block lists,
is documented there: it is not missing from the tool's block, and a fix
writes no second item for it. One the tool's own block lists too stays the
tool's, compared as before; one the base's block states otherwise than the
code (``required`` for an optional read) is asked for under the tool.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from doxtool.companions.agreement import argument_differences
from doxtool.companions.factlines import ExpectedBlock
from doxtool.companions.model import FactBlock
from doxtool.companions.rendering import Keep, render_arguments
from doxtool.core.facts import ClassFacts, ToolFacts


def _ancestors(tool: ToolFacts, classes: Mapping[str, ClassFacts]) -> set[str]:
    """The module's classes ``tool`` derives from, at any depth."""
    found: set[str] = set()
    waiting = [base.rsplit(".", 1)[-1] for base in tool.bases]
    while waiting:
        name = waiting.pop()
        if name in found or name not in classes or name == tool.class_name:
            continue
        found.add(name)
        waiting += [base.rsplit(".", 1)[-1] for base in classes[name].bases]
    return found


def _items(block: FactBlock | None) -> dict[str, dict[str, Any]]:
    if block is None or not isinstance(block.values, list):
        return {}
    return {v["name"]: v for v in block.values if isinstance(v, dict) and "name" in v}


def less_base_documented(
    expected: ExpectedBlock,
    tool: ToolFacts,
    classes: Mapping[str, ClassFacts],
    existing: Mapping[str, FactBlock],
) -> ExpectedBlock | None:
    """``expected`` (a tool's arguments) without the arguments a base's
    block documents (see the module's docstring); None when every argument
    is and the tool has no block of its own: nothing is left to ask for."""
    if expected.kind != "arguments" or not isinstance(expected.values, list):
        return expected
    listed = {base: _items(existing.get(f"arguments:{base}")) for base in _ancestors(tool, classes)}
    own = existing.get(expected.key)
    mine = _items(own)

    def on_base(want: dict[str, Any]) -> bool:
        name = want.get("name")
        argument = tool.argument(name) if isinstance(name, str) else None
        if name in mine or argument is None or not argument.reads:
            return False
        # (an item of the base's that the code contradicts documents nothing:
        # the tool's block is asked for the argument, as with no base block)
        items = [
            listed.get(read.function.split(".", 1)[0], {}).get(name) for read in argument.reads
        ]
        return all(item is not None and not argument_differences(want, item) for item in items)

    values = [v for v in expected.values if not (isinstance(v, dict) and on_base(v))]
    if len(values) == len(expected.values):
        return expected
    if not values and own is None:
        return None
    lines = render_arguments(expected.subject, values, Keep(), expected.open)
    section_lines = {**expected.section_lines}
    if expected.key in section_lines:
        section_lines[expected.key] = lines
    return dataclasses.replace(expected, values=values, lines=lines, section_lines=section_lines)
