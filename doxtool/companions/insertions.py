"""Several fixes inserting at one place of a companion, as one insertion.

Every finding about a missing block or section carries the edit that inserts
it (with its section's heading and the section's other missing blocks, when
the section is missing: :func:`doxtool.companions.edits.block_edit`). Fixes
applied together would write such a section once per finding, and in the
order the findings came; :func:`combine_insertions` makes the insertions at
one line a single edit instead: lines added to the section before that line
first, then each new section once (its blocks merged, in their order), the
sections in canonical order, set off by blank lines.
"""

from __future__ import annotations

from doxtool.companions.edits import _section_insertion_lines, _section_rank
from doxtool.companions.headings import normalize_title
from doxtool.companions.leads import _is_blank, _lead
from doxtool.companions.model import Companion
from doxtool.companions.parsing import parse_companion
from doxtool.core.edits import Edit
from doxtool.core.patterns import LazyPattern

#: a section heading as fixes write it
_HEADING = LazyPattern(r"##[ \t]+(?P<title>.*?)[ \t]*")


def _trimmed(lines: list[str]) -> list[str]:
    """``lines`` without the blank lines they start and end with."""
    start, end = 0, len(lines)
    while start < end and _is_blank(lines[start]):
        start += 1
    while end > start and _is_blank(lines[end - 1]):
        end -= 1
    return lines[start:end]


def _split(lines: list[str]) -> tuple[list[str], list[tuple[str, list[str]]]]:
    """The lines before the first heading, then each section: (title, lines)."""
    head: list[str] = []
    sections: list[tuple[str, list[str]]] = []
    for line in lines:
        heading = _HEADING.fullmatch(line)
        if heading is not None:
            sections.append((heading.group("title"), []))
        elif sections:
            sections[-1][1].append(line)
        else:
            head.append(line)
    return head, [(title, _trimmed(body)) for title, body in sections]


def _union(first: list[str], second: list[str]) -> list[str]:
    """The lines of both, each once where both have it, in their order."""
    merged: list[str] = []
    from difflib import SequenceMatcher  # only fixes that insert need it

    matcher = SequenceMatcher(None, first, second, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        merged.extend(first[i1:i2])
        if tag in ("insert", "replace"):
            merged.extend(second[j1:j2])
    return merged


def has_heading(lines: list[str]) -> bool:
    return any(_HEADING.fullmatch(line) is not None for line in lines)


def merge_insertion_lines(companion: Companion, index: int, inserts: list[list[str]]) -> list[str]:
    """The lines of ``inserts`` (each what one fix inserts before line
    ``index`` of ``companion``), inserted together.

    Without a section heading among them, they are written one after the
    other, each once. Otherwise the lines before a heading come first (a
    title, then blocks added to the section above), then every section once,
    in canonical order, whatever the order of the fixes.
    """
    distinct: list[list[str]] = []
    for lines in inserts:
        if lines not in distinct:
            distinct.append(lines)
    if not any(has_heading(lines) for lines in distinct):
        return [line for lines in distinct for line in lines]
    heads: list[list[str]] = []
    sections: dict[str, tuple[str, list[str]]] = {}
    for lines in distinct:
        head, parts = _split(lines)
        while head and _is_blank(head[-1]):
            head.pop()
        if head and head not in heads:
            heads.append(head)
        for title, body in parts:
            key = normalize_title(title)
            if key in sections:
                sections[key] = (sections[key][0], _union(sections[key][1], body))
            else:
                sections[key] = (title, body)
    # a title first: it heads the document
    heads.sort(key=lambda head: not _trimmed(head)[0].startswith("# "))
    groups = sorted(sections.values(), key=lambda item: _section_rank(item[0]))
    body = _section_insertion_lines(companion, index, groups)
    if not heads:
        return body
    if body and _is_blank(body[0]):
        body = body[1:]
    return [*(line for head in heads for line in head), "", *body]


def combine_insertions(text: str, edits: list[Edit]) -> list[Edit]:
    """For each of ``edits`` (to the companion ``text``), the edit that
    carries it: itself, or the one insertion made of every insertion at its
    line when one of them inserts a section."""
    at: dict[int, list[int]] = {}
    for position, edit in enumerate(edits):
        if edit.is_insertion:
            at.setdefault(edit.start, []).append(position)
    carriers = list(edits)
    companion: Companion | None = None
    for index, positions in at.items():
        inserts = [edits[p].lines for p in positions]
        if len(positions) < 2 or not any(has_heading(lines) for lines in inserts):
            continue
        if companion is None:
            companion = parse_companion(text)
        lines = merge_insertion_lines(companion, index, inserts)
        merged = Edit(edits[positions[0]].path, index, index, lines)
        for position in positions:
            carriers[position] = merged
    return carriers


def items_first(edits: list[Edit]) -> list[Edit]:
    """``edits`` with the insertions at each line put in order, every other
    edit kept in its place: lines that go on with the block ending there
    (items, no lead of their own) first, then new blocks (a lead), then
    sections, whichever fix came first. Items written under a new block's
    lead would be read as its (an argument under the ``break_loop`` line
    added after a person's paragraph going on from the last item)."""
    slots: dict[int, list[int]] = {}
    for position, edit in enumerate(edits):
        if edit.is_insertion:
            slots.setdefault(edit.start, []).append(position)
    ordered = list(edits)
    for positions in slots.values():
        ranked = sorted((edits[p] for p in positions), key=_insertion_rank)
        for position, edit in zip(positions, ranked, strict=True):
            ordered[position] = edit
    return ordered


def _insertion_rank(edit: Edit) -> int:
    if has_heading(edit.lines):
        return 2
    first = next((line for line in edit.lines if not _is_blank(line)), "")
    return 0 if _lead(first) is None else 1
