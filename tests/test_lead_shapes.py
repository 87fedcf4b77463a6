"""The lead of a tool's arguments, ``break_loop`` or repairable errors line in
the shapes people give it: ``for`` in place of ``of`` and the class first
(`` `X` arguments:``, `` `X` takes these arguments:``, `` `X` raises
repairable errors: ...``) are read as the block, and compared; a lead in
other words doxtool cannot read (``- Errors the model can repair (`X`):``)
keeps the fix from writing a second block beside it. A line inside a code
block or an HTML comment is no lead: it neither hides a missing line nor
stands for one."""

from __future__ import annotations

from pathlib import Path

import pytest

from doxtool.companions.respelled import spelled_lead
from doxtool.companions.unreadleads import looks_like_lead

WAIT_PY = """\
from helpers.errors import RepairableException
from helpers.tool import Response, Tool


class WaitTool(Tool):
    async def execute(self, **kwargs):
        seconds = self.args.get("seconds", 0)
        if seconds < 0:
            raise RepairableException("negative")
        return Response(message=str(seconds), break_loop=False)
"""

ARGUMENTS = "- Arguments of `WaitTool`:\n  - `seconds`: optional, default `0`.\n"
BREAK_LOOP = "- `break_loop` of `WaitTool`: always `false`.\n"
REPAIRABLE = "- Repairable errors raised by `WaitTool`: `RepairableException`.\n"

COMPANION = f"""\
# wait.py DOX

## Purpose
- Own the `wait.py` agent tool.

## Runtime Contracts
- `WaitTool` is a `Tool`.
- `WaitTool` defines `execute(...)`.
{ARGUMENTS}{BREAK_LOOP}{REPAIRABLE}- Observed side-effect areas: none.
- Imported dependency areas include: `helpers.errors`, `helpers.tool`.

## Work Guidance
- Change `wait.py` and this file together.
"""


def _run(run_cli, make_repo, old: str, new: str) -> tuple[list[str], str, str]:
    """(DOX1xx lines of a check, the Runtime Contracts section before and
    after ``--fix``; the fix also writes the sections this sample leaves out)."""
    assert old in COMPANION
    text = COMPANION.replace(old, new)
    root: Path = make_repo({"tools/wait.py": WAIT_PY, "tools/wait.py.dox.md": text})
    result = run_cli(root, "check", "--select", "DOX111,DOX120,DOX121", "tools/wait.py")
    found = [line for line in result.output.splitlines() if " DOX1" in line]
    run_cli(root, "check", "--fix", "tools/wait.py")
    return found, _contracts(text), _contracts((root / "tools/wait.py.dox.md").read_text())


def _contracts(text: str) -> str:
    return text.split("## Runtime Contracts\n", 1)[1].split("\n## ", 1)[0]


@pytest.mark.parametrize(
    ("body", "kind", "bare"),
    [
        ("Arguments for `WaitTool`:", "arguments", False),
        ("Args for `WaitTool`:", "arguments", True),
        ("`WaitTool` arguments:", "arguments", True),
        ("The `WaitTool` tool takes these parameters (all optional):", "arguments", True),
        ("`WaitTool` raises repairable errors: `RepairableException`.", "repairable", True),
        ("Repairable errors (`WaitTool`): `RepairableException`.", "repairable", False),
        ("Repairable errors for `WaitTool`: `RepairableException`.", "repairable", False),
        ("`break_loop` for `WaitTool`: always `false`.", "break-loop", False),
        ("`WaitTool`'s `break_loop`: always `false`.", "break-loop", True),
    ],
)
def test_a_lead_in_another_shape_is_read(body: str, kind: str, bare: bool) -> None:
    spelled = spelled_lead(body)
    assert spelled is not None
    assert (spelled.kind, spelled.subject, spelled.bare) == (kind, "WaitTool", bare)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (ARGUMENTS, ARGUMENTS.replace("Arguments of", "Arguments for")),
        (ARGUMENTS, ARGUMENTS.replace("Arguments of", "Args for")),
        (ARGUMENTS, ARGUMENTS.replace("Arguments of `WaitTool`", "`WaitTool` arguments")),
        (
            ARGUMENTS,
            ARGUMENTS.replace("Arguments of `WaitTool`", "`WaitTool` takes these arguments"),
        ),
        (REPAIRABLE, "- `WaitTool` raises repairable errors: `RepairableException`.\n"),
        (BREAK_LOOP, "- `break_loop` for `WaitTool`: always `false`.\n"),
        # ``break_loop`` with a dash
        (BREAK_LOOP, "- `break-loop` of `WaitTool`: always `false`.\n"),
        (BREAK_LOOP, "- `WaitTool`'s break-loop: always `false`.\n"),
    ],
)
def test_a_lead_in_another_shape_agrees_and_gets_no_second_block(
    run_cli, make_repo, old: str, new: str
) -> None:
    found, before, after = _run(run_cli, make_repo, old, new)
    assert found == []
    assert after == before


