"""``##`` sections a person titled in other words or another language
(``## Zweck``, ``## Überprüfung``, ``## Overview``): a required section the
companion lacks by its title may be one of them.

A missing section's place is between the known sections before and after
it in the canonical order; the headings doxtool does not know standing
there may be it. When they are at least as many as the sections missing
there, each of those may be written under one of them, and none is called
missing; when they are fewer, some section is surely missing, but not
which: the findings stand without a fix, since a heading added beside the
person's might be written twice. A section that carries fact lines for the
module, none of which the companion has anywhere, is missing whatever
headings stand in its place: its content is nowhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from doxtool.companions.conventions import DOXTOOL, Convention, SectionSpec
from doxtool.companions.factlines import HOME_SECTION, ExpectedBlock
from doxtool.companions.model import Companion, Section
from doxtool.companions.saidinwords import is_a_said
from doxtool.companions.unreadleads import unread_lead


@dataclass(frozen=True)
class OtherWords:
    """The unknown ``##`` headings standing where a missing section goes."""

    #: the person's headings in the missing section's place
    headings: tuple[Section, ...]
    #: whether they are at least as many as the sections missing there
    enough: bool


def other_words(
    companion: Companion, convention: Convention, missing: list[SectionSpec]
) -> dict[str, OtherWords]:
    """Each missing section (by title) whose place holds ``##`` headings
    of the companion that name no section of ``convention``."""
    order = [spec.title for spec in convention.sections]
    starts: dict[int, list[int]] = {}
    for section in companion.sections:
        spec = convention.section(section.title)
        if spec is not None:
            starts.setdefault(order.index(spec.title), []).append(section.start)
    unknown = [
        section
        for section in companion.sections
        if section.level == 2 and convention.section(section.title) is None
    ]
    places: dict[tuple[int, float], list[str]] = {}
    for spec in missing:
        at = order.index(spec.title)
        after = max((s for i, found in starts.items() if i < at for s in found), default=-1)
        before = min(
            (s for i, found in starts.items() if i > at for s in found), default=float("inf")
        )
        places.setdefault((after, before), []).append(spec.title)
    found: dict[str, OtherWords] = {}
    for (after, before), titles in places.items():
        there = tuple(s for s in unknown if after < s.start < before)
        if there:
            for title in titles:
                found[title] = OtherWords(there, len(there) >= len(titles))
    return found


def holds_none(companion: Companion, title: str) -> bool:
    """Whether ``companion`` has no fact block of the section ``title``
    anywhere: a section that carries fact lines, none of which the person
    wrote, is missing, whatever other headings stand in its place (``##
    Examples`` where ``## Runtime Contracts`` goes)."""
    return not any(HOME_SECTION.get(block.kind) == title for block in companion.blocks)


def said_otherwise(
    companion: Companion, blocks: list[ExpectedBlock], convention: Convention
) -> bool:
    """Whether every one of ``blocks`` (the fact blocks of a section the
    companion lacks) is there in a form doxtool does not read (``- Klassen:``
    over the classes, ``- Argumente von `X`:`` over the arguments) under a
    heading ``convention`` does not know: the section's content is the
    person's, under whatever heading stands in its place; a heading written
    for it would stand empty beside theirs. Under a section it knows (``##
    Work Guidance``) such a lead is no content of the missing section's."""

    def in_other_words(number: int | None) -> bool:
        section = companion.section_at(number - 1) if number is not None else None
        return section is not None and convention.section(section.title) is None

    return bool(blocks) and all(in_other_words(unread_lead(companion, block)) for block in blocks)


def held_somewhere(
    companion: Companion,
    title: str,
    expected: list[ExpectedBlock],
    convention: Convention,
) -> bool:
    """Whether the companion holds some of the fact blocks of the section
    ``title`` (of ``expected``, all the module's) it lacks by its title:
    one doxtool reads (:func:`holds_none`), or all of them in the person's
    form under headings in other words (:func:`said_otherwise`)."""
    blocks = [block for block in expected if block.section == title]
    lines = {block.key: block.lines for block in blocks}
    return (
        not holds_none(companion, title)
        or said_otherwise(companion, blocks, convention)
        or is_a_said(companion, lines)
    )


def said_in_words(companion: Companion, title: str, expected: list[ExpectedBlock]) -> bool:
    """Whether the person says the ``is a`` line of the section ``title``
    (of ``expected``, all the module's blocks) in their words under a heading
    doxtool does not know: that heading is the section, wherever it stands."""
    lines = {block.key: block.lines for block in expected if block.section == title}
    return is_a_said(companion, lines)


def titled_otherwise(
    companion: Companion, title: str, section_lines: dict[str, list[str]] | None = None
) -> bool:
    """Whether the section ``title``, which ``companion`` lacks by that
    title, may be one of its headings in other words (see :func:`other_words`);
    never one of whose fact blocks it has none (asked for one of them), unless
    the person says its ``is a`` line in words of theirs (of ``section_lines``,
    the lines of its blocks: :func:`is_a_said`): the heading over that line
    is the section, in whatever place it stands."""
    spec = DOXTOOL.section(title)
    if spec is None:
        return False
    if is_a_said(companion, section_lines or {}):
        return True  # the person's heading over it is the section, wherever it stands
    if holds_none(companion, spec.title):
        # (one that shares its place gets no block: see :func:`sharing_place`)
        return sharing_place(companion, DOXTOOL, spec.title) is not None
    found = other_words(companion, DOXTOOL, [spec]).get(spec.title)
    return found is not None and found.enough


def sharing_place(companion: Companion, convention: Convention, title: str) -> OtherWords | None:
    """The person's headings in the place of the missing section ``title``
    when other missing sections share that place and the headings there are
    enough for all of them (a companion written wholly in German: seven
    headings, none of them doxtool's). Whether or not the companion holds
    any of its fact lines, a heading written for it anywhere in that place
    would split it, and the sections the person titled in other words would
    then be called missing and written empty; it may be one of the person's
    headings, and gets no fix."""
    order = [spec.title for spec in convention.sections]
    present = {convention.section(section.title) for section in companion.sections}
    missing = [spec for spec in convention.sections if spec.required and spec not in present]
    found = other_words(companion, convention, missing)
    own = found.get(title) if title in order else None
    if own is None or not own.enough:
        return None
    shared = [other for other, words in found.items() if words.headings == own.headings]
    return own if len(shared) > 1 else None
