"""Reading the structure of a ``.py.dox.md`` companion."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from doxtool.companions.factlines import SECTIONS
from doxtool.companions.model import Companion
from doxtool.companions.parsing import parse_companion
from doxtool.core.edits import line_content
from doxtool.core.serde import to_data

# The example of DOX-CONVENTIONS.md section 1, with doxtool's own fact lines.
REAL = """\
# wait.py DOX

## Purpose
- Own the `wait.py` agent tool.
- Wait for a number of seconds or until a moment.
- Keep this file-level DOX profile synchronized with `wait.py` ...

## Ownership
- `wait.py` owns the runtime implementation.
- `wait.py.dox.md` owns durable notes about ...
- Classes:
- `WaitTool` (`Tool`)
  - `async execute(self, **kwargs) -> Response`
  - `get_heading(self, text: str=..., done: bool=...)`
- Top-level functions:
- `_deadline(seconds: int=...) -> datetime`
- Notable constants/configuration names: `MAX_WAIT`.

## Runtime Contracts
- Tool modules must define `helpers.tool.Tool` subclasses and return `helpers.tool.Response` ...
- `WaitTool` is a `Tool`.
- `WaitTool` defines `execute(...)`.
- Arguments of `WaitTool`:
  - `seconds`: optional integer, default `0`. How long to wait.
  - `until`: required string.
- `break_loop` of `WaitTool`: always `false`.
- Observed side-effect areas: filesystem reads, network.
- Imported dependency areas include: `asyncio`, `datetime`, `helpers.localization`, `helpers.tool`, `helpers.wait`.

## Key Concepts
- Important called helpers/classes observed in the source: `Response`, `managed_wait`, `self.agent.handle_intervention`.

## Work Guidance
- Keep waits interruptible.

## Verification
- Run the unit tests.
- Related tests observed by source search:
  - `tests/test_wait.py`

