"""Fixing a companion: the edits that rewrite drifted fact blocks in place,
insert missing ones where they belong and remove stale ones.

:func:`fix_companion` applies them; a second run changes nothing. Prose a
person wrote is never rewritten, and an edit never lands inside a code block
or another fact block.
"""

from __future__ import annotations

from dataclasses import replace

from doxtool.companions.agreement import values_agree
from doxtool.companions.bullets import is_item
from doxtool.companions.factlines import SECTIONS, ExpectedBlock, split_list
from doxtool.companions.headings import normalize_title
from doxtool.companions.helditems import held_items, insertion_edit, read_names
from doxtool.companions.itemmarks import arrange
from doxtool.companions.keeping import true_item_lines, with_persons_arguments
from doxtool.companions.lazylines import lazy_line, past_item_lines
from doxtool.companions.leads import _continues, _is_blank, _is_indented
from doxtool.companions.model import Companion, FactBlock, Section
from doxtool.companions.namedlines import commented_item, named_after, named_in_notes
from doxtool.companions.otherwords import titled_otherwise
from doxtool.companions.parsing import parse_companion
from doxtool.companions.rendering import render_block
from doxtool.companions.sectionplace import insertion_point
from doxtool.companions.unreadleads import unread_key, unread_lead
from doxtool.core.edits import Edit, apply_edits, line_content, narrow_edit

# --- Fixing ----------------------------------------------------------------


def _contents(companion: Companion, start: int, end: int) -> list[str]:
    return [line_content(line) for line in companion.lines[start:end]]


def _safe_point(companion: Companion, index: int) -> int:
    """``index``, moved before the code block or fact block it would land inside."""
    for code_block in companion.code_blocks:
        runs_to_end = not code_block.closed and all(
            _is_blank(line_content(line)) for line in companion.lines[code_block.end :]
        )
        if code_block.start < index < code_block.end or (runs_to_end and code_block.start < index):
            index = code_block.start
            break
    for block in companion.blocks + companion.duplicates:
        if block.start < index < block.end:
            return block.start
    return index


def _last_content_end(companion: Companion, section: Section) -> int:
    """Index just after the section's last non-blank line."""
    last = section.start
    for index in range(section.start, section.end):
        if not _is_blank(line_content(companion.lines[index])):
            last = index
    return last + 1


def _block_insertion_point(
    companion: Companion, section: Section | None, expected: ExpectedBlock
) -> int | None:
    """Where a missing block goes in ``section``; with no section (its own
    is titled in other words), beside a block of it anywhere, else None."""

    def located(key: str) -> FactBlock | None:
        block = companion.block(key)
        if block is not None and (section is None or section.start <= block.start < section.end):
            return block
        return None

    for key in expected.follows:
        block = located(key)
        if block is not None:  # (past a person's words continuing its last item)
            return _safe_point(companion, past_item_lines(companion, block.end))
    for key in expected.precedes:
        block = located(key)
        if block is not None:
            return _safe_point(companion, block.start)
    return (
        None if section is None else _safe_point(companion, _last_content_end(companion, section))
    )


def _section_insertion_point(companion: Companion, title: str) -> int:
    persons = insertion_point(companion, title)  # (among the person's headings)
    if persons is not None:
        return _safe_point(companion, persons)
    wanted = normalize_title(title)
    canonical = [normalize_title(t) for t in SECTIONS]
    if wanted in canonical:
        for later in SECTIONS[canonical.index(wanted) + 1 :]:
            section = companion.section(later)
            if section is not None:
                return section.start
    return _safe_point(companion, companion.line_count)


def _block_insertion_lines(
    companion: Companion, index: int, blocks: list[ExpectedBlock]
) -> list[str]:
    lines = [line for block in blocks for line in block.lines]
    if any(block.joins_next and block.end == index for block in companion.code_blocks):
        # right after raw HTML that only a blank line ends, the lines would be HTML
        lines.insert(0, "")
    if index < companion.line_count and _continues(
        blocks[-1].kind, line_content(companion.lines[index]), companion.in_code(index)
    ):
        # the next line would read as part of the new block: a blank line ends it
        lines.append("")
    return lines


def _section_insertion_lines(
    companion: Companion, index: int, sections: list[tuple[str, list[str]]]
) -> list[str]:
    """Headings and block lines of missing sections, set off by blank lines
    (and each heading from its lines when the companion so writes its own)."""
    lines: list[str] = []
    spaced = _spaced_headings(companion)
    for title, block_lines in sections:
        if lines:
            lines.append("")
        lines.append(f"## {title}")
        if spaced and block_lines:
            lines.append("")
        lines.extend(block_lines)
    if index > 0 and not _is_blank(line_content(companion.lines[index - 1])):
        lines.insert(0, "")
    if index < companion.line_count and not _is_blank(line_content(companion.lines[index])):
        lines.append("")
    return lines