def test_a_lead_in_another_shape_is_compared(run_cli, make_repo) -> None:
    new = "- `WaitTool` takes these arguments:\n  - `seconds`: required integer.\n"
    found, before, after = _run(run_cli, make_repo, ARGUMENTS, new)
    assert any("`seconds` is documented as required" in line for line in found)
    assert after == before  # the person's lead: reported, never rewritten


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            ARGUMENTS,
            ARGUMENTS.replace(
                "Arguments of `WaitTool`:", "Arguments for `WaitTool`, all optional:"
            ),
            "arguments of `WaitTool` are not documented in a form doxtool reads "
            "(it cannot read line 9",
        ),
        (
            REPAIRABLE,
            "- Errors the model can repair (`WaitTool`): `RepairableException`.\n",
            "repairable errors line is not in a form doxtool reads (it cannot read line 12 as one)",
        ),
    ],
)
def test_a_lead_doxtool_cannot_read_gets_no_second_block(
    run_cli, make_repo, old: str, new: str, message: str
) -> None:
    found, before, after = _run(run_cli, make_repo, old, new)
    assert len(found) == 1 and message in found[0] and "[*]" not in found[0]
    assert after == before


@pytest.mark.parametrize(
    "hidden",
    [
        "<!-- - `break_loop` of `WaitTool`: always `false`. (until reviewed) -->\n",
        "Set aside <!-- - `break_loop` of `WaitTool`:\nalways `false`. --> for now.\n",
        "- An example:\n\n  ```markdown\n  - `break_loop` of `WaitTool`: always `true`.\n  ```\n",
        "```\n- `break_loop` of `WaitTool`, said otherwise: always `false`.\n```\n",
    ],
)
def test_a_break_loop_line_in_code_or_a_comment_is_no_lead(run_cli, make_repo, hidden: str) -> None:
    found, _, after = _run(run_cli, make_repo, BREAK_LOOP, hidden)
    (line,) = found
    assert "`break_loop` of `WaitTool` is not documented; the code returns always `false`" in line
    assert "[*]" in line
    assert BREAK_LOOP in after and hidden in after


@pytest.mark.parametrize(
    "hidden",
    [
        "<!--\n- Arguments of `WaitTool`, for now:\n-->\n",
        "```\n- Arguments of `WaitTool`, as an example:\n```\n",
    ],
)
def test_an_arguments_lead_in_code_or_a_comment_keeps_the_fix(
    run_cli, make_repo, hidden: str
) -> None:
    found, _, after = _run(run_cli, make_repo, ARGUMENTS, hidden)
    (line,) = found
    assert "arguments of `WaitTool` are not documented (no `Arguments of" in line
    assert "[*]" in line
    assert ARGUMENTS in after and hidden in after


@pytest.mark.parametrize(
    ("kind", "line", "lead"),
    [
        ("arguments", "- Arguments for `Todo`, all optional:", True),
        ("arguments", "- `Todo` takes these arguments:", True),
        ("arguments", "- `Todo` arguments are described below.", False),
        ("arguments", "- `Todo` is a tool. Its arguments: see the prompt", False),
        ("break-loop", "- `Todo` never ends the loop: `break_loop` is always `false`.", True),
        ("repairable", "- Errors the model can repair (`Todo`): `RepairableException`.", True),
        ("repairable", "- `Todo` raises repairable errors: `RepairableException`.", True),
        ("repairable", "- `Todo` is quick; errors happen.", False),
        # words repeated over a long line: each is found once, the places compared
        ("repairable", "repair error " * 2000 + "`Todo`", True),
        ("arguments", "`Todo` arguments " * 2000, False),
        ("break-loop", "`Todo` " * 5000, False),
    ],
)
def test_a_line_looks_like_a_lead_by_its_words_and_the_class(
    kind: str, line: str, lead: bool
) -> None:
    assert looks_like_lead(kind, "Todo", line) is lead


TWO_TOOLS_PY = """\
from helpers.tool import Response, Tool


class SearchTool(Tool):
    async def execute(self, **kwargs):
        if self.args.get("query") == "stop":
            return Response(message="bye", break_loop=True)
        return Response(message="found", break_loop=False)


class FindTool(Tool):
    async def execute(self, **kwargs):
        return Response(message="found", break_loop=False)
"""

