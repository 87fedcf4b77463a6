"""Argument items of a companion in a person's spelling: an item whose facts
doxtool cannot read exactly is known by its name only (no fact of it is
compared, and a fix never rewrites it nor writes the argument again); prose
is never read as an argument."""

from __future__ import annotations

from pathlib import Path

import pytest

from doxtool.companions.agreement import type_key
from doxtool.companions.parsing import parse_companion
from doxtool.rules.examples import WAIT_DOX, with_files

DOX = "tools/wait.py.dox.md"

WAIT_PY = """\
from helpers.tool import Response, Tool


class WaitTool(Tool):
    async def execute(self, **kwargs) -> Response:
        seconds = int(self.args.get("seconds", 0))
        minutes = int(self.args.get("minutes", 0))
        hours = int(self.args.get("hours", 0))
        days = int(self.args.get("days", 0))
        until = self.args.get("until")
        return Response(message=f"{seconds} {minutes} {hours} {days} {until}", break_loop=False)
"""

ITEMS = {
    "seconds": "  - `seconds`: optional integer, default `0`.\n",
    "minutes": "  - `minutes`: optional integer, default `0`.\n",
    "hours": "  - `hours`: optional integer, default `0`.\n",
    "days": "  - `days`: optional integer, default `0`.\n",
    "until": "  - `until`: optional.\n",
}


def _dox(items: str) -> str:
    return WAIT_DOX.replace("  - `seconds`: optional integer, default `0`.\n", items)


def _items(**written: str | None) -> str:
    """The canonical items, with those named in ``written`` written as given
    (None: left out)."""
    lines = {**ITEMS, **written}
    return "".join(line for line in lines.values() if line is not None)


def _repo(make_repo, dox: str) -> Path:
    return make_repo(with_files({"tools/wait.py": WAIT_PY, DOX: dox}))


def _text(root: Path) -> str:
    return (root / DOX).read_text(encoding="utf-8")


def _findings(run_cli, root: Path) -> list[str]:
    result = run_cli(root, "check", "--no-cache", "--select", "DOX111")
    return [line for line in result.output.splitlines() if "DOX111" in line]


def _fix_twice(run_cli, root: Path) -> None:
    """Apply every fix, then check that a second fix has nothing left to do."""
    run_cli(root, "check", "--no-cache", "--fix", "--unsafe-fixes")
    fixed = _text(root)
    run_cli(root, "check", "--no-cache", "--fix", "--unsafe-fixes")
    assert _text(root) == fixed, "a second fix changes nothing"


def test_the_canonical_companion_is_true(make_repo, run_cli) -> None:
    root = _repo(make_repo, _dox(_items()))
    assert _findings(run_cli, root) == []


UNREAD_DAYS = [
    "  - `days`: optional integer (default `0`), rarely useful.\n",
    "  - `days`: optional integer, default 0.\n",
    "  - `days`: optional integer; default `0`.\n",
    "  - `days`: optional integer, default `0` (note).\n",
    "  - `days`: how many days to wait\n",
]


@pytest.mark.parametrize("days", UNREAD_DAYS)
def test_an_item_whose_facts_are_not_read_exactly_is_known_by_name(
    make_repo, run_cli, days: str
) -> None:
    dox = _dox(_items(days=days, until="  - `until`: An ISO timestamp; optional.\n"))
    root = _repo(make_repo, dox)
    assert _findings(run_cli, root) == []
    _fix_twice(run_cli, root)
    assert _text(root) == dox


@pytest.mark.parametrize("days", UNREAD_DAYS)
def test_a_fix_keeps_an_item_it_could_not_read_as_written(make_repo, run_cli, days: str) -> None:
    root = _repo(make_repo, _dox(_items(days=days, until=None)))
    assert _findings(run_cli, root) == [
        f"{DOX}:14:1: DOX111 argument `until` is read at tools/wait.py:10 but not documented [*]"
    ]
    _fix_twice(run_cli, root)
    assert _text(root) == _dox(_items(days=days))


@pytest.mark.parametrize("spelling", ["int", "Integer", "INT"])
def test_a_python_type_name_is_the_same_type(make_repo, run_cli, spelling: str) -> None:
    days = f"  - `days`: optional {spelling}, default `0`.\n"
    dox = _dox(_items(days=days))
    root = _repo(make_repo, dox)
    assert _findings(run_cli, root) == []
    _fix_twice(run_cli, root)
    assert _text(root) == dox
    # a fix of another item keeps the type as the person spelled it
    root = _repo(make_repo, _dox(_items(days=days, until=None)))
    _fix_twice(run_cli, root)
    assert _text(root) == dox


def test_type_synonyms() -> None:
    pairs = [
        ("int", "integer"),
        ("str", "string"),
        ("bool", "boolean"),
        ("float", "number"),
        ("list", "array"),
        ("dict", "object"),
    ]
    for python, json in pairs:
        assert type_key(python) == type_key(json.upper()) == json
    assert type_key("integer") != type_key("string")
    assert type_key(None) is None