def _spaced_headings(companion: Companion) -> bool:
    """Whether the companion has a ``##`` section and a blank line after the
    heading of each of its sections that has lines (as the format writes them)."""
    headed = [
        section
        for section in companion.sections
        if section.level == 2 and section.start + 1 < min(section.end, companion.line_count)
    ]
    return bool(headed) and all(
        _is_blank(line_content(companion.lines[section.start + 1])) for section in headed
    )


def _replacement(companion: Companion, expected: ExpectedBlock, existing: FactBlock) -> Edit | None:
    if existing.table or values_agree(expected, existing):
        return None  # (a table is the person's form: never rewritten as a list)
    if named_after(companion, expected, existing):
        return None  # the person's item for it, after the block, in a form not read
    if commented_item(companion, existing):
        return None  # an item set aside in a comment: a new one might be written in it
    if expected.kind == "arguments":
        if not existing.values and lazy_line(companion, existing.end):
            # ``- Arguments of `X`:`` then ``none.`` at the margin, one
            # paragraph: items written under the lead would split it
            return None
        held = held_items(companion, existing, read_names(expected))
        if held or lazy_line(companion, existing.end):
            # items a person's words hold, or a paragraph of theirs going on
            # from the last item: the missing items are added after it
            added = insertion_edit(companion, expected, existing)
            if added is not None or held:
                return added
    if expected.open and with_persons_arguments(expected, existing) is None:
        return None  # an item only the companion lists could not be written again
    if (
        expected.kind == "arguments"
        and isinstance(expected.values, list)
        and arrange(expected.values, existing) is None
    ):
        return None  # a new item cannot be numbered as the person's are
    if named_in_notes(companion, expected, existing):
        return None  # the person's line about it may say what the item would
    if _rewrites_wrapped(companion, expected, existing):
        return None  # its line would state new facts, the next lines the old ones
    lines = render_block(expected, existing, companion)
    if lines == _contents(companion, existing.start, existing.end):
        return None
    if not reads_back(expected.key, expected.section, lines):
        return None  # the next run would not find the block: it would write a second one
    return Edit(companion.path, existing.start, existing.end, lines)


def reads_back(key: str, section: str | None, lines: list[str]) -> bool:
    """Whether ``lines``, the rewrite of a block, read as the block ``key``
    again, from their first line (under a ``section`` heading). A person's
    clause after the items may not: ``none`` then their words (``none when
    set``, what `` `a` when set`` becomes once `a` is gone) is no fact line,
    and the next fix would insert the block beside it. Such a block is
    reported but not rewritten: the words are the person's to place."""
    heading = [f"## {section}"] if section else []
    text = "\n".join([*heading, *lines, ""])
    block = parse_companion(text).block(key)
    return block is not None and block.start == len(heading)


def _rewrites_wrapped(companion: Companion, expected: ExpectedBlock, existing: FactBlock) -> bool:
    """Whether rewriting ``existing`` as ``expected`` would change an
    argument item whose facts are wrapped onto the lines after it."""
    if not existing.wrapped or not isinstance(expected.values, list):
        return False
    named = {v.get("name") for v in expected.values if isinstance(v, dict)}
    kept = true_item_lines(expected, existing, companion)
    return any(name in named and name not in kept for name in existing.wrapped)


def _missing_section_lines(companion: Companion, expected: ExpectedBlock) -> list[str]:
    """Lines of ``expected`` and of the other blocks of its (missing) section
    that the companion lacks, in canonical order."""
    section_lines = expected.section_lines or {expected.key: expected.lines}
    if expected.key not in section_lines:
        section_lines = {**section_lines, expected.key: expected.lines}
    unread = {key for key, lines in section_lines.items() if unread_key(companion, key, lines)}
    return [
        line
        for key, lines in section_lines.items()
        if key == expected.key or (companion.block(key) is None and key not in unread)
        for line in lines
    ]


