"""Fixes that keep a person's words and write what they plan: notes that go
with their item, missing sections inserted once, and suppression comments
removed without touching the bytes around them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from samples import clean_files

from doxtool.rules.examples import WAIT_DOX, WAIT_PY

# --- an unread argument with notes under it ---------------------------------

SECONDS_ITEM = "  - `seconds`: optional integer, default `0`.\n"
QUERY_WITH_NOTES = (
    '  - `query`: optional string, default `""`.\n'
    "    - Matched case-insensitively.\n"
    "    - Empty matches everything.\n"
)


def test_removing_an_argument_with_notes_under_it_is_unsafe_and_takes_them_along(
    make_repo: Callable[[dict[str, str]], Path], run_cli: Callable[..., Result]
) -> None:
    dox = WAIT_DOX.replace(SECONDS_ITEM, QUERY_WITH_NOTES + SECONDS_ITEM)
    repo = make_repo({**clean_files(), "tools/wait.py.dox.md": dox})
    companion = repo / "tools" / "wait.py.dox.md"

    result = run_cli(repo, "check", "--no-cache")
    assert result.output.splitlines()[0] == (
        "tools/wait.py.dox.md:15:1: DOX111 argument `query` is documented but `WaitTool` "
        "never reads it [!]"
    )
    run_cli(repo, "check", "--no-cache", "--fix")
    assert companion.read_text(encoding="utf-8") == dox  # a safe fix leaves it

    result = run_cli(repo, "check", "--no-cache", "--fix", "--unsafe-fixes")
    assert result.exit_code == 0, result.output
    # the notes were about `query`: they go with it, never under `seconds`
    assert companion.read_text(encoding="utf-8") == WAIT_DOX


def test_a_note_of_the_block_after_a_removed_argument_stays_in_the_block(
    make_repo: Callable[[dict[str, str]], Path], run_cli: Callable[..., Result]
) -> None:
    block_note = "\n  Arguments are read once.\n"
    dox = WAIT_DOX.replace(SECONDS_ITEM, SECONDS_ITEM + QUERY_WITH_NOTES + block_note)
    repo = make_repo({**clean_files(), "tools/wait.py.dox.md": dox})
    companion = repo / "tools" / "wait.py.dox.md"

    result = run_cli(repo, "check", "--no-cache", "--fix", "--unsafe-fixes")
    assert result.exit_code == 0, result.output
    assert companion.read_text(encoding="utf-8") == WAIT_DOX.replace(
        SECONDS_ITEM, SECONDS_ITEM + block_note
    )


# --- missing sections, asked for by several findings ------------------------

FILLED = """\
# wait.py DOX

## Purpose

## Ownership
- Classes:
- `WaitTool` (`Tool`)
  - `async execute(self, **kwargs) -> Response`

## Runtime Contracts
- `WaitTool` is a `Tool`.
- `WaitTool` defines `execute(...)`.
- Arguments of `WaitTool`:
  - `seconds`: optional integer, default `0`.
- `break_loop` of `WaitTool`: always `false`.
- Observed side-effect areas: none.
- Imported dependency areas include: `helpers.tool`.

## Key Concepts
- Important called helpers/classes observed in the source: `Response`.

## Work Guidance

## Verification

