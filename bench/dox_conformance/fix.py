"""Part 2: what ``doxtool check --fix`` does to the corpus.

Owns ``compare_companion`` (per companion: fact items removed and added,
hand-written lines lost, items or block lines written twice) and ``part_fix``
(those over the corpus, plus companions created and deleted, other files
changed, and whether a second ``--fix`` changes anything).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from .companion import (
    ALL_KINDS,
    CLASSES_HEAD,
    CONSTANTS_LEAD,
    EFFECTS_LEAD,
    FUNCTIONS_HEAD,
    HELPERS_LEAD,
    IMPORTS_LEAD,
    TESTS_HEAD,
    identity,
    parse_companion,
    prose_lines,
)
from .files import COMPANION_SUFFIX, companions, digests
from .runner import Doxtool, findings_of


def multiset_diff(before: list[str], after: list[str]) -> tuple[list[str], list[str]]:
    old, new = Counter(before), Counter(after)
    removed = list((old - new).elements())
    added = list((new - old).elements())
    return removed, added


def compare_companion(old_text: str, new_text: str) -> dict[str, Any]:
    """What a rewrite of a companion did: items removed and added per kind,
    hand-written lines that are gone, and items (or block lines) now written
    more than once that were not before."""
    old, new = parse_companion(old_text), parse_companion(new_text)
    entry: dict[str, Any] = {"removed": {}, "added": {}, "prose_lost": [], "duplicates": []}
    for kind in ALL_KINDS:
        removed, added = multiset_diff(old.of(kind), new.of(kind))
        if removed:
            entry["removed"][kind] = removed
        if added:
            entry["added"][kind] = added
        old_count = Counter(identity(kind, item) for item in old.of(kind))
        new_count = Counter(identity(kind, item) for item in new.of(kind))
        for item, count in new_count.items():
            if count > max(1, old_count[item]):
                entry["duplicates"].append({"kind": kind, "item": item})
    old_blocks = Counter(filter(None, map(block_lead, old_text.splitlines())))
    new_blocks = Counter(filter(None, map(block_lead, new_text.splitlines())))
    for line, count in new_blocks.items():
        if count > max(1, old_blocks[line]):
            entry["duplicates"].append({"kind": "block", "item": line})
    lost = Counter(prose_lines(old_text, old)) - Counter(new_text.splitlines())
    entry["prose_lost"] = list(lost.elements())
    return entry


def part_fix(tool: Doxtool, root: Path) -> dict[str, Any]:
    before_files = digests(root)
    before = companions(root)
    remaining = findings_of(tool.run(root, "check", "--fix", "--format", "json", "--no-cache"))
    after_files = digests(root)
    after = companions(root)
    per_companion: dict[str, dict[str, Any]] = {}
    removed_by_kind: Counter[str] = Counter()
    added_by_kind: Counter[str] = Counter()
    prose_lost: list[dict[str, str]] = []
    duplicates: list[dict[str, str]] = []
    for rel, old_text in before.items():
        new_text = after.get(rel)
        if new_text is None or new_text == old_text:
            continue
        entry = compare_companion(old_text, new_text)
        for kind, items in entry["removed"].items():
            removed_by_kind[kind] += len(items)
        for kind, items in entry["added"].items():
            added_by_kind[kind] += len(items)
        prose_lost += [{"companion": rel, "line": line} for line in entry["prose_lost"]]
        duplicates += [{"companion": rel, **duplicate} for duplicate in entry["duplicates"]]
        per_companion[rel] = entry
    created = sorted(set(after) - set(before))
    deleted = sorted(set(before) - set(after))
    other_changed = sorted(
        rel
        for rel in set(before_files) | set(after_files)
        if not rel.endswith(COMPANION_SUFFIX) and before_files.get(rel) != after_files.get(rel)
    )
    tool.run(root, "check", "--fix", "--format", "json", "--no-cache")
    again = digests(root)
    not_idempotent = sorted(
        rel for rel in set(after_files) | set(again) if after_files.get(rel) != again.get(rel)
    )
    return {
        "companions_before": len(before),
        "companions_changed": len(per_companion),
        "companions_created": len(created),
        "companions_deleted": deleted,
        "other_files_changed": other_changed,
        "removed_by_kind": dict(removed_by_kind),
        "added_by_kind": dict(added_by_kind),
        "removed_total": sum(removed_by_kind.values()),
        "added_total": sum(added_by_kind.values()),
        "prose_lines_lost": prose_lost,
        "duplicates": duplicates,
        "findings_after_fix": len(remaining),
        "second_fix_changed": not_idempotent,
        "per_companion": per_companion,
    }


def block_lead(line: str) -> str | None:
    """The lead of a fact block or one-line fact, which a companion has at most once."""
    stripped = line.rstrip()
    if stripped in (CLASSES_HEAD, FUNCTIONS_HEAD, TESTS_HEAD):
        return stripped
    for lead in (CONSTANTS_LEAD, IMPORTS_LEAD, HELPERS_LEAD, EFFECTS_LEAD):
        if stripped.startswith(lead):
            return lead
    return None
