"""Fact blocks written in the layouts people use are read as they are meant:
a line doxtool cannot read as an item is a person's note, and never ends a
block early (which would make every later item "missing" and a fix write it
again)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from samples import clean_files

from doxtool.companions.parsing import parse_companion
from doxtool.rules.examples import WAIT_DOX, WAIT_PY

SHAPES_PY = '''\
"""Shapes."""

import enum


class Color(enum.Enum):
    RED = 1


class Config:
    def label(self) -> str:
        return "x"

    def parse(self, text: str) -> str:
        return text


def load(path: str) -> Config:
    return Config()


async def fetch(name: str) -> str:
    return name
'''

TEST_PY = """\
from helpers import shapes


def test_load():
    assert shapes.load("a")
"""

COMPANION = """\
# shapes.py DOX

## Purpose
- Own the `shapes.py` module.
- Shapes.
- Keep this file-level DOX profile synchronized with `shapes.py` when it changes.

## Ownership
- `shapes.py` owns the runtime implementation.
- Classes:
- `Color` (`enum.Enum`)
- `Config`
  - `label(self) -> str`
  - `parse(self, text: str) -> str`
- Top-level functions:
- `load(path: str) -> Config`
- `async fetch(name: str) -> str`

## Runtime Contracts
- Imported dependency areas include: `enum`.

## Key Concepts

## Work Guidance
- Change `shapes.py` and this file together.

## Verification
- Run `pytest tests/test_shapes.py`.
- Related tests observed by source search:
  - `tests/test_shapes.py`

