"""Truth, item by item: what a companion's fact lines say against the code.

A documented item is read from the companion with its place (line and
column span), then judged by the code alone:

- *stale*: it names something the module no longer has (a class, a method,
  a function, a constant, an import, a called name, a test file, an area
  whose last evidence is gone);
- *changed*: it names something the module has, but says it wrongly (a
  class's bases, a signature);
- *missing*: the convention derives an item from today's code that the
  companion lacks; a list that already holds as many items as the
  convention's cap is complete.

A true item the convention would not have listed (a private method added by
hand, an extra test, an area doxtool cannot see) is never a finding, and
order alone is not one. Each verdict carries the edit that fixes exactly its
item: the rest of the line and every other line keep their bytes. Removing
an item that carries a person's words (text after it, notes under it) is an
unsafe fix.
"""

from __future__ import annotations

from doxtool.companions.codeindex import CodeIndex
from doxtool.companions.conventions import Convention
from doxtool.companions.edits import block_edit
from doxtool.companions.factlines import ExpectedBlock, code
from doxtool.companions.insertions import merge_insertion_lines
from doxtool.companions.judge_bullets import BulletJudge
from doxtool.companions.judge_lines import LineJudge
from doxtool.companions.model import Companion
from doxtool.companions.renames import old_key
from doxtool.companions.saidinwords import is_a_line
from doxtool.companions.unreadleads import LIST_KINDS, unread_lead
from doxtool.companions.verdicts import MISSING, STALE, Verdict
from doxtool.core.edits import Edit

#: kinds whose block is a list of items (a statement line has none)
_LISTS = frozenset(
    {"classes", "functions", "constants", "side-effects", "imports", "helpers", "tests"}
)


class Judge(BulletJudge, LineJudge):
    """Judges every kind of item block of one companion."""


def judge(
    module: str,
    companion: Companion,
    convention: Convention,
    code_index: CodeIndex,
    expected: list[ExpectedBlock],
    kinds: frozenset[str],
    renamed: tuple[str, str] | None,
    written: frozenset[str] | None = None,
) -> list[Verdict]:
    """Every verdict on the item blocks of ``companion``; ``renamed`` is the
    class the code renamed (:func:`~doxtool.companions.renames.renamed_class`
    of ``companion`` and the module's outline); ``written``: the kinds whose
    missing blocks a fix may write (None: all), the only ones inserted together."""
    judge_ = Judge(module, companion, convention, code_index, renamed=renamed)
    by_key = {block.key: block for block in expected}
    seen: set[str] = set()
    for block in companion.blocks:
        if block.kind not in kinds:
            continue
        seen.add(block.key)
        wanted = by_key.get(block.key)
        if block.kind == "classes":
            judge_.classes(block, wanted)
        elif block.kind in ("functions", "tests"):
            judge_.bullets(block, wanted)
        elif block.kind in ("constants", "imports", "helpers", "side-effects"):
            judge_.sentence(block, wanted)
        elif block.kind in ("is-tool", "defines"):
            judge_.statement(block)
    renamed = judge_.renamed
    for block in expected:
        if block.kind not in kinds or block.key in seen:
            continue
        if old_key(block.key, renamed) in seen:
            continue  # stated under the class's old name: renamed in place
        if not block.values and block.kind in _LISTS and not convention.writes_empty_lines:
            continue  # the convention leaves an empty list out
        if judge_.generated:
            judge_.verdicts.append(_missing_block(judge_, block))
    _hold_beside_gone(judge_)
    _combine_insertions(companion, judge_.verdicts, written)
    return judge_.verdicts


#: kinds whose items are about a class (a Classes entry, `is a`, `defines`)
_ABOUT_CLASSES = frozenset({"classes", "is-tool", "defines"})


def _owner(key: str) -> str:
    """The class a verdict's key is about (``Wait``, ``is-tool:Wait``,
    ``Wait.execute``, ``defines:Wait.execute``: ``Wait``)."""
    return key.rpartition(":")[2].partition(".")[0]


