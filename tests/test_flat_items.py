"""Items a person writes flat under their lead (at its level, as the
`Classes:` lists write their classes): an arguments block's items and a
class's methods are read as the block's, compared and fixed in place; a
fix never writes a second copy beside items it does not read (flat after
nested ones, a definition list under the lead)."""

from __future__ import annotations

from pathlib import Path

import pytest

from doxtool.rules.examples import WAIT_DOX, with_files

DOX = "tools/wait.py.dox.md"

WAIT_PY = """\
from helpers.tool import Response, Tool


class WaitTool(Tool):
    async def execute(self, **kwargs) -> Response:
        seconds = int(self.args.get("seconds", 0))
        minutes = int(self.args.get("minutes", 0))
        return Response(message=f"{seconds} {minutes}", break_loop=False)

    def later(self, x):
        return x
"""

NESTED_ARGUMENTS = "- Arguments of `WaitTool`:\n  - `seconds`: optional integer, default `0`.\n"
NESTED_CLASS = "- `WaitTool` (`Tool`)\n  - `async execute(self, **kwargs) -> Response`\n"


def _dox(arguments: str, cls: str = NESTED_CLASS + "  - `later(self, x)`\n") -> str:
    return WAIT_DOX.replace(NESTED_ARGUMENTS, arguments).replace(NESTED_CLASS, cls)


def _repo(make_repo, dox: str) -> Path:
    return make_repo(with_files({"tools/wait.py": WAIT_PY, DOX: dox}))


def _text(root: Path) -> str:
    return (root / DOX).read_text(encoding="utf-8")


def _findings(run_cli, root: Path) -> list[str]:
    result = run_cli(root, "check", "--no-cache", "--select", "DOX1")
    return [line for line in result.output.splitlines() if line.startswith(DOX)]


def _fix_twice(run_cli, root: Path) -> None:
    run_cli(root, "check", "--no-cache", "--fix")
    fixed = _text(root)
    run_cli(root, "check", "--no-cache", "--fix")
    assert _text(root) == fixed, "a second fix changes nothing"


FLAT_ARGUMENTS = (
    "- Arguments of `WaitTool`:\n"
    "- `seconds`: optional integer, default `0`.\n"
    "- `minutes`: optional integer, default `0`.\n"
)


def test_arguments_written_flat_under_the_lead_are_read(make_repo, run_cli) -> None:
    dox = _dox(FLAT_ARGUMENTS)
    root = _repo(make_repo, dox)
    assert _findings(run_cli, root) == []
    _fix_twice(run_cli, root)
    assert _text(root) == dox


@pytest.mark.parametrize(
    "note", ["- **Achtung:** in Sekunden.\n", "- *Nota*: in secondi.\n", "- **注意：** 以秒计。\n"]
)
def test_a_labelled_note_between_flat_items_keeps_the_block(make_repo, run_cli, note) -> None:
    """``- **Achtung:** ...`` at the lead's level between two flat items is a
    person's note in the block: the item after it is read, and a missing
    one is written after it, never a second ``minutes``."""
    seconds = "- `seconds`: optional integer, default `0`.\n"
    dox = _dox(FLAT_ARGUMENTS.replace(seconds, seconds + note))
    root = _repo(make_repo, dox)
    assert _findings(run_cli, root) == []
    _fix_twice(run_cli, root)
    assert _text(root) == dox


def test_a_labelled_note_after_the_last_flat_item_ends_the_block(make_repo, run_cli) -> None:
    """Near miss: with no item after it, the note stays after the block and
    the missing item goes before it."""
    written = "- Arguments of `WaitTool`:\n- `seconds`: optional integer, default `0`.\n"
    note = "- **Achtung:** in Sekunden.\n"
    root = _repo(make_repo, _dox(written + note))
    _fix_twice(run_cli, root)
    assert _text(root) == _dox(FLAT_ARGUMENTS + note)


@pytest.mark.parametrize("label", ["- **Returns:**\n", "- **Returns:** one line a field:\n"])
def test_a_label_alone_between_flat_items_leads_a_list_of_its_own(
    make_repo, run_cli, label: str
) -> None:
    """Near miss: ``- **Returns:**`` with nothing after the label (or words
    ending in a colon) opens a list of its own (the fields of the result):
    the items under it are not arguments, and none is called documented but
    never read."""
    written = FLAT_ARGUMENTS + label + "- `waited`: the seconds waited.\n"
    root = _repo(make_repo, _dox(written))
    assert _findings(run_cli, root) == []
    _fix_twice(run_cli, root)
    assert _text(root) == _dox(written)


def test_a_flat_arguments_block_is_fixed_in_place(make_repo, run_cli) -> None:
    written = (
        "- Arguments of `WaitTool`:\n"
        "- `seconds`: optional integer, default `1`.\n"
        "  - a note on it\n"
        "- `hours`: optional integer, default `0`.\n"
    )
    root = _repo(make_repo, _dox(written))
    assert _findings(run_cli, root) == [
        f"{DOX}:15:1: DOX111 argument `minutes` is read at tools/wait.py:7 but not documented [*]",
        f"{DOX}:16:1: DOX111 argument `seconds` has `0` in the code (read at tools/wait.py:6) [*]",
        f"{DOX}:18:1: DOX111 argument `hours` is documented but `WaitTool` never reads it [*]",
    ]
    _fix_twice(run_cli, root)
    # the items stay flat, the next lead still ends the block
    assert _text(root) == _dox(
        "- Arguments of `WaitTool`:\n"
        "- `seconds`: optional integer, default `0`.\n"
        "  - a note on it\n"
        "- `minutes`: optional integer, default `0`.\n"
    )