@pytest.mark.parametrize(
    "grouped",
    [
        "  - `seconds`, `minutes`, `hours`, `days`: optional integers, default `0`; they add up.\n",
        "  - `seconds`, `minutes`, `hours` and `days` \u2014 optional integers that add up.\n",
        "  - `seconds`, `minutes`, `hours`, or `days` (integers)\n",
    ],
)
def test_an_item_naming_several_arguments_documents_each(make_repo, run_cli, grouped: str) -> None:
    dox = _dox(grouped + ITEMS["until"])
    root = _repo(make_repo, dox)
    assert _findings(run_cli, root) == []
    _fix_twice(run_cli, root)
    assert _text(root) == dox
    block = parse_companion(dox).block("arguments:WaitTool")
    assert block is not None
    assert [(v["name"], v.get("fields_unknown")) for v in block.values] == [
        ("seconds", True),
        ("minutes", True),
        ("hours", True),
        ("days", True),
        ("until", None),
    ]


@pytest.mark.parametrize(
    "until", ["  - `until`\n", "  - **`until`**: optional.\n", "  - (`until`) optional.\n"]
)
def test_an_item_naming_the_argument_alone_documents_it(make_repo, run_cli, until: str) -> None:
    dox = _dox(_items(until=until))
    root = _repo(make_repo, dox)
    assert _findings(run_cli, root) == []
    _fix_twice(run_cli, root)
    assert _text(root) == dox


@pytest.mark.parametrize(
    "remark",
    [
        "  - **Note**: the four durations add up.\n",
        '  - **Example** \u2014 `{"minutes": 5}` waits five minutes.\n',
        "  - **Important**\n",
    ],
)
def test_a_capitalised_word_in_bold_is_a_remark(make_repo, run_cli, remark: str) -> None:
    dox = _dox(_items() + remark)
    root = _repo(make_repo, dox)
    assert _findings(run_cli, root) == []
    _fix_twice(run_cli, root)
    assert _text(root) == dox


def test_a_name_in_backticks_is_always_an_argument(make_repo, run_cli) -> None:
    root = _repo(make_repo, _dox(_items() + "  - `Note`: optional.\n"))
    assert _findings(run_cli, root) == [
        f"{DOX}:20:1: DOX111 argument `Note` is documented but `WaitTool` never reads it [*]"
    ]


def test_a_bold_word_the_tool_reads_is_an_argument(make_repo, run_cli) -> None:
    module = WAIT_PY.replace(
        '        until = self.args.get("until")\n',
        '        until = self.args.get("until")\n        note = self.args.get("Note")\n',
    )
    dox = _dox(_items() + "  - **Note**: optional.\n")
    root = make_repo(with_files({"tools/wait.py": module, DOX: dox}))
    assert _findings(run_cli, root) == []
    root = make_repo(with_files({"tools/wait.py": module, DOX: _dox(_items())}))
    assert _findings(run_cli, root) == [
        f"{DOX}:14:1: DOX111 argument `Note` is read at tools/wait.py:11 but not documented [*]"
    ]


@pytest.mark.parametrize("blank", ["  - `` ``: optional.\n", "  - ` `: optional.\n"])
def test_a_blank_name_is_no_argument(make_repo, run_cli, blank: str) -> None:
    dox = _dox(_items() + blank)
    root = _repo(make_repo, dox)
    assert _findings(run_cli, root) == []
    _fix_twice(run_cli, root)
    assert _text(root) == dox, "the line is never deleted"


# a person's note between the items that leads a list of its own: the things
# listed under it are the note's (errors, examples), not arguments
NOTE_LISTS = [
    "  - **Errors:** raised when a duration is negative.\n  - `ValueError`\n",
    "  - **Errors**: raised when:\n  - `ValueError`: a duration is negative.\n",
    "\n  **Errors:** raised when a duration is negative:\n\n"
    "  - `ValueError`\n  - `TypeError`: a duration is not a number.\n",
    "\n  Raises:\n  - `ValueError`\n",
    # a bullet of the note's list that is no item keeps the list going
    "  - **Errors:** raised when:\n  - `seconds` is negative;\n  - `ValueError`\n",
]


@pytest.mark.parametrize("note", NOTE_LISTS)
def test_the_list_a_note_leads_is_not_read_as_arguments(make_repo, run_cli, note: str) -> None:
    dox = _dox(_items() + note)
    root = _repo(make_repo, dox)
    assert _findings(run_cli, root) == []
    _fix_twice(run_cli, root)
    assert _text(root) == dox


@pytest.mark.parametrize("note", NOTE_LISTS)
def test_no_fix_drops_the_list_a_note_leads(make_repo, run_cli, note: str) -> None:
    dox = _dox(_items(days=None) + note)
    root = _repo(make_repo, dox)
    assert _findings(run_cli, root) == [
        f"{DOX}:14:1: DOX111 argument `days` is read at tools/wait.py:9 but not documented"
    ]
    _fix_twice(run_cli, root)
    assert _text(root) == dox, "the note's list stays, and no argument is written into it"