## Child DOX Index
No child DOX files.
"""


def block_lines(companion: Companion) -> set[int]:
    return {i for block in companion.blocks for i in range(block.start, block.end)}


def test_real_companion_structure() -> None:
    companion = parse_companion(REAL)
    assert companion.title == "wait.py DOX"
    assert companion.title_line == 1
    assert [s.title for s in companion.sections] == list(SECTIONS)
    ownership = companion.section("Ownership")
    assert ownership is not None
    assert (ownership.line, ownership.start, ownership.end) == (8, 7, 18)
    assert companion.newline == "\n"
    assert companion.line_count == len(REAL.splitlines())
    assert companion.duplicates == []
    assert [(b.key, b.section, b.line) for b in companion.blocks] == [
        ("classes", "Ownership", 11),
        ("functions", "Ownership", 15),
        ("constants", "Ownership", 17),
        ("is-tool:WaitTool", "Runtime Contracts", 21),
        ("defines:WaitTool.execute", "Runtime Contracts", 22),
        ("arguments:WaitTool", "Runtime Contracts", 23),
        ("break-loop:WaitTool", "Runtime Contracts", 26),
        ("side-effects", "Runtime Contracts", 27),
        ("imports", "Runtime Contracts", 28),
        ("helpers", "Key Concepts", 31),
        ("tests", "Verification", 38),
    ]


def test_real_companion_values() -> None:
    companion = parse_companion(REAL)
    values = {block.key: block.values for block in companion.blocks}
    assert values["classes"] == [
        {
            "name": "WaitTool",
            "bases": ["Tool"],
            "methods": [
                "async execute(self, **kwargs) -> Response",
                "get_heading(self, text: str=..., done: bool=...)",
            ],
        }
    ]
    assert values["functions"] == ["_deadline(seconds: int=...) -> datetime"]
    assert values["constants"] == ["MAX_WAIT"]
    assert values["is-tool:WaitTool"] == "Tool"
    assert values["defines:WaitTool.execute"] is True
    assert values["arguments:WaitTool"] == [
        {
            "name": "seconds",
            "required": False,
            "type": "integer",
            "default": "0",
            "has_default": True,
            "enum": None,
            "alternatives": None,
            "prose": " How long to wait.",
        },
        {
            "name": "until",
            "required": True,
            "type": "string",
            "default": None,
            "has_default": False,
            "enum": None,
            "alternatives": None,
            "prose": "",
        },
    ]
    assert values["break-loop:WaitTool"] == ["false"]
    assert values["side-effects"] == ["filesystem reads", "network"]
    assert values["imports"][:2] == ["asyncio", "datetime"]
    assert values["helpers"] == ["Response", "managed_wait", "self.agent.handle_intervention"]
    assert values["tests"] == ["tests/test_wait.py"]
    arguments = companion.block("arguments:WaitTool")
    assert arguments is not None
    assert arguments.item_lines == {"seconds": 24, "until": 25}


def test_prose_lines_are_outside_every_block() -> None:
    companion = parse_companion(REAL)
    inside = block_lines(companion)
    for index, line in enumerate(companion.lines):
        text = line_content(line)
        if "owns" in text or "Tool modules must" in text or "Run the unit tests" in text:
            assert index not in inside, text


def test_crlf_companion_parses_the_same() -> None:
    lf = parse_companion(REAL)
    crlf = parse_companion(REAL.replace("\n", "\r\n"))
    assert crlf.newline == "\r\n"
    assert all(line.endswith("\r\n") for line in crlf.lines)
    assert to_data(crlf.blocks) == to_data(lf.blocks)
    assert to_data(crlf.sections) == to_data(lf.sections)


def test_star_bullets_trailing_spaces_and_tabs_are_accepted() -> None:
    text = (
        "* Classes:   \n"
        "* `WaitTool` (`Tool`)  \n"
        "\t- `async execute(self)`\n"
        "*   Imported dependency areas include: `asyncio`.  \n"
        "- Arguments of `WaitTool`:\n"
        "    * `seconds`: optional integer, default `0`.   \n"
    )
    companion = parse_companion(text)
    classes = companion.block("classes")
    assert classes is not None
    assert classes.values == [
        {"name": "WaitTool", "bases": ["Tool"], "methods": ["async execute(self)"]}
    ]
    assert classes.prose == "   "
    imports = companion.block("imports")
    assert imports is not None
    assert imports.values == ["asyncio"]
    assert imports.prose == "  "
    arguments = companion.block("arguments:WaitTool")
    assert arguments is not None
    assert arguments.values[0]["default"] == "0"


def test_prose_bullets_between_fact_lines_end_blocks() -> None:
    text = (
        "- Classes:\n"
        "- `WaitTool` (`Tool`)\n"
        "- `wait.py` owns the runtime implementation.\n"
        "- Top-level functions:\n"
        "- `_deadline(seconds: int=...) -> datetime`\n"
        "- `helper` is not a signature\n"
        "- `WaitTool` is a `Tool` that waits.\n"
    )
    companion = parse_companion(text)
    assert [(b.key, b.start, b.end) for b in companion.blocks] == [
        ("classes", 0, 2),
        ("functions", 3, 5),
    ]


def test_a_heading_ends_a_block_and_a_blank_line_before_an_item_does_not() -> None:
    # a loose list: the item past the blank line is one of the block's
    text = "- Arguments of `X`:\n  - `a`: required.\n\n  - `b`: required.\n## Next\n"
    companion = parse_companion(text)
    block = companion.block("arguments:X")
    assert block is not None
    assert (block.start, block.end) == (0, 4)
    assert [a["name"] for a in block.values] == ["a", "b"]
    # a blank line before a line at the lead's level ends it
    text = "- Arguments of `X`:\n  - `a`: required.\n\n- Other.\n  - `b`: required.\n"
    block = parse_companion(text).block("arguments:X")
    assert block is not None
    assert (block.start, block.end) == (0, 2)


def test_headings_and_fact_lines_inside_fences_are_not_structure() -> None:
    text = (
        "# tool.py DOX\n"
        "## Purpose\n"
        "```markdown\n"
        "## Ownership\n"
        "- Classes:\n"
        "- `Fake` (`Tool`)\n"
        "```\n"
        "~~~\n"
        "- Observed side-effect areas: network.\n"
        "~~~\n"
    )
    companion = parse_companion(text)
    assert [s.title for s in companion.sections] == ["Purpose"]
    assert companion.blocks == []
    assert [(c.start, c.end, c.closed) for c in companion.code_blocks] == [
        (2, 7, True),
        (7, 10, True),
    ]


def test_unclosed_fence_does_not_crash_and_hides_the_rest() -> None:
    text = "# x DOX\n## Ownership\n```\n## Runtime Contracts\n- Classes:\n"
    companion = parse_companion(text)
    assert [s.title for s in companion.sections] == ["Ownership"]
    assert companion.blocks == []
    assert [(c.start, c.end, c.closed) for c in companion.code_blocks] == [(2, 5, False)]


def test_duplicated_and_missing_sections() -> None:
    text = "# x DOX\n## Purpose\n- a\n## Verification\n- b\n## purpose\n- c\n"
    companion = parse_companion(text)
    assert [(s.title, s.start, s.end) for s in companion.sections] == [
        ("Purpose", 1, 3),
        ("Verification", 3, 5),
        ("purpose", 5, 7),
    ]
    purpose = companion.section("Purpose")
    assert purpose is not None
    assert purpose.start == 1
    assert companion.section("Ownership") is None


def test_only_level_two_headings_outside_containers_are_sections() -> None:
    """ATX ``##`` and setext ``---`` headings; not quoted, deeper or list ones."""
    text = "# x DOX\nSetext\n------\n> ## Quoted\n### Deep\n- ## In a list\n## Real ##\n"
    companion = parse_companion(text)
    assert [(s.title, s.line) for s in companion.sections] == [("Setext", 2), ("Real", 7)]


