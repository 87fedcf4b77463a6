"""Fixes that change only what they must: line endings of untouched lines,
argument blocks written in another style, accepted section names, and fact
headers left without items."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from samples import clean_files

from doxtool.core.edits import Edit, apply_edits

# --- line endings -----------------------------------------------------------


def test_a_rewritten_block_keeps_the_bytes_of_its_unchanged_lines() -> None:
    text = "a\nb\nc\nd\n- head:\r\n  - one\r\n  - two\n"
    edit = Edit("f", 4, 7, ["- head:", "  - one", "  - new", "  - two"])
    assert apply_edits(text, [edit]) == "a\nb\nc\nd\n- head:\r\n  - one\r\n  - new\n  - two\n"


def test_a_new_line_takes_the_ending_its_neighbours_share() -> None:
    assert apply_edits("a\nb\r\nc\r\nd\n", [Edit("f", 2, 2, ["x"])]) == "a\nb\r\nx\r\nc\r\nd\n"
    # neighbours that disagree: the file's dominant ending
    assert apply_edits("a\nb\r\nc\nd\n", [Edit("f", 2, 2, ["x"])]) == "a\nb\r\nx\nc\nd\n"


def test_fix_in_a_companion_with_mixed_line_endings_keeps_every_other_line(
    reference_repo: Path, run_cli: Callable[..., Result]
) -> None:
    tool = reference_repo / "tools" / "wait.py"
    tool.write_text(
        tool.read_text(encoding="utf-8").replace(
            '        until = str(self.args.get("until", "")).strip()\n',
            '        until = str(self.args.get("until", "")).strip()\n'
            '        hours = self.args.get("hours", 0)\n',
        ),
        encoding="utf-8",
    )
    companion = reference_repo / "tools" / "wait.py.dox.md"
    lines = companion.read_bytes().split(b"\n")
    mixed = [
        line + b"\r" if line.startswith((b"- Arguments of", b"  - `", b"- `break_loop")) else line
        for line in lines
    ]
    assert mixed != lines
    companion.write_bytes(b"\n".join(mixed))
    before = companion.read_bytes().splitlines(keepends=True)

    result = run_cli(reference_repo, "check", "--no-cache", "--fix", "tools/wait.py")
    assert result.exit_code in (0, 1), result.output

    after = companion.read_bytes().splitlines(keepends=True)
    added = [line for line in after if line not in before]
    assert added == [b"  - `hours`: optional integer, default `0`.\r\n"]
    assert [line for line in after if line not in added] == before


# --- arguments written as a table, or with a bare subject ------------------

TABLE = (
    "- Arguments of `WaitTool`:\n"
    "\n"
    "| argument | contract |\n"
    "| --- | --- |\n"
    '| `until` | optional string, default `""`. ISO 8601 timestamp. |\n'
    "| `seconds` | optional number, default `0`. |\n"
    "| `minutes` | optional integer, default `0`. |\n"
    "\n"
)


def _with_arguments(repo: Path, block: str) -> Path:
    """The wait companion with its arguments block replaced by ``block``."""
    companion = repo / "tools" / "wait.py.dox.md"
    lines = companion.read_text(encoding="utf-8").splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.startswith("- Arguments of"))
    end = start + 1
    while lines[end].startswith("  "):
        end += 1
    companion.write_text("".join(lines[:start]) + block + "".join(lines[end:]), encoding="utf-8")
    return companion


def _dox111(result: Result) -> list[str]:
    return [line for line in result.output.splitlines() if " DOX111 " in line]


def test_arguments_in_a_table_are_read(
    reference_repo: Path, run_cli: Callable[..., Result]
) -> None:
    _with_arguments(reference_repo, TABLE)
    assert _dox111(run_cli(reference_repo, "check", "--no-cache", "tools/wait.py")) == []


def test_arguments_in_a_table_of_another_form_are_read_by_name(
    reference_repo: Path, run_cli: Callable[..., Result]
) -> None:
    _with_arguments(
        reference_repo,
        "- Arguments of `WaitTool`:\n\n"
        "| name | type | meaning |\n|:--|--|--|\n"
        "| `until` | string | A moment. |\n| seconds | number | A duration. |\n"
        "| `minutes` | integer | Minutes. |\n\n",
    )
    assert _dox111(run_cli(reference_repo, "check", "--no-cache", "tools/wait.py")) == []


def test_emphasised_names_in_a_table_are_read(
    reference_repo: Path, run_cli: Callable[..., Result]
) -> None:
    _with_arguments(
        reference_repo,
        "- Arguments of `WaitTool`:\n\n"
        "| name | type | meaning |\n|:--|--|--|\n"
        "| **until** | string | A moment. |\n| *seconds* | number | A duration. |\n"
        "| **`minutes`** | integer | Minutes. |\n\n",
    )
    assert _dox111(run_cli(reference_repo, "check", "--no-cache", "tools/wait.py")) == []


def test_a_table_missing_an_argument_is_reported_and_never_duplicated(
    reference_repo: Path, run_cli: Callable[..., Result]
) -> None:
    companion = _with_arguments(
        reference_repo, TABLE.replace("| `minutes` | optional integer, default `0`. |\n", "")
    )
    before = companion.read_bytes()
    found = _dox111(run_cli(reference_repo, "check", "--no-cache", "tools/wait.py"))
    assert len(found) == 1
    assert "argument `minutes` is read at" in found[0] and "[*]" not in found[0]
    run_cli(reference_repo, "check", "--no-cache", "--fix", "tools/wait.py")
    assert companion.read_bytes() == before


def test_an_arguments_line_without_backticks_is_read_and_kept_as_written(
    reference_repo: Path, run_cli: Callable[..., Result]
) -> None:
    companion = _with_arguments(
        reference_repo,
        "- Arguments of WaitTool:\n"
        '  - `until`: optional string, default `""`.\n'
        "  - `seconds`: optional number, default `0`. Mine.\n",
    )
    before = companion.read_text(encoding="utf-8").splitlines()
    found = _dox111(run_cli(reference_repo, "check", "--no-cache", "tools/wait.py"))
    assert len(found) == 1 and "argument `minutes` is read at" in found[0]
    run_cli(reference_repo, "check", "--no-cache", "--fix", "tools/wait.py")
    after = companion.read_text(encoding="utf-8").splitlines()
    assert [line for line in after if line not in before] == [
        "  - `minutes`: optional integer, default `0`."
    ]
    assert [line for line in after if "Arguments of" in line] == ["- Arguments of WaitTool:"]


# --- an accepted section name ------------------------------------------------


def test_local_contracts_holds_the_runtime_contracts(
    reference_repo: Path, run_cli: Callable[..., Result]
) -> None:
    companion = reference_repo / "tools" / "wait.py.dox.md"
    text = companion.read_text(encoding="utf-8").replace(
        "## Runtime Contracts\n", "## Local Contracts\n"
    )
    companion.write_text(text, encoding="utf-8")
    result = run_cli(reference_repo, "check", "--no-cache", "tools/wait.py")
    assert " DOX102 " not in result.output, result.output
    assert result.exit_code == 0, result.output

    # a missing fact line goes under Local Contracts; no second heading appears
    companion.write_text(
        "".join(
            line
            for line in text.splitlines(keepends=True)
            if not line.startswith("- Observed side-effect areas:")
        ),
        encoding="utf-8",
    )
    run_cli(reference_repo, "check", "--no-cache", "--fix", "tools/wait.py")
    fixed = companion.read_text(encoding="utf-8")
    assert "## Runtime Contracts" not in fixed
    assert sorted(fixed.splitlines()) == sorted(text.splitlines())
    lines = fixed.splitlines()
    heading = lines.index("## Local Contracts")
    added = lines.index("- Observed side-effect areas: none.")
    assert heading < added < lines.index("## Key Concepts")


# --- a header whose every item a fix removed ----------------------------------


def _without_the_last_function(repo: Path) -> None:
    tool = repo / "tools" / "wait.py"
    text = tool.read_text(encoding="utf-8")
    start, end = text.index("def _seconds_until"), text.index("class WaitTool")
    text = text[:start] + text[end:]
    tool.write_text(
        text.replace("_seconds_until(until)", "(datetime.fromisoformat(until) - datetime.now())"),
        encoding="utf-8",
    )


def test_the_functions_header_goes_with_its_last_function(
    reference_repo: Path, run_cli: Callable[..., Result]
) -> None:
    _without_the_last_function(reference_repo)
    companion = reference_repo / "tools" / "wait.py.dox.md"
    before = companion.read_text(encoding="utf-8").splitlines()
    result = run_cli(reference_repo, "check", "--no-cache", "--fix", "tools/wait.py")
    assert result.exit_code in (0, 1), result.output
    after = companion.read_text(encoding="utf-8").splitlines()
    assert [line for line in before if line not in after] == [
        "- Top-level functions:",
        "- `_seconds_until(timestamp: str) -> float`",
    ]
    assert [line for line in after if line not in before] == []
    assert run_cli(reference_repo, "check", "--no-cache", "tools/wait.py").exit_code == 0


def test_a_functions_header_with_words_of_its_own_stays(
    reference_repo: Path, run_cli: Callable[..., Result]
) -> None:
    _without_the_last_function(reference_repo)
    companion = reference_repo / "tools" / "wait.py.dox.md"
    companion.write_text(
        companion.read_text(encoding="utf-8").replace(
            "- Top-level functions:\n", "- Top-level functions: private helpers only.\n"
        ),
        encoding="utf-8",
    )
    run_cli(reference_repo, "check", "--no-cache", "--fix", "tools/wait.py")
    text = companion.read_text(encoding="utf-8")
    assert "- Top-level functions: private helpers only.\n" in text
    assert "_seconds_until" not in text


def test_a_missing_side_effect_line_of_a_module_without_any_says_so(make_repo, run_cli) -> None:
    files = clean_files()
    files["tools/wait.py.dox.md"] = files["tools/wait.py.dox.md"].replace(
        "- Observed side-effect areas: none.\n", ""
    )
    root = make_repo(files)
    result = run_cli(root, "check", "--no-cache", "--select", "DOX133")
    assert (
        "`tools/wait.py` shows no side effect and the companion has no side-effect areas line"
        in result.output
    ), result.output


def test_a_missing_imports_line_of_a_module_importing_nothing_says_so(make_repo, run_cli) -> None:
    files = clean_files()
    files["tools/limits.py"] = (
        "MAX_WAIT = 60\n\n\ndef clamp(value: float) -> float:\n    return value\n"
    )
    root = make_repo(files)
    run_cli(root, "check", "--no-cache", "--fix", "tools/limits.py")
    companion = root / "tools/limits.py.dox.md"
    text = companion.read_text(encoding="utf-8")
    assert "- Imported dependency areas include: none.\n" in text
    companion.write_text(
        text.replace("- Imported dependency areas include: none.\n", ""), encoding="utf-8"
    )
    result = run_cli(root, "check", "--no-cache", "--select", "DOX131")
    assert result.output == (
        "tools/limits.py.dox.md:16:1: DOX131 `tools/limits.py` imports nothing but the "
        "companion has no imports line [*]\n"
        "Found 1 finding (1 fixable with `doxtool check --fix`).\n"
    )


def test_a_missing_block_goes_after_the_lines_nested_under_the_item_before_it(
    reference_repo: Path, run_cli: Callable[..., Result]
) -> None:
    """A person's lines nested under the item a missing block follows stay
    that item's: the block goes after them, not between the item and them
    (where they would read as the new block's items)."""
    note = "  - `execute` never blocks the event loop.\n\n    It waits in slices.\n"
    companion = _with_arguments(reference_repo, note)
    run_cli(reference_repo, "check", "--no-cache", "--fix", "tools/wait.py")
    text = companion.read_text(encoding="utf-8")
    assert "- `WaitTool` defines `execute(...)`.\n" + note + "- Arguments of `WaitTool`:\n" in text
    assert _dox111(run_cli(reference_repo, "check", "--no-cache", "tools/wait.py")) == []


# a table of more columns, under a header naming each (`required`, `type`, `default`)
COLUMNS = (
    "- Arguments of `WaitTool`:\n"
    "\n"
    "| Argument | Required | Type | Default | Meaning |\n"
    "|---|---|---|---|---|\n"
    '| `until` | no | string | `""` | ISO 8601 timestamp. |\n'
    "| `seconds` | no | number | `0` | A duration. |\n"
    "| `minutes` | no | integer | `0` | Minutes. |\n"
    "\n"
)


def test_arguments_in_a_table_of_named_columns_are_read_by_column(
    reference_repo: Path, run_cli: Callable[..., Result]
) -> None:
    _with_arguments(reference_repo, COLUMNS)
    assert _dox111(run_cli(reference_repo, "check", "--no-cache", "tools/wait.py")) == []


@pytest.mark.parametrize(
    ("row", "says"),
    [
        ("| `minutes` | no | integer | `5` | Minutes. |\n", "`minutes` has `0` in the code"),
        ("| `minutes` | yes | integer | – | Minutes. |\n", "documented as required"),
        ("| `minutes` | no | boolean | `0` | Minutes. |\n", "with type boolean"),
    ],
)
def test_a_drift_in_a_table_of_named_columns_is_reported_without_a_fix(
    row: str, says: str, reference_repo: Path, run_cli: Callable[..., Result]
) -> None:
    companion = _with_arguments(
        reference_repo, COLUMNS.replace("| `minutes` | no | integer | `0` | Minutes. |\n", row)
    )
    before = companion.read_bytes()
    found = _dox111(run_cli(reference_repo, "check", "--no-cache", "tools/wait.py"))
    assert any(says in line for line in found)
    assert found and not any("[*]" in line for line in found)
    run_cli(reference_repo, "check", "--no-cache", "--fix", "tools/wait.py")
    assert companion.read_bytes() == before


@pytest.mark.parametrize(
    "row",
    [
        # what the columns do not say plainly is not compared
        "| `minutes` | | integer | `5` | Minutes. |\n",
        "| `minutes` | no | minutes | see below | Minutes. |\n",
        "| `minutes` | no | integer | 5 minutes | Minutes. |\n",
    ],
)
def test_cells_that_do_not_say_a_fact_plainly_leave_it_unstated(
    row: str, reference_repo: Path, run_cli: Callable[..., Result]
) -> None:
    _with_arguments(
        reference_repo, COLUMNS.replace("| `minutes` | no | integer | `0` | Minutes. |\n", row)
    )
    assert _dox111(run_cli(reference_repo, "check", "--no-cache", "tools/wait.py")) == []


_PIPED = """\
from helpers.tool import Response, Tool


class SplitTool(Tool):
    async def execute(self, **kwargs):
        sep = str(self.args.get("sep", "a|b"))
        return Response(message=sep, break_loop=False)
"""


@pytest.mark.parametrize(("default", "found"), [('`"a\\|b"`', False), ('`"a\\|c"`', True)])
def test_an_escaped_pipe_in_a_default_cell_is_a_pipe_of_the_default(
    default: str, found: bool, make_repo, run_cli: Callable[..., Result]
) -> None:
    root = make_repo({"tools/split.py": _PIPED, "doxtool.toml": 'internal-tools = ["split"]\n'})
    assert run_cli(root, "check", "--fix").exit_code == 0
    companion = root / "tools/split.py.dox.md"
    text = companion.read_text(encoding="utf-8")
    assert '  - `sep`: optional string, default `"a|b"`.\n' in text
    companion.write_text(
        text.replace(
            '  - `sep`: optional string, default `"a|b"`.\n',
            "\n| Argument | Required | Type | Default | Meaning |\n|---|---|---|---|---|\n"
            f"| `sep` | no | string | {default} | The separator. |\n\n",
        ),
        encoding="utf-8",
    )
    assert bool(_dox111(run_cli(root, "check", "--no-cache", "tools/split.py"))) is found


# --- a missing section of a tool whose `break_loop` is known in part -----------


def test_a_missing_section_writes_no_break_loop_line_doxtool_knows_in_part(
    make_repo, run_cli
) -> None:
    """``break_loop=bool(done)`` beside ``break_loop=False``: the section the
    fix writes holds no ``always `false` `` line, which would be untrue."""
    files = clean_files()
    files["tools/wait.py"] = files["tools/wait.py"].replace(
        "        return Response(",
        '        if seconds:\n            done = self.args.get("done", False)\n'
        '            return Response(message="x", break_loop=bool(done))\n'
        "        return Response(",
    )
    dox = files["tools/wait.py.dox.md"]
    start = dox.index("## Runtime Contracts")
    files["tools/wait.py.dox.md"] = dox[:start] + dox[dox.index("## Key Concepts") :]
    root = make_repo(files)
    result = run_cli(root, "check", "--no-cache", "--fix")
    assert "DOX102" not in result.output, result.output
    text = (root / "tools/wait.py.dox.md").read_text(encoding="utf-8")
    assert "## Runtime Contracts\n" in text
    assert "- `WaitTool` is a `Tool`.\n" in text
    assert "break_loop" not in text
