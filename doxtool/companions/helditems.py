"""Argument items a fix keeps as a person wrote them, and the edit that adds
the items their block lacks without writing the block again.

An item listed twice (the person's to sort out: which copy goes is theirs
to say) and an item a suppression comment of DOX111 covers
(``<!-- doxtool: ignore[DOX111] -->`` on the line before it, or after its
text) are *held*: no fix removes or rewrites them, nor the comment. A
block holding one, or whose last item a person's paragraph goes on from
at the margin (a rewrite would land the new items inside the paragraph),
gains its missing items by an insertion after its last item
(:func:`insertion_edit`), when every other item it lists states what the
code gives; else no fix is offered (a block holding none is written again).
"""

from __future__ import annotations

from typing import Any

from doxtool.companions.agreement import documented_arguments, item_agrees
from doxtool.companions.factlines import ExpectedBlock, Keep
from doxtool.companions.goneitems import gone_item
from doxtool.companions.itemmarks import arrange
from doxtool.companions.itemtext import LIST_MARKER
from doxtool.companions.lazylines import past_lazy_lines
from doxtool.companions.leads import _is_indented
from doxtool.companions.model import Companion, FactBlock
from doxtool.companions.rendering import render_arguments
from doxtool.core.edits import Edit, line_content
from doxtool.core.patterns import LazyPattern

#: the rule whose findings on an argument item a suppression may silence
_RULE = "DOX111"
# a suppression comment (:mod:`doxtool.run.suppressions` reads it for the
# engine) and the codes it names
_SUPPRESSION = LazyPattern(r"<!--\s*doxtool\s*:\s*ignore\s*\[(?P<codes>[^\]]*)\]\s*-->")
_ONLY_COMMENT = LazyPattern(r"[ \t]*(?:<!--.*?-->[ \t]*)+")


def _silences(line: str) -> bool:
    """Whether ``line`` holds a suppression naming DOX111 (or a prefix of it)."""
    return any(
        code.strip() and _RULE.startswith(code.strip())
        for found in _SUPPRESSION.finditer(line)
        for code in found.group("codes").split(",")
    )


def _suppressed(companion: Companion, line: int) -> bool:
    """Whether a suppression of DOX111 covers the item at ``line`` (1-based):
    written after its text, or alone on the lines right before it."""
    if _silences(line_content(companion.lines[line - 1])):
        return True
    index = line - 2
    while index >= 0:
        content = line_content(companion.lines[index])
        if not _ONLY_COMMENT.fullmatch(content):
            return False
        if _silences(content):
            return True
        index -= 1
    return False


def held_items(companion: Companion, block: FactBlock, read: set[str]) -> set[str]:
    """The names of the argument items of ``block`` a fix keeps as written:
    listed twice, covered by a suppression of DOX111, or saying that their
    argument, not in ``read``, is gone."""
    if block.kind != "arguments" or not isinstance(block.values, list):
        return set()
    names = [v.get("name") for v in block.values if isinstance(v, dict)]
    held = {name for name in names if isinstance(name, str) and names.count(name) > 1}
    # an item saying its argument is gone (``(removed in v2)``): the person's
    # record of it, never rewritten (unless it names an argument read)
    held |= {v["name"] for v in block.values if gone_item(v, read)}
    for name, line in block.item_lines.items():
        if 0 < line <= len(companion.lines) and _suppressed(companion, line):
            held.add(name)
    return held


def read_names(expected: ExpectedBlock) -> set[str]:
    """The names of the arguments ``expected`` (an arguments block) lists."""
    values = expected.values if isinstance(expected.values, list) else []
    return {v["name"] for v in values if isinstance(v, dict) and isinstance(v.get("name"), str)}


def after_last_item(block: FactBlock) -> int | None:
    """The index of the line after the last item of ``block`` (a second copy
    of one included) and the lines that are part of it (nested notes, its
    text going on); None when it lists none. (A paragraph of a person's
    that goes on from there at the margin is stepped past by the caller.)"""
    notes = {note.line: note for note in block.notes}
    items = [index for index in range(block.start + 1, block.end) if index not in notes]
    if not items:
        return None
    index = end = items[-1] + 1
    while index in notes and notes[index].own:
        index += 1
        if not notes[index - 1].blank:
            end = index  # (blank lines before what follows stay with it)
    return end


def insertion_lines(
    companion: Companion, expected: ExpectedBlock, existing: FactBlock
) -> list[str] | None:
    """The items to add after the last item of ``existing`` (the arguments
    it lacks), leaving every line of it as written; None when an item it
    lists does not state what the code gives (only a rewrite could say it,
    and one would lose what is held), or when nothing is missing."""
    if not isinstance(expected.values, list) or not isinstance(existing.values, list):
        return None
    facts = {v["name"]: v for v in expected.values if isinstance(v, dict) and "name" in v}
    held = held_items(companion, existing, set(facts))
    listed = documented_arguments(existing.values, set(facts))
    for documented in listed:
        name = documented.get("name")
        fact = facts.get(name)
        if fact is None:
            if name in held or expected.open:
                continue
            return None  # an item the code no longer reads
        if not item_agrees(fact, documented):
            return None
    names = {v.get("name") for v in listed}
    missing: list[Any] = [v for name, v in facts.items() if name not in names]
    if not missing:
        return None
    found = arrange(list(facts.values()), existing)
    if found is None:
        return None  # a new item cannot be numbered as the person's are
    rendered = render_arguments(expected.subject, missing, Keep(marks=found[1]))
    return rendered[1:]


def insertion_edit(
    companion: Companion, expected: ExpectedBlock, existing: FactBlock
) -> Edit | None:
    """The edit adding the arguments ``existing`` lacks after its last item
    (past a paragraph of a person's going on from it at the margin), every
    line of it left as written."""
    lines = insertion_lines(companion, expected, existing)
    index = after_last_item(existing)
    if lines is None or index is None:
        return None
    index = past_lazy_lines(companion, index)
    following = line_content(companion.lines[index]) if index < companion.line_count else ""
    if _is_indented(following) and not LIST_MARKER.match(following):
        return None  # the text after would read as the new item's
    return Edit(companion.path, index, index, lines)


def drops_words(existing: FactBlock, expected: ExpectedBlock) -> bool:
    """Whether rewriting ``existing`` as ``expected`` loses text a person
    wrote after an item that is no longer there, or under it (notes, which
    go with the item or, when not nested in it, move to the block's end)."""
    kept = {v.get("name") for v in expected.values if isinstance(v, dict)}
    if existing.kind != "arguments" or expected.open:
        return False  # (open: the items only the companion lists are kept)
    return any(
        prose.strip(" \t.") and name not in kept for name, prose in existing.item_prose.items()
    ) or any(
        note.anchor is not None and note.anchor not in kept and not note.blank
        for note in existing.notes
    )
