"""A person's note between a lead line's class and its colon (``- Arguments
of `Todo` (methods `todo:add`, ...):``) is read and kept; a line that looks
like a lead doxtool cannot read keeps a fix from writing a second block."""

from __future__ import annotations

from samples import ARGUMENTS_LINE, UNTIL_PY, clean_files

from doxtool.rules.examples import WAIT_DOX

DOX = "tools/wait.py.dox.md"
NUMBER = WAIT_DOX[: WAIT_DOX.index(ARGUMENTS_LINE)].count("\n") + 1
SECTION = WAIT_DOX[: WAIT_DOX.index("## Runtime Contracts")].count("\n") + 1
NOTE_LINE = "- Arguments of `WaitTool` (methods `wait:for`, `wait:until`):\n"


def _findings(output: str) -> list[str]:
    return [line for line in output.splitlines() if "DOX" in line]


def test_a_lead_with_a_note_is_read(make_repo, run_cli) -> None:
    text = WAIT_DOX.replace(ARGUMENTS_LINE, NOTE_LINE)
    root = make_repo({**clean_files(), DOX: text})
    assert run_cli(root, "check", "--no-cache").output == "All checks passed.\n"
    bare = text.replace("`WaitTool` (methods", "WaitTool for methods")
    (root / DOX).write_text(bare, encoding="utf-8")
    assert run_cli(root, "check", "--no-cache").output == "All checks passed.\n"


def test_a_fix_to_a_block_under_a_noted_lead_keeps_the_note(make_repo, run_cli) -> None:
    text = WAIT_DOX.replace(ARGUMENTS_LINE, NOTE_LINE)
    root = make_repo({**clean_files(), "tools/wait.py": UNTIL_PY, DOX: text})
    assert _findings(run_cli(root, "check", "--no-cache").output) == [
        f"{DOX}:{NUMBER}:1: DOX111 argument `until` is read at tools/wait.py:7 "
        "but not documented [*]"
    ]
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == text.replace(
        "  - `seconds`: optional integer, default `0`.\n",
        '  - `seconds`: optional integer, default `0`.\n  - `until`: optional string, default `""`.\n',
    )


def test_a_noted_lead_saying_none_keeps_its_note_when_items_come(make_repo, run_cli) -> None:
    text = WAIT_DOX.replace(
        ARGUMENTS_LINE + "  - `seconds`: optional integer, default `0`.\n",
        "- Arguments of `WaitTool` (as the model writes them): none.\n",
    )
    root = make_repo({**clean_files(), DOX: text})
    assert _findings(run_cli(root, "check", "--no-cache").output)[0].endswith("[*]")
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == WAIT_DOX.replace(
        ARGUMENTS_LINE, "- Arguments of `WaitTool` (as the model writes them):\n"
    )


def test_a_lead_doxtool_cannot_read_gets_no_second_block(make_repo, run_cli) -> None:
    """A line that looks like the lead of a class's arguments, in a form
    doxtool does not read, is reported but never joined by a block of doxtool's."""
    text = WAIT_DOX.replace(ARGUMENTS_LINE, "- Arguments of `WaitTool`, all optional:\n")
    root = make_repo({**clean_files(), DOX: text})
    assert _findings(run_cli(root, "check", "--no-cache").output) == [
        f"{DOX}:{SECTION}:1: DOX111 arguments of `WaitTool` are not documented in a form "
        f"doxtool reads (it cannot read line {NUMBER} as an `Arguments of `WaitTool`:` line "
        "with the arguments under it)"
    ]
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == text


def test_a_missing_section_is_added_without_a_block_a_person_wrote_elsewhere(
    make_repo, run_cli
) -> None:
    """The section comes back with the blocks doxtool may write, not with a
    second arguments block for the one it cannot read."""
    start = WAIT_DOX.index("## Runtime Contracts")
    end = WAIT_DOX.index("## Key Concepts")
    text = WAIT_DOX[:start] + WAIT_DOX[end:] + "\nArguments of `WaitTool`, all optional:\n"
    root = make_repo({**clean_files(), DOX: text})
    run_cli(root, "check", "--no-cache", "--fix")
    fixed = (root / DOX).read_text(encoding="utf-8")
    assert "## Runtime Contracts\n" in fixed
    assert "- `break_loop` of `WaitTool`: always `false`.\n" in fixed
    assert fixed.count("Arguments of `WaitTool`") == 1


def test_a_lead_whose_paragraph_goes_on_at_the_margin_is_not_split(make_repo, run_cli) -> None:
    """``- Arguments of `WaitTool`:`` then ``see below`` at the margin is one
    paragraph, as if on one line: the lead is reported as not read, and a fix
    neither writes the items between it and the words nor a second block."""
    for words in ("see below\n", "0\n", "none for now\n"):
        text = WAIT_DOX.replace(
            ARGUMENTS_LINE + "  - `seconds`: optional integer, default `0`.\n",
            ARGUMENTS_LINE + words,
        )
        root = make_repo({**clean_files(), DOX: text})
        assert _findings(run_cli(root, "check", "--no-cache").output) == [
            f"{DOX}:{SECTION}:1: DOX111 arguments of `WaitTool` are not documented in a form "
            f"doxtool reads (it cannot read line {NUMBER} as an `Arguments of `WaitTool`:` line "
            "with the arguments under it)"
        ], words
        run_cli(root, "check", "--no-cache", "--fix", "--unsafe-fixes")
        assert (root / DOX).read_text(encoding="utf-8") == text, words


def test_a_lead_going_on_with_none_at_the_margin_gets_no_items_under_it(make_repo, run_cli) -> None:
    """``none.`` at the margin under the lead still reads as its sentence;
    the missing argument is reported, but no fix splits the paragraph (the
    ``none.`` would then read as the new item's)."""
    text = WAIT_DOX.replace(
        ARGUMENTS_LINE + "  - `seconds`: optional integer, default `0`.\n",
        ARGUMENTS_LINE + "none.\n",
    )
    root = make_repo({**clean_files(), DOX: text})
    assert _findings(run_cli(root, "check", "--no-cache").output) == [
        f"{DOX}:{NUMBER}:1: DOX111 argument `seconds` is read at tools/wait.py:6 but not documented"
    ]
    run_cli(root, "check", "--no-cache", "--fix", "--unsafe-fixes")
    assert (root / DOX).read_text(encoding="utf-8") == text