## Child DOX Index
No child DOX files.
"""

DOX = "helpers/shapes.py.dox.md"


def _repo(make_repo: Callable[[dict[str, str]], Path], companion: str) -> Path:
    return make_repo(
        {
            "pyproject.toml": '[tool.doxtool]\ndocumented-dirs = ["helpers"]\n',
            "helpers/__init__.py": "",
            "helpers/shapes.py": SHAPES_PY,
            "tests/test_shapes.py": TEST_PY,
            DOX: companion,
        }
    )


def _findings(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.startswith(DOX)]


# (what the canonical companion writes, how a person writes it instead)
TRUE_LAYOUTS = {
    "class with a full stop": ("- `Config`\n", "- `Config`.\n"),
    "class with a note": ("- `Color` (`enum.Enum`)\n", "- `Color` (`enum.Enum`): the palette.\n"),
    "class with a dash note": ("- `Config`\n", "- `Config` \u2014 settings.\n"),
    "class with words in parentheses": ("- `Config`\n", "- `Config` (a plain class): settings.\n"),
    "function by its name": ("- `load(path: str) -> Config`\n", "- `load`: reads a file.\n"),
    "function with def": (
        "- `async fetch(name: str) -> str`\n",
        "- `async def fetch(name: str) -> str`\n",
    ),
    "functions nested under the lead": (
        "- `load(path: str) -> Config`\n- `async fetch(name: str) -> str`\n",
        "  - `load(path: str) -> Config`\n  - `async fetch(name: str) -> str`\n",
    ),
    "classes nested under the lead": (
        "- `Color` (`enum.Enum`)\n- `Config`\n  - `label(self) -> str`\n"
        "  - `parse(self, text: str) -> str`\n",
        "  - `Color` (`enum.Enum`)\n  - `Config`\n    - `label(self) -> str`\n"
        "    - `parse(self, text: str) -> str`\n",
    ),
    "blank line between classes": ("- `Color` (`enum.Enum`)\n", "- `Color` (`enum.Enum`)\n\n"),
    "tests flat under the lead": ("  - `tests/test_shapes.py`\n", "- `tests/test_shapes.py`\n"),
    "method by its name": ("  - `label(self) -> str`\n", "  - `label`\n"),
    "method named with its class": (
        "  - `parse(self, text: str) -> str`\n",
        "  - `Config.parse` \u2014 reads text.\n",
    ),
    "a class attribute by its name": ("  - `label(self) -> str`\n", "  - `RED`\n  - `label`\n"),
    "a note bullet under a class": (
        "  - `label(self) -> str`\n",
        "  - `tags` defaults to an empty list.\n  - `label(self) -> str`\n",
    ),
    "lists on the lead lines": (
        "- Classes:\n- `Color` (`enum.Enum`)\n- `Config`\n  - `label(self) -> str`\n"
        "  - `parse(self, text: str) -> str`\n- Top-level functions:\n"
        "- `load(path: str) -> Config`\n- `async fetch(name: str) -> str`\n",
        "- Classes: `Color` (`enum.Enum`), `Config` (`label`, `parse`).\n"
        "- Top-level functions: `load`, `fetch`.\n",
    ),
    "a lead phrase followed by prose in Purpose": (
        "- Shapes.\n",
        "- Shapes.\n- Top-level functions: keep them pure and free of I/O.\n",
    ),
    "functions numbered": (
        "- `load(path: str) -> Config`\n- `async fetch(name: str) -> str`\n",
        "1. `load(path: str) -> Config`\n2. `async fetch(name: str) -> str`\n",
    ),
    "classes numbered": (
        "- `Color` (`enum.Enum`)\n- `Config`\n",
        "1. `Color` (`enum.Enum`)\n2. `Config`\n",
    ),
    "a paragraph under a function past a blank line": (
        "- `load(path: str) -> Config`\n",
        "- `load(path: str) -> Config`\n\n  Reads the file whole.\n\n",
    ),
    "a paragraph under a method past a blank line": (
        "  - `label(self) -> str`\n",
        "  - `label(self) -> str`\n\n    The label shown.\n\n",
    ),
    "classes in a table": (
        "- `Color` (`enum.Enum`)\n- `Config`\n  - `label(self) -> str`\n"
        "  - `parse(self, text: str) -> str`\n",
        "\n| Class | Base |\n|:------|:----:|\n| **`Color`** | `enum.Enum` |\n"
        "| `Config` | \u2014 |\n\n",
    ),
    "functions in a table": (
        "- `load(path: str) -> Config`\n- `async fetch(name: str) -> str`\n",
        "\n| Function | Returns |\n| --- | ---: |\n| `load(path)` | `Config` |\n"
        "| `fetch` | `str` |\n\n",
    ),
    "a person's code span on the tests lead": (
        "- Related tests observed by source search:\n",
        "- Related tests observed by source search: note `0` means none was found.\n",
    ),
    "a note at the margin between functions": (
        "- `load(path: str) -> Config`\n",
        "- `load(path: str) -> Config`\n\nBoth read files.\n\n",
    ),
}


@pytest.mark.parametrize("layout", sorted(TRUE_LAYOUTS))
def test_a_true_companion_in_a_persons_layout_has_no_finding_and_no_fix(
    layout: str, make_repo, run_cli
) -> None:
    old, new = TRUE_LAYOUTS[layout]
    assert old in COMPANION
    text = COMPANION.replace(old, new, 1)
    root = _repo(make_repo, text)
    assert _findings(run_cli(root, "check", "--no-cache").output) == []
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == text


def test_the_canonical_companion_is_true(make_repo, run_cli) -> None:
    root = _repo(make_repo, COMPANION)
    assert _findings(run_cli(root, "check", "--no-cache").output) == []


def test_a_class_note_survives_a_bases_rewrite(make_repo, run_cli) -> None:
    text = COMPANION.replace("- `Color` (`enum.Enum`)\n", "- `Color` (`Flag`): the palette.\n")
    root = _repo(make_repo, text)
    assert _findings(run_cli(root, "check", "--no-cache").output) == [
        f"{DOX}:11:1: DOX105 class `Color` derives from `enum.Enum` in the code, not `Flag` "
        "(helpers/shapes.py:6) [*]"
    ]
    run_cli(root, "check", "--no-cache", "--fix")
    fixed = (root / DOX).read_text(encoding="utf-8")
    assert fixed == COMPANION.replace(
        "- `Color` (`enum.Enum`)\n", "- `Color` (`enum.Enum`): the palette.\n"
    )


def test_a_missing_item_of_a_list_on_the_lead_line_is_reported_without_a_fix(
    make_repo, run_cli
) -> None:
    text = COMPANION.replace(
        "- Top-level functions:\n- `load(path: str) -> Config`\n- `async fetch(name: str) -> str`\n",
        "- Top-level functions: `load`.\n",
    )
    root = _repo(make_repo, text)
    result = run_cli(root, "check", "--no-cache")
    assert _findings(result.output) == [
        f"{DOX}:15:1: DOX105 function `fetch` (helpers/shapes.py:22) is not listed "
        "among the top-level functions"
    ]


def test_a_stale_function_named_alone_is_removed_only_on_request(make_repo, run_cli) -> None:
    text = COMPANION.replace(
        "- `async fetch(name: str) -> str`\n", "- `async fetch(name: str) -> str`\n- `gone`\n"
    )
    root = _repo(make_repo, text)
    result = run_cli(root, "check", "--no-cache")
    assert _findings(result.output) == [
        f"{DOX}:18:1: DOX105 `helpers/shapes.py` no longer defines function `gone` "
        "(documented at line 18) [!]"
    ]


def test_a_stale_method_named_alone_is_removed_only_on_request(make_repo, run_cli) -> None:
    text = COMPANION.replace("  - `label(self) -> str`\n", "  - `label`\n  - `gone`\n")
    root = _repo(make_repo, text)
    result = run_cli(root, "check", "--no-cache")
    assert _findings(result.output) == [
        f"{DOX}:14:1: DOX105 `Config` no longer has method `gone` (documented at line 14) [!]"
    ]
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == text


NUMBERED = "1. `load(path: str) -> Config`\n2. `async fetch(name: str) -> str`\n"


def test_a_missing_item_of_a_numbered_list_takes_the_next_number(make_repo, run_cli) -> None:
    text = COMPANION.replace(
        "- `load(path: str) -> Config`\n- `async fetch(name: str) -> str`\n",
        "1. `load(path: str) -> Config`\n\n   Reads a file.\n\n",
    )
    root = _repo(make_repo, text)
    assert _findings(run_cli(root, "check", "--no-cache").output) == [
        f"{DOX}:15:1: DOX105 function `fetch` (helpers/shapes.py:22) is not listed among "
        "the top-level functions [*]"
    ]
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == text.replace(
        "   Reads a file.\n", "   Reads a file.\n2. `async fetch(name: str) -> str`\n"
    )


def test_items_missing_from_a_numbered_list_in_a_row_are_reported_without_a_fix(
    make_repo, run_cli
) -> None:
    py = (
        SHAPES_PY
        + "\n\ndef save(path: str) -> None:\n    pass\n\n\ndef drop() -> None:\n    pass\n"
    )
    text = COMPANION.replace(
        "- `load(path: str) -> Config`\n- `async fetch(name: str) -> str`\n", NUMBERED
    )
    root = _repo(make_repo, text)
    (root / "helpers/shapes.py").write_text(py, encoding="utf-8")
    assert _findings(run_cli(root, "check", "--no-cache").output) == [
        f"{DOX}:15:1: DOX105 function `drop` (helpers/shapes.py:30) is not listed among "
        "the top-level functions",
        f"{DOX}:15:1: DOX105 function `save` (helpers/shapes.py:26) is not listed among "
        "the top-level functions",
    ]
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == text


def test_a_signature_rewrite_keeps_the_def_a_person_wrote(make_repo, run_cli) -> None:
    text = COMPANION.replace(
        "  - `parse(self, text: str) -> str`\n", "  - `def parse(self, text: str, strict) -> str`\n"
    ).replace("- `async fetch(name: str) -> str`\n", "- `async def fetch(name: int) -> str`\n")
    root = _repo(make_repo, text)
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == COMPANION.replace(
        "  - `parse(self, text: str) -> str`\n", "  - `def parse(self, text: str) -> str`\n"
    ).replace("- `async fetch(name: str) -> str`\n", "- `async def fetch(name: str) -> str`\n")


def test_items_past_a_blank_line_are_listed_but_never_stale() -> None:
    companion = parse_companion("## Ownership\n- Classes:\n- `A`\n\n- `B` (`C`)\n  - `m(self)`\n")
    block = companion.block("classes")
    assert block is not None
    assert (block.start, block.end, block.loose_end) == (1, 3, 6)


WAIT_DOX_PATH = "tools/wait.py.dox.md"

# (what the canonical companion of ``wait.py`` writes, how a person writes it)
TRUE_TOOL_LINES = {
    "a clause after is a": ("- `WaitTool` is a `Tool`.\n", "- `WaitTool` is a `Tool`, the base.\n"),
    "a clause after defines": (
        "- `WaitTool` defines `execute(...)`.\n",
        "- `WaitTool` defines `execute(...)`, which returns a `Response`.\n",
    ),
    "a parenthetical after is a": (
        "- `WaitTool` is a `Tool`.\n",
        "- `WaitTool` is a `Tool` (discovered by file name).\n",
    ),
    "a clause opened by and after is a": (
        "- `WaitTool` is a `Tool`.\n",
        "- `WaitTool` is a `Tool` and is discovered by file name.\n",
    ),
    "a parenthetical after defines": (
        "- `WaitTool` defines `execute(...)`.\n",
        "- `WaitTool` defines `execute(...)` (async).\n",
    ),
    "argument facts in parentheses": (
        "  - `seconds`: optional integer, default `0`.\n",
        "  - `seconds` (optional integer, default `0`): how long to wait.\n",
    ),
    "argument named in bold after a dash": (
        "  - `seconds`: optional integer, default `0`.\n",
        "  - **seconds** \u2014 optional integer, default 0: how long to wait.\n",
    ),
}


@pytest.mark.parametrize("spelling", sorted(TRUE_TOOL_LINES))
def test_a_true_tool_line_in_a_persons_spelling_has_no_finding_and_no_fix(
    spelling: str, make_repo, run_cli
) -> None:
    old, new = TRUE_TOOL_LINES[spelling]
    assert old in WAIT_DOX
    text = WAIT_DOX.replace(old, new)
    root = make_repo({**clean_files(), WAIT_DOX_PATH: text})
    result = run_cli(root, "check", "--no-cache")
    assert result.exit_code == 0, result.output
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / WAIT_DOX_PATH).read_text(encoding="utf-8") == text


def test_an_argument_in_a_persons_spelling_is_compared_by_its_facts_when_read(
    make_repo, run_cli
) -> None:
    text = WAIT_DOX.replace(
        "  - `seconds`: optional integer, default `0`.\n",
        "  - `seconds` (required integer): how long to wait.\n",
    )
    root = make_repo({**clean_files(), WAIT_DOX_PATH: text})
    result = run_cli(root, "check", "--no-cache")
    assert [line for line in result.output.splitlines() if "DOX111" in line] == [
        f"{WAIT_DOX_PATH}:15:1: DOX111 argument `seconds` has `0` in the code "
        "(read at tools/wait.py:6)",
        f"{WAIT_DOX_PATH}:15:1: DOX111 argument `seconds` is documented as required "
        "but the code treats it as optional (read at tools/wait.py:6)",
    ]
    # the block is the person's spelling: reported, never rewritten
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / WAIT_DOX_PATH).read_text(encoding="utf-8") == text


def test_a_sentence_wrapped_onto_an_indented_line_is_read_whole(make_repo, run_cli) -> None:
    py = "import json\nimport os.path\n\nfrom helpers.tool import Response, Tool\n"
    source = py + WAIT_PY_BODY
    wrapped = (
        "- Imported dependency areas include: `helpers.tool`, `json`\n"
        "  and `os.path`. Keep them few.\n"
    )
    text = WAIT_DOX.replace("- Imported dependency areas include: `helpers.tool`.\n", wrapped)
    root = make_repo({**clean_files(), "tools/wait.py": source, WAIT_DOX_PATH: text})
    result = run_cli(root, "check", "--no-cache")
    assert result.exit_code == 0, result.output
    # an item missing from it is reported; no fix rebuilds the two lines
    text = text.replace("`helpers.tool`, `json`\n", "`helpers.tool`\n")
    (root / WAIT_DOX_PATH).write_text(text, encoding="utf-8")
    result = run_cli(root, "check", "--no-cache")
    assert [line for line in result.output.splitlines() if "DOX131" in line] == [
        f"{WAIT_DOX_PATH}:18:1: DOX131 `tools/wait.py` imports `json`, "
        "which the imports line does not list"
    ]
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / WAIT_DOX_PATH).read_text(encoding="utf-8") == text


WAIT_PY_BODY = WAIT_PY.split("\n\n", 1)[1]


def test_a_stale_statement_with_a_parenthetical_goes_only_on_request(make_repo, run_cli) -> None:
    text = WAIT_DOX.replace(
        "- `WaitTool` is a `Tool`.\n",
        "- `WaitTool` is a `Tool`.\n- `OldTool` is a `Tool` (kept for old prompts).\n",
    )
    root = make_repo({**clean_files(), WAIT_DOX_PATH: text})
    line = text[: text.index("- `OldTool`")].count("\n") + 1
    assert [
        out for out in run_cli(root, "check", "--no-cache").output.splitlines() if "DOX" in out
    ] == [
        f"{WAIT_DOX_PATH}:{line}:1: DOX106 `tools/wait.py` no longer has class `OldTool` "
        f"(documented at line {line}) [!]"
    ]
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / WAIT_DOX_PATH).read_text(encoding="utf-8") == text


def test_a_class_missing_from_a_classes_table_is_reported_without_a_fix(make_repo, run_cli) -> None:
    text = COMPANION.replace(
        "- `Color` (`enum.Enum`)\n- `Config`\n  - `label(self) -> str`\n"
        "  - `parse(self, text: str) -> str`\n",
        "\n| Class | Base |\n|---|---|\n| `Color` | `enum.Enum` |\n\n",
    )
    root = _repo(make_repo, text)
    found = _findings(run_cli(root, "check", "--no-cache").output)
    assert len(found) == 1 and "class `Config` (helpers/shapes.py:10) is not listed" in found[0]
    assert not found[0].endswith("[*]")
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == text


def test_related_tests_in_a_table_get_no_item_beside_it(make_repo, run_cli) -> None:
    table = "\n| Test | What |\n|:---|:---|\n| `tests/test_shapes.py` | loading |\n\n"
    text = COMPANION.replace("  - `tests/test_shapes.py`\n", table)
    root = _repo(make_repo, text)
    assert _findings(run_cli(root, "check", "--no-cache").output) == []
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == text
    # a test the table leaves out is reported, and no item is written beside it
    other = text.replace("`tests/test_shapes.py` | loading", "`tests/test_other.py` | other")
    (root / DOX).write_text(other, encoding="utf-8")
    found = _findings(run_cli(root, "check", "--no-cache").output)
    assert len(found) == 1 and "`tests/test_shapes.py` imports or names the module" in found[0]
    assert not found[0].endswith("[*]")
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == other


@pytest.mark.parametrize("heading", ["### Funktionen", "**Funciones:**"])
def test_a_heading_in_any_language_over_the_functions_gets_no_second_block(
    make_repo, run_cli, heading: str
) -> None:
    text = COMPANION.replace("- Top-level functions:\n", f"\n{heading}\n\n")
    root = _repo(make_repo, text)
    found = _findings(run_cli(root, "check", "--no-cache").output)
    assert found == [
        f"{DOX}:16:1: DOX105 `helpers/shapes.py` has functions `load(path: str) -> Config`, "
        "`async fetch(name: str) -> str` but the companion has no Top-level functions block "
        "doxtool reads (it cannot read line 16 as its lead)"
    ]
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == text


def test_a_heading_over_short_signatures_gets_no_second_block(make_repo, run_cli) -> None:
    """`` - `load(path)` `` under ``### Funktionen``: a function written with
    its parameters in one code span without spaces is named by the name
    before its ``(``; the heading stands for the lead, and no second list
    of the functions is written beside the person's."""
    text = COMPANION.replace(
        "- Top-level functions:\n- `load(path: str) -> Config`\n- `async fetch(name: str) -> str`\n",
        "\n### Funktionen\n\n- `load(path)`\n- `fetch(name)`\n",
    )
    root = _repo(make_repo, text)
    found = _findings(run_cli(root, "check", "--no-cache").output)
    assert [f for f in found if " DOX105 " in f] == [
        f"{DOX}:16:1: DOX105 `helpers/shapes.py` has functions `load(path: str) -> Config`, "
        "`async fetch(name: str) -> str` but the companion has no Top-level functions block "
        "doxtool reads (it cannot read line 16 as its lead)"
    ]
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == text


@pytest.mark.parametrize(
    "notes",
    [
        *(
            f"{label}\n- `load`: keep it pure.\n- `fetch`: retries twice.\n"
            for label in ("**Note:**", "**Pitfalls:**", "### Caveats")
        ),
        *(
            f"{label}- `load` reads the file.\n- `fetch` asks the server.\n"
            for label in ("", "**Hinweise:**\n")
        ),
    ],
)
def test_notes_on_the_functions_are_no_lead_of_their_list(make_repo, run_cli, notes: str) -> None:
    """`` - `load`: keep it pure.`` under ``**Note:**``, or `` - `load` reads
    the file.`` under a heading in any words, is a note on the function, not
    the list of the functions: the block is missing, with its fix."""
    text = COMPANION.replace("- Top-level functions:\n", "").replace(
        "- `load(path: str) -> Config`\n- `async fetch(name: str) -> str`\n", ""
    )
    text = text.replace("## Key Concepts\n", f"## Key Concepts\n{notes}")
    root = _repo(make_repo, text)
    found = _findings(run_cli(root, "check", "--no-cache").output)
    assert [f.split(" DOX105 ")[1] for f in found if " DOX105 " in f] == [
        "`helpers/shapes.py` has functions `load(path: str) -> Config`, "
        "`async fetch(name: str) -> str` but the companion has no Top-level functions block [*]"
    ]
    run_cli(root, "check", "--no-cache", "--fix")
    assert "- `async fetch(name: str) -> str`\n" in (root / DOX).read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "heading", ["### Classes", "**Classes**", "### Klassen", "**Clases:**", "### 类"]
)
def test_a_heading_in_place_of_the_classes_lead_gets_no_second_block(
    make_repo, run_cli, heading: str
) -> None:
    """``### Classes`` then the class items: doxtool does not read the
    heading as the lead; the block is reported as not in a form it reads,
    and no second Classes block is written beside the person's."""
    text = COMPANION.replace("- Classes:\n", f"\n{heading}\n\n")
    root = _repo(make_repo, text)
    found = _findings(run_cli(root, "check", "--no-cache").output)
    assert found == [
        f"{DOX}:11:1: DOX105 `helpers/shapes.py` has classes `Color`, `Config` but the "
        "companion has no Classes block doxtool reads (it cannot read line 11 as its lead)"
    ]
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == text


@pytest.mark.parametrize("stop", [".", ": the palette.", " *(enum)*"])
def test_a_heading_over_classes_written_with_a_note_gets_no_second_block(
    make_repo, run_cli, stop: str
) -> None:
    """`` - `Color`.`` and `` - `Color`: the palette.`` under ``### Klassen``
    are the class items: the heading stands for the lead."""
    text = COMPANION.replace("- Classes:\n", "\n### Klassen\n\n").replace(
        "- `Color` (`enum.Enum`)\n", f"- `Color`{stop}\n"
    )
    root = _repo(make_repo, text)
    found = _findings(run_cli(root, "check", "--no-cache").output)
    assert [f for f in found if " DOX105 " in f] == [
        f"{DOX}:11:1: DOX105 `helpers/shapes.py` has classes `Color`, `Config` but the "
        "companion has no Classes block doxtool reads (it cannot read line 11 as its lead)"
    ]
