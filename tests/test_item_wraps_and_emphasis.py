"""Companion items as a person may write them: wrapped onto the next
indented line (one Markdown paragraph), set in emphasis, numbered; and a
method item with a note whose method the class no longer has. Each is read
as the item it is (no finding, no second entry written by a fix); a fix
either rewrites exactly the item's words or is not offered, a second
``--fix`` changes nothing, and ``--diff`` shows what ``--fix`` writes."""

from __future__ import annotations

import shutil
import subprocess
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


def _companion(repo: Path) -> str:
    return (repo / COMPANION).read_text(encoding="utf-8")


def _assert_true_companion(repo: Path, run_cli: Callable[..., Result]) -> None:
    """No finding, and neither fix (safe or unsafe) changes the companion."""
    before = _companion(repo)
    assert _check(repo, run_cli) == "All checks passed.\n"
    assert _check(repo, run_cli, "--fix", "--unsafe-fixes") == "All checks passed.\n"
    assert _companion(repo) == before


def _fix_as_diffed(repo: Path, run_cli: Callable[..., Result], scratch: Path) -> str:
    """``--fix`` on ``repo`` writes what ``--diff`` showed (the diff applied
    with ``git apply`` to a copy gives the same companion), and a second
    ``--fix`` changes nothing; the fixed companion."""
    copy = scratch / "copy"
    shutil.copytree(repo, copy)
    diff = _check(repo, run_cli, "--diff")
    assert diff
    subprocess.run(["git", "apply", "-"], input=diff, cwd=copy, check=True, text=True)
    _check(repo, run_cli, "--fix")
    fixed = _companion(repo)
    assert (copy / COMPANION).read_text(encoding="utf-8") == fixed
    _check(repo, run_cli, "--fix")
    assert _companion(repo) == fixed
    return fixed


# --- items wrapped onto the next line ----------------------------------------


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            "- `_seconds_until(timestamp: str) -> float`\n",
            "- `_seconds_until(timestamp: str)\n  -> float`\n",
        ),
        (
            "  - `async execute(self, **kwargs) -> Response`\n",
            "  - `async execute(self,\n    **kwargs) -> Response`\n",
        ),
        ("- `WaitTool` (`Tool`)\n", "- `WaitTool` (\n  `Tool`)\n"),
        (
            "  - `tests/reference/runtime.py`\n",
            "  - `tests/reference/runtime.py\n    -k wait`\n",
        ),
    ],
    ids=["function", "method", "class-bases", "test"],
)
def test_an_item_wrapped_onto_the_next_line_is_read_whole(
    reference_repo: Path, run_cli: Callable[..., Result], old: str, new: str
) -> None:
    _edit(reference_repo, COMPANION, old, new)
    _assert_true_companion(reference_repo, run_cli)


def test_a_wrapped_signature_that_changed_is_rewritten_on_its_first_line(
    reference_repo: Path, run_cli: Callable[..., Result], tmp_path_factory: pytest.TempPathFactory
) -> None:
    _edit(
        reference_repo,
        COMPANION,
        "- `_seconds_until(timestamp: str) -> float`\n",
        "- `_seconds_until(timestamp: str)\n  -> float`: never negative.\n",
    )
    _edit(reference_repo, TOOL, "def _seconds_until(timestamp: str)", "def _seconds_until(ts: str)")
    assert _check(reference_repo, run_cli) == (
        "tools/wait.py.dox.md:16:1: DOX105 `_seconds_until` gained `ts`, lost `timestamp` "
        "(tools/wait.py:14) [*]\n"
        "Found 1 finding (1 fixable with `doxtool check --fix`).\n"
    )
    fixed = _fix_as_diffed(reference_repo, run_cli, tmp_path_factory.mktemp("diff"))
    assert "- Top-level functions:\n- `_seconds_until(ts: str) -> float`: never negative.\n" in (
        fixed
    )
    assert _check(reference_repo, run_cli) == "All checks passed.\n"


def test_a_wrapped_item_that_is_gone_goes_with_the_line_it_is_wrapped_onto(
    reference_repo: Path, run_cli: Callable[..., Result], tmp_path_factory: pytest.TempPathFactory
) -> None:
    _edit(
        reference_repo,
        COMPANION,
        "- `_seconds_until(timestamp: str) -> float`\n",
        "- `_seconds_until(timestamp: str) -> float`\n- `_old(timestamp:\n  str) -> float`\n",
    )
    assert _check(reference_repo, run_cli) == (
        "tools/wait.py.dox.md:17:1: DOX105 `tools/wait.py` no longer defines function "
        "`_old` (documented at line 17) [*]\n"
        "Found 1 finding (1 fixable with `doxtool check --fix`).\n"
    )
    fixed = _fix_as_diffed(reference_repo, run_cli, tmp_path_factory.mktemp("diff"))
    assert "_old" not in fixed
    assert "  str) -> float`" not in fixed
    assert _check(reference_repo, run_cli) == "All checks passed.\n"


