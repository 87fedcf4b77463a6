"""A list a person leads with an item of their own words rather than a
heading (``- Argumente von `WaitTool`:``, ``- Klassen:``), its items nested
under it: it is the list a heading in other words would lead, so no fix
writes a second one beside it, and no empty section heading is written
beside the person's in other words."""

from __future__ import annotations

import pytest

from doxtool.rules.examples import WAIT_DOX, with_files

DOX = "tools/wait.py.dox.md"
TWO_PY = """\
from helpers.tool import Response, Tool


class WaitTool(Tool):
    async def execute(self, **kwargs) -> Response:
        seconds = int(self.args.get("seconds", 0))
        minutes = int(self.args.get("minutes", 0))
        return Response(message=str(seconds + minutes), break_loop=False)
"""
ITEMS = "- Arguments of `WaitTool`:\n  - `seconds`: optional integer, default `0`.\n"


def _fixed(run_cli, root) -> str:
    """The companion after a fix; a second changes nothing."""
    run_cli(root, "check", "--no-cache", "--fix")
    fixed = (root / DOX).read_text(encoding="utf-8")
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == fixed
    return fixed


def _dox111(run_cli, root) -> list[str]:
    result = run_cli(root, "check", "--no-cache", "--select", "DOX111")
    return [line for line in result.output.splitlines() if ": DOX" in line]


@pytest.mark.parametrize(
    "lead",
    ["- Argumente von `WaitTool`:", "- Parámetros:", "* **Argumente**:", "- 参数："],
)
def test_arguments_nested_under_an_item_in_other_words_get_no_second_list(
    make_repo, run_cli, lead: str
) -> None:
    nested = f"{lead}\n  - `seconds`: Sekunden, Standard `0`.\n  - `minutes`: Minuten.\n"
    text = WAIT_DOX.replace(ITEMS, nested)
    root = make_repo(with_files({"tools/wait.py": TWO_PY, DOX: text}))
    line = text.splitlines().index(lead) + 1
    assert _dox111(run_cli, root) == [
        f"{DOX}:11:1: DOX111 arguments of `WaitTool` are not documented in a form doxtool "
        f"reads (it cannot read line {line} as an `Arguments of `WaitTool`:` line with the "
        "arguments under it)"
    ]
    assert _fixed(run_cli, root) == text


def test_an_item_over_other_names_is_no_lead(make_repo, run_cli) -> None:
    """An item ending in a colon over a list of other things (``- Limits:``
    then `` - `hours`: ...``) leads no arguments: the block is written."""
    nested = "- Limits:\n  - `hours`: never more than 2.\n  - `days`: none.\n"
    text = WAIT_DOX.replace(ITEMS, nested)
    root = make_repo(with_files({"tools/wait.py": TWO_PY, DOX: text}))
    fixed = _fixed(run_cli, root)
    assert "- Arguments of `WaitTool`:\n  - `seconds`" in fixed
    assert nested in fixed


NOTES_PY = TWO_PY.replace("WaitTool", "Notes")


def test_a_class_named_like_a_note_does_not_make_its_label_a_note(make_repo, run_cli) -> None:
    """``**Argumente von `Notes`:**`` names the class `Notes`: the word in
    the code span is a name, not a label of notes (``**Notes:**``), so the
    list under it is the arguments' and no second list is written."""
    label = "**Argumente von `Notes`:**"
    text = WAIT_DOX.replace("WaitTool", "Notes").replace(ITEMS.replace("WaitTool", "Notes"), "")
    text = text.replace(
        "## Work Guidance",
        f"{label}\n\n- `seconds`: Sekunden.\n- `minutes`: Minuten.\n\n## Work Guidance",
    )
    root = make_repo(with_files({"tools/wait.py": NOTES_PY, DOX: text}))
    assert _fixed(run_cli, root) == text


def test_classes_under_an_item_in_other_words_get_no_block_nor_empty_heading(
    make_repo, run_cli
) -> None:
    """``## Zuständigkeit`` stands where ``## Ownership`` goes, and its
    ``- Klassen:`` lists the classes: no Classes block is written, and no
    empty ``## Ownership`` heading beside the person's."""
    owned = (
        "## Zuständigkeit\n- Klassen:\n  - `WaitTool` (`Tool`) mit "
        "`async execute(self, **kwargs) -> Response`\n"
    )
    text = WAIT_DOX.replace(
        "## Ownership\n- Classes:\n- `WaitTool` (`Tool`)\n"
        "  - `async execute(self, **kwargs) -> Response`\n",
        owned,
    )
    assert owned in text
    root = make_repo(with_files({"tools/wait.py": TWO_PY.replace("minutes", "seconds"), DOX: text}))
    result = run_cli(root, "check", "--no-cache", "--select", "DOX102,DOX105")
    assert "DOX102" not in result.output
    assert "(it cannot read line 7 as its lead)" in result.output
    fixed = _fixed(run_cli, root)
    assert "## Ownership" not in fixed
    assert "Classes:" not in fixed
    assert owned in fixed


@pytest.mark.parametrize("lead", ["- Validation:", "- Changed in v2:"])
def test_an_item_of_another_known_section_is_no_lead(make_repo, run_cli, lead: str) -> None:
    """Under ``## Work Guidance`` an item ending in a colon over the
    arguments (``- Validation:`` then `` - `seconds`: must be ...``) is a
    note on them, not their list: the arguments block is still written."""
    nested = f"{lead}\n  - `seconds`: must not be negative.\n  - `minutes`: the same.\n"
    text = WAIT_DOX.replace(ITEMS, "").replace(
        "## Work Guidance\n- Keep waits short.\n",
        f"## Work Guidance\n- Keep waits short.\n{nested}",
    )
    root = make_repo(with_files({"tools/wait.py": TWO_PY, DOX: text}))
    assert "cannot read line" not in "\n".join(_dox111(run_cli, root))
    fixed = _fixed(run_cli, root)
    assert "- Arguments of `WaitTool`:\n  - `seconds`" in fixed
    assert nested in fixed


def test_a_guidance_item_over_the_class_writes_its_section(make_repo, run_cli) -> None:
    """``- When extending:`` under ``## Work Guidance`` over `` - `WaitTool`:
    keep it stateless.`` is no Classes lead: where ``## Ownership`` is
    missing, it is written with the Classes block, whatever heading in
    other words stands in its place."""
    text = WAIT_DOX.replace(
        "## Ownership\n- Classes:\n- `WaitTool` (`Tool`)\n"
        "  - `async execute(self, **kwargs) -> Response`\n",
        "## Zuständigkeit\n- Owned by the scheduling team.\n",
    ).replace(
        "## Work Guidance\n- Keep waits short.\n",
        "## Work Guidance\n- Keep waits short.\n- When extending:\n  - `WaitTool`: keep it stateless.\n",
    )
    root = make_repo(with_files({"tools/wait.py": TWO_PY.replace("minutes", "seconds"), DOX: text}))
    result = run_cli(root, "check", "--no-cache", "--select", "DOX102,DOX105")
    assert "DOX102 section `## Ownership` is missing" in result.output
    assert "cannot read line" not in result.output
    fixed = _fixed(run_cli, root)
    assert "## Ownership\n- Classes:\n- `WaitTool` (`Tool`)" in fixed
