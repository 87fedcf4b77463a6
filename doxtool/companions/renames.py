"""A class renamed in the code, and the edits that rename it in a companion.

When the code renames a class (``class WaitTool`` becomes ``class Wait``)
its companion's lines about it (the Classes entry, ``is a``, ``defines``,
``Arguments of``, ``break_loop of``, repairable errors) still hold, under the
old name, with the person's notes. A fix renames the subject in place,
writing ``Wait`` for ``WaitTool`` in each lead and keeping every other byte;
what changed besides the name is compared afterwards, block by block.

A rename is only recognised when nothing else could explain it
(:func:`renamed_class`); otherwise the old lines are stale and the new class
missing, as before.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Iterator

from doxtool.companions.documented import DocItem, read_bullets
from doxtool.companions.edits import removal_edit
from doxtool.companions.model import Companion, FactBlock
from doxtool.core.edits import Edit, line_content
from doxtool.core.facts import ModuleOutline
from doxtool.core.findings import Finding


def _method_names(item: DocItem) -> set[str]:
    return {child.key.rsplit(".", 1)[-1] for child in item.children}


def renamed_class(companion: Companion, outline: ModuleOutline | None) -> tuple[str, str] | None:
    """(old name, new name) of a class the code renamed: the companion's
    Classes block lists exactly one class the module no longer defines, with
    at least one method under it, and exactly one class the module defines
    that the companion names nowhere has every one of those methods. None
    otherwise (no Classes block, no outline, two candidates, no methods)."""
    if outline is None:
        return None
    block = companion.block("classes")
    if block is None:
        return None
    items = [item for item in read_bullets(companion, block) if not item.loose]
    code = {cls.name: {method.name for method in cls.methods} for cls in outline.classes}
    gone = [item for item in items if item.key not in code]
    if len(gone) != 1 or not _method_names(gone[0]):
        return None
    named = {item.key for item in items} | {
        (b.subject or "").partition(".")[0] for b in companion.blocks if b.subject
    }
    methods = _method_names(gone[0])
    new = [name for name, has in code.items() if name not in named and methods <= has]
    if len(new) != 1:
        return None
    return gone[0].key, new[0]


def renamed_item(item: DocItem, new: str) -> DocItem:
    """``item`` (a Classes entry) as naming ``new``, its methods with it."""
    children = [
        _replaced(child, f"{new}.{child.key.rsplit('.', 1)[-1]}") for child in item.children
    ]
    return _replaced(item, new, children)


def _replaced(item: DocItem, key: str, children: list[DocItem] | None = None) -> DocItem:
    return dataclasses.replace(
        item, key=key, children=item.children if children is None else children
    )


def old_key(key: str, renamed: tuple[str, str] | None) -> str | None:
    """The key of the block that states, under the old name, what the block
    ``key`` states of the renamed class (``arguments:Wait`` ->
    ``arguments:WaitTool``); None when ``key`` is not about the new name."""
    if renamed is None:
        return None
    kind, _, subject = key.partition(":")
    owner, dot, rest = subject.partition(".")
    if owner != renamed[1]:
        return None
    return f"{kind}:{renamed[0]}{dot}{rest}"


def gone_kinds(
    companion: Companion,
    blocks: Iterable[FactBlock],
    known: set[str],
    renamed: tuple[str, str] | None,
) -> set[str]:
    """The kinds of ``blocks`` that stay stated about a class not in
    ``known`` (the classes the module defines or runs as tools): a class
    gone, or renamed where the rename is not recognised (``renamed``,
    recognised, is not). A block no safe fix removes (it holds a person's
    words) stays; one a safe fix removes goes in the same round."""
    return {
        block.kind
        for block in blocks
        if block.subject
        and not block.bare
        and block.subject not in known
        and (renamed is None or block.subject != renamed[0])
        and removal_edit(companion, block) is None
    }


def held_back(
    findings: Iterable[Finding], found: FactBlock | None, gone: set[str]
) -> Iterator[Finding]:
    """``findings`` on a block, without their fixes when the block is
    missing and the companion states its kind about a class gone
    (:func:`gone_kinds`): a block inserted beside the stale one would make
    the companion describe both. It is written once the stale one is gone."""
    for finding in findings:
        yield dataclasses.replace(finding, fix=None) if found is None and gone else finding


def rename_edit(companion: Companion, block: FactBlock, renamed: tuple[str, str]) -> Edit | None:
    """The edit writing the new name for the old one in ``block``'s lead
    line (its first `` `old` `` code span), every other byte kept; None when
    the line does not name it so."""
    if not 0 <= block.start < companion.line_count:
        return None
    old, new = renamed
    content = line_content(companion.lines[block.start])
    found = re.search(rf"`[ ]?{re.escape(old)}[ ]?`", content)
    if found is None:
        return None
    line = content[: found.start()] + f"`{new}`" + content[found.end() :]
    return Edit(companion.path, block.start, block.start + 1, [line])