# --- items in emphasis --------------------------------------------------------


@pytest.mark.parametrize("mark", ["**", "__", "*", "_"])
def test_an_item_in_emphasis_is_read_as_the_item(
    reference_repo: Path, run_cli: Callable[..., Result], mark: str
) -> None:
    _edit(
        reference_repo, COMPANION, "- `WaitTool` (`Tool`)\n", f"- {mark}`WaitTool`{mark} (`Tool`)\n"
    )
    _edit(
        reference_repo,
        COMPANION,
        "- `_seconds_until(timestamp: str) -> float`\n",
        f"- {mark}`_seconds_until(timestamp: str) -> float`{mark}\n",
    )
    _edit(
        reference_repo,
        COMPANION,
        "  - `async execute(self, **kwargs) -> Response`\n",
        f"  - {mark}`async execute(self, **kwargs) -> Response`{mark}: runs it.\n",
    )
    _assert_true_companion(reference_repo, run_cli)


def test_emphasis_stays_around_a_rewritten_item(
    reference_repo: Path, run_cli: Callable[..., Result], tmp_path_factory: pytest.TempPathFactory
) -> None:
    _edit(reference_repo, COMPANION, "- `WaitTool` (`Tool`)\n", "- **`WaitTool`** (`Base`)\n")
    _edit(
        reference_repo,
        COMPANION,
        "- `_seconds_until(timestamp: str) -> float`\n",
        "- **`_seconds_until(stamp: str) -> float`**: never negative.\n",
    )
    output = _check(reference_repo, run_cli)
    assert "DOX105 class `WaitTool` derives from `Tool` in the code, not `Base`" in output
    assert "Found 2 findings (2 fixable" in output
    fixed = _fix_as_diffed(reference_repo, run_cli, tmp_path_factory.mktemp("diff"))
    assert "- **`WaitTool`** (`Tool`)\n" in fixed
    assert "- **`_seconds_until(timestamp: str) -> float`**: never negative.\n" in fixed
    assert _check(reference_repo, run_cli) == "All checks passed.\n"


def test_an_item_added_beside_items_in_emphasis_is_written_plain(
    reference_repo: Path, run_cli: Callable[..., Result], tmp_path_factory: pytest.TempPathFactory
) -> None:
    _edit(
        reference_repo,
        COMPANION,
        "- `_seconds_until(timestamp: str) -> float`\n",
        "- **`_seconds_until(timestamp: str) -> float`**\n",
    )
    _edit(
        reference_repo,
        TOOL,
        "\n\nclass WaitTool",
        "\n\ndef later() -> None:\n    pass\n\n\nclass WaitTool",
    )
    fixed = _fix_as_diffed(reference_repo, run_cli, tmp_path_factory.mktemp("diff"))
    assert "- **`_seconds_until(timestamp: str) -> float`**\n- `later() -> None`\n" in fixed
    assert _check(reference_repo, run_cli) == "All checks passed.\n"


# --- a class added to numbered methods ----------------------------------------


def test_a_class_added_beside_numbered_methods_gets_its_own_numbered_list(
    reference_repo: Path, run_cli: Callable[..., Result], tmp_path_factory: pytest.TempPathFactory
) -> None:
    _edit(
        reference_repo,
        COMPANION,
        "  - `async execute(self, **kwargs) -> Response`\n",
        "  1. `async execute(self, **kwargs) -> Response`\n",
    )
    with (reference_repo / TOOL).open("a", encoding="utf-8") as handle:
        handle.write(
            "\n\nclass Ticker:\n    def tick(self, n: int) -> int:\n        return n\n\n"
            "    def stop(self) -> None:\n        pass\n"
        )
    output = _check(reference_repo, run_cli)
    assert "DOX105 class `Ticker` (tools/wait.py:" in output
    assert "is not listed in the Classes block [*]" in output
    fixed = _fix_as_diffed(reference_repo, run_cli, tmp_path_factory.mktemp("diff"))
    assert (
        "- `WaitTool` (`Tool`)\n  1. `async execute(self, **kwargs) -> Response`\n"
        "- `Ticker`\n  1. `tick(self, n: int) -> int`\n  2. `stop(self) -> None`\n"
    ) in fixed
    assert _check(reference_repo, run_cli) == "All checks passed.\n"


