"""Fixing companions: line edits, block edits, and prose that must survive."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from doxtool.cli import cli
from doxtool.companions.agreement import values_agree
from doxtool.companions.edits import (
    block_edit,
    companion_edits,
    fix_companion,
    removal_edit,
    stale_blocks,
)
from doxtool.companions.factlines import SECTIONS, ExpectedBlock
from doxtool.companions.parsing import parse_companion
from doxtool.companions.rendering import expected_blocks
from doxtool.core.edits import Edit, apply_edits, line_content, narrow_edit, split_lines
from doxtool.core.facts import (
    Argument,
    ClassFacts,
    ExecuteFacts,
    ModuleFacts,
    Outcome,
    Raise,
    Signature,
    ToolFacts,
)

# --- apply_edits -----------------------------------------------------------


def test_replacement_insertion_and_deletion() -> None:
    text = "a\nb\nc\nd\n"
    edits = [Edit("f", 1, 2, ["B", "B2"]), Edit("f", 3, 3, ["new"]), Edit("f", 0, 1, [])]
    assert apply_edits(text, edits) == "B\nB2\nc\nnew\nd\n"


def test_overlapping_edit_is_skipped() -> None:
    text = "a\nb\nc\n"
    edits = [Edit("f", 0, 2, ["x"]), Edit("f", 1, 3, ["y"]), Edit("f", 1, 1, ["z"])]
    assert apply_edits(text, edits) == "x\nc\n"


def test_insertions_at_one_line_keep_their_order_before_a_replacement() -> None:
    text = "a\nb\n"
    edits = [Edit("f", 1, 2, ["B"]), Edit("f", 1, 1, ["first"]), Edit("f", 1, 1, ["second"])]
    assert apply_edits(text, edits) == "a\nfirst\nsecond\nB\n"


def test_a_repeated_edit_applies_once() -> None:
    edits = [Edit("f", 1, 1, ["x"]), Edit("f", 1, 1, ["y"]), Edit("f", 1, 1, ["x"])]
    assert apply_edits("a\nb\n", edits) == "a\nx\ny\nb\n"


def test_edits_outside_the_file_are_skipped() -> None:
    assert apply_edits("a\n", [Edit("f", 2, 3, ["x"]), Edit("f", 1, 0, ["y"])]) == "a\n"


def test_new_lines_use_the_dominant_newline_and_others_keep_theirs() -> None:
    text = "a\r\nb\nc\r\nd\r\n"
    assert apply_edits(text, [Edit("f", 2, 3, ["C"])]) == "a\r\nb\nC\r\nd\r\n"


def test_file_without_final_newline() -> None:
    assert apply_edits("a\nb", [Edit("f", 0, 1, ["A"])]) == "A\nb"
    assert apply_edits("a\nb", [Edit("f", 1, 2, ["B"])]) == "a\nB"
    assert apply_edits("a\nb", [Edit("f", 2, 2, ["c"])]) == "a\nb\nc"
    assert apply_edits("", [Edit("f", 0, 0, ["x"])]) == "x\n"
    assert apply_edits("a\n", [Edit("f", 0, 1, [])]) == ""


def test_narrow_edit_leaves_unchanged_lines_alone() -> None:
    lines = split_lines("keep\r\nold\nkeep too\r\n")
    pieces = narrow_edit(lines, Edit("f", 0, 3, ["keep", "new", "keep too", "added"]))
    assert pieces == [Edit("f", 1, 2, ["new"]), Edit("f", 3, 3, ["added"])]
    assert apply_edits("".join(lines), pieces) == "keep\r\nnew\r\nkeep too\r\nadded\r\n"


# --- facts used below -------------------------------------------------------


def wait_tool(**changes: object) -> ToolFacts:
    tool = ToolFacts(
        name="wait",
        class_name="WaitTool",
        bases=["Tool"],
        execute=ExecuteFacts(is_async=True, defined_in="WaitTool.execute"),
        arguments=[
            Argument("seconds", default=0, has_default=True, type="integer"),
            Argument("until", required=True, type="string"),
        ],
        outcomes=[Outcome(False, 12)],
        helpers=["helpers.tool.Response", "helpers.wait.managed_wait"],
        side_effects=["network"],
    )
    for name, value in changes.items():
        setattr(tool, name, value)
    return tool


def wait_module(**changes: object) -> ModuleFacts:
    module = ModuleFacts(
        path="tools/wait.py",
        tools=[wait_tool()],
        classes=[
            ClassFacts(
                "WaitTool",
                3,
                bases=["Tool"],
                methods=[Signature("execute", "async execute(self, **kwargs) -> Response", 4)],
            )
        ],
        functions=[Signature("_deadline", "_deadline(seconds: int=...) -> datetime", 20)],
        constants=["MAX_WAIT"],
        imports=["asyncio", "helpers.tool", "helpers.wait"],
    )
    for name, value in changes.items():
        setattr(module, name, value)
    return module


def changed_module() -> ModuleFacts:
    """``wait_module`` after a change: arguments, outcomes, a new tool..."""
    wait = wait_tool(
        arguments=[
            Argument("seconds", required=True, type="integer"),
            Argument("deadline", type="string"),
            Argument("mode", default="fast", has_default=True, type="string", enum=["fast", 2]),
        ],
        outcomes=[Outcome(True, 3), Outcome(False, 9)],
        raises=[Raise("RepairableException", 5, repairable=True)],
        helpers=["helpers.wait.managed_wait", "self.agent.handle_intervention"],
        side_effects=["filesystem read", "subprocess"],
    )
    pause = wait_tool(
        name="pause",
        class_name="PauseTool",
        bases=["WaitTool"],
        execute=ExecuteFacts(is_async=True, defined_in="WaitTool.execute"),
        arguments=[],
        outcomes=[],
        side_effects=[],
        helpers=[],
    )
    return wait_module(
        tools=[wait, pause],
        classes=[
            ClassFacts(
                "WaitTool",
                3,
                bases=["Tool"],
                methods=[
                    Signature("execute", "async execute(self, seconds: int=...) -> Response", 4)
                ],
            ),
            ClassFacts("PauseTool", 30, bases=["WaitTool"]),
        ],
        functions=[],
        constants=["MAX_WAIT", "MIN_WAIT"],
        imports=["asyncio", "helpers.tool", "helpers.wait", "time"],
    )


def plain_module() -> ModuleFacts:
    """A helper module: no tools."""
    return ModuleFacts(
        path="helpers/clock.py",
        classes=[ClassFacts("Clock", 1, methods=[Signature("now", "now(self) -> float", 2)])],
        functions=[Signature("tick", "tick() -> None", 9)],
        imports=["time"],
    )


MODULES = [wait_module(), changed_module(), plain_module(), ModuleFacts(path="tools/empty.py")]
TEST_LISTS = [[], ["tests/test_wait.py"], ["tests/test_wait.py", "tests/test_pause.py"]]


def expected_for(module: ModuleFacts, tests: list[str] | None = None) -> list[ExpectedBlock]:
    return expected_blocks(module, tests or [])


def assert_agrees(text: str, expected: list[ExpectedBlock]) -> None:
    companion = parse_companion(text)
    for block in expected:
        assert values_agree(block, companion.block(block.key)), block.key


# --- fixing real companions -------------------------------------------------

REAL = """\
# wait.py DOX