## Child DOX Index
"""
RUNTIME_CONTRACTS = WAIT_DOX[WAIT_DOX.index("## Runtime") : WAIT_DOX.index("## Key Concepts")]


def _diff(path: str, old: str, new: str) -> str:
    import difflib

    lines = difflib.unified_diff(
        old.splitlines(keepends=True), new.splitlines(keepends=True), f"a/{path}", f"b/{path}"
    )
    return "".join(lines)


@pytest.mark.parametrize(
    ("dox", "expected", "fixable"),
    [
        ("", FILLED, 16),
        ("# wait.py DOX\n", FILLED, 15),
        (WAIT_DOX.replace(RUNTIME_CONTRACTS, ""), WAIT_DOX, 7),
    ],
    ids=["empty", "title-only", "one-section-deleted"],
)
def test_a_section_several_findings_ask_for_is_inserted_once_in_its_place(
    make_repo: Callable[[dict[str, str]], Path],
    run_cli: Callable[..., Result],
    dox: str,
    expected: str,
    fixable: int,
) -> None:
    repo = make_repo({**clean_files(), "tools/wait.py.dox.md": dox})
    companion = repo / "tools" / "wait.py.dox.md"

    result = run_cli(repo, "check", "--no-cache", "--diff")
    path = "tools/wait.py.dox.md"
    assert result.output.startswith(_diff(path, dox, expected) + f"{path}:")
    assert f"({fixable} fixable with `doxtool check --fix`)" in result.output

    result = run_cli(repo, "check", "--no-cache", "--fix")
    assert result.output == f"Fixed {fixable} findings.\nAll checks passed.\n"
    assert companion.read_text(encoding="utf-8") == expected

    result = run_cli(repo, "check", "--no-cache", "--fix")
    assert result.output == "All checks passed.\n"
    assert companion.read_text(encoding="utf-8") == expected


# --- unused suppressions: one edit a line, every other byte kept ------------

SECONDS_LINE = '        seconds = int(self.args.get("seconds", 0))'
KEEP_WAITS = "- Keep waits short.\n"


def _fixed(
    make_repo: Callable[[dict[str, str]], Path],
    run_cli: Callable[..., Result],
    path: str,
    text: str,
) -> tuple[str, str, str]:
    """(the ``--diff`` output, the ``--fix`` output, the file after the fix)."""
    repo = make_repo({**clean_files(), path: text})
    diff = run_cli(repo, "check", "--no-cache", "--diff").output
    fixed = run_cli(repo, "check", "--no-cache", "--fix").output
    return diff, fixed, (repo / path).read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("comment", "left"),
    [
        ("  # doxtool: ignore[DOX120]  # trailing note", "  # trailing note"),
        ("  # type: ignore  # doxtool: ignore[DOX120]", "  # type: ignore"),
        ("  # type: ignore  # doxtool: ignore[DOX120]  # note", "  # type: ignore  # note"),
        ("  # doxtool: ignore[DOX120] -- reviewed", "  # -- reviewed"),
        ("  # doxtool: ignore[DOX120]", ""),
    ],
)
def test_an_unused_python_suppression_leaves_the_rest_of_its_comment(
    make_repo: Callable[[dict[str, str]], Path],
    run_cli: Callable[..., Result],
    comment: str,
    left: str,
) -> None:
    path = "tools/wait.py"
    before = WAIT_PY.replace(SECONDS_LINE, SECONDS_LINE + comment)
    after = WAIT_PY.replace(SECONDS_LINE, SECONDS_LINE + left)
    diff, fixed, text = _fixed(make_repo, run_cli, path, before)
    assert text == after
    assert diff.startswith(_diff(path, before, after) + f"{path}:6:")
    assert fixed == "Fixed 1 finding.\nAll checks passed.\n"


def test_a_suppression_after_another_pragma_in_a_python_comment_is_honoured(
    make_repo: Callable[[dict[str, str]], Path], run_cli: Callable[..., Result]
) -> None:
    dynamic = WAIT_PY.replace('self.args.get("seconds", 0)', "self.args.get(self.name, 0)")
    line = "        seconds = int(self.args.get(self.name, 0))"
    repo = make_repo({**clean_files(), "tools/wait.py": dynamic})
    assert "DOX008" in run_cli(repo, "check", "--no-cache").output
    (repo / "tools/wait.py").write_text(
        dynamic.replace(line, line + "  # type: ignore  # doxtool: ignore[DOX008]"),
        encoding="utf-8",
    )
    result = run_cli(repo, "check", "--no-cache", "--select", "DOX008,DOX9")
    assert result.output == "All checks passed.\n"


def test_two_unused_comments_on_one_markdown_line_are_removed_by_one_edit(
    make_repo: Callable[[dict[str, str]], Path], run_cli: Callable[..., Result]
) -> None:
    path = "tools/wait.py.dox.md"
    before = WAIT_DOX.replace(
        KEEP_WAITS,
        "- Keep waits short. <!-- doxtool: ignore[DOX111] --> <!-- doxtool: ignore[DOX120] -->\n",
    )
    diff, fixed, text = _fixed(make_repo, run_cli, path, before)
    assert text == WAIT_DOX
    assert diff.startswith(_diff(path, before, WAIT_DOX) + f"{path}:")
    assert fixed == "Fixed 2 findings.\nAll checks passed.\n"


def test_removing_a_markdown_suppression_keeps_a_hard_break(
    make_repo: Callable[[dict[str, str]], Path], run_cli: Callable[..., Result]
) -> None:
    path = "tools/wait.py.dox.md"
    second = "  and never longer than asked.\n"
    before = WAIT_DOX.replace(
        KEEP_WAITS, "- Keep waits short. <!-- doxtool: ignore[DOX111] -->  \n" + second
    )
    after = WAIT_DOX.replace(KEEP_WAITS, "- Keep waits short.  \n" + second)
    diff, fixed, text = _fixed(make_repo, run_cli, path, before)
    assert text == after
    assert diff.startswith(_diff(path, before, after) + f"{path}:")
    assert fixed == "Fixed 1 finding.\nAll checks passed.\n"


def test_a_finding_whose_edit_gives_way_to_another_is_not_counted_fixed(tmp_path: Path) -> None:
    from doxtool.core.edits import Edit
    from doxtool.core.findings import Finding, Fix
    from doxtool.rules.engine import plan_fixes

    (tmp_path / "p.md").write_text("one\ntwo\n", encoding="utf-8")
    first = Finding(
        "DOX900", "a", "p.md", 1, subject="a", fix=Fix("a", [Edit("p.md", 0, 1, ["1"])])
    )
    second = Finding("DOX900", "b", "p.md", 1, subject="b", fix=Fix("b", [Edit("p.md", 0, 2, [])]))
    plan = plan_fixes(tmp_path, [first, second])
    assert [change.new for change in plan.changes] == ["1\ntwo\n"]
    # the second is left for the next round, and counted there
    assert plan.fixed == 1
    assert [identity for identity, _ in plan.fixed_findings] == [("p.md", "DOX900", "a")]


# --- a person's words continuing an item lazily ----------------------------------

LAZY_NOTE = "Only old clients send query; never with seconds.\n"


def test_removing_an_argument_a_lazy_note_continues_is_unsafe(
    make_repo: Callable[[dict[str, str]], Path], run_cli: Callable[..., Result]
) -> None:
    # the note, at the margin right under the item, is part of its paragraph:
    # removing the item alone would leave it under `seconds`
    dox = WAIT_DOX.replace(
        SECONDS_ITEM, SECONDS_ITEM + "  - `query`: optional string.\n" + LAZY_NOTE
    )
    repo = make_repo({**clean_files(), "tools/wait.py.dox.md": dox})
    result = run_cli(repo, "check", "--no-cache")
    assert "DOX111 argument `query` is documented but `WaitTool` never reads it [!]" in (
        result.output
    )
    run_cli(repo, "check", "--no-cache", "--fix")
    assert (repo / "tools" / "wait.py.dox.md").read_text(encoding="utf-8") == dox


def test_a_block_inserted_after_an_item_a_lazy_note_continues_goes_after_the_note(
    make_repo: Callable[[dict[str, str]], Path], run_cli: Callable[..., Result]
) -> None:
    lines = WAIT_DOX.splitlines(keepends=True)
    (break_loop,) = [line for line in lines if line.startswith("- `break_loop` of")]
    dox = WAIT_DOX.replace(SECONDS_ITEM, SECONDS_ITEM + LAZY_NOTE).replace(break_loop, "")
    repo = make_repo({**clean_files(), "tools/wait.py.dox.md": dox})
    run_cli(repo, "check", "--no-cache", "--fix")
    fixed = (repo / "tools" / "wait.py.dox.md").read_text(encoding="utf-8")
    assert SECONDS_ITEM + LAZY_NOTE + break_loop in fixed


# --- a module in the encoding its coding cookie declares -------------------------

LATIN1_PY = "# -*- coding: latin-1 -*-\n" + WAIT_PY
CAFE = "  # caf\u00e9"


def test_an_unused_suppression_is_removed_from_a_latin1_module_in_latin1(
    make_repo: Callable[[dict[str, str | bytes]], Path], run_cli: Callable[..., Result]
) -> None:
    path = "tools/wait.py"
    before = LATIN1_PY.replace(SECONDS_LINE, SECONDS_LINE + CAFE + "  # doxtool: ignore[DOX120]")
    after = LATIN1_PY.replace(SECONDS_LINE, SECONDS_LINE + CAFE)
    repo = make_repo({**clean_files(), path: before.encode("latin-1")})
    diff = run_cli(repo, "check", "--no-cache", "--diff")
    # the diff shows the module's own bytes, as ``git apply`` must find them
    assert _diff(path, before, after).encode("latin-1") in diff.stdout_bytes
    result = run_cli(repo, "check", "--no-cache", "--fix")
    assert result.output == "Fixed 1 finding.\nAll checks passed.\n"
    assert (repo / path).read_bytes() == after.encode("latin-1")


def test_a_module_its_encoding_does_not_give_back_byte_for_byte_is_not_edited(
    make_repo: Callable[[dict[str, str | bytes]], Path], run_cli: Callable[..., Result]
) -> None:
    # in UTF-7, ``+AGE-`` is an ``a`` that encodes back as ``a``: a rewrite
    # of the suppression's line would rewrite the comment above it too
    path = "tools/wait.py"
    text = "# -*- coding: utf-7 -*-\n# Ch+AGE-nged.\n" + WAIT_PY.replace(
        SECONDS_LINE, SECONDS_LINE + "  # doxtool: ignore[DOX120]"
    )
    repo = make_repo({**clean_files(), path: text.encode("ascii")})
    result = run_cli(repo, "check", "--no-cache", "--fix")
    assert result.exit_code == 2
    assert "tools/wait.py: its utf-7 text does not encode back to the same bytes" in (result.stderr)
    assert (repo / path).read_bytes() == text.encode("ascii")


# --- a rule the configuration ignores writes nothing, with another's fix too -----

RUNTIME = WAIT_DOX[WAIT_DOX.index("## Runtime Contracts") : WAIT_DOX.index("## Key Concepts")]


@pytest.mark.parametrize(
    ("ignored", "left_out"),
    [
        ("DOX133", "- Observed side-effect areas: none.\n"),
        ("DOX131", "- Imported dependency areas include: `helpers.tool`.\n"),
    ],
)
def test_a_missing_section_is_written_without_the_lines_of_an_ignored_rule(
    make_repo: Callable[[dict[str, str]], Path],
    run_cli: Callable[..., Result],
    ignored: str,
    left_out: str,
) -> None:
    config = f'[tool.doxtool]\nignore = ["{ignored}"]\n'
    dox = WAIT_DOX.replace(RUNTIME, "")
    repo = make_repo({**clean_files(), "tools/wait.py.dox.md": dox, "pyproject.toml": config})
    result = run_cli(repo, "check", "--no-cache", "--fix")
    assert result.output.endswith("All checks passed.\n")
    companion = repo / "tools" / "wait.py.dox.md"
    assert companion.read_text(encoding="utf-8") == WAIT_DOX.replace(left_out, "")
    assert run_cli(repo, "check", "--no-cache", "--fix").output == "All checks passed.\n"
    assert companion.read_text(encoding="utf-8") == WAIT_DOX.replace(left_out, "")


def test_a_suppression_of_a_fact_line_stays_used_when_its_rule_is_not_checked(
    make_repo: Callable[[dict[str, str]], Path], run_cli: Callable[..., Result]
) -> None:
    # the rules a suppression names run for it (their findings only mark it
    # used), whichever fact lines the run's own rules write
    line = "- Observed side-effect areas: none.\n"
    dox = WAIT_DOX.replace(
        line, "<!-- doxtool: ignore[DOX133] -->\n- Observed side-effect areas: network.\n"
    )
    repo = make_repo({**clean_files(), "tools/wait.py.dox.md": dox})
    for args in (("--select", "DOX9"), ("--ignore", "DOX133")):
        result = run_cli(repo, "check", "--no-cache", "--fix", *args)
        assert result.output == "All checks passed.\n"
    assert (repo / "tools" / "wait.py.dox.md").read_text(encoding="utf-8") == dox