# --- a stale method item with a note ------------------------------------------

NOTES_TOOL = """from helpers.tool import Response, Tool


class Notes(Tool):
    async def execute(self, **kwargs):
        return Response(message=self.clear_all(), break_loop=False)

    def clear_all(self) -> str:
        return "cleared"
"""


@pytest.mark.parametrize("convention", ["doxtool", "agent-zero"])
@pytest.mark.parametrize(
    "note", [": deletes old notes.", " (deletes old notes)", " - deletes old notes", " — deletes"]
)
def test_a_method_item_with_a_note_the_class_lost_is_reported_as_an_unsafe_fix(
    tmp_path: Path, run_cli: Callable[..., Result], convention: str, note: str
) -> None:
    repo = tmp_path / "repo"
    (repo / "tools").mkdir(parents=True)
    shutil.copytree(Path(__file__).parent.parent / "helpers", repo / "helpers")
    (repo / "pyproject.toml").write_text(
        f'[tool.doxtool]\nconvention = "{convention}"\n', encoding="utf-8"
    )
    (repo / "tools" / "notes.py").write_text(
        NOTES_TOOL.replace("clear_all", "purge"), encoding="utf-8"
    )
    run_cli(repo, "check", "--no-cache", "--fix", "tools/notes.py")
    companion = repo / "tools" / "notes.py.dox.md"
    text = companion.read_text(encoding="utf-8")
    item = next(line for line in text.splitlines() if "`purge(self)" in line)
    text = text.replace(item + "\n", item + note + "\n")
    companion.write_text(text, encoding="utf-8")
    (repo / "tools" / "notes.py").write_text(NOTES_TOOL, encoding="utf-8")
    line = text.splitlines().index(item + note) + 1
    output = run_cli(repo, "check", "--no-cache", "--select", "DOX105", "tools/notes.py").output
    assert (
        f"tools/notes.py.dox.md:{line}:1: DOX105 `Notes` no longer has method `purge` "
        f"(documented at line {line}) [!]\n"
    ) in output
    run_cli(repo, "check", "--no-cache", "--select", "DOX105", "--fix", "tools/notes.py")
    assert item + note in companion.read_text(encoding="utf-8")


def test_a_noted_call_of_a_name_the_module_still_uses_is_a_note(
    reference_repo: Path, run_cli: Callable[..., Result]
) -> None:
    _edit(
        reference_repo,
        COMPANION,
        "  - `async execute(self, **kwargs) -> Response`\n",
        "  - `async execute(self, **kwargs) -> Response`\n"
        "  - `managed_wait(seconds)`: sleeps in slices.\n",
    )
    _assert_true_companion(reference_repo, run_cli)


# --- argument items wrapped onto the next line --------------------------------

SECONDS = "  - `seconds`: optional number, default `0`. Converted"
MINUTES = "  - `minutes`: optional integer, default `0`."


def _wrap_arguments(repo: Path) -> None:
    _edit(repo, COMPANION, SECONDS, "  - `seconds`: optional number,\n    default `0`. Converted")
    _edit(repo, COMPANION, MINUTES, "  - `minutes`: optional\n    integer, default `0`.")


def test_wrapped_argument_items_are_read_across_their_lines(
    reference_repo: Path, run_cli: Callable[..., Result]
) -> None:
    _wrap_arguments(reference_repo)
    _assert_true_companion(reference_repo, run_cli)


def test_a_wrapped_argument_the_code_contradicts_is_reported_without_a_fix(
    reference_repo: Path, run_cli: Callable[..., Result]
) -> None:
    _wrap_arguments(reference_repo)
    _edit(reference_repo, TOOL, 'self.args.get("seconds", 0)', 'self.args.get("seconds", 5)')
    _edit(
        reference_repo,
        TOOL,
        'int(self.args.get("minutes", 0))',
        'float(self.args.get("minutes", 1))',
    )
    before = _companion(reference_repo)
    assert _check(reference_repo, run_cli) == (
        "tools/wait.py.dox.md:25:1: DOX111 argument `seconds` has `5` in the code "
        "(read at tools/wait.py:31)\n"
        "tools/wait.py.dox.md:27:1: DOX111 argument `minutes` has `1` in the code "
        "(read at tools/wait.py:31)\n"
        "tools/wait.py.dox.md:27:1: DOX111 argument `minutes` is documented with type "
        "integer but the code reads it as number (read at tools/wait.py:31)\n"
        "Found 3 findings.\n"
    )
    _check(reference_repo, run_cli, "--fix", "--unsafe-fixes")
    assert _companion(reference_repo) == before


