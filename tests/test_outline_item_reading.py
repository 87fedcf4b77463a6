"""Which lines of a companion's outline blocks are items and which are a
person's words: spellings of classes, method notes under a class, related
test references, clauses in item sentences, constant values and parent
packages of an import. A true companion gives no finding, and no fix adds a
second spelling or removes a person's line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

TOOL = "tools/wait.py"
COMPANION = "tools/wait.py.dox.md"


def _edit(repo: Path, path: str, old: str, new: str) -> None:
    file = repo / path
    text = file.read_text(encoding="utf-8")
    assert old in text
    file.write_text(text.replace(old, new, 1), encoding="utf-8")


def _check(repo: Path, run_cli: Callable[..., Result], *extra: str) -> str:
    return run_cli(repo, "check", "--no-cache", *extra, TOOL).output


def _assert_true_companion(repo: Path, run_cli: Callable[..., Result]) -> None:
    """No finding, and neither fix (safe or unsafe) changes the companion."""
    before = (repo / COMPANION).read_text(encoding="utf-8")
    assert _check(repo, run_cli) == "All checks passed.\n"
    assert _check(repo, run_cli, "--fix", "--unsafe-fixes") == "All checks passed.\n"
    assert (repo / COMPANION).read_text(encoding="utf-8") == before


# --- imports -----------------------------------------------------------------


def test_a_parent_package_lists_an_import_of_a_dotted_module(
    reference_repo: Path, run_cli: Callable[..., Result]
) -> None:
    _edit(reference_repo, TOOL, "from datetime import", "import os.path\nfrom datetime import")
    _edit(reference_repo, COMPANION, "`helpers.wait`.", "`helpers.wait`, `os`.")
    _assert_true_companion(reference_repo, run_cli)


def test_an_unlisted_dotted_import_is_still_missing(
    reference_repo: Path, run_cli: Callable[..., Result]
) -> None:
    _edit(reference_repo, TOOL, "from datetime import", "import os.path\nfrom datetime import")
    assert _check(reference_repo, run_cli) == (
        "tools/wait.py.dox.md:31:1: DOX131 `tools/wait.py` imports `os.path`, "
        "which the imports line does not list [*]\n"
        "Found 1 finding (1 fixable with `doxtool check --fix`).\n"
    )


def test_a_package_imported_from_is_missing_beside_its_other_modules(
    reference_repo: Path, run_cli: Callable[..., Result]
) -> None:
    """``helpers.tool`` is the import of ``from helpers.tool import Tool``, not a
    spelling of ``from helpers import files``: ``helpers`` is missing."""
    _edit(reference_repo, TOOL, "from helpers.tool", "from helpers import files\nfrom helpers.tool")
    assert _check(reference_repo, run_cli) == (
        "tools/wait.py.dox.md:31:1: DOX131 `tools/wait.py` imports `helpers`, "
        "which the imports line does not list [*]\n"
        "Found 1 finding (1 fixable with `doxtool check --fix`).\n"
    )
    _check(reference_repo, run_cli, "--fix")
    assert (
        "- Imported dependency areas include: `datetime`, `helpers`, `helpers.tool`, "
        "`helpers.wait`.\n" in (reference_repo / COMPANION).read_text(encoding="utf-8")
    )
    _assert_true_companion(reference_repo, run_cli)


def test_the_module_imported_from_a_package_spells_its_import(
    reference_repo: Path, run_cli: Callable[..., Result]
) -> None:
    _edit(reference_repo, TOOL, "from helpers.tool", "from helpers import files\nfrom helpers.tool")
    _edit(
        reference_repo,
        COMPANION,
        "`datetime`, `helpers.tool`",
        "`datetime`, `helpers.files`, `helpers.tool`",
    )
    _assert_true_companion(reference_repo, run_cli)


@pytest.mark.parametrize(
    "line",
    [
        "- Imported dependency areas include: `datetime` (not `time`), `helpers.tool`, "
        "`helpers.wait`.",
        "- Imported dependency areas include: `datetime`, `helpers.tool`, `helpers.wait`; "
        "`json` was dropped in 2025.",
    ],
)
def test_spans_in_parentheses_or_after_a_semicolon_are_not_imports(
    reference_repo: Path, run_cli: Callable[..., Result], line: str
) -> None:
    _edit(
        reference_repo,
        COMPANION,
        "- Imported dependency areas include: `datetime`, `helpers.tool`, `helpers.wait`.",
        line,
    )
    _assert_true_companion(reference_repo, run_cli)


def test_a_clause_after_a_semicolon_stays_when_a_missing_helper_is_added(
    reference_repo: Path, run_cli: Callable[..., Result]
) -> None:
    _edit(
        reference_repo,
        COMPANION,
        "`managed_wait`, `Response`, `self.agent.handle_intervention`.",
        "`managed_wait`, `Response`; it no longer calls `time.sleep`.",
    )
    assert _check(reference_repo, run_cli) == (
        "tools/wait.py.dox.md:36:1: DOX130 `tools/wait.py` calls "
        "`self.agent.handle_intervention`, which the called helpers line does not list [*]\n"
        "Found 1 finding (1 fixable with `doxtool check --fix`).\n"
    )
    run_cli(reference_repo, "check", "--no-cache", "--fix", TOOL)
    lines = (reference_repo / COMPANION).read_text(encoding="utf-8").splitlines()
    assert lines[35] == (
        "- Important called helpers/classes observed in the source: `managed_wait`, "
        "`Response`, `self.agent.handle_intervention`; it no longer calls `time.sleep`."
    )
    _assert_true_companion(reference_repo, run_cli)


# --- constants ---------------------------------------------------------------


def test_a_constant_computed_in_the_code_is_compared_by_name_only(
    reference_repo: Path, run_cli: Callable[..., Result]
) -> None:
    _edit(
        reference_repo,
        TOOL,
        "MAX_WAIT_SECONDS = 24 * 60 * 60\n",
        "MAX_WAIT_SECONDS = 24 * 60 * 60\nRATIO = 0\nLIMIT = 1_000\n",
    )
    _edit(
        reference_repo,
        COMPANION,
        "names: `MAX_WAIT_SECONDS`.",
        "names: `MAX_WAIT_SECONDS = 86400`, `RATIO = 0.0`, `LIMIT = 1000`.",
    )
    _assert_true_companion(reference_repo, run_cli)


def test_a_literal_constant_with_another_value_is_changed(
    reference_repo: Path, run_cli: Callable[..., Result]
) -> None:
    _edit(reference_repo, TOOL, "MAX_WAIT_SECONDS = 24 * 60 * 60\n", "MAX_WAIT_SECONDS = 60\n")
    _edit(
        reference_repo, COMPANION, "names: `MAX_WAIT_SECONDS`.", "names: `MAX_WAIT_SECONDS = 61`."
    )
    assert _check(reference_repo, run_cli) == (
        "tools/wait.py.dox.md:17:1: DOX105 `tools/wait.py` assigns `MAX_WAIT_SECONDS = 60` "
        "now, not `MAX_WAIT_SECONDS = 61` (documented at line 17) [*]\n"
        "Found 1 finding (1 fixable with `doxtool check --fix`).\n"
    )


# --- related tests -----------------------------------------------------------

_TESTS = "  - `tests/reference/runtime.py`\n  - `tests/reference/test_reference_tools.py`\n"


def test_a_flat_link_lists_the_test_it_points_to(
    reference_repo: Path, run_cli: Callable[..., Result]
) -> None:
    _edit(
        reference_repo,
        COMPANION,
        _TESTS,
        "- [the runtime cases](../tests/reference/runtime.py)\n"
        "- [the tool tests](../tests/reference/test_reference_tools.py#L1)\n",
    )
    _assert_true_companion(reference_repo, run_cli)


def test_commands_under_the_tests_lead_are_notes(
    reference_repo: Path, run_cli: Callable[..., Result]
) -> None:
    _edit(
        reference_repo,
        COMPANION,
        _TESTS,
        _TESTS + "  - `pytest -n auto` runs them in parallel.\n"
        "  - `WAIT_FAST=1` shortens the sleeps.\n"
        "  - `make test`\n",
    )
    _assert_true_companion(reference_repo, run_cli)


def test_a_nested_test_path_that_is_gone_is_still_stale(
    reference_repo: Path, run_cli: Callable[..., Result]
) -> None:
    _edit(reference_repo, COMPANION, _TESTS, _TESTS + "  - `pytest tests/reference/gone.py`\n")
    assert _check(reference_repo, run_cli) == (
        "tools/wait.py.dox.md:49:1: DOX140 related test `pytest tests/reference/gone.py` "
        "does not exist (documented at line 49) [*]\n"
        "Found 1 finding (1 fixable with `doxtool check --fix`).\n"
    )


# --- classes and their methods -------------------------------------------------


def test_call_shaped_notes_under_a_class_are_not_methods(
    reference_repo: Path, run_cli: Callable[..., Result]
) -> None:
    _edit(
        reference_repo,
        COMPANION,
        "  - `async execute(self, **kwargs) -> Response`\n",
        "  - `async execute(self, **kwargs) -> Response`\n"
        "  - `super().__init__()` must be called first by every subclass.\n"
        "  - `str()` gives the tool's name.\n"
        "  - `int(days)`: raises on text.\n"
        "  - `Response(...)` always has a message.\n"
        "  - `repr()`\n",
    )
    _assert_true_companion(reference_repo, run_cli)


def test_a_method_the_class_lost_is_still_stale(
    reference_repo: Path, run_cli: Callable[..., Result]
) -> None:
    _edit(
        reference_repo,
        COMPANION,
        "  - `async execute(self, **kwargs) -> Response`\n",
        "  - `async execute(self, **kwargs) -> Response`\n  - `old(self) -> None`\n",
    )
    assert _check(reference_repo, run_cli) == (
        "tools/wait.py.dox.md:15:1: DOX105 `WaitTool` no longer has method `old` "
        "(documented at line 15) [*]\n"
        "Found 1 finding (1 fixable with `doxtool check --fix`).\n"
    )


@pytest.mark.parametrize(
    "line",
    [
        "- `WaitTool` (`Tool`) (registered as `wait`)",
        "- `WaitTool(Tool)`",
        "- `class WaitTool(Tool)`: the tool.",
        "- Classes: `WaitTool`, which subclasses `Tool`.",
    ],
)
def test_other_spellings_of_a_class_are_read_as_the_class(
    reference_repo: Path, run_cli: Callable[..., Result], line: str
) -> None:
    if line.startswith("- Classes:"):
        _edit(reference_repo, COMPANION, "- Classes:\n- `WaitTool` (`Tool`)\n", line + "\n")
    else:
        _edit(reference_repo, COMPANION, "- `WaitTool` (`Tool`)\n", line + "\n")
    _assert_true_companion(reference_repo, run_cli)


def test_a_class_spelled_with_wrong_bases_in_its_span_is_changed_without_a_fix(
    reference_repo: Path, run_cli: Callable[..., Result]
) -> None:
    _edit(reference_repo, COMPANION, "- `WaitTool` (`Tool`)\n", "- `WaitTool(Base)`\n")
    assert _check(reference_repo, run_cli) == (
        "tools/wait.py.dox.md:13:1: DOX105 class `WaitTool` derives from `Tool` in the code, "
        "not `Base` (tools/wait.py:25)\n"
        "Found 1 finding.\n"
    )


def _private_class(repo: Path, spelled: str) -> None:
    """``class _Clock(dict)`` in the module, spelled ``spelled`` before the
    tool class in the companion's Classes block."""
    tool = repo / TOOL
    tool.write_text(
        tool.read_text(encoding="utf-8") + "\n\nclass _Clock(dict):\n    pass\n", encoding="utf-8"
    )
    _edit(repo, COMPANION, "- Classes:\n", f"- Classes:\n- `{spelled}`\n")


def test_a_private_class_spelled_with_its_bases_in_its_span_is_read_as_the_class(
    reference_repo: Path, run_cli: Callable[..., Result]
) -> None:
    """`` `_Clock(dict)` ``: a class whose name opens with an underscore is
    capitalised past it, not a function's signature; the block's other
    classes stay listed."""
    _private_class(reference_repo, "_Clock(dict)")
    _assert_true_companion(reference_repo, run_cli)


def test_a_private_class_spelled_with_wrong_bases_is_reported_as_such(
    reference_repo: Path, run_cli: Callable[..., Result]
) -> None:
    _private_class(reference_repo, "_Clock(Base)")
    assert _check(reference_repo, run_cli) == (
        "tools/wait.py.dox.md:13:1: DOX105 class `_Clock` derives from `dict` in the code, "
        "not `Base` (tools/wait.py:67)\n"
        "Found 1 finding.\n"
    )