TWO_TOOLS_DOX = """\
# search.py DOX

## Runtime Contracts

### `SearchTool`
- `break_loop`: `true` or `false`. It stops the agent on `stop`.

### `FindTool`
- `break_loop`: always `false`.
"""


def test_a_line_naming_no_class_is_the_class_its_heading_names(run_cli, make_repo) -> None:
    """Under ``### `SearchTool` ``, ``- `break_loop`: ...`` is about
    ``SearchTool``: it is not read as ``FindTool``'s (whose own line under
    ``### `FindTool` `` agrees), and no line is written beside either."""
    root: Path = make_repo(
        {"tools/search.py": TWO_TOOLS_PY, "tools/search.py.dox.md": TWO_TOOLS_DOX}
    )
    result = run_cli(root, "check", "--select", "DOX120", "tools/search.py")
    assert "DOX120" not in result.output, result.output
    run_cli(root, "check", "--select", "DOX120", "--fix", "tools/search.py")
    assert (root / "tools/search.py.dox.md").read_text() == TWO_TOOLS_DOX
    # the class's own line under its heading is still compared
    wrong = TWO_TOOLS_DOX.replace("always `false`.", "always `true`.")
    (root / "tools/search.py.dox.md").write_text(wrong)
    result = run_cli(root, "check", "--select", "DOX120", "tools/search.py")
    assert "`break_loop` of `FindTool` is documented wrongly (line 9 says true)" in result.output
    assert "`SearchTool`" not in result.output


@pytest.mark.parametrize(
    "search_lines",
    [
        # every class's arguments line under its heading, naming none
        "### `SearchTool`\n- Arguments:\n  - `query`: optional.\n",
        # another class's line naming it, outside the headings
        "- Arguments of `SearchTool`:\n  - `query`: optional.\n\n### `SearchTool`\n",
    ],
)
def test_an_arguments_line_naming_no_class_under_its_heading_gets_no_second_block(
    run_cli, make_repo, search_lines: str
) -> None:
    """``- Arguments: none.`` under ``### `FindTool` `` is ``FindTool``'s,
    also where another class's line names its class: no ``Arguments of
    `FindTool`:`` line is written beside it, and, ``FindTool`` reading no
    argument, what it says is true and nothing is reported."""
    dox = (
        "# search.py DOX\n\n## Runtime Contracts\n\n"
        + search_lines
        + "- `break_loop`: `true` or `false`. It stops the agent on `stop`.\n\n"
        "### `FindTool`\n- Arguments: none.\n- `break_loop`: always `false`.\n"
    )
    root: Path = make_repo({"tools/search.py": TWO_TOOLS_PY, "tools/search.py.dox.md": dox})
    run_cli(root, "check", "--select", "DOX111", "--fix", "tools/search.py")
    assert (root / "tools/search.py.dox.md").read_text() == dox
    found = run_cli(root, "check", "--select", "DOX111", "tools/search.py").output
    assert "arguments of `FindTool`" not in found, found


def test_an_argument_a_persons_paragraph_names_is_not_called_undocumented(
    run_cli, make_repo
) -> None:
    """A paragraph under the lead naming `seconds` documents it in a form
    doxtool does not read: the finding says so, and no item is written."""
    new = "- Arguments of `WaitTool`:\n  `seconds` is how long to wait; it defaults to `0`.\n"
    found, before, after = _run(run_cli, make_repo, ARGUMENTS, new)
    assert len(found) == 1, found
    assert "argument `seconds` is read at tools/wait.py:7 but not documented in a form" in found[0]
    assert "(line 10 names it)" in found[0] and not found[0].endswith("[*]")
    assert after == before


@pytest.mark.parametrize(
    "line",
    [
        "- Arguments: none.\n",
        "- Arguments: none. The tool is configured by its profile.\n",
        "- Arguments (all optional): none\n",
        "- **Arguments:** _none_\n",
        "**Arguments:** none.\n",
        "__Arguments__: none\n",
        "#### Arguments: none\n",
        # a sentence of the person's naming the class, or the one tool
        "- `WaitTool` takes no arguments.\n",
        "- WaitTool accepts no parameters at all; it reads its profile.\n",
        "The tool does not take any arguments.\n",
        "- `WaitTool` takes no arguments and no options.\n",
    ],
)
def test_an_arguments_line_saying_none_is_named_as_false(run_cli, make_repo, line: str) -> None:
    """A line naming no class that says the tool takes no arguments, where
    it reads some: the finding names the line and what the code reads, and
    no block is written beside the person's line."""
    found, before, after = _run(run_cli, make_repo, ARGUMENTS, line)
    assert found == [
        "tools/wait.py.dox.md:6:1: DOX111 arguments of `WaitTool` are not documented"
        " (line 9 says there are none, but `WaitTool` reads `seconds` (tools/wait.py:7))"
    ]
    assert after == before