## Purpose
- Own the `wait.py` agent tool.<trailing spaces>

## Ownership
- `wait.py` owns the runtime implementation.
- Classes:
- `WaitTool` (`Tool`)
  - `async execute(self, **kwargs) -> Response`
- A person's remark between fact lines.
- Top-level functions:
- `_deadline(seconds: int=...) -> datetime`
- Notable constants/configuration names: `MAX_WAIT`.

## Runtime Contracts
- Tool modules must define `helpers.tool.Tool` subclasses.
- `WaitTool` is a `Tool`.
- `WaitTool` defines `execute(...)`.
- Arguments of `WaitTool`:
  - `seconds`: optional integer, default `0`. How long to wait.
  - `until`: required string. An ISO timestamp.
- `break_loop` of `WaitTool`: always `false`. The turn goes on.
- Observed side-effect areas: network, settings/state persistence.
- Imported dependency areas include: `asyncio`, `helpers.tool`, `helpers.wait`.

## Key Concepts
- Important called helpers/classes observed in the source: `Response`, `managed_wait`.

## Work Guidance
- Keep waits interruptible.

## Verification
- Run the unit tests.

## Child DOX Index
No child DOX files.
""".replace("<trailing spaces>", "   ")


def test_companion_in_agreement_is_left_alone() -> None:
    expected = expected_for(wait_module())
    companion = parse_companion(REAL)
    assert [block_edit(companion, block) for block in expected] == [None] * len(expected)
    assert fix_companion(REAL, expected) == REAL


def test_fix_rewrites_drift_and_keeps_every_prose_byte() -> None:
    expected = expected_for(changed_module(), ["tests/test_wait.py"])
    fixed = fix_companion(REAL, expected)
    assert (
        fixed
        == """\