def test_duplicated_block_key_keeps_the_first_and_reports_the_second() -> None:
    text = (
        "- Imported dependency areas include: `a`.\n"
        "- prose\n"
        "- Imported dependency areas include: `b`.\n"
    )
    companion = parse_companion(text)
    imports = companion.block("imports")
    assert imports is not None
    assert imports.values == ["a"]
    assert [(d.key, d.line, d.values) for d in companion.duplicates] == [("imports", 3, ["b"])]


def test_single_line_fact_values() -> None:
    text = (
        "- `break_loop` of `A`: `true` or `false` or `should_stop`. Decided at run time.\n"
        "- `break_loop` of `B`: none.\n"
        "- Repairable errors raised by `A`: `RepairableException`.\n"
        "- Observed side-effect areas: none.\n"
        "- Important called helpers/classes observed in the source: none.\n"
        "- `A` defines `execute`.\n"
    )
    companion = parse_companion(text)
    values = {block.key: (block.values, block.prose) for block in companion.blocks}
    assert values == {
        # only a boolean is a value: `should_stop` is the person's words
        "break-loop:A": (["true", "false"], " Decided at run time."),
        "break-loop:B": ([], ""),
        "repairable:A": (["RepairableException"], ""),
        "side-effects": ([], ""),
        "helpers": ([], ""),
        "defines:A.execute": (True, ""),
    }


def test_argument_item_grammar() -> None:
    text = (
        "- Arguments of `T`:\n"
        '  - `a`: optional string, default `"x"`, one of `x`, `y`. Prose. More prose.\n'
        "  - `b`: required, one of `1`, `2`, default `1`.\n"
        "  - `c`: how long to wait\n"
        "  - `d`: optional integer, default `not json`.\n"
        "  - a note without a name\n"
        "  - `e` has no colon\n"
    )
    companion = parse_companion(text)
    block = companion.block("arguments:T")
    assert block is not None
    assert block.values == [
        {
            "name": "a",
            "required": False,
            "type": "string",
            "default": '"x"',
            "has_default": True,
            "enum": ["x", "y"],
            "alternatives": None,
            "prose": " Prose. More prose.",
        },
        {
            "name": "b",
            "required": True,
            "type": None,
            "default": "1",
            "has_default": True,
            "enum": ["1", "2"],
            "alternatives": None,
            "prose": "",
        },
        {
            "name": "c",
            "required": None,
            "type": None,
            "default": None,
            "has_default": False,
            "enum": None,
            "alternatives": None,
            "prose": " how long to wait",
            # facts not read exactly: known by name only, never compared
            "fields_unknown": True,
        },
        {
            "name": "d",
            "required": False,
            "type": "integer",
            "default": "not json",
            "has_default": True,
            "enum": None,
            "alternatives": None,
            "prose": "",
        },
    ]
    assert [(n.line, n.anchor) for n in block.notes] == [(5, "d"), (6, "d")]


def test_arguments_none_keeps_its_prose() -> None:
    companion = parse_companion("- Arguments of `T`: none. Takes nothing.\n")
    block = companion.block("arguments:T")
    assert block is not None
    assert (block.values, block.prose) == ([], " Takes nothing.")


