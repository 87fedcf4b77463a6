"""Related tests a person lists in their own words: a dotted module
(`` - `tests.test_wait` ``) under the lead names its file, as a path does;
a line of theirs about tests naming the test (``- Related tests:
`tests/test_wait.py`.``, ``- Tests:`` over `` - `tests.test_wait` ``) is a
lead doxtool does not read: the tests are reported as not listed in a form
it reads, and no fix writes a second list beside it."""

from __future__ import annotations

from pathlib import Path

import pytest
from samples import clean_files

DOX = "tools/wait.py.dox.md"
CONFIG = '[tool.doxtool]\ntest-dirs = ["tests"]\n'
ANCHOR = "- Run the tool with `seconds` 0.\n"
LEAD = "- Related tests observed by source search:\n"


def _repo(make_repo, block: str) -> Path:
    files = {
        **clean_files(),
        "pyproject.toml": CONFIG,
        "tests/test_wait.py": "from tools.wait import WaitTool\n\n\ndef test_zero():\n    pass\n",
    }
    files[DOX] = files[DOX].replace(ANCHOR, ANCHOR + block)
    return make_repo(files)


@pytest.mark.parametrize(
    "item",
    [
        "`tests.test_wait`",
        "`tests.test_wait.test_zero`",
        "`tests.test_wait.TestWait`",
        "`tests.test_wait` (run with `python -m pytest`)",
    ],
)
def test_a_dotted_module_under_the_lead_lists_its_file(make_repo, run_cli, item: str) -> None:
    root = _repo(make_repo, f"{LEAD}  - {item}\n")
    before = (root / DOX).read_text(encoding="utf-8")
    result = run_cli(root, "check", "--no-cache")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == before


def test_a_dotted_module_that_is_gone_is_stale(make_repo, run_cli) -> None:
    root = _repo(make_repo, f"{LEAD}  - `tests.test_wait`\n  - `tests.test_gone`\n")
    result = run_cli(root, "check", "--no-cache")
    assert "related test `tests.test_gone` does not exist" in result.output, result.output
    assert "test_wait" not in result.output


@pytest.mark.parametrize(
    "block",
    [
        "- Related tests: `tests/test_wait.py`.\n",
        "- Related tests: `tests.test_wait`, run with `pytest -k wait`.\n",
        "- **Tests:** `tests/test_wait.py::test_zero`\n",
        "- Tests:\n  - `tests/test_wait.py`\n",
        "- Zugehörige Tests:\n  - `tests.test_wait`\n",
    ],
)
def test_a_persons_line_naming_the_test_gets_no_second_list(make_repo, run_cli, block: str) -> None:
    root = _repo(make_repo, block)
    before = (root / DOX).read_text(encoding="utf-8")
    result = run_cli(root, "check", "--no-cache")
    assert "the companion lists none doxtool reads (it cannot read line" in result.output
    assert "[*]" not in result.output, result.output
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == before


def test_a_line_about_tests_naming_none_of_them_is_no_lead(make_repo, run_cli) -> None:
    root = _repo(make_repo, "- Tests: run `pytest -k wait`.\n")
    result = run_cli(root, "check", "--no-cache")
    assert "import or name the module but the companion lists none [*]" in result.output
    run_cli(root, "check", "--no-cache", "--fix")
    text = (root / DOX).read_text(encoding="utf-8")
    assert "- Tests: run `pytest -k wait`.\n" in text and LEAD + "  - `tests/test_wait.py`" in text


def test_a_dotted_module_from_another_import_root_is_not_called_gone(make_repo, run_cli) -> None:
    # (``mypkg`` is no directory at the root: the module may be imported from
    # ``src/``, where doxtool does not look, so it is not said to be gone)
    root = _repo(make_repo, f"{LEAD}  - `tests.test_wait`\n  - `mypkg.tests.test_cache`\n")
    before = (root / DOX).read_text(encoding="utf-8")
    result = run_cli(root, "check", "--no-cache")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == before


def test_a_dotted_package_with_no_init_file_exists(make_repo, run_cli) -> None:
    # (``tests/test_cache/`` holds tests but no ``__init__.py``)
    root = _repo(make_repo, f"{LEAD}  - `tests.test_wait`\n  - `tests.test_cache`\n")
    (root / "tests/test_cache").mkdir()
    (root / "tests/test_cache/test_hit.py").write_text("def test_hit():\n    pass\n")
    result = run_cli(root, "check", "--no-cache")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")