# wait.py DOX

## Purpose
- Own the `wait.py` agent tool.<trailing spaces>

## Ownership
- `wait.py` owns the runtime implementation.
- Classes:
- `WaitTool` (`Tool`)
  - `async execute(self, seconds: int=...) -> Response`
- `PauseTool` (`WaitTool`)
- A person's remark between fact lines.
- Top-level functions:
- `_deadline(seconds: int=...) -> datetime`
- Notable constants/configuration names: `MAX_WAIT`, `MIN_WAIT`.

## Runtime Contracts
- Tool modules must define `helpers.tool.Tool` subclasses.
- `WaitTool` is a `Tool`.
- `WaitTool` defines `execute(...)`.
- Arguments of `WaitTool`:
  - `seconds`: required integer. How long to wait.
  - `deadline`: optional string.
  - `mode`: optional string, default `"fast"`, one of `fast`, `2`.
- `break_loop` of `WaitTool`: `true` or `false`. The turn goes on.
- Repairable errors raised by `WaitTool`: `RepairableException`.
- `PauseTool` is a `WaitTool`.
- Arguments of `PauseTool`: none.
- `break_loop` of `PauseTool`: none.
- Observed side-effect areas: filesystem reads, subprocess, settings/state persistence.
- Imported dependency areas include: `asyncio`, `helpers.tool`, `helpers.wait`, `time`.

## Key Concepts
- Important called helpers/classes observed in the source: `managed_wait`, `self.agent.handle_intervention`.

## Work Guidance
- Keep waits interruptible.

## Verification
- Run the unit tests.
- Related tests observed by source search:
  - `tests/test_wait.py`