@pytest.mark.parametrize(
    "line",
    [
        "- Arguments: none. It always waits 0 s.\n",
        "**Arguments:** none.\n",
        "- `WaitTool` takes no arguments.\n",
        "- It takes no arguments; it always waits 0 s.\n",
        # (the options named beside the arguments: no second line is written)
        "- `WaitTool` takes no arguments or options.\n",
        "- The tool takes no options or parameters.\n",
    ],
)
def test_an_arguments_line_saying_none_is_true_of_a_tool_reading_none(
    run_cli, make_repo, line: str
) -> None:
    module = WAIT_PY.replace('self.args.get("seconds", 0)', "0")
    text = COMPANION.replace(ARGUMENTS, line)
    root: Path = make_repo({"tools/wait.py": module, "tools/wait.py.dox.md": text})
    result = run_cli(root, "check", "--select", "DOX111", "--fix", "tools/wait.py")
    assert "DOX111" not in result.output, result.output
    assert (root / "tools/wait.py.dox.md").read_text() == text


@pytest.mark.parametrize(
    "lines",
    [
        # going on with a sentence about a helper, or in a bullet under it
        "- Calls `helpers.clock.now()` once a loop.\n  It takes no arguments.\n",
        "- Calls `helpers.clock.now()` once a loop.\n  - It takes no arguments.\n",
    ],
)
@pytest.mark.parametrize("reads", [True, False])
def test_it_going_on_about_another_thing_is_no_arguments_line(
    run_cli, make_repo, lines: str, reads: bool
) -> None:
    """``It`` there is what the sentence before names, not the tool: the
    arguments are missing, and the fix writes them."""
    module = WAIT_PY if reads else WAIT_PY.replace('self.args.get("seconds", 0)', "0")
    text = COMPANION.replace(ARGUMENTS, lines)
    root: Path = make_repo({"tools/wait.py": module, "tools/wait.py.dox.md": text})
    found = run_cli(root, "check", "--select", "DOX111", "tools/wait.py").output
    assert "arguments of `WaitTool` are not documented (no `Arguments of `WaitTool`:` line)" in (
        found
    )
    run_cli(root, "check", "--select", "DOX111", "--fix", "tools/wait.py")
    fixed = (root / "tools/wait.py.dox.md").read_text()
    assert lines in fixed
    assert "- Arguments of `WaitTool`:" in fixed


def test_a_sentence_going_on_about_some_arguments_is_no_lead(run_cli, make_repo) -> None:
    """``takes no arguments but ...`` does not say there are none."""
    line = "- `WaitTool` takes no arguments but `seconds`.\n"
    found, _, after = _run(run_cli, make_repo, ARGUMENTS, line)
    assert found == [
        "tools/wait.py.dox.md:6:1: DOX111 arguments of `WaitTool` are not documented"
        " (no `Arguments of `WaitTool`:` line) [*]"
    ]
    assert line in after


@pytest.mark.parametrize(
    "line",
    [
        "- `WaitTool` takes no options; the clock comes from the environment.\n",
        "- The tool takes no options.\n",
        "- Options: none.\n",
        "- Options (set in `settings.json`): none.\n",
    ],
)
def test_no_options_is_no_statement_of_the_arguments(run_cli, make_repo, line: str) -> None:
    """Options may be a tool's settings, not its call's arguments: a line
    saying there are none is not named as false, and the block is written."""
    found, _, after = _run(run_cli, make_repo, ARGUMENTS, line)
    assert found == [
        "tools/wait.py.dox.md:6:1: DOX111 arguments of `WaitTool` are not documented"
        " (no `Arguments of `WaitTool`:` line) [*]"
    ]
    assert line in after and ARGUMENTS in after


