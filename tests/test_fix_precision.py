"""Fixes that change only what they must: line endings of untouched lines,
argument blocks written in another style, accepted section names, and fact
headers left without items."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from click.testing import Result

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