def block_edit(companion: Companion, expected: ExpectedBlock) -> Edit | None:
    """The edit that makes ``companion`` state ``expected``; None if it does.

    A drifted block is replaced in place. A missing block is inserted after
    the nearest block of its section that comes before it in canonical order,
    else before the nearest one that comes after it, else after the section's
    last non-blank line; a missing section is inserted, with its heading,
    before the next canonical section present, or at the end. It comes with
    every block of it the companion lacks, so the block edits of a missing
    section are all one edit, and applying several of them inserts it once.
    """
    if unread_lead(companion, expected) is not None:
        return None  # a second block would contradict the person's
    existing = companion.block(expected.key)
    if existing is not None:
        return _replacement(companion, expected, existing)
    section = companion.section(expected.section)
    if section is None and titled_otherwise(companion, expected.section, expected.section_lines):
        # the person's heading in other words may be the section: the block
        # goes beside one of its blocks, and no second heading is written
        index = _block_insertion_point(companion, None, expected)
        if index is None:
            return None
        lines = _block_insertion_lines(companion, index, [expected])
    elif section is None:
        index = _section_insertion_point(companion, expected.section)
        lines = _section_insertion_lines(
            companion, index, [(expected.section, _missing_section_lines(companion, expected))]
        )
    else:
        index = _block_insertion_point(companion, section, expected)
        lines = _block_insertion_lines(companion, index, [expected])
    return Edit(companion.path, index, index, lines)


def section_edit(companion: Companion, title: str, lines: list[str] | None = None) -> Edit:
    """The edit inserting a missing ``## title`` section (with ``lines`` under
    its heading) before the next canonical section present, else at the end.

    The end of a companion can lie inside a fence or an HTML comment that is
    never closed; the section then goes before that block, where it is read
    as a section (appending it would hide it, and every run would add it again).
    """
    index = _section_insertion_point(companion, title)
    return Edit(
        companion.path,
        index,
        index,
        _section_insertion_lines(companion, index, [(title, list(lines or []))]),
    )


def _has_person_text(block: FactBlock) -> bool:
    return bool(
        block.prose.strip()
        or block.clause.strip()
        or any(not note.blank for note in block.notes)
        or any(text.strip() for text in block.item_prose.values())
    )


def _holds_what_follows(companion: Companion, block: FactBlock) -> bool:
    """Whether deleting ``block`` could change how the lines after it read.

    An indented line after it (even past blank lines) may be a continuation
    of its list item, and a class-like bullet could join the block above.
    """
    index = block.end
    while index < companion.line_count and _is_blank(line_content(companion.lines[index])):
        index += 1
    if index >= companion.line_count:
        return False
    following = line_content(companion.lines[index])
    if _is_indented(following):
        return True
    return index == block.end and (is_item("classes", following) or is_item("functions", following))


def removal_edit(companion: Companion, block: FactBlock) -> Edit | None:
    """The edit deleting a stale ``block``, or None when deleting it is not safe.

    It is not safe when the block holds text of a person's (prose after a
    fact, notes, a table), when its key is duplicated (the person's to sort out; and
    deleting the first would only make the second stale on the next run), or
    when the lines after it could read differently without it.
    """
    duplicated = any(other.key == block.key for other in companion.duplicates)
    if duplicated or block.table or _has_person_text(block):
        return None
    if _holds_what_follows(companion, block):
        return None
    return Edit(companion.path, block.start, block.end, [])


def removable_with_words(companion: Companion, block: FactBlock) -> bool:
    """Whether deleting ``block`` is safe for the document's structure (it
    may still hold a person's words: that makes the removal unsafe, not wrong)."""
    duplicated = any(other.key == block.key for other in companion.duplicates)
    return not duplicated and not block.table and not _holds_what_follows(companion, block)


#: the words of a ``break_loop`` sentence doxtool writes (``always `false```,
#: ```true` or `false```, ``none``)
def fact_sentence(companion: Companion, block: FactBlock) -> str | None:
    """The sentence of a one-line fact about a subject (``- `break_loop` of
    `X`: <sentence>. prose``), up to its ``.`` or ``;``; None when the lead
    line does not name its subject in backticks."""
    line = line_content(companion.lines[block.start])
    lead = f"`{block.subject}`:"
    at = line.find(lead)
    if block.subject is None or at == -1:
        return None
    sentence, _, _ = split_list(line[at + len(lead) :])
    return sentence


def stale_blocks(companion: Companion, expected: list[ExpectedBlock]) -> list[FactBlock]:
    """Blocks stating facts the module no longer has (empty blocks, and
    blocks whose subject is written without backticks, excepted)."""
    keys = {block.key for block in expected}
    return [
        block
        for block in companion.blocks
        if block.key not in keys and block.values not in ([], None, "") and not block.bare
    ]


def _section_rank(title: str) -> int:
    canonical = [normalize_title(t) for t in SECTIONS]
    wanted = normalize_title(title)
    return canonical.index(wanted) if wanted in canonical else len(canonical)


