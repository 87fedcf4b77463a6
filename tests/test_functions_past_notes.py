"""A Functions block whose list a person opens with a note of their own
(``- Top-level functions:`` then ``- Helpers below are private.`` then the
functions): the functions past the note are listed, so no fix writes a
second copy of one above the note."""

from __future__ import annotations

from doxtool.rules.examples import WAIT_DOX, with_files

DOX = "tools/wait.py.dox.md"
WAIT_PY = """\
from helpers.tool import Response, Tool


def _clean(text, limit=200):
    return str(text)[:limit]


class WaitTool(Tool):
    async def execute(self, **kwargs) -> Response:
        seconds = int(self.args.get("seconds", 0))
        return Response(message=_clean(seconds), break_loop=False)
"""
LISTED = "- Top-level functions:\n- Helpers below are private.\n- `_clean(text, limit=...)`\n"


def _text(functions: str) -> str:
    text = WAIT_DOX.replace("\n## Runtime Contracts", f"{functions}\n## Runtime Contracts")
    return text.replace("`Response`.", "`Response`, `_clean`, `str`.")


def test_a_function_past_a_note_in_its_list_is_listed(make_repo, run_cli) -> None:
    text = _text(LISTED)
    root = make_repo(with_files({"tools/wait.py": WAIT_PY, DOX: text}))
    result = run_cli(root, "check", "--no-cache", "--select", "DOX105")
    assert "DOX105" not in result.output
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == text


def test_a_function_nowhere_in_the_list_is_still_written(make_repo, run_cli) -> None:
    """Only the list the lead heads counts: a function named in another
    section's items (``- `_clean(text)` trims.`` under Key Concepts) is
    not listed, and the fix writes it under the lead."""
    text = _text("- Top-level functions:\n- Helpers below are private.\n")
    text = text.replace("## Work Guidance\n", "## Work Guidance\n- `_clean(text)` trims.\n")
    root = make_repo(with_files({"tools/wait.py": WAIT_PY, DOX: text}))
    result = run_cli(root, "check", "--no-cache", "--select", "DOX105")
    assert "function `_clean` (tools/wait.py:4) is not listed" in result.output
    run_cli(root, "check", "--no-cache", "--fix")
    fixed = (root / DOX).read_text(encoding="utf-8")
    assert "- Top-level functions:\n- `_clean(text, limit=...)`\n- Helpers" in fixed


def test_a_class_past_a_note_in_its_list_is_listed(make_repo, run_cli) -> None:
    """The same for the Classes block: ``- Classes:`` then a note, then the
    class and its methods: the class is listed, not called missing."""
    text = WAIT_DOX.replace("- Classes:\n", "- Classes:\n- The tool class is the only one.\n")
    root = make_repo(
        with_files(
            {
                "tools/wait.py": WAIT_PY.replace("_clean(seconds)", "str(seconds)").replace(
                    "def _clean(text, limit=200):\n    return str(text)[:limit]\n\n\n", ""
                ),
                DOX: text,
            }
        )
    )
    result = run_cli(root, "check", "--no-cache", "--select", "DOX105")
    assert "DOX105" not in result.output
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == text


def test_a_function_past_a_note_written_with_def_is_listed(make_repo, run_cli) -> None:
    """`` - `def _clean(text, limit=200)` `` past the note names `_clean` as
    the block's own items do: no second copy is written above the note."""
    text = _text(
        "- Top-level functions:\n- Helpers below are private.\n- `def _clean(text, limit=200)`\n"
    )
    root = make_repo(with_files({"tools/wait.py": WAIT_PY, DOX: text}))
    result = run_cli(root, "check", "--no-cache", "--select", "DOX105")
    assert "DOX105" not in result.output
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == text