def test_notes_inside_blocks_are_anchored_to_the_item_above() -> None:
    text = (
        "- Classes:\n"
        "  - a note before any class\n"
        "- `A`\n"
        "  - `run(self)`\n"
        "    more about run\n"
        "  ```\n"
        "  - `fake(self)`\n"
        "  ```\n"
        "- Related tests observed by source search:\n"
        "  - `tests/test_a.py` (slow)\n"
        "  - manual check in the UI\n"
    )
    companion = parse_companion(text)
    classes = companion.block("classes")
    assert classes is not None
    assert classes.values == [{"name": "A", "bases": [], "methods": ["run(self)"]}]
    assert [(n.line, n.anchor) for n in classes.notes] == [
        (1, None),
        (4, "A.run"),
        (5, "A.run"),
        (6, "A.run"),
        (7, "A.run"),
    ]
    tests = companion.block("tests")
    assert tests is not None
    assert tests.values == ["tests/test_a.py"]
    assert tests.item_prose == {"tests/test_a.py": " (slow)"}
    assert [(n.line, n.anchor) for n in tests.notes] == [(10, "tests/test_a.py")]


def test_only_cr_lf_and_crlf_end_lines() -> None:
    text = "- Observed side-effect areas: network.\x0c page\u2028break\n- prose\r- x\r\n"
    companion = parse_companion(text)
    assert companion.line_count == 3
    block = companion.block("side-effects")
    assert block is not None
    assert block.prose == "\x0c page\u2028break"


def test_empty_and_title_only_companions() -> None:
    empty = parse_companion("")
    assert (empty.title, empty.title_line, empty.sections, empty.blocks) == (None, 0, [], [])
    titled = parse_companion("# tools/wait.py DOX")
    assert titled.title == "tools/wait.py DOX"
    assert titled.line_count == 1


def test_companion_serialises_to_json() -> None:
    data = to_data(parse_companion(REAL, path="tools/wait.py.dox.md"))
    assert json.loads(json.dumps(data))["path"] == "tools/wait.py.dox.md"


TRICKY_LINES = [
    "",
    "   ",
    "# wait.py DOX",
    "## Ownership",
    "## Runtime Contracts",
    "```",
    "~~~~",
    "    indented code",
    "> quote",
    "<div>",
    "- Classes:",
    "- `A` (`Tool`)",
    "  - `run(self)`",
    "\t- note",
    "- Arguments of `A`:",
    "  - `x`: optional integer, default `[[[`.",
    "  - `y`: required, one of `a`,`b`",
    "- `A` is a `Tool`.",
    "- `break_loop` of `A`: always `true`",
    "- Observed side-effect areas: network, chat history persistence",
    "- Related tests observed by source search:",
    "  - `tests/test_a.py`",
    "* `unterminated",
    "``` `` ` ```` `",
    "1. numbered",
    "Setext",
    "===",
]


@settings(deadline=None, max_examples=200)
@given(
    st.one_of(
        st.text(),
        st.lists(
            st.one_of(st.sampled_from(TRICKY_LINES), st.text(max_size=30)), max_size=30
        ).flatmap(
            lambda lines: st.lists(
                st.sampled_from(["\n", "\r\n", "\r"]), min_size=len(lines), max_size=len(lines)
            ).map(lambda ends: "".join(a + b for a, b in zip(lines, ends, strict=True)))
        ),
    )
)
def test_parsing_never_raises_and_is_consistent(text: str) -> None:
    companion = parse_companion(text)
    assert "".join(companion.lines) == text
    assert companion.line_count == len(companion.lines)
    previous_end = 0
    for block in sorted(companion.blocks + companion.duplicates, key=lambda b: b.start):
        assert previous_end <= block.start < block.end <= companion.line_count
        assert block.line == block.start + 1
        previous_end = block.end
    for section in companion.sections:
        assert 0 <= section.start < section.end <= companion.line_count
    json.dumps(to_data(companion))


def test_a_block_stops_at_a_fence_that_is_never_closed() -> None:
    text = "- Related tests observed by source search:\n  ```\n  - `tests/test_a.py`\n# x DOX\n"
    companion = parse_companion(text)
    tests = companion.block("tests")
    assert tests is not None
    assert (tests.start, tests.end, tests.values) == (0, 1, [])