def test_an_item_stating_facts_after_a_note_is_an_argument(make_repo, run_cli) -> None:
    note = "  - **Note:** the durations add up.\n  - `old`: optional string.\n"
    root = _repo(make_repo, _dox(_items() + note))
    assert _findings(run_cli, root) == [
        f"{DOX}:21:1: DOX111 argument `old` is documented but `WaitTool` never reads it [*]"
    ]
    _fix_twice(run_cli, root)
    assert "`old`" not in _text(root)
    assert "**Note:** the durations add up." in _text(root)


def test_a_bullet_out_of_a_notes_nested_list_ends_it(make_repo, run_cli) -> None:
    """Back at the arguments' margin, a bullet that is no item is out of the
    list the note nests: the items after it are the block's again."""
    note = (
        "  - **Errors:** raised when:\n    - `ValueError`: a duration is negative.\n\n"
        "  - All durations add up.\n  - `old`: the wait in weeks.\n"
    )
    root = _repo(make_repo, _dox(_items() + note))
    assert _findings(run_cli, root) == [
        f"{DOX}:24:1: DOX111 argument `old` is documented but `WaitTool` never reads it [!]"
    ]


def test_a_note_before_the_first_item_leads_no_list_of_its_own(make_repo, run_cli) -> None:
    dox = _dox("  All of them add up:\n" + _items() + "  - `old`: a count.\n")
    root = _repo(make_repo, dox)
    assert _findings(run_cli, root) == [
        f"{DOX}:21:1: DOX111 argument `old` is documented but `WaitTool` never reads it [!]"
    ]


def test_an_argument_named_in_the_list_a_note_leads_is_not_listed_again(make_repo, run_cli) -> None:
    note = "  - **Errors:** the tool answers with an error when:\n  - `days`: is negative.\n"
    dox = _dox(_items() + note)
    root = _repo(make_repo, dox)
    result = run_cli(root, "check", "--no-cache", "--select", "DOX111,DOX141")
    assert "DOX1" not in result.output, result.output
    _fix_twice(run_cli, root)
    assert _text(root) == dox


def test_a_note_over_arguments_the_code_reads_leads_a_list_of_arguments(make_repo, run_cli) -> None:
    """``**Optional:**`` over items naming arguments read first there: the
    list is of arguments, and one the code does not read is reported."""
    items = _items(minutes=None, hours=None, days=None, until=None)
    rest = "  - `minutes`: a count.\n  - `hours`: a count.\n  - `days`: a count.\n"
    note = "\n  **Optional:**\n\n" + rest + "  - `until`: a moment.\n  - `legacy`: gone.\n"
    root = _repo(make_repo, _dox(items + note))
    assert _findings(run_cli, root) == [
        f"{DOX}:23:1: DOX111 argument `legacy` is documented but `WaitTool` never reads it"
    ]


# a label saying only what kind of arguments follow leads a list of them
ARGUMENT_LABELS = [
    "  - **Optional:**\n  - `legacy`\n",
    "  - **Advanced options** (for experts):\n  - `legacy`: rarely needed.\n",
    "\n  **Deprecated arguments:**\n\n  - `legacy`: used to be the unit.\n",
    "  - Also accepted:\n  - `legacy`\n",
]


@pytest.mark.parametrize("note", ARGUMENT_LABELS)
def test_a_label_naming_a_kind_of_arguments_leads_a_list_of_them(
    make_repo, run_cli, note: str
) -> None:
    """``**Optional:**`` over an argument the code no longer reads: it is
    stale, and no fix deletes the person's line or writes into their list."""
    dox = _dox(_items() + note)
    root = _repo(make_repo, dox)
    found = _findings(run_cli, root)
    assert len(found) == 1 and "argument `legacy` is documented but `WaitTool` never" in found[0]
    _fix_twice(run_cli, root)
    assert _text(root) == dox


def test_an_argument_listed_again_under_a_kind_label_is_listed_twice(make_repo, run_cli) -> None:
    root = _repo(make_repo, _dox(_items() + "  - **Optional:**\n  - `days`\n"))
    result = run_cli(root, "check", "--no-cache", "--select", "DOX141")
    assert "DOX141 argument `days` of `WaitTool` is listed again (first at line 18)" in (
        result.output
    )


def test_a_kind_label_with_words_of_a_persons_leads_a_list_of_its_own(make_repo, run_cli) -> None:
    """``**Required:** raised when one is missing:`` is a note on errors."""
    dox = _dox(_items() + "  - **Required:** raised when one is missing:\n  - `KeyError`\n")
    root = _repo(make_repo, dox)
    assert _findings(run_cli, root) == []
    _fix_twice(run_cli, root)
    assert _text(root) == dox
