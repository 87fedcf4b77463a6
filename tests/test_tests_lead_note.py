"""A related-tests lead line carrying a person's note in parentheses before
its colon (``- Related tests observed by source search (run with `pytest
-q`):``) is the tests block: the paths it lists are checked, never rewritten (the note
may say what the list means: ``(removed)``, ``(planned)``), and no second
block is written beside it."""

from __future__ import annotations

from pathlib import Path

import pytest
from samples import clean_files

DOX = "tools/wait.py.dox.md"
CONFIG = '[tool.doxtool]\ntest-dirs = ["tests"]\n'
ANCHOR = "- Run the tool with `seconds` 0.\n"
LEAD = "- Related tests observed by source search (run with `pytest -q`):"


def _repo(make_repo, block: str) -> Path:
    files = {
        **clean_files(),
        "pyproject.toml": CONFIG,
        "tests/test_wait.py": "from tools.wait import WaitTool\n",
    }
    files[DOX] = files[DOX].replace(ANCHOR, ANCHOR + block)
    return make_repo(files)


@pytest.mark.parametrize("block", [f"{LEAD} `tests/gone.py`\n", f"{LEAD}\n  - `tests/gone.py`\n"])
def test_a_noted_lead_is_read_and_its_paths_checked(make_repo, run_cli, block: str) -> None:
    root = _repo(make_repo, block)
    result = run_cli(root, "check", "--no-cache")
    assert "related test `tests/gone.py` does not exist" in result.output, result.output
    assert "the companion lists none" not in result.output


@pytest.mark.parametrize("note", ["run with `pytest -q`", "removed", "planned"])
def test_a_fix_leaves_a_noted_list_as_written_and_writes_no_second_block(
    make_repo, run_cli, note: str
) -> None:
    """The note may say what the list means (``(removed):`` over a deleted
    test is true): the findings carry no fix, so neither the stale path is
    swapped for another nor a test added under words that would make it false."""
    block = f"{LEAD.replace('run with `pytest -q`', note)}\n  - `tests/gone.py`\n"
    root = _repo(make_repo, block)
    before = (root / DOX).read_text(encoding="utf-8")
    checked = run_cli(root, "check", "--no-cache")
    assert "related test `tests/gone.py` does not exist" in checked.output, checked.output
    assert "`tests/test_wait.py` imports or names the module" in checked.output
    assert "[*]" not in checked.output
    result = run_cli(root, "check", "--no-cache", "--fix")
    assert "Traceback" not in result.output, result.output
    assert (root / DOX).read_text(encoding="utf-8") == before


@pytest.mark.parametrize("order", ["noted first", "plain first"])
def test_a_noted_lead_beside_a_plain_one_is_the_persons_list(
    make_repo, run_cli, order: str
) -> None:
    """A person's noted list (``(manual):``) beside doxtool's plain lead:
    the plain one is the tests block, and the person's list is left as
    written (before, the noted one was read as the block: the fix added
    `tests/test_wait.py` to it and DOX141 called the plain one a repeat)."""
    noted = f"{LEAD.replace('run with `pytest -q`', 'manual')}\n  - `tests/test_other.py`\n"
    plain = "- Related tests observed by source search:\n  - `tests/test_wait.py`\n"
    root = _repo(make_repo, noted + plain if order == "noted first" else plain + noted)
    (root / "tests/test_other.py").write_text("x = 1\n", encoding="utf-8")
    result = run_cli(root, "check", "--no-cache")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")
