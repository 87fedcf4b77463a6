"""Argument items as people write them: a default in a bare code span, the
facts after an ``(optional)`` label, ``number`` of an integer, the keys of
a dict argument nested under it; and what a fix does to a block holding an
item listed twice or one a suppression covers (it adds the missing items
after the last one, and never removes or rewrites those)."""

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
        until = self.args.get("until")
        mode = self.args.get("mode", "read")
        method = self.args.get("method", "GET")
        if method not in ("GET", "HEAD"):
            return Response(message="bad method", break_loop=False)
        retries = int(self.args.get("retries", 3))
        tag = self.args.get("tag", "general")
        pages = int(self.args.get("pages", "2"))
        return Response(message=f"{seconds} {until} {mode} {retries} {tag} {pages}", break_loop=False)
"""

ITEMS = {
    "seconds": "  - `seconds`: optional integer, default `0`.\n",
    "until": "  - `until`: optional.\n",
    "mode": '  - `mode`: optional string, default `"read"`.\n',
    "method": '  - `method`: optional string, default `"GET"`, one of `GET`, `HEAD`.\n',
    "retries": "  - `retries`: optional integer, default `3`.\n",
    "tag": '  - `tag`: optional string, default `"general"`.\n',
    "pages": '  - `pages`: optional integer, default `"2"`.\n',
}


def _items(**written: str | None) -> str:
    lines = {**ITEMS, **written}
    return "".join(line for line in lines.values() if line is not None)


def _dox(items: str) -> str:
    return WAIT_DOX.replace("  - `seconds`: optional integer, default `0`.\n", items)


def _repo(make_repo, items: str) -> Path:
    return make_repo(with_files({"tools/wait.py": WAIT_PY, DOX: _dox(items)}))


def _text(root: Path) -> str:
    return (root / DOX).read_text(encoding="utf-8")


def _findings(run_cli, root: Path, codes: str = "DOX111") -> list[str]:
    result = run_cli(root, "check", "--no-cache", "--select", codes)
    return [line for line in result.output.splitlines() if ": DOX" in line]


def _fix(run_cli, root: Path, *options: str) -> str:
    """The companion after a fix; a second fix changes nothing."""
    run_cli(root, "check", "--no-cache", "--fix", *options)
    fixed = _text(root)
    run_cli(root, "check", "--no-cache", "--fix", *options)
    assert _text(root) == fixed, "a second fix changes nothing"
    return fixed


def test_the_generated_items_are_true(make_repo, run_cli) -> None:
    root = _repo(make_repo, _items())
    assert _findings(run_cli, root) == []


TRUE_WORDINGS = {
    # a default in a bare code span is the string it spells, as a value of `one of` is
    "mode": [
        "  - `mode`: optional string, default `read`.\n",
        "  - `mode`: optional string, default `'read'`.\n",
        "  - `mode` (optional): default `read`.\n",
    ],
    "method": [
        "  - `method`: optional string, one of `GET`, `HEAD`, default `GET`.\n",
        # the facts after an `(optional)` label, in the grammar's clauses
        "  - `method` (optional): one of `GET`, `HEAD`; default `GET`.\n",
        # or in words doxtool does not read: nothing of them is compared
        "  - `method` (optional): `GET` (default) or `HEAD`.\n",
    ],
    "retries": [
        "  - `retries` (optional): default `3`.\n",
        # `number` is true of an integer
        "  - `retries`: optional number, default `3`.\n",
    ],
    "tag": [
        '  - `tag` (optional): a label, defaults to "general".\n',
        '  - `tag` (optional) - a label, defaults to `"general"`.\n',
        '  - **tag** (optional): label, default "general"\n',
        "  - `tag`: optional string, default `general`. A label.\n",
    ],
    # int("2") is 2: the number is the default the code works with
    "pages": [
        "  - `pages`: optional integer, default `2`.\n",
        "  - `pages`: optional integer, default `2.0`.\n",
        "  - `pages` (optional integer): default `2`.\n",
    ],
}


@pytest.mark.parametrize(
    ("name", "line"), [(name, line) for name, lines in TRUE_WORDINGS.items() for line in lines]
)
def test_a_true_item_in_a_persons_wording_is_not_called_wrong(
    make_repo, run_cli, name: str, line: str
) -> None:
    root = _repo(make_repo, _items(**{name: line}))
    assert _findings(run_cli, root) == []
    assert _fix(run_cli, root) == _dox(_items(**{name: line}))


FALSE_WORDINGS = [
    ("mode", "  - `mode`: optional string, default `write`.\n", 'has `"read"`'),
    ("mode", "  - `mode` (optional): default `write`.\n", 'has `"read"`'),
    ("method", "  - `method` (optional): one of `GET`, `PUT`; default `GET`.\n", "accepts"),
    ("method", "  - `method`: optional string, one of `GET`, `HEAD`, default `HEAD`.\n", "has"),
    ("retries", "  - `retries` (optional): default `4`.\n", "has `3`"),
    ("retries", "  - `retries`: optional boolean, default `3`.\n", "type boolean"),
    ("pages", "  - `pages`: optional integer, default `3`.\n", 'has `"2"`'),
    ("pages", '  - `pages`: optional integer, default `"3"`.\n', 'has `"2"`'),
    ("seconds", "  - `seconds`: optional number, default `1`.\n", "has `0`"),
]


@pytest.mark.parametrize(("name", "line", "said"), FALSE_WORDINGS)
def test_a_false_item_in_those_wordings_is_still_called_wrong(
    make_repo, run_cli, name: str, line: str, said: str
) -> None:
    root = _repo(make_repo, _items(**{name: line}))
    found = _findings(run_cli, root)
    assert len(found) == 1 and f"argument `{name}`" in found[0] and said in found[0], found


def test_a_number_is_not_an_integer_of_a_float_argument(make_repo, run_cli) -> None:
    code = WAIT_PY.replace('int(self.args.get("retries", 3))', 'float(self.args.get("retries", 3))')
    items = _items(retries="  - `retries`: optional integer, default `3`.\n")
    root = make_repo(with_files({"tools/wait.py": code, DOX: _dox(items)}))
    found = _findings(run_cli, root)
    assert len(found) == 1 and "type integer but the code reads it as number" in found[0]


def test_the_keys_of_a_dict_argument_nested_under_it_are_the_persons(make_repo, run_cli) -> None:
    code = WAIT_PY.replace(
        '        tag = self.args.get("tag", "general")\n',
        '        tag = self.args.get("tag", "general")\n'
        '        schedule = self.args.get("schedule", {})\n',
    ).replace("{pages}", "{pages} {schedule}")
    schedule = (
        "  - `schedule`: optional object, default `{}`. Crontab fields:\n"
        "    - `minute`: default `*`.\n"
        "    - `hour`: optional string, default `*`.\n"
    )
    items = _items(pages=ITEMS["pages"] + schedule)
    root = make_repo(with_files({"tools/wait.py": code, DOX: _dox(items)}))
    assert _findings(run_cli, root) == []
    assert _fix(run_cli, root, "--unsafe-fixes") == _dox(items)


def test_an_item_listed_twice_is_the_persons_to_sort_out(make_repo, run_cli) -> None:
    twice = "  - `retries`: optional integer, default `3`. Also accepted twice.\n"
    items = _items() + twice
    root = _repo(make_repo, items)
    assert _findings(run_cli, root) == []
    found = _findings(run_cli, root, "DOX141")
    assert len(found) == 1 and "argument `retries` of `WaitTool` is listed again" in found[0]
    assert _fix(run_cli, root, "--unsafe-fixes") == _dox(items)


def test_a_missing_item_is_added_beside_an_item_listed_twice(make_repo, run_cli) -> None:
    twice = "  - `retries`: optional integer, default `3`. Also accepted twice.\n"
    root = _repo(make_repo, _items(until=None) + twice)
    found = _findings(run_cli, root)
    assert len(found) == 1 and "argument `until` is read" in found[0]
    assert _fix(run_cli, root) == _dox(_items(until=None) + twice + ITEMS["until"])


SUPPRESSED = "  <!-- doxtool: ignore[DOX111] -->\n  - `timeout`: optional integer.\n"


@pytest.mark.parametrize(
    "held",
    [
        SUPPRESSED,
        "  - `timeout`: optional integer. <!-- doxtool: ignore[DOX111] -->\n",
        "  <!-- doxtool: ignore[DOX1] -->\n  - `timeout`: optional integer. Reserved.\n",
    ],
)
def test_a_fix_keeps_an_item_a_suppression_covers(make_repo, run_cli, held: str) -> None:
    root = _repo(make_repo, _items(until=None) + held)
    found = _findings(run_cli, root)
    assert len(found) == 1 and "argument `until` is read" in found[0]
    assert _fix(run_cli, root) == _dox(_items(until=None) + held + ITEMS["until"])


def test_a_block_holding_a_suppressed_item_and_a_wrong_one_gets_no_fix(make_repo, run_cli) -> None:
    items = _items(until=None, retries="  - `retries`: optional integer, default `4`.\n")
    root = _repo(make_repo, items + SUPPRESSED)
    assert _fix(run_cli, root, "--unsafe-fixes") == _dox(items + SUPPRESSED)


def test_a_missing_item_goes_after_a_paragraph_going_on_from_the_last(make_repo, run_cli) -> None:
    paragraph = "  The waits add up; all are\ncoerced with `int()`.\n"
    root = _repo(make_repo, _items(until=None) + paragraph)
    assert _fix(run_cli, root) == _dox(_items(until=None) + paragraph + ITEMS["until"])


LEAD = "- Arguments of `WaitTool`:\n"


@pytest.mark.parametrize(
    "lead", ["- Arguments:\n", "- Tool arguments:\n", "- `tool_args`:\n", "### Arguments\n"]
)
def test_a_block_naming_no_class_gets_no_second_block(make_repo, run_cli, lead: str) -> None:
    """The items under a lead naming no class are documented in a form
    doxtool does not read: it says so, and writes no block beside them."""
    text = _dox(_items()).replace(LEAD, lead)
    root = make_repo(with_files({"tools/wait.py": WAIT_PY, DOX: text}))
    found = _findings(run_cli, root)
    assert len(found) == 1 and "not documented in a form doxtool reads" in found[0], found
    assert "(it cannot read line 14 as an `Arguments of `WaitTool`:` line" in found[0]
    assert _fix(run_cli, root) == text


@pytest.mark.parametrize(
    "line",
    ["- `break_loop`: always `false`.\n", "- `break_loop` of every `Response`: always `false`.\n"],
)
def test_a_break_loop_line_naming_no_class_gets_no_second_line(
    make_repo, run_cli, line: str
) -> None:
    """A line naming no class that agrees with the code is no finding; one
    that does not is reported; neither gets a second line beside it."""
    text = _dox(_items()).replace("- `break_loop` of `WaitTool`: always `false`.\n", line)
    root = make_repo(with_files({"tools/wait.py": WAIT_PY, DOX: text}))
    assert _findings(run_cli, root, "DOX120") == []
    assert _fix(run_cli, root) == text
    text = text.replace("always `false`", "always `true`")
    root = make_repo(with_files({"tools/wait.py": WAIT_PY, DOX: text}))
    found = _findings(run_cli, root, "DOX120")
    assert len(found) == 1 and "is documented wrongly (line" in found[0], found
    assert _fix(run_cli, root) == text


SUBJECTS = [
    "- Arguments of `WaitTool.execute`:\n",
    "- Arguments of `wait`:\n",
    "- Arguments of the `wait` tool:\n",
    "- Arguments (`tool_args`):\n",
    "- Arguments of `execute`:\n",
]


@pytest.mark.parametrize("lead", SUBJECTS)
def test_a_lead_naming_the_tool_another_way_is_the_tools(make_repo, run_cli, lead: str) -> None:
    text = _dox(_items()).replace(LEAD, lead)
    text = text.replace(
        "- `break_loop` of `WaitTool`: always `false`.",
        "- `break_loop` of `WaitTool.execute`: always `false`.",
    )
    root = make_repo(with_files({"tools/wait.py": WAIT_PY, DOX: text}))
    assert _findings(run_cli, root, "DOX111,DOX120") == []
    assert _fix(run_cli, root) == text


@pytest.mark.parametrize("lead", SUBJECTS)
def test_it_is_compared_as_the_tools_and_never_rewritten(make_repo, run_cli, lead: str) -> None:
    wrong = "  - `retries`: optional integer, default `4`.\n"
    text = _dox(_items(retries=wrong)).replace(LEAD, lead)
    root = make_repo(with_files({"tools/wait.py": WAIT_PY, DOX: text}))
    found = _findings(run_cli, root)
    assert len(found) == 1 and "argument `retries` has `3` in the code" in found[0], found
    assert not found[0].endswith("]"), "no fix is offered"
    assert _fix(run_cli, root, "--unsafe-fixes") == text


def test_a_lead_naming_a_function_of_the_module_is_not_called_gone(make_repo, run_cli) -> None:
    code = WAIT_PY + "\n\ndef helper(x):\n    return x\n"
    text = _dox(_items()).replace(LEAD, "- Arguments of `helper`:\n")
    root = make_repo(with_files({"tools/wait.py": code, DOX: text}))
    found = _findings(run_cli, root)
    assert not any("no longer has" in line for line in found), found
    fixed = _fix(run_cli, root, "--unsafe-fixes")
    assert "- Arguments of `helper`:\n" + _items() in fixed
    assert fixed.count("Arguments of") == 1


def test_a_lead_naming_a_gone_class_is_still_called_gone(make_repo, run_cli) -> None:
    text = _dox(_items()).replace(LEAD, "- Arguments of `SleepTool`:\n")
    root = make_repo(with_files({"tools/wait.py": WAIT_PY, DOX: text}))
    assert any("no longer has" in line for line in _findings(run_cli, root))


def test_an_inline_list_of_arguments_is_not_said_to_be_another_line(make_repo, run_cli) -> None:
    text = _dox(_items()).replace(
        LEAD + _items(), "- Arguments of `WaitTool`: `seconds`, `until`.\n"
    )
    root = make_repo(with_files({"tools/wait.py": WAIT_PY, DOX: text}))
    found = _findings(run_cli, root)
    assert len(found) == 1 and "is not an `Arguments of" not in found[0], found
    assert _fix(run_cli, root) == text


def test_a_suppression_over_several_lines_is_malformed(make_repo, run_cli) -> None:
    text = _dox(_items()).replace(LEAD, "<!--\n  doxtool: ignore[DOX111]\n-->\n" + LEAD)
    root = make_repo(with_files({"tools/wait.py": WAIT_PY, DOX: text}))
    found = _findings(run_cli, root, "DOX901")
    assert found == [
        f"{DOX}:14:1: DOX901 malformed suppression comment: a suppression "
        "comment must open and close on one line"
    ]


# an item whose facts end in a colon opening the list nested under it
# (`` one of `read`, `write`: `` then a line for each value)
_OPENING = (
    '  - `mode`: optional string, default `"read"`, one of `read`, `write`:\n'
    "    - `read` opens the file to read it\n"
    "    - `write` opens it to write\n"
)


def test_an_item_ending_in_a_colon_is_read(make_repo, run_cli) -> None:
    code = WAIT_PY.replace(
        'mode = self.args.get("mode", "read")\n',
        'mode = self.args.get("mode", "read")\n'
        '        if mode not in ("read", "write", "append"):\n'
        '            return Response(message="bad mode", break_loop=False)\n',
    )
    root = make_repo(with_files({"tools/wait.py": code, DOX: _dox(_items(mode=_OPENING))}))
    assert any("`mode` accepts `read`, `write`, `append`" in f for f in _findings(run_cli, root))
    fixed = _fix(run_cli, root)
    assert _OPENING.replace("`write`:\n", "`write`, `append`:\n") in fixed
    assert _findings(run_cli, root) == []


def test_an_item_ending_in_a_colon_that_agrees_is_true(make_repo, run_cli) -> None:
    code = WAIT_PY.replace(
        'mode = self.args.get("mode", "read")\n',
        'mode = self.args.get("mode", "read")\n'
        '        if mode not in ("read", "write"):\n'
        '            return Response(message="bad mode", break_loop=False)\n',
    )
    root = make_repo(with_files({"tools/wait.py": code, DOX: _dox(_items(mode=_OPENING))}))
    assert _findings(run_cli, root) == []
    assert _fix(run_cli, root) == _dox(_items(mode=_OPENING))


@pytest.mark.parametrize("lead", ["**Options**", "**Parameters:**", "- Options:", "### Options"])
def test_arguments_under_a_persons_label_are_not_written_again(
    lead: str, make_repo, run_cli
) -> None:
    text = WAIT_DOX.replace(
        "- Arguments of `WaitTool`:\n  - `seconds`: optional integer, default `0`.\n",
        f"{lead}\n\n- `seconds` *(default `0`)*: how long to wait.\n",
    )
    root = make_repo(with_files({"tools/wait.py": WAIT_PY, DOX: text}))
    result = run_cli(root, "check", "--no-cache", "--select", "DOX111")
    (line,) = [line for line in result.output.splitlines() if "DOX111" in line]
    assert "not documented in a form doxtool reads" in line
    assert "[*]" not in line
    run_cli(root, "check", "--no-cache", "--fix", "--select", "DOX111")
    assert (root / DOX).read_text(encoding="utf-8") == text


@pytest.mark.parametrize(
    "item",
    [
        # the values are the lines under it
        _OPENING.replace(", one of `read`, `write`:", ":"),
        # the default and the type are told under it
        '  - `mode`: optional:\n    - default `"read"`; a string, `read` or `write`\n',
    ],
)
def test_what_an_item_ending_in_a_colon_leaves_to_its_list_is_not_compared(
    item: str, make_repo, run_cli
) -> None:
    code = WAIT_PY.replace(
        'mode = self.args.get("mode", "read")\n',
        'mode = self.args.get("mode", "read")\n'
        '        if mode not in ("read", "write"):\n'
        '            return Response(message="bad mode", break_loop=False)\n',
    )
    root = make_repo(with_files({"tools/wait.py": code, DOX: _dox(_items(mode=item))}))
    assert _findings(run_cli, root) == []
    assert _fix(run_cli, root) == _dox(_items(mode=item))


@pytest.mark.parametrize("lead", ["**Options**", "- Options:", "### Options", "**Parameters**"])
def test_a_label_over_a_list_naming_no_argument_is_no_lead(lead: str, make_repo, run_cli) -> None:
    """``**Options**`` over the options of a command: the arguments are not
    documented, and the fix writes them."""
    text = (
        WAIT_DOX.replace(
            "- Arguments of `WaitTool`:\n  - `seconds`: optional integer, default `0`.\n", ""
        )
        + f"\n{lead}\n\n- `-k NAME`: run only the tests matching it.\n- `-x`: stop at once.\n"
    )
    root = make_repo(with_files({"tools/wait.py": WAIT_PY, DOX: text}))
    result = run_cli(root, "check", "--no-cache", "--select", "DOX111")
    (line,) = [line for line in result.output.splitlines() if "DOX111" in line]
    assert "are not documented (no" in line
    assert "[*]" in line
