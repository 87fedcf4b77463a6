"""Where the items of a rewritten argument block go, and how each is marked.

A person may order an argument block's items their own way and mark them
their own way: ``*`` or ``+`` bullets, deeper indentation, numbers (``1.``,
``2)``). A fix that writes the block again keeps both: the items written
stay in their written order, each with the mark it has (indentation,
bullet or number, spacing), and the items the block lacks go after its last
item, in the code's order, marked like the item before them; in a numbered
list they take the next numbers, when the numbers count up by one (or all
repeat one number). Where they cannot, the block is not written again (see
:func:`arrange`), and the lines of the other blocks are numbered the same
way (:func:`appended_mark`).
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from typing import Any

from doxtool.companions.factlines import Keep
from doxtool.companions.model import FactBlock

#: how doxtool marks an argument item
DEFAULT_MARK = "  - "

_NUMBERED = re.compile(r"(?P<indent>[ \t]*)(?P<number>\d{1,9})(?P<rest>[.)][ \t]+)")


def _names(values: list[Any]) -> list[str]:
    return [v["name"] for v in values if isinstance(v, dict) and isinstance(v.get("name"), str)]


def written_order(names: list[str], lines: dict[str, int]) -> list[str]:
    """``names`` (in the code's order), those written in the block (``lines``:
    name -> line) in their written order, then the others in the code's."""
    written = sorted((name for name in names if name in lines), key=lambda name: lines[name])
    return [*written, *(name for name in names if name not in lines)]


def _step(numbers: list[int]) -> int | None:
    """How a numbered list counts: by one, or one number repeated (1 for a
    list of one item); None when neither."""
    steps = {later - earlier for earlier, later in itertools.pairwise(numbers)}
    if not steps:
        return 1
    return steps.pop() if steps in ({0}, {1}) else None


def item_marks(
    order: list[str], written: dict[str, str], lines: dict[str, int]
) -> dict[str, str] | None:
    """The mark of each item of ``order`` (the written items, then the new
    ones): the one written (``written``; ``lines`` says where), or for a new
    item the mark of the block's last item, the next number in a numbered
    list; None when a new item cannot follow the numbers."""
    marks: dict[str, str] = {}
    sequence = [written[name] for name in sorted(written, key=lambda n: lines.get(n, 0))]
    for name in order:
        if name in written:
            marks[name] = written[name]
            continue
        if not sequence or not numbered(sequence[-1]):
            mark: str | None = sequence[-1] if sequence else DEFAULT_MARK
        else:
            mark = appended_mark(sequence)
        if mark is None:
            return None  # the person's numbers would have to change
        marks[name] = mark
        sequence.append(mark)
    return marks


def numbered(mark: str) -> bool:
    """Whether ``mark`` numbers its item (``1.``, ``  2)``)."""
    return _NUMBERED.fullmatch(mark) is not None


def appended_mark(marks: list[str]) -> str | None:
    """The mark of an item added after the items marked ``marks`` (in their
    written order) in a numbered list: the next number; None when the
    numbers neither count up by one nor repeat one number, or when the next
    has more digits than a list marker may (nine)."""
    found = [_NUMBERED.fullmatch(mark) for mark in marks]
    if not found or any(match is None for match in found):
        return None
    numbers = [int(match.group("number")) for match in found if match is not None]
    step = _step(numbers)
    last = found[-1]
    if step is None or last is None or len(str(numbers[-1] + step)) > 9:
        return None  # (a number of ten digits marks no list item)
    return f"{last.group('indent')}{numbers[-1] + step}{last.group('rest')}"


def arrange(values: list[Any], existing: FactBlock) -> tuple[list[Any], dict[str, str]] | None:
    """``values`` (the arguments to write, in the code's order) in the order
    the rewritten block lists them, with each item's mark; None when a new
    item cannot be marked as the block's own are."""
    names = _names(values)
    if len(set(names)) != len(names) or len(names) != len(values):
        return values, {}
    order = written_order(names, existing.item_lines)
    marks = item_marks(order, existing.item_marks, existing.item_lines)
    if marks is None:
        return None
    by_name = {v["name"]: v for v in values}
    return [by_name[name] for name in order], marks


def arranged(values: list[Any], existing: FactBlock, keep: Keep) -> tuple[list[Any], Keep]:
    """``values`` as :func:`arrange` orders them, and ``keep`` with their
    marks; the notes at the block's end that are not part of its last item
    (`` _All are optional._ ``, about the whole list) stay at the end, after
    the new items (when the marks cannot be followed, both are as given)."""
    found = arrange(values, existing)
    if found is None:
        return values, keep
    order, marks = found
    names = _names(order)
    new = [name for name in names if name not in existing.item_lines]
    last = next((name for name in reversed(names) if name in existing.item_lines), None)
    notes = list(keep.notes)
    if new and last is not None:
        for position in reversed([p for p, (anchor, _) in enumerate(notes) if anchor == last]):
            if position in keep.own_notes:
                break
            notes[position] = (new[-1], notes[position][1])
    return order, dataclasses.replace(keep, marks=marks, notes=notes)