def test_a_true_wrapped_argument_is_kept_as_written_when_its_block_is_fixed(
    reference_repo: Path, run_cli: Callable[..., Result], tmp_path_factory: pytest.TempPathFactory
) -> None:
    _wrap_arguments(reference_repo)
    _edit(
        reference_repo,
        TOOL,
        'until = str(self.args.get("until", "")).strip()',
        'until = str(self.args.get("until", "x")).strip()',
    )
    assert 'DOX111 argument `until` has `"x"` in the code' in _check(reference_repo, run_cli)
    fixed = _fix_as_diffed(reference_repo, run_cli, tmp_path_factory.mktemp("diff"))
    assert '  - `until`: optional string, default `"x"`. ISO 8601' in fixed
    assert "  - `seconds`: optional number,\n    default `0`. Converted" in fixed
    assert "  - `minutes`: optional\n    integer, default `0`. Converted" in fixed
    assert _check(reference_repo, run_cli) == "All checks passed.\n"


def test_a_method_added_under_a_wrapped_class_goes_after_the_class_lines(
    reference_repo: Path, run_cli: Callable[..., Result], tmp_path_factory: pytest.TempPathFactory
) -> None:
    _edit(reference_repo, COMPANION, "- `WaitTool` (`Tool`)\n", "- `WaitTool` (\n  `Tool`)\n")
    _edit(
        reference_repo,
        TOOL,
        "    async def execute(self, **kwargs) -> Response:",
        "    def begin(self) -> None:\n        pass\n\n"
        "    async def execute(self, **kwargs) -> Response:",
    )
    fixed = _fix_as_diffed(reference_repo, run_cli, tmp_path_factory.mktemp("diff"))
    assert (
        "- `WaitTool` (\n  `Tool`)\n  - `begin(self) -> None`\n"
        "  - `async execute(self, **kwargs) -> Response`\n"
    ) in fixed
    assert _check(reference_repo, run_cli) == "All checks passed.\n"


@pytest.mark.parametrize("mark", ["**", "__", "*", "_"])
def test_an_argument_named_in_emphasis_is_read_and_compared(
    reference_repo: Path, run_cli: Callable[..., Result], mark: str
) -> None:
    _edit(
        reference_repo, COMPANION, "  - `seconds`: optional", f"  - {mark}`seconds`{mark}: optional"
    )
    _assert_true_companion(reference_repo, run_cli)
    _edit(reference_repo, TOOL, 'self.args.get("seconds", 0)', 'self.args.get("seconds", 5)')
    before = _companion(reference_repo)
    assert _check(reference_repo, run_cli) == (
        "tools/wait.py.dox.md:25:1: DOX111 argument `seconds` has `5` in the code "
        "(read at tools/wait.py:31)\n"
        "Found 1 finding.\n"
    )
    _check(reference_repo, run_cli, "--fix")
    assert _companion(reference_repo) == before


@pytest.mark.parametrize(
    "item",
    [
        # an attribute the module sets, with a person's note or alone
        "  - `set_progress`: reports the time left.\n",
        "  - `set_progress`\n",
        # a method of another object the class calls, with a note
        "  - `handle_intervention()`: honours a pause first.\n",
    ],
)
def test_a_name_the_module_uses_as_an_attribute_is_a_note(
    reference_repo: Path, run_cli: Callable[..., Result], item: str
) -> None:
    """``self.set_progress(...)`` and ``self.agent.handle_intervention()``
    use the names: an item naming one under the class is a person's note,
    never a stale method to remove."""
    _edit(
        reference_repo,
        COMPANION,
        "  - `async execute(self, **kwargs) -> Response`\n",
        "  - `async execute(self, **kwargs) -> Response`\n" + item,
    )
    _assert_true_companion(reference_repo, run_cli)


def test_a_link_in_emphasis_is_read_as_the_item(
    reference_repo: Path, run_cli: Callable[..., Result]
) -> None:
    """``**[`WaitTool`](#waittool)**``: the link's text is the class, as the
    link alone and the emphasis alone are read."""
    _edit(
        reference_repo,
        COMPANION,
        "- `WaitTool` (`Tool`)\n",
        "- **[`WaitTool`](#waittool)** (`Tool`)\n",
    )
    _assert_true_companion(reference_repo, run_cli)
