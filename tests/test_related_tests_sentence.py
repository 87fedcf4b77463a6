"""The sentence a convention writes for a module no test imports stands in
for the list of related tests: a test that appears replaces it by the list
(in doxtool's own format, with the line that says to run it), and the last
listed test that is deleted brings it back. Only that sentence, as doxtool
writes it, is replaced; a person's words after it are kept."""

from __future__ import annotations

from pathlib import Path

import pytest
from samples import clean_files

DOX = "tools/wait.py.dox.md"
TEST = "tests/test_wait.py"
TEST_PY = "from tools import wait\n\n\ndef test_wait():\n    assert wait\n"
CONVENTIONS = {
    "doxtool": (
        '[tool.doxtool]\ntest-dirs = ["tests"]\n',
        "- No test imports `wait.py` yet: add one under `tests/`; until then, "
        "`doxtool check tools/wait.py` compares this file with the code.\n",
        "- Run `pytest tests/test_wait.py` after changing `wait.py`, and "
        "`doxtool check tools/wait.py` to keep this file in step.\n"
        "- Related tests observed by source search:\n  - `tests/test_wait.py`\n",
    ),
    "agent-zero": (
        '[tool.doxtool]\nconvention = "agent-zero"\ntest-dirs = ["tests"]\n',
        "- No direct test reference was found by name search; choose the nearest "
        "behavioral test or perform a focused smoke check.\n",
        "- Related tests observed by source search:\n  - `tests/test_wait.py`\n",
    ),
}


def _fresh(make_repo, run_cli, convention: str) -> tuple[Path, str]:
    """A repository whose companion ``--fix`` wrote, with no test yet."""
    files = {**clean_files(), "pyproject.toml": CONVENTIONS[convention][0]}
    del files[DOX]
    root = make_repo(files)
    run_cli(root, "check", "--no-cache", "--fix")
    return root, (root / DOX).read_text(encoding="utf-8")


def _dox_findings(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.startswith(DOX)]


@pytest.mark.parametrize("convention", sorted(CONVENTIONS))
def test_the_sentence_for_no_tests_gives_way_to_the_list_and_comes_back(
    convention: str, make_repo, run_cli
) -> None:
    _, none, listed = CONVENTIONS[convention]
    root, without = _fresh(make_repo, run_cli, convention)
    assert none in without
    (root / TEST).parent.mkdir(exist_ok=True)
    (root / TEST).write_text(TEST_PY, encoding="utf-8")
    result = run_cli(root, "check", "--no-cache", "--fix")
    assert result.output.endswith("All checks passed.\n"), result.output
    with_test = (root / DOX).read_text(encoding="utf-8")
    assert with_test == without.replace(none, listed)
    # the same text as a new companion of a module with that test
    (root / DOX).unlink()
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == with_test
    (root / TEST).unlink()
    result = run_cli(root, "check", "--no-cache", "--fix")
    assert result.output.endswith("All checks passed.\n"), result.output
    assert (root / DOX).read_text(encoding="utf-8") == without


@pytest.mark.parametrize("convention", sorted(CONVENTIONS))
def test_words_after_the_sentence_for_no_tests_are_kept(
    convention: str, make_repo, run_cli
) -> None:
    _, none, _ = CONVENTIONS[convention]
    root, without = _fresh(make_repo, run_cli, convention)
    text = without.replace(none, none.rstrip("\n") + " Ask Dana first.\n")
    (root / DOX).write_text(text, encoding="utf-8")
    (root / TEST).parent.mkdir(exist_ok=True)
    (root / TEST).write_text(TEST_PY, encoding="utf-8")
    findings = _dox_findings(run_cli(root, "check", "--no-cache").output)
    assert [f.split(": ", 1)[1] for f in findings] == [
        "DOX140 tests `tests/test_wait.py` import or name the module but the companion "
        "lists none [*]"
    ]
    run_cli(root, "check", "--no-cache", "--fix")
    fixed = (root / DOX).read_text(encoding="utf-8")
    # the person's line stays; the list is added after it
    person = none.rstrip("\n") + " Ask Dana first.\n"
    assert fixed == text.replace(
        person, person + "- Related tests observed by source search:\n  - `tests/test_wait.py`\n"
    )


def test_a_persons_line_in_the_list_keeps_it_when_the_last_test_goes(make_repo, run_cli) -> None:
    _, _, listed = CONVENTIONS["doxtool"]
    root, _ = _fresh(make_repo, run_cli, "doxtool")
    (root / TEST).parent.mkdir(exist_ok=True)
    (root / TEST).write_text(TEST_PY, encoding="utf-8")
    run_cli(root, "check", "--no-cache", "--fix")
    text = (
        (root / DOX)
        .read_text(encoding="utf-8")
        .replace(listed, listed + "  - Manual: wait ten seconds in a live chat.\n")
    )
    (root / DOX).write_text(text, encoding="utf-8")
    (root / TEST).unlink()
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == text