## Child DOX Index
No child DOX files.
""".replace("<trailing spaces>", "   ")
    )
    assert fix_companion(fixed, expected) == fixed
    assert_agrees(fixed, expected)


def test_stale_blocks_are_reported_and_removed_only_on_request() -> None:
    expected = expected_for(changed_module())
    companion = parse_companion(REAL)
    assert [b.key for b in stale_blocks(companion, expected)] == ["functions"]
    kept = fix_companion(REAL, expected)
    assert "- Top-level functions:" in kept
    removed = fix_companion(REAL, expected, remove_stale=True)
    assert "- Top-level functions:" not in removed
    assert "_deadline" not in removed
    assert fix_companion(removed, expected, remove_stale=True) == removed


def test_stale_block_with_a_person_s_prose_is_never_removed() -> None:
    text = "## Runtime Contracts\n- Repairable errors raised by `WaitTool`: `E`. Keep me.\n"
    assert fix_companion(text, [], remove_stale=True) == text


def test_fix_keeps_crlf_and_a_missing_final_newline() -> None:
    expected = expected_for(changed_module())
    crlf = REAL.replace("\n", "\r\n").rstrip("\r\n")
    fixed = fix_companion(crlf, expected)
    assert "\n" not in fixed.replace("\r\n", "")
    assert fixed.endswith("No child DOX files.")
    assert fixed.replace("\r\n", "\n") == fix_companion(REAL.rstrip("\n"), expected)


def test_fix_keeps_the_section_order_a_person_chose() -> None:
    text = (
        "# wait.py DOX\n\n"
        "## Verification\n- Run it.\n\n"
        "## Runtime Contracts\n- `WaitTool` is a `Tool`.\n\n"
        "## Ownership\n- Prose.\n"
    )
    fixed = fix_companion(text, expected_for(wait_module(), ["tests/test_wait.py"]))
    titles = [s.title for s in parse_companion(fixed).sections]
    # a missing section goes before the next canonical one present
    assert titles == ["Key Concepts", "Verification", "Runtime Contracts", "Ownership"]
    assert "## Verification\n- Run it.\n- Related tests observed by source search:\n" in fixed
    assert fixed.endswith("## Ownership\n- Prose.\n- Classes:\n" + _rest_of_ownership())


def _rest_of_ownership() -> str:
    blocks = [b for b in expected_for(wait_module()) if b.section == "Ownership"]
    return "\n".join(line for b in blocks for line in b.lines)[len("- Classes:\n") :] + "\n"


def test_missing_block_goes_after_its_nearest_predecessor() -> None:
    text = (
        "## Runtime Contracts\n"
        "- `WaitTool` is a `Tool`.\n"
        "- Person's note.\n"
        "- Imported dependency areas include: `asyncio`, `helpers.tool`, `helpers.wait`.\n"
        "- Closing remark.\n"
    )
    expected = [b for b in expected_for(wait_module()) if b.section == "Runtime Contracts"]
    edit = block_edit(parse_companion(text), expected[1])  # defines
    assert edit == Edit("", 2, 2, ["- `WaitTool` defines `execute(...)`."])
    fixed = fix_companion(text, expected)
    assert fixed == (
        "## Runtime Contracts\n"
        "- `WaitTool` is a `Tool`.\n"
        "- `WaitTool` defines `execute(...)`.\n"
        "- Arguments of `WaitTool`:\n"
        "  - `seconds`: optional integer, default `0`.\n"
        "  - `until`: required string.\n"
        "- `break_loop` of `WaitTool`: always `false`.\n"
        "- Observed side-effect areas: network.\n"
        "- Person's note.\n"
        "- Imported dependency areas include: `asyncio`, `helpers.tool`, `helpers.wait`.\n"
        "- Closing remark.\n"
    )


def test_missing_block_without_neighbours_goes_after_the_section_content() -> None:
    text = "## Key Concepts\n- A concept.\n\n\n## Work Guidance\n- Advice.\n"
    helpers = next(b for b in expected_for(wait_module()) if b.key == "helpers")
    edit = block_edit(parse_companion(text), helpers)
    assert edit is not None
    assert (edit.start, edit.end) == (2, 2)


def test_missing_section_goes_before_the_next_canonical_section() -> None:
    text = "# wait.py DOX\n\n## Purpose\n- Why.\n\n## Work Guidance\n- Advice.\n"
    helpers = next(b for b in expected_for(wait_module()) if b.key == "helpers")
    edit = block_edit(parse_companion(text), helpers)
    assert edit == Edit(
        "",
        5,
        5,
        ["## Key Concepts", *helpers.lines, ""],
    )


def test_block_edits_of_a_missing_section_are_one_edit() -> None:
    text = "# wait.py DOX\n\n## Ownership\n- Prose.\n\n## Key Concepts\n- Concept.\n"
    expected = expected_for(changed_module())
    companion = parse_companion(text)
    runtime = [b for b in expected if b.section == "Runtime Contracts"]
    edits = [block_edit(companion, block) for block in runtime]
    assert len(runtime) > 1
    assert all(edit == edits[0] for edit in edits)
    fixed = apply_edits(text, [edit for edit in edits if edit is not None])
    assert fixed.count("## Runtime Contracts") == 1
    assert fixed == fix_companion(text, runtime)
    assert_agrees(fixed, runtime)


def test_missing_sections_at_the_end_get_one_heading_each() -> None:
    text = "# wait.py DOX\n- Intro."
    expected = expected_for(wait_module(), ["tests/test_wait.py"])
    fixed = fix_companion(text, expected)
    companion = parse_companion(fixed)
    assert [s.title for s in companion.sections] == [
        "Ownership",
        "Runtime Contracts",
        "Key Concepts",
        "Verification",
    ]
    assert fixed.startswith("# wait.py DOX\n- Intro.\n\n## Ownership\n- Classes:\n")
    assert not fixed.endswith("\n")
    assert fix_companion(fixed, expected) == fixed


def test_inserted_block_is_not_glued_to_the_line_after_it() -> None:
    # the person's bullet after the insertion point looks like a class bullet
    text = "## Ownership\n- Notable constants/configuration names: `X`.\n- `Looks` (`Like`)\n"
    classes = next(b for b in expected_for(wait_module()) if b.key == "classes")
    classes.follows = ["constants"]  # as if classes came after constants
    fixed = fix_companion(text, [classes])
    assert fixed == (
        "## Ownership\n- Notable constants/configuration names: `X`.\n"
        "- Classes:\n- `WaitTool` (`Tool`)\n  - `async execute(self, **kwargs) -> Response`\n"
        "\n- `Looks` (`Like`)\n"
    )
    assert fix_companion(fixed, [classes]) == fixed


def test_removing_a_stale_block_never_lets_prose_join_the_block_above() -> None:
    text = "- Classes:\n- `A`\n- Top-level functions:\n- `f()`\n- `B`\n"
    classes = ExpectedBlock(
        "classes",
        "classes",
        None,
        "Ownership",
        ["- Classes:", "- `A`"],
        [{"name": "A", "bases": [], "methods": []}],
    )
    assert fix_companion(text, [classes], remove_stale=True) == text


def test_insertion_never_lands_in_an_unclosed_fence() -> None:
    text = "## Key Concepts\n- A concept.\n```\n- code to the end\n"
    expected = [b for b in expected_for(wait_module()) if b.key == "helpers"]
    fixed = fix_companion(text, expected)
    assert fixed.index("Important called") < fixed.index("```")
    assert fix_companion(fixed, expected) == fixed


def test_duplicated_block_is_reported_and_left_alone() -> None:
    text = (
        "## Runtime Contracts\n"
        "- Imported dependency areas include: `old`.\n"
        "- Imported dependency areas include: `older`.\n"
    )
    expected = [b for b in expected_for(wait_module()) if b.key == "imports"]
    fixed = fix_companion(text, expected)
    assert fixed == (
        "## Runtime Contracts\n"
        "- Imported dependency areas include: `asyncio`, `helpers.tool`, `helpers.wait`.\n"
        "- Imported dependency areas include: `older`.\n"
    )
    assert [d.line for d in parse_companion(fixed).duplicates] == [3]


def test_unchanged_lines_of_a_rewritten_block_keep_their_bytes() -> None:
    text = (
        "- Arguments of `WaitTool`:\r\n"
        "  - `seconds`: optional integer, default `0`.  \n"
        "  - `until`: optional string.\r\n"
    )
    expected = [b for b in expected_for(wait_module()) if b.key == "arguments:WaitTool"]
    companion = parse_companion(text)
    edits = companion_edits(companion, expected)
    assert edits == [Edit("", 2, 3, ["  - `until`: required string."])]
    # untouched lines keep their bytes; the rewritten one gets the dominant newline
    assert fix_companion(text, expected) == (
        "- Arguments of `WaitTool`:\r\n"
        "  - `seconds`: optional integer, default `0`.  \n"
        "  - `until`: required string.\r\n"
    )


# --- the property: prose survives, fixes converge, a second run is a no-op ----

_PROSE_CHARACTERS = st.characters(
    blacklist_categories=("Cs", "Cc"), blacklist_characters="\r\n"
) | st.sampled_from(["`", "\t", "\x0c", "\u2028", " ", "#", "-", "*", ".", ":"])
# Prose starts with a letter or digit: never a heading, fence, indented line
# or code span. Lead phrases (matched ignoring case) start with one of
# "ctnaroi", so a prose bullet never starts with those.
_LEAD_INITIALS = "ctnaroiCTNAROI"
_PROSE_TEXT = st.builds(
    lambda first, rest, trailing: first + rest + trailing,
    st.characters(categories=("Lu", "Ll", "Nd"), exclude_characters=_LEAD_INITIALS),
    st.text(_PROSE_CHARACTERS, max_size=30),
    st.sampled_from(["", " ", "  "]),
)
_FENCE = ["```markdown", "## Ownership", "- Classes:", "- `Fake` (`Tool`)", "```"]
_PROSE_LINE = st.one_of(
    st.sampled_from(["", "  ", "\t"]),
    _PROSE_TEXT,
    st.builds(lambda bullet, text: bullet + text, st.sampled_from(["- ", "* "]), _PROSE_TEXT),
)
_PROSE_PIECE = st.one_of(
    _PROSE_LINE.map(lambda line: [line]),
    st.just(_FENCE),
)


@dataclass
class Document:
    """A generated companion: its lines, which of them are prose, and the
    prose a person wrote into fact lines."""

    lines: list[str] = field(default_factory=list)
    prose: list[bool] = field(default_factory=list)
    #: (block key, argument name or None, prose text)
    inline_prose: list[tuple[str, str | None, str]] = field(default_factory=list)

    def add(self, lines: list[str], *, prose: bool) -> None:
        self.lines.extend(lines)
        self.prose.extend([prose] * len(lines))


def _stale_block_lines(draw: st.DrawFn, block: ExpectedBlock, document: Document) -> list[str]:
    """The block as a person may have left it: maybe with prose, `*` bullets
    or trailing spaces."""
    lines = list(block.lines)
    if draw(st.booleans()):
        text = " Note " + draw(_PROSE_TEXT)
        lines[0] += text
        document.inline_prose.append((block.key, None, text))
    if block.kind == "arguments":
        for index in range(1, len(lines)):
            if draw(st.booleans()):
                text = " Note " + draw(_PROSE_TEXT)
                lines[index] += text
                name = block.values[index - 1]["name"]
                document.inline_prose.append((block.key, name, text))
    if draw(st.booleans()):
        lines[0] = "*" + lines[0][1:] + draw(st.sampled_from(["", "  "]))
    return lines


@st.composite
def companions(draw: st.DrawFn) -> tuple[str, list[ExpectedBlock], Document]:
    old = expected_blocks(draw(st.sampled_from(MODULES)), draw(st.sampled_from(TEST_LISTS)))
    new = expected_blocks(draw(st.sampled_from(MODULES)), draw(st.sampled_from(TEST_LISTS)))
    document = Document()
    document.add(["# wait.py DOX"], prose=True)
    sections = list(SECTIONS)
    if draw(st.booleans()):
        sections = draw(st.permutations(sections))
    for title in sections:
        if not draw(st.integers(0, 4)):
            continue  # a missing section
        document.add([f"## {title}"], prose=True)
        for block in (b for b in old if b.section == title):
            for piece in draw(st.lists(_PROSE_PIECE, max_size=2)):
                document.add(piece, prose=True)
            if draw(st.integers(0, 3)):
                document.add(_stale_block_lines(draw, block, document), prose=False)
        for piece in draw(st.lists(_PROSE_PIECE, max_size=3)):
            document.add(piece, prose=True)
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    other = "\r\n" if newline == "\n" else "\n"
    endings = [draw(st.sampled_from([newline] * 5 + [other])) for _ in document.lines]
    if document.lines[-1] and draw(st.booleans()):
        endings[-1] = ""
    text = "".join(line + ending for line, ending in zip(document.lines, endings, strict=True))
    return text, new, document


def _assert_prose_survives(text: str, fixed: str, document: Document) -> None:
    original = split_lines(text)
    output = split_lines(fixed)
    position = 0
    for index, is_prose in enumerate(document.prose):
        if not is_prose:
            continue
        line = original[index]
        last_without_newline = index == len(original) - 1 and line_content(line) == line
        while position < len(output):
            candidate = output[position]
            position += 1
            if candidate == line or (last_without_newline and line_content(candidate) == line):
                break
        else:
            raise AssertionError(f"prose line {index + 1} lost or reordered: {line!r}")


def _assert_inline_prose_survives(
    fixed: str, expected: list[ExpectedBlock], document: Document
) -> None:
    by_key = {block.key: block for block in expected}
    for key, argument, text in document.inline_prose:
        block = by_key.get(key)
        if block is None:
            continue  # the fact is gone: its line is stale, and left alone
        if argument is not None and argument not in {a["name"] for a in block.values}:
            continue  # the argument is gone, and its item with it
        assert text in fixed, (key, argument, text)


@settings(deadline=None, max_examples=200)
@given(companions())
def test_fix_keeps_prose_converges_and_is_idempotent(
    case: tuple[str, list[ExpectedBlock], Document],
) -> None:
    text, expected, document = case
    fixed = fix_companion(text, expected)
    _assert_prose_survives(text, fixed, document)
    _assert_inline_prose_survives(fixed, expected, document)
    assert fix_companion(fixed, expected) == fixed
    assert_agrees(fixed, expected)


_TRICKY_LINES = [
    "",
    "# wait.py DOX",
    "## Ownership",
    "## Runtime Contracts",
    "## Key Concepts",
    "```",
    "    indented code",
    "<div>",
    "- Classes:",
    "- `WaitTool` (`Tool`)",
    "  - `run(self)`",
    "\t- a note",
    "- Arguments of `WaitTool`:",
    "  - `seconds`: optional, default `1`.",
    "- `WaitTool` is a `Tool`.",
    "- Observed side-effect areas: network, model calls",
    "- Imported dependency areas include: `x`.",
    "- prose",
    "text",
]


@settings(deadline=None, max_examples=200)
@given(
    st.lists(st.one_of(st.sampled_from(_TRICKY_LINES), st.text(max_size=20)), max_size=25),
    st.sampled_from(["\n", "\r\n"]),
    st.sampled_from(MODULES),
)
def test_fix_on_odd_documents_never_raises_and_is_idempotent(
    lines: list[str], newline: str, module: ModuleFacts
) -> None:
    text = newline.join(lines)
    expected = expected_for(module, ["tests/test_wait.py"])
    fixed = fix_companion(text, expected)
    assert fix_companion(fixed, expected) == fixed


def test_a_lead_whose_paragraph_goes_on_at_the_margin_is_fixed_in_one_pass() -> None:
    """The lead's paragraph goes on with ``0`` (Markdown's lazy continuation):
    no pass writes items between the two lines, whatever the blocks written
    after them, and a second pass changes nothing."""
    lines = [
        "## Runtime Contracts",
        "- Arguments of `WaitTool`:",
        "0",
        "- `WaitTool` (`Tool`)",
        "  - `seconds`: optional, default `1`.",
    ]
    expected = expected_for(wait_module(), ["tests/test_wait.py"])
    fixed = fix_companion("\n".join(lines), expected)
    assert "- Arguments of `WaitTool`:\n0\n" in fixed
    assert fix_companion(fixed, expected) == fixed


def test_items_added_past_a_paragraph_go_before_sections_inserted_there() -> None:
    """An argument added after the text going on from the last item lands
    right after it, before the sections inserted at that line, not under the
    last of them."""
    text = "- Arguments of `WaitTool`:\n  - `until`: required string.\nsee the code"
    expected = expected_for(wait_module())
    fixed = fix_companion(text, expected)
    assert fixed.startswith(text + "\n  - `seconds`: optional integer, default `0`.\n\n## ")
    assert fix_companion(fixed, expected) == fixed


def test_items_are_never_written_after_a_fence_that_is_never_closed() -> None:
    text = "- Related tests observed by source search:\n  ```\n# wait.py DOX\n"
    expected = [b for b in expected_for(wait_module(), ["tests/test_wait.py"]) if b.kind == "tests"]
    fixed = fix_companion(text, expected)
    assert fixed == (
        "- Related tests observed by source search:\n"
        "  - `tests/test_wait.py`\n"
        "  ```\n"
        "# wait.py DOX\n"
    )
    assert fix_companion(fixed, expected) == fixed


def test_stale_block_is_kept_when_an_indented_line_may_belong_to_it() -> None:
    text = "- `Gone` is a `Tool`.\n\n  continued under the item\n"
    assert fix_companion(text, [], remove_stale=True) == text


def test_removal_edit_only_for_blocks_without_a_person_s_text() -> None:
    text = (
        "- `A` is a `Tool`.\n"
        "- `B` is a `Tool`. Written by hand.\n"
        "- `C` is a `Tool`.\n"
        "- `C` is a `Tool`.\n"
    )
    companion = parse_companion(text, "tools/x.py.dox.md")
    a, b, c = companion.blocks
    assert removal_edit(companion, a) == Edit("tools/x.py.dox.md", 0, 1, [])
    assert removal_edit(companion, b) is None
    assert removal_edit(companion, c) is None


def test_a_deleted_heading_whose_blocks_stay_is_reported_and_put_back(
    reference_repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The blocks of a section whose heading was deleted read as part of the
    section above; the missing section is reported and its heading added,
    every line of the companion kept."""
    companion = reference_repo / "tools" / "wait.py.dox.md"
    original = companion.read_text(encoding="utf-8")
    companion.write_text(original.replace("## Ownership\n", "", 1), encoding="utf-8")
    monkeypatch.chdir(reference_repo)

    def missing_sections() -> list[tuple[str, str]]:
        result = CliRunner().invoke(cli, ["check", "--no-cache", "--format", "json"])
        assert result.exit_code in (0, 1), result.output
        found = json.loads(result.stdout)
        return [(f["path"], f["message"]) for f in found if f["code"] == "DOX102"]

    assert missing_sections() == [("tools/wait.py.dox.md", "section `## Ownership` is missing")]
    fixed = CliRunner().invoke(cli, ["check", "--no-cache", "--fix"])
    assert fixed.exit_code in (0, 1), fixed.output
    lines = companion.read_text(encoding="utf-8").splitlines()
    assert "## Ownership" in lines
    assert [line for line in original.splitlines() if line not in lines] == []
    assert missing_sections() == []


def test_a_missing_section_follows_the_blank_line_after_the_companions_headings() -> None:
    text = "# wait.py DOX\n\n## Purpose\n\n- Own it.\n\n## Work Guidance\n\n- Advice.\n"
    expected = expected_for(wait_module(), ["tests/test_wait.py"])
    fixed = fix_companion(text, expected)
    assert "## Ownership\n\n- Classes:\n" in fixed
    assert "## Key Concepts\n\n- Important called helpers" in fixed
    assert "## Purpose\n\n- Own it.\n" in fixed and "## Work Guidance\n\n- Advice.\n" in fixed
    assert fix_companion(fixed, expected) == fixed