@pytest.mark.parametrize(
    "heading", ["### build_index()", "### `_normalize(url)` helper", "#### `Cache.load(path)`"]
)
@pytest.mark.parametrize(
    "line", ["- Arguments: none.", "**Arguments:** none.", "It takes no arguments."]
)
def test_a_line_under_a_helpers_heading_is_the_helpers(
    run_cli, make_repo, heading: str, line: str
) -> None:
    """``- Arguments: none.`` in a section about a helper function of the
    module (its heading names it as a call) is the helper's: the tool's
    arguments are missing, and the fix writes them where they belong."""
    helper = f"## Helpers\n\n{heading}\n\n{line}\n\n## Work Guidance\n"
    text = COMPANION.replace(ARGUMENTS, "").replace("## Work Guidance\n", helper)
    root: Path = make_repo({"tools/wait.py": WAIT_PY, "tools/wait.py.dox.md": text})
    found = run_cli(root, "check", "--select", "DOX111", "tools/wait.py").output
    assert "DOX111 arguments of `WaitTool` are not documented (no `Arguments of" in found
    run_cli(root, "check", "--select", "DOX111", "--fix", "tools/wait.py")
    fixed = (root / "tools/wait.py.dox.md").read_text()
    assert ARGUMENTS + BREAK_LOOP in fixed and helper in fixed


@pytest.mark.parametrize(
    "heading",
    [
        "### `execute(**kwargs)`",
        "### `WaitTool()`",
        # the tool called by its name, the module's
        "### `wait()`",
        "### Usage: `wait(seconds=5)`",
    ],
)
def test_a_line_under_the_tools_own_heading_is_the_tools(run_cli, make_repo, heading: str) -> None:
    found, _, _ = _run(run_cli, make_repo, ARGUMENTS, f"\n{heading}\n\n- Arguments: none.\n\n")
    assert "(line 12 says there are none, but `WaitTool` reads `seconds`" in found[0]


@pytest.mark.parametrize(
    "lead",
    [
        "- Argumente von `WaitTool`:",
        "- Аргументы `WaitTool`:",
        "- `WaitTool` 的参数：",
        "- **`WaitTool`:**",
    ],
)
def test_a_lead_in_another_language_over_the_items_gets_no_second_block(
    run_cli, make_repo, lead: str
) -> None:
    """A bullet naming the class and ending with a colon, in any words,
    over items naming the arguments: the person's lead, read as one doxtool
    does not read; no block is written beside it."""
    found, before, after = _run(run_cli, make_repo, ARGUMENTS, f"{lead}\n  - `seconds`: 0 s.\n")
    assert found == [
        "tools/wait.py.dox.md:6:1: DOX111 arguments of `WaitTool` are not documented in a form"
        " doxtool reads (it cannot read line 9 as an `Arguments of `WaitTool`:` line with the"
        " arguments under it)"
    ]
    assert after == before


def test_a_bullet_over_items_naming_no_argument_is_no_lead(run_cli, make_repo) -> None:
    line = "- Hinweise zu `WaitTool`:\n  - `asyncio.sleep` wartet.\n"
    found, _, after = _run(run_cli, make_repo, ARGUMENTS, line)
    assert found[0].endswith("(no `Arguments of `WaitTool`:` line) [*]")
    assert line in after and ARGUMENTS in after


def test_an_arguments_line_naming_no_class_is_the_one_class_left_without_one(
    run_cli, make_repo
) -> None:
    """Of two tool classes, one with its own arguments block: ``- Arguments:
    none.`` is the other's, true where it reads none and named as false where
    it reads some; no second line is written beside it."""
    find = "class FindTool(Tool):\n    async def execute(self, **kwargs):\n        return"
    assert find in TWO_TOOLS_PY
    dox = (
        "# search.py DOX\n\n## Runtime Contracts\n"
        "- Arguments of `SearchTool`:\n  - `query`: optional.\n"
        "- Arguments: none.\n"
    )
    root: Path = make_repo({"tools/search.py": TWO_TOOLS_PY, "tools/search.py.dox.md": dox})
    found = run_cli(root, "check", "--select", "DOX111", "tools/search.py").output
    assert "DOX111" not in found, found
    run_cli(root, "check", "--select", "DOX111", "--fix", "tools/search.py")
    assert (root / "tools/search.py.dox.md").read_text() == dox
    reads = find.replace("return", 'return Response(message=self.args.get("name"))\n        return')
    (root / "tools/search.py").write_text(TWO_TOOLS_PY.replace(find, reads))
    found = run_cli(root, "check", "--select", "DOX111", "tools/search.py").output
    assert "(line 6 says there are none, but `FindTool` reads `name` (tools/search.py:13))" in (
        found
    )


def test_an_arguments_line_with_words_after_none_is_no_lead(run_cli, make_repo) -> None:
    """``none of them`` is no statement that there are none."""
    found, _, after = _run(
        run_cli, make_repo, ARGUMENTS, "- Arguments: none of them is required.\n"
    )
    assert found == [
        "tools/wait.py.dox.md:6:1: DOX111 arguments of `WaitTool` are not documented"
        " (no `Arguments of `WaitTool`:` line) [*]"
    ]
    assert "- Arguments: none of them is required.\n" in after