def _hold_beside_gone(judge_: Judge) -> None:
    """No insertion about a class the companion does not state a kind of
    line for while a line of that kind about a class the module no longer
    has stays (the rename is not recognised, and no safe fix removes the
    line: it holds a person's words): the two may be one class renamed, and
    the companion would describe both. The finding stays, without a fix;
    once the stale line is gone (its unsafe fix, or a person), the next
    round inserts the new one."""
    code = judge_.code
    if code.outline is None:
        return
    gone: set[str] = set()
    for verdict in judge_.verdicts:
        owner = _owner(verdict.key)
        if (
            verdict.kind in _ABOUT_CLASSES
            and verdict.state == STALE
            and (verdict.unsafe or not verdict.edits)
            and owner not in code.classes
            and owner not in code.foreign_tools
            and (verdict.kind != "classes" or "." not in verdict.key)
        ):
            gone.add(verdict.kind)
    if not gone:
        return
    stated: dict[str, set[str]] = {}
    for block in judge_.companion.blocks:
        if block.subject:
            stated.setdefault(block.kind, set()).add(_owner(block.subject))
    for verdict in judge_.verdicts:
        if verdict.state != MISSING or verdict.kind not in gone:
            continue
        if verdict.kind == "classes" and "." in verdict.key:
            continue  # a method of a class listed
        if _owner(verdict.key) in stated.get(verdict.kind, set()):
            continue
        verdict.edits = []


def _combine_insertions(
    companion: Companion, verdicts: list[Verdict], written: frozenset[str] | None
) -> None:
    """Missing blocks inserted at one place become one edit, their lines in
    the order the verdicts came (the canonical order), and a missing section
    they share written once (:func:`merge_insertion_lines`), so applying any
    subset of the findings writes each block once and in order. A block of a
    kind not ``written`` (its rule is not checked) is not written with them."""
    at: dict[tuple[str, int], list[Verdict]] = {}
    for verdict in verdicts:
        if verdict.state != MISSING or len(verdict.edits) != 1:
            continue
        if written is not None and verdict.kind not in written:
            continue
        edit = verdict.edits[0]
        if edit.is_insertion and verdict.whole_block:
            at.setdefault((edit.path, edit.start), []).append(verdict)
    for (path, start), group in at.items():
        if len(group) < 2:
            continue
        lines = merge_insertion_lines(companion, start, [v.edits[0].lines for v in group])
        combined = Edit(path, start, start, lines)
        for verdict in group:
            verdict.edits = [combined]


def _missing_block(judge_: Judge, block: ExpectedBlock) -> Verdict:
    names = ", ".join(code(item.text) for item in block.values[:6]) if block.values else ""
    more = f" and {len(block.values) - 6} more" if len(block.values) > 6 else ""
    module = judge_.module
    # what the module has, or (an empty list the convention still writes,
    # as ``none``) that it has none
    has = {
        "classes": f"has classes {names}{more}" if names else "has no classes",
        "functions": f"has functions {names}{more}" if names else "has no top-level functions",
        "constants": f"assigns {names}{more}" if names else "assigns no constants",
        "imports": f"imports {names}{more}" if names else "imports nothing",
        "helpers": f"calls {names}{more}" if names else "calls no helpers",
    }
    label = {
        "classes": f"`{module}` {has['classes']} but the companion has no Classes block",
        "functions": f"`{module}` {has['functions']} but the companion has no "
        "Top-level functions block",
        "constants": f"`{module}` {has['constants']} but the companion has no constants line",
        "imports": f"`{module}` {has['imports']} but the companion has no imports line",
        "helpers": f"`{module}` {has['helpers']} but the companion has no called helpers line",
        "tests": f"tests {names}{more} import or name the module but the companion lists none"
        if names
        else "no test imports or names the module and the companion has no related tests line",
        "side-effects": (
            f"`{module}` shows {', '.join(i.key for i in block.values)} but the "
            if block.values
            else f"`{module}` shows no side effect and the "
        )
        + "companion has no side-effect areas line",
    }
    if block.kind == "is-tool":
        owner = block.subject or ""
        base = block.values[0].text if block.values else "Tool"
        article = "an" if base[:1].casefold() in "aeiou" else "a"
        message = f"the companion does not say that `{owner}` is {article} `{base}`"
    elif block.kind == "defines":
        owner, _, method = (block.subject or "").rpartition(".")
        message = f"the companion does not say that `{owner}` defines `{method}(...)`"
    else:
        message = label[block.kind]
    edit = block_edit(judge_.companion, block)
    line = edit.start + 1 if edit is not None else 1
    unread = unread_lead(judge_.companion, block) if block.kind in LIST_KINDS else None
    if unread is not None:  # ``### Classes`` and the items under it
        message += f" doxtool reads (it cannot read line {unread} as its lead)"
        line = unread
    said = (
        is_a_line(judge_.companion, {block.key: block.lines}) if block.kind == "is-tool" else None
    )
    if said is not None:  # `` - `Notes` ist ein `Tool`. `` under ``## Laufzeitverträge``
        message += f" in a form doxtool reads (it cannot read line {said} as that line)"
        line, edit = said, None  # an `is a` line beside theirs would say it twice
    return Verdict(
        block.kind,
        MISSING,
        block.key,
        message,
        min(line, max(judge_.companion.line_count, 1)),
        [edit] if edit is not None else [],
        whole_block=True,
    )
