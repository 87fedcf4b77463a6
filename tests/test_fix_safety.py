"""Fixes that keep a person's words and write what they plan: notes that go
with their item, missing sections inserted once, and suppression comments
removed without touching the bytes around them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from click.testing import Result
from samples import clean_files

from doxtool.rules.examples import WAIT_DOX

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