def test_methods_written_flat_under_their_class_are_read(make_repo, run_cli) -> None:
    flat = "- `WaitTool` (`Tool`)\n- `async execute(self, **kwargs) -> Response`\n"
    dox = _dox(FLAT_ARGUMENTS, flat + "- `later(self, x)`\n")
    root = _repo(make_repo, dox)
    assert _findings(run_cli, root) == []
    root = _repo(make_repo, _dox(FLAT_ARGUMENTS, flat))
    assert _findings(run_cli, root) == [
        f"{DOX}:8:1: DOX105 method `WaitTool.later` (tools/wait.py:10) "
        "is not listed under `WaitTool` [*]"
    ]
    _fix_twice(run_cli, root)
    assert _text(root) == dox


def test_no_second_item_beside_a_flat_one_after_nested_items(make_repo, run_cli) -> None:
    dox = _dox(
        "- Arguments of `WaitTool`:\n"
        "  - `seconds`: optional integer, default `0`.\n"
        "- `minutes`: optional integer, default `0`.\n"
    )
    root = _repo(make_repo, dox)
    assert _findings(run_cli, root) == [
        f"{DOX}:15:1: DOX111 argument `minutes` is read at tools/wait.py:7 but not documented"
        " in a form doxtool reads (line 17 names it)"
    ]
    _fix_twice(run_cli, root)
    assert _text(root) == dox


@pytest.mark.parametrize(
    "body",
    [
        # a definition list
        "`seconds`\n: optional integer, default `0`.\n\n"
        "`minutes`\n: optional integer, default `0`.\n\n",
        # an example object in a code block
        '```json\n{"seconds": 5, "minutes": 1}\n```\n\n',
        "```yaml\nseconds: 5\nminutes: 1\n```\n\n",
        '```json\n{"tool_name": "wait", "tool_args": {"seconds": 5, "minutes": 1}}\n```\n\n',
        # a heading for each argument
        "#### `seconds`\n\nHow long to wait.\n\n#### `minutes`\n\nMinutes too.\n\n",
    ],
)
def test_arguments_under_the_lead_in_a_form_not_read_are_reported_without_a_fix(
    make_repo, run_cli, body: str
) -> None:
    """The arguments written under the lead in a form doxtool does not read
    are documented there: no finding says they are not, and no second list
    is written beside the person's."""
    dox = _dox("- Arguments of `WaitTool`:\n\n" + body)
    root = _repo(make_repo, dox)
    assert _findings(run_cli, root) == [
        f"{DOX}:12:1: DOX111 arguments of `WaitTool` are not documented in a form doxtool reads "
        "(it cannot read line 15 as an `Arguments of `WaitTool`:` line with the arguments under it)"
    ]
    _fix_twice(run_cli, root)
    assert _text(root) == dox


@pytest.mark.parametrize(
    "example",
    [
        "```bash\ncurl localhost\n```\n",
        '```json\n{"response": {"message": "waited"}}\n```\n',
        "```python\ntry:\n    await tool.execute(seconds=5)\nexcept ValueError:\n    pass\n```\n",
        '```bash\ncurl -X POST -H "Content-Type: json" localhost\n```\n',
        '```json\n{"seconds": 5, "message": "x", "response": "y", "ok": true}\n```\n',
    ],
)
def test_a_code_block_of_no_object_under_the_lead_leaves_the_arguments_missing(
    make_repo, run_cli, example: str
) -> None:
    """A code block whose keys are not mostly the tool's arguments (a
    response example, a script, a command) documents none: each missing
    argument is named, and the fix writes it under the lead."""
    dox = _dox("- Arguments of `WaitTool`:\n\n" + example + "\n")
    root = _repo(make_repo, dox)
    assert [f for f in _findings(run_cli, root) if "DOX111" in f] == [
        f"{DOX}:15:1: DOX111 argument `minutes` is read at tools/wait.py:7 but not documented [*]",
        f"{DOX}:15:1: DOX111 argument `seconds` is read at tools/wait.py:6 but not documented [*]",
    ]
    _fix_twice(run_cli, root)
    assert "`minutes`: optional integer, default `0`." in _text(root)
    assert example in _text(root)


def test_a_persons_line_after_a_class_is_no_flat_method(make_repo, run_cli) -> None:
    flat = (
        "- `WaitTool` (`Tool`)\n"
        "- `async execute(self, **kwargs) -> Response`: waits.\n"
        "- `later(self, x)`\n"
        "- `setup()` is called at startup.\n"
    )
    dox = _dox(FLAT_ARGUMENTS, flat)
    root = _repo(make_repo, dox)
    assert _findings(run_cli, root) == []
    _fix_twice(run_cli, root)
    assert _text(root) == dox


def test_an_item_added_past_a_paragraph_goes_before_a_line_added_there(make_repo, run_cli) -> None:
    """The last argument's paragraph goes on at the margin, and the
    ``break_loop`` line is missing: both fixes insert after the paragraph,
    the argument first, so that it is not written under the new line (where
    the next run would read it as no argument of the block)."""
    dox = _dox("- Arguments of `WaitTool`:\n  - `seconds`: how long,\nin seconds.\n").replace(
        "- `break_loop` of `WaitTool`: always `false`.\n", ""
    )
    root = _repo(make_repo, dox)
    _fix_twice(run_cli, root)
    assert (
        "  - `seconds`: how long,\nin seconds.\n"
        "  - `minutes`: optional integer, default `0`.\n"
        "- `break_loop` of `WaitTool`: always `false`.\n"
    ) in _text(root)
    assert _findings(run_cli, root) == []