def companion_edits(
    companion: Companion, expected: list[ExpectedBlock], *, remove_stale: bool = False
) -> list[Edit]:
    """All edits that bring ``companion`` in line with ``expected``, computed
    against the unmodified companion and ordered for :func:`apply_edits`.

    Blocks missing from the same place are inserted together, in canonical
    order, and a missing section gets one heading. With ``remove_stale``
    (only meaningful when ``expected`` is complete), stale blocks holding no
    text of a person's are deleted. Duplicated blocks are left alone.
    """
    # sort key (start, end, tier): at one line, lines appended to the block
    # ending there come first, then inserted blocks, then inserted sections,
    # then changes to the block starting there
    ranked: list[tuple[tuple[int, int, int], Edit]] = []
    in_sections: dict[int, list[ExpectedBlock]] = {}
    new_sections: dict[int, dict[str, list[ExpectedBlock]]] = {}
    handled: set[str] = set()
    for block in expected:
        if block.key in handled:
            continue
        handled.add(block.key)
        existing = companion.block(block.key)
        if existing is not None:
            edit = _replacement(companion, block, existing)
            for piece in narrow_edit(companion.lines, edit) if edit else []:
                # (items added past a paragraph going on from the last item
                # start after the block's end: they too come before a block
                # or section inserted at that line)
                tier = 0 if piece.is_insertion and piece.start >= existing.end else 3
                ranked.append(((piece.start, piece.end, tier), piece))
            continue
        section = companion.section(block.section)
        if section is not None:
            index = _block_insertion_point(companion, section, block)
            assert index is not None  # (in a section, a block always has a place)
            in_sections.setdefault(index, []).append(block)
        else:
            index = _section_insertion_point(companion, block.section)
            new_sections.setdefault(index, {}).setdefault(block.section, []).append(block)
    for index, blocks in in_sections.items():
        lines = _block_insertion_lines(companion, index, blocks)
        ranked.append(((index, index, 1), Edit(companion.path, index, index, lines)))
    for index, by_title in new_sections.items():
        groups = [
            (title, [line for block in blocks for line in block.lines])
            for title, blocks in sorted(by_title.items(), key=lambda i: _section_rank(i[0]))
        ]
        lines = _section_insertion_lines(companion, index, groups)
        ranked.append(((index, index, 2), Edit(companion.path, index, index, lines)))
    if remove_stale:
        for stale in stale_blocks(companion, expected):
            removal = removal_edit(companion, stale)
            if removal is not None:
                ranked.append(((removal.start, removal.end, 3), removal))
    ranked.sort(key=lambda item: item[0])
    return [edit for _, edit in ranked]


def fix_companion(text: str, expected: list[ExpectedBlock], *, remove_stale: bool = False) -> str:
    """``text`` with every drifted fact block rewritten and missing ones inserted.

    Prose is untouched byte for byte; running it again changes nothing.
    """
    companion = parse_companion(text)
    return apply_edits(text, companion_edits(companion, expected, remove_stale=remove_stale))


#: kinds whose lead line only heads the items under it
_HEADER_KINDS = frozenset({"classes", "functions"})


def drop_emptied_headers(old: str, new: str) -> str:
    """``new`` (a companion's ``old`` text, fixed) without the header lines
    (``- Top-level functions:``, ``- Classes:``) the fix left with no item
    under them, where ``old`` had some.

    A header that says more than its lead phrase, has notes under it, is
    duplicated, or whose removal could change how the lines after it read,
    stays; so does one that had no item before the fix.
    """
    before = parse_companion(old)
    emptied = {b.key for b in before.blocks if b.kind in _HEADER_KINDS and b.values}
    if not emptied or before.problem:
        return new
    after = parse_companion(new)
    if after.problem:
        return new
    edits = [
        removal
        for block in after.blocks
        if block.key in emptied and not block.values and block.end == block.start + 1
        for removal in [removal_edit(after, block)]
        if removal is not None
    ]
    return apply_edits(new, edits) if edits else new


def of_kinds(blocks: list[ExpectedBlock], kinds: frozenset[str] | None) -> list[ExpectedBlock]:
    """``blocks``, each written into its missing section with the blocks of
    ``kinds`` alone (and itself): a block no rule of the run judges (one its
    configuration ignores) is not written with another's. None: every kind."""
    if kinds is None:
        return blocks
    kind_of = {block.key: block.kind for block in blocks}
    return [
        replace(
            block,
            section_lines={
                key: lines
                for key, lines in block.section_lines.items()
                if key == block.key or kind_of.get(key, block.kind) in kinds
            },
        )
        for block in blocks
    ]
