"""A Classes list a person nests under its lead (``  - `X` ``), numbers or
indents with tabs: a class or method a fix adds reads back where it was
written (a method nested under its class), so a second ``--fix`` changes
nothing and no finding is left."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from samples import clean_files

from doxtool.rules.examples import WAIT_DOX, WAIT_PY

#: the wait tool after a class of its own errors, which has no methods
ERROR_WAIT_PY = WAIT_PY.replace(
    "\n\nclass WaitTool(Tool):",
    '\n\nclass WaitError(Exception):\n    """Raised when a wait fails."""\n\n\nclass WaitTool(Tool):',
)
CLASSES = "- Classes:\n- `WaitTool` (`Tool`)\n  - `async execute(self, **kwargs) -> Response`\n"
EXECUTE = "`async execute(self, **kwargs) -> Response`"


def _dox(classes: str) -> str:
    assert CLASSES in WAIT_DOX
    return WAIT_DOX.replace(CLASSES, classes)


@pytest.mark.parametrize(
    ("code", "written", "fixed"),
    [
        pytest.param(
            ERROR_WAIT_PY,
            "- Classes:\n  - `WaitError` (`Exception`)\n",
            "- Classes:\n  - `WaitError` (`Exception`)\n  - `WaitTool` (`Tool`)\n"
            f"    - {EXECUTE}\n",
            id="nested-under-the-lead",
        ),
        pytest.param(
            ERROR_WAIT_PY,
            "- Classes:\n\t- `WaitError` (`Exception`)\n",
            f"- Classes:\n\t- `WaitError` (`Exception`)\n\t- `WaitTool` (`Tool`)\n\t\t- {EXECUTE}\n",
            id="nested-with-a-tab",
        ),
        pytest.param(
            ERROR_WAIT_PY,
            "- Classes:\n\n1. `WaitError` (`Exception`)\n",
            f"- Classes:\n\n1. `WaitError` (`Exception`)\n2. `WaitTool` (`Tool`)\n   - {EXECUTE}\n",
            id="numbered",
        ),
        pytest.param(
            WAIT_PY,
            "- Classes:\n  - `WaitTool` (`Tool`)\n",
            f"- Classes:\n  - `WaitTool` (`Tool`)\n    - {EXECUTE}\n",
            id="nested-class-without-its-method",
        ),
        pytest.param(
            WAIT_PY,
            f"- Classes:\n  - `WaitCache`\n- `WaitTool` (`Tool`)\n  - {EXECUTE}\n",
            f"- Classes:\n- `WaitTool` (`Tool`)\n  - {EXECUTE}\n",
            id="nested-then-flat",
        ),
    ],
)
def test_a_fix_writes_what_it_reads_back_and_converges(
    make_repo: Callable[[dict[str, str]], Path],
    run_cli: Callable[..., Result],
    code: str,
    written: str,
    fixed: str,
) -> None:
    repo = make_repo(
        {**clean_files(), "tools/wait.py": code, "tools/wait.py.dox.md": _dox(written)}
    )
    companion = repo / "tools" / "wait.py.dox.md"

    run_cli(repo, "check", "--no-cache", "--fix")
    assert companion.read_text(encoding="utf-8") == _dox(fixed)
    result = run_cli(repo, "check", "--no-cache", "--fix")
    assert result.exit_code == 0, result.output
    assert result.output == "All checks passed.\n"
    assert companion.read_text(encoding="utf-8") == _dox(fixed), "a second fix changes nothing"


def test_a_stale_class_under_a_second_classes_lead_is_replaced_once(
    make_repo: Callable[[dict[str, str]], Path], run_cli: Callable[..., Result]
) -> None:
    # the classes listed without a lead in Ownership are not the Classes block
    # when a lead stands elsewhere: the class goes under that lead, once
    side = "- Observed side-effect areas: none.\n"
    dox = _dox(CLASSES.removeprefix("- Classes:\n")).replace(
        side, side + "- Classes:\n  - `Helper`\n"
    )
    repo = make_repo({**clean_files(), "tools/wait.py.dox.md": dox})
    companion = repo / "tools" / "wait.py.dox.md"

    run_cli(repo, "check", "--no-cache", "--fix")
    fixed = dox.replace("  - `Helper`\n", f"  - `WaitTool` (`Tool`)\n    - {EXECUTE}\n")
    assert companion.read_text(encoding="utf-8") == fixed
    result = run_cli(repo, "check", "--no-cache", "--fix")
    assert result.output == "All checks passed.\n"
    assert companion.read_text(encoding="utf-8") == fixed, "a second fix changes nothing"


def test_a_method_under_a_class_written_left_of_the_first_item_is_read(
    make_repo: Callable[[dict[str, str]], Path], run_cli: Callable[..., Result]
) -> None:
    dox = _dox(f"- Classes:\n  - `WaitCache`\n- `WaitTool` (`Tool`)\n  - {EXECUTE}\n")
    repo = make_repo({**clean_files(), "tools/wait.py.dox.md": dox})

    result = run_cli(repo, "check", "--no-cache")
    assert result.output.splitlines() == [
        "tools/wait.py.dox.md:8:1: DOX105 `tools/wait.py` no longer has class `WaitCache` "
        "(documented at line 8) [*]",
        "Found 1 finding (1 fixable with `doxtool check --fix`).",
    ]
