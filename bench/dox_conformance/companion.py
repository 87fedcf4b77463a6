"""The fact items of an Agent Zero companion, read line by line.

Owns the format's fact kinds (``FIDELITY_KINDS``, ``ALL_KINDS``), the block
headers and one-line leads that carry them, ``parse_companion`` (a
``Companion``: items per kind and the lines that carry them), the identity of
an item, and the prose lines (those that carry no item).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# Fact kinds compared by regeneration fidelity, in report order.
FIDELITY_KINDS = (
    "classes",
    "methods",
    "functions",
    "constants",
    "is-a/defines",
    "imports",
    "helpers",
    "side-effects",
    "tests",
)
# Kinds the fix report knows besides those: doxtool's own tool-contract lines
# and the generated lines that stand for an empty list.
ALL_KINDS = (*FIDELITY_KINDS, "tool-contract", "markers")

CLASSES_HEAD = "- Classes:"
FUNCTIONS_HEAD = "- Top-level functions:"
TESTS_HEAD = "- Related tests observed by source search:"
CONSTANTS_LEAD = "- Notable constants/configuration names:"
IMPORTS_LEAD = "- Imported dependency areas include:"
HELPERS_LEAD = "- Important called helpers/classes observed in the source:"
EFFECTS_LEAD = "- Observed side-effect areas:"
DECLARATIVE_LINE = (
    "- This module is primarily declarative or delegates behavior through classes/imported objects."
)
NO_TESTS_PREFIX = "- No direct test reference was found by name search"

CODE_SPAN = re.compile(r"`([^`]+)`")
# A class bullet, with its bases in parentheses or, written by hand, without.
CLASS_BULLET = re.compile(r"^- `([A-Za-z_]\w*)`(?: \((.*)\))?\s*$")
NESTED_SPAN = re.compile(r"^  - `(.+)`\s*$")
FUNCTION_BULLET = re.compile(r"^- `([^`]+\(.*\)[^`]*)`(?::\s*(.*))?\s*$")
IS_A = re.compile(r"^- `([^`]+)` is an? `([^`]+)`\.\s*$")
DEFINES = re.compile(r"^- `([^`]+)` defines `([^`]+)`\.\s*$")
TOOL_CONTRACT = re.compile(r"^- (Arguments of|`break_loop` of|break_loop of) ")


@dataclass
class Companion:
    """The fact items of one companion and which of its lines carry them."""

    items: dict[str, list[str]] = field(default_factory=dict)
    fact_lines: set[int] = field(default_factory=set)  # 0-based line indexes

    def add(self, kind: str, item: str, index: int) -> None:
        self.items.setdefault(kind, []).append(item)
        self.fact_lines.add(index)

    def of(self, kind: str) -> list[str]:
        return self.items.get(kind, [])


def spans(text: str) -> list[str]:
    return CODE_SPAN.findall(text)


def parse_companion(text: str) -> Companion:
    """Read the fact items of an Agent Zero companion, line by line.

    Block headers (``- Classes:``, ``- Top-level functions:``, the related
    tests header) count as fact lines without items; every other line that no
    pattern below recognises is prose.
    """
    result = Companion()
    lines = text.splitlines()
    block = ""  # "classes", "functions", "tests" or "contract"
    current_class = ""
    contract_head = ""
    for index, line in enumerate(lines):
        stripped = line.rstrip()
        if stripped == CLASSES_HEAD:
            block, current_class = "classes", ""
            result.fact_lines.add(index)
            continue
        if stripped == FUNCTIONS_HEAD:
            block = "functions"
            result.fact_lines.add(index)
            continue
        if stripped == TESTS_HEAD:
            block = "tests"
            result.fact_lines.add(index)
            continue
        if block == "classes":
            match = CLASS_BULLET.match(stripped)
            if match:
                current_class = match.group(1)
                result.add("classes", stripped[2:], index)
                continue
            nested = NESTED_SPAN.match(stripped)
            if nested and current_class:
                result.add("methods", f"{current_class}: {stripped.strip()[2:]}", index)
                continue
        if block == "functions":
            match = FUNCTION_BULLET.match(stripped)
            if match:
                result.add("functions", stripped[2:], index)
                continue
        if block == "tests":
            nested = NESTED_SPAN.match(stripped)
            if nested:
                result.add("tests", nested.group(1), index)
                continue
        if block == "contract" and stripped.startswith("  - "):
            result.add("tool-contract", f"{contract_head} {stripped.strip()}", index)
            continue
        block = ""
        if TOOL_CONTRACT.match(stripped):
            block, contract_head = "contract", stripped[2:]
            result.add("tool-contract", contract_head, index)
            continue
        kind_items = line_items(stripped)
        if kind_items is not None:
            kind, items = kind_items
            result.fact_lines.add(index)
            for item in items:
                result.add(kind, item, index)
    return result


def line_items(line: str) -> tuple[str, list[str]] | None:
    """The kind and items of a one-line fact, or None for anything else."""
    for lead, kind in (
        (CONSTANTS_LEAD, "constants"),
        (IMPORTS_LEAD, "imports"),
        (HELPERS_LEAD, "helpers"),
    ):
        if line.startswith(lead):
            return kind, spans(line[len(lead) :])
    if line.startswith(EFFECTS_LEAD):
        rest = line[len(EFFECTS_LEAD) :].strip().removesuffix(".")
        return "side-effects", [area.strip() for area in rest.split(",") if area.strip()]
    if IS_A.match(line) or DEFINES.match(line):
        return "is-a/defines", [line[2:].rstrip().removesuffix(".")]
    if line == DECLARATIVE_LINE:
        return "markers", ["primarily declarative"]
    if line.startswith(NO_TESTS_PREFIX):
        return "markers", ["no direct test reference"]
    return None


def identity(kind: str, item: str) -> str:
    """What makes two items of a kind the same item, whatever their trailing text.

    A function bullet with and without its docstring line is one function
    written twice; a class is its name.
    """
    if kind in ("classes", "functions"):
        found = spans(item)
        return found[0] if found else item
    if kind == "methods":
        owner, _, rest = item.partition(": ")
        found = spans(rest)
        return f"{owner}: {found[0] if found else rest}"
    return item


def prose_lines(text: str, parsed: Companion) -> list[str]:
    """Non-blank lines of a companion that carry no fact item."""
    return [
        line
        for index, line in enumerate(text.splitlines())
        if index not in parsed.fact_lines and line.strip()
    ]
