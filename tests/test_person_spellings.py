"""Fact lines, items and headings in the spellings people write: read as
what they spell, and never joined by a second copy from a fix."""

from __future__ import annotations

import pytest
from samples import ARGUMENTS_LINE, UNTIL_PY, clean_files

from doxtool.rules.examples import WAIT_DOX

DOX = "tools/wait.py.dox.md"
SECONDS = "  - `seconds`: optional integer, default `0`.\n"
BREAK_LOOP = "- `break_loop` of `WaitTool`: always `false`.\n"
UNTIL_ITEM = '  - `until`: optional string, default `""`.\n'
SECTION = WAIT_DOX[: WAIT_DOX.index("## Runtime Contracts")].count("\n") + 1
NUMBER = WAIT_DOX[: WAIT_DOX.index(ARGUMENTS_LINE)].count("\n") + 1


def _findings(output: str) -> list[str]:
    return [line for line in output.splitlines() if "DOX" in line]


@pytest.mark.parametrize(
    "item",
    [
        "  - `seconds` : optional integer, default `0`.\n",
        "  - `seconds`, optional integer, default `0`. How long.\n",
        "  - `seconds` \u2192 optional integer, default `0`.\n",
        "  - `seconds`= optional integer, default `0`.\n",
        "  - `seconds`\\: optional integer, default `0`.\n",
        '  - `"seconds"`: optional integer, default `0`.\n',
    ],
)
def test_an_argument_item_in_a_persons_spelling_is_read(make_repo, run_cli, item: str) -> None:
    root = make_repo({**clean_files(), DOX: WAIT_DOX.replace(SECONDS, item)})
    assert run_cli(root, "check", "--no-cache").output == "All checks passed.\n"


def test_an_item_read_with_its_facts_in_a_persons_spelling_is_compared(make_repo, run_cli) -> None:
    text = WAIT_DOX.replace(SECONDS, "  - `seconds` : required integer.\n")
    root = make_repo({**clean_files(), DOX: text})
    assert _findings(run_cli(root, "check", "--no-cache").output) == [
        f"{DOX}:{NUMBER + 1}:1: DOX111 argument `seconds` has `0` in the code "
        "(read at tools/wait.py:6)",
        f"{DOX}:{NUMBER + 1}:1: DOX111 argument `seconds` is documented as required but "
        "the code treats it as optional (read at tools/wait.py:6)",
    ]


def test_an_unread_line_naming_a_missing_argument_gets_no_second_item(make_repo, run_cli) -> None:
    text = WAIT_DOX.replace(SECONDS, SECONDS + "  - `until` is when to stop\n")
    _named_elsewhere(make_repo, run_cli, text, 2)


@pytest.mark.parametrize(
    "note",
    [
        "  - until (string, optional): when to stop\n",
        "  - until: when to stop\n",
        "  * until - when to stop\n",
        "  1. until, a timestamp\n",
    ],
)
def test_an_item_naming_a_missing_argument_without_backticks_gets_no_second_item(
    make_repo, run_cli, note: str
) -> None:
    """``- until (string, optional): ...`` is the person's item for ``until``:
    the argument is reported as documented in a form doxtool does not read,
    and no second item is written beside it."""
    text = WAIT_DOX.replace(SECONDS, SECONDS + note)
    _named_elsewhere(make_repo, run_cli, text, 2)


@pytest.mark.parametrize(
    ("written", "offset"),
    [
        # Google style, a paragraph under the lead past a blank line
        ("\n    Args:\n        until (str): when to stop.\n", 4),
        ("\n    Args:\n        until: when to stop.\n", 4),
        # a reST field list after the block
        ("\n:param until: when to stop.\n:type until: str\n", 3),
        ("\n:param str until: when to stop.\n", 3),
        # numpy style, under a setext heading of its own
        ("\nParameters\n----------\nuntil : str\n    When to stop.\n", 5),
    ],
)
def test_an_argument_in_another_projects_docstring_template_gets_no_second_item(
    make_repo, run_cli, written: str, offset: int
) -> None:
    """A person who writes the arguments as a docstring template of another
    project (Google ``Args:``, reST ``:param until:``, numpy ``until : str``)
    documents them there: no second item is written beside theirs."""
    text = WAIT_DOX.replace(SECONDS, SECONDS + written)
    _named_elsewhere(make_repo, run_cli, text, offset)


@pytest.mark.parametrize(
    "example",
    ["    ```yaml\n    until: 5\n    ```\n", "    ```python\n    until(5)\n    ```\n"],
)
def test_a_key_of_an_example_in_a_code_block_is_no_persons_item(
    make_repo, run_cli, example: str
) -> None:
    """Near miss: ``until: 5`` in a YAML example under another item is the
    example's key, and ``until(5)`` a call of its, not a docstring field:
    the missing item is written."""
    text = WAIT_DOX.replace(SECONDS, SECONDS + example)
    root = make_repo({**clean_files(), "tools/wait.py": UNTIL_PY, DOX: text})
    (line,) = _findings(run_cli(root, "check", "--no-cache").output)
    assert line.endswith("argument `until` is read at tools/wait.py:7 but not documented [*]")
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == text.replace(example, example + UNTIL_ITEM)


def test_a_missing_argument_the_leads_note_names_gets_no_second_item(make_repo, run_cli) -> None:
    """``- Arguments of `WaitTool` (plus `until`, see the base):`` documents
    ``until`` in the person's note on the lead: no item is written beside it."""
    lead = "- Arguments of `WaitTool` (plus `until`, see the base):\n"
    text = WAIT_DOX.replace(ARGUMENTS_LINE, lead)
    _named_elsewhere(make_repo, run_cli, text, 0)


def _split_by_heading(heading: str) -> str:
    """The clean companion with ``until`` documented after its arguments
    block, under ``heading``."""
    return WAIT_DOX.replace(
        SECONDS, SECONDS + f'\n{heading}\n- `until`: optional string, default `""`.\n\n'
    )


def test_an_argument_under_a_sub_heading_after_the_block_gets_no_second_item(
    make_repo, run_cli
) -> None:
    """Arguments split by action (``### action=read`` then its items) are the
    person's items: the one the block lacks is reported as documented in a
    form doxtool does not read, and not written again in the block."""
    text = _split_by_heading("### With a deadline")
    _named_elsewhere(make_repo, run_cli, text, 4)


def test_an_argument_under_a_sub_heading_stays_the_person_s_when_blocks_are_added(
    make_repo, run_cli
) -> None:
    """The blocks a fix adds after the arguments block (``break_loop``, the
    areas) come between it and the person's items under a sub-heading: those
    are still read as the person's, so no run writes a second item for them."""
    start = WAIT_DOX.index("## Runtime Contracts")
    end = WAIT_DOX.index("## Key Concepts")
    section = (
        "## Runtime Contracts\n"
        + ARGUMENTS_LINE
        + SECONDS
        + "### With a deadline\n"
        + UNTIL_ITEM.lstrip()
        + "\n"
    )
    text = WAIT_DOX[:start] + section + WAIT_DOX[end:]
    root = make_repo({**clean_files(), "tools/wait.py": UNTIL_PY, DOX: text})
    run_cli(root, "check", "--no-cache", "--fix")
    fixed = (root / DOX).read_text(encoding="utf-8")
    assert BREAK_LOOP in fixed
    assert fixed.count("`until`") == 1
    assert [
        f for f in _findings(run_cli(root, "check", "--no-cache").output) if "`until`" in f
    ] == [
        f"{DOX}:{SECTION + 3}:1: DOX111 argument `until` is read at tools/wait.py:7 but not "
        f"documented in a form doxtool reads (line {SECTION + 9} names it)"
    ]
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == fixed


@pytest.mark.parametrize("heading", ["## Deadlines", "### `Finish`"])
def test_an_argument_past_a_section_or_another_class_heading_is_missing(
    make_repo, run_cli, heading: str
) -> None:
    """A ``##`` heading ends the section, and a heading naming another class
    of the module starts that class's lines: an item under either is not
    this block's."""
    module = UNTIL_PY + (
        "\n\nclass Finish(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        "        return Response(message='done', break_loop=True)\n"
    )
    root = make_repo({**clean_files(), "tools/wait.py": module, DOX: _split_by_heading(heading)})
    found = [f for f in _findings(run_cli(root, "check", "--no-cache").output) if "`until`" in f]
    assert found == [
        f"{DOX}:{NUMBER}:1: DOX111 argument `until` is read at tools/wait.py:7"
        " but not documented [*]"
    ]


def test_an_item_set_aside_in_a_comment_gets_no_item_written_beside_it(make_repo, run_cli) -> None:
    """An item commented out inside the block: the fix wrote the missing
    item into the comment, where Markdown hides it."""
    comment = "  <!--\n  - `minutes`: optional integer, default `0`.\n  -->\n"
    text = WAIT_DOX.replace(SECONDS, SECONDS + comment)
    root = make_repo({**clean_files(), "tools/wait.py": UNTIL_PY, DOX: text})
    assert _findings(run_cli(root, "check", "--no-cache").output) == [
        f"{DOX}:{NUMBER}:1: DOX111 argument `until` is read at tools/wait.py:7 but not documented"
    ]
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == text


def test_a_comment_of_words_in_the_block_keeps_the_fix(make_repo, run_cli) -> None:
    comment = "  <!-- reviewed 2026-06 -->\n"
    text = WAIT_DOX.replace(SECONDS, SECONDS + comment)
    root = make_repo({**clean_files(), "tools/wait.py": UNTIL_PY, DOX: text})
    run_cli(root, "check", "--no-cache", "--fix")
    assert UNTIL_ITEM in (root / DOX).read_text(encoding="utf-8")


def test_a_plain_word_that_is_no_missing_argument_still_gets_the_item(make_repo, run_cli) -> None:
    text = WAIT_DOX.replace(SECONDS, SECONDS + "  - Note: the wait is rounded down.\n")
    root = make_repo({**clean_files(), "tools/wait.py": UNTIL_PY, DOX: text})
    (line,) = _findings(run_cli(root, "check", "--no-cache").output)
    assert line.endswith("argument `until` is read at tools/wait.py:7 but not documented [*]")


@pytest.mark.parametrize(
    "lead",
    [
        "- Arguments of ``WaitTool``:\n",
        "- Arguments of `WaitTool`\n",
        "- **Arguments of `WaitTool`:**\n",
        "- Arguments of `WaitTool` \u2014\n",
        "- Arguments of the `WaitTool` tool:\n",
        "- Arguments (`WaitTool`):\n",
        "- Arguments of `tools.wait.WaitTool`:\n",
    ],
)
def test_an_arguments_lead_in_a_persons_spelling_is_read_and_kept(
    make_repo, run_cli, lead: str
) -> None:
    text = WAIT_DOX.replace(ARGUMENTS_LINE, lead)
    root = make_repo({**clean_files(), DOX: text})
    assert run_cli(root, "check", "--no-cache").output == "All checks passed.\n"
    # an argument the code reads is reported; the person's block is not rewritten
    (root / "tools/wait.py").write_text(UNTIL_PY, encoding="utf-8")
    assert _findings(run_cli(root, "check", "--no-cache").output) == [
        f"{DOX}:{NUMBER}:1: DOX111 argument `until` is read at tools/wait.py:7 but not documented"
    ]
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == text


@pytest.mark.parametrize(
    "line",
    [
        "- break_loop of WaitTool: always `false`.\n",
        "- `break_loop` of `WaitTool` is always `false`.\n",
        "- **`break_loop`** of `WaitTool`: always `false`.\n",
        "- `break_loop` of ``WaitTool``: always `false`.\n",
    ],
)
def test_a_break_loop_line_in_a_persons_spelling_is_read(make_repo, run_cli, line: str) -> None:
    root = make_repo({**clean_files(), DOX: WAIT_DOX.replace(BREAK_LOOP, line)})
    assert run_cli(root, "check", "--no-cache").output == "All checks passed.\n"


def test_a_break_loop_line_in_a_persons_spelling_is_compared_not_rewritten(
    make_repo, run_cli
) -> None:
    text = WAIT_DOX.replace(BREAK_LOOP, "- `break_loop` of `WaitTool` is always `true`.\n")
    root = make_repo({**clean_files(), DOX: text})
    line = NUMBER + 2
    assert _findings(run_cli(root, "check", "--no-cache").output) == [
        f"{DOX}:{line}:1: DOX120 `break_loop` of `WaitTool` is documented wrongly; the code "
        "returns always `false` (Responses at tools/wait.py:7)"
    ]
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == text


@pytest.mark.parametrize(
    "line",
    [
        "- `break_loop`: always `false`.\n",
        "- `WaitTool` never ends the loop: `break_loop` is always `false`.\n",
    ],
)
def test_a_break_loop_line_doxtool_cannot_read_gets_no_second_line(
    make_repo, run_cli, line: str
) -> None:
    """A line doxtool does not read as the block, whose sentence agrees with
    the code, is no finding; one that does not agree, or that cannot be read,
    is reported; none of them gets a second line beside it."""
    text = WAIT_DOX.replace(BREAK_LOOP, line)
    root = make_repo({**clean_files(), DOX: text})
    assert _findings(run_cli(root, "check", "--no-cache").output) == []
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == text
    for wording, state in [
        ("always `true`", f"is documented wrongly (line {NUMBER + 2} says true)"),
        ("`false` or not", f"is not documented in a form doxtool reads (line {NUMBER + 2})"),
    ]:
        text = WAIT_DOX.replace(BREAK_LOOP, line.replace("always `false`", wording))
        root = make_repo({**clean_files(), DOX: text})
        assert _findings(run_cli(root, "check", "--no-cache").output) == [
            f"{DOX}:{SECTION}:1: DOX120 `break_loop` of `WaitTool` {state}; the code returns "
            "always `false` (Responses at tools/wait.py:7)"
        ]
        run_cli(root, "check", "--no-cache", "--fix")
        assert (root / DOX).read_text(encoding="utf-8") == text


@pytest.mark.parametrize(
    "heading",
    [
        "## Runtime Contracts \U0001f527\n",
        "## Runtime Contracts:\n",
        "## **Runtime Contracts**\n",
        "## `Runtime Contracts`\n",
        "## 2. Runtime Contracts\n",
        "## Runtime Contracts (generated)\n",
        "## Runtime Contracts <!-- gen -->\n",
        "## \U0001f527\ufe0f Runtime Contracts\n",
        "## [Runtime Contracts](#runtime-contracts)\n",
        '## <a id="contracts"></a>Runtime Contracts\n',
    ],
)
def test_a_dressed_heading_is_its_section(make_repo, run_cli, heading: str) -> None:
    text = WAIT_DOX.replace("## Runtime Contracts\n", heading)
    root = make_repo({**clean_files(), DOX: text})
    assert run_cli(root, "check", "--no-cache").output == "All checks passed.\n"
    (root / "tools/wait.py").write_text(UNTIL_PY, encoding="utf-8")
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == text.replace(SECONDS, SECONDS + UNTIL_ITEM)


@pytest.mark.parametrize(
    ("method", "finding"),
    [
        ("  - `async execute(**kwargs) -> Response`\n", None),
        ("  - `execute(**kwargs)`: waits.\n", None),
        ("  - `execute(self, **kwargs)`\n", None),
        ("  - `execute(seconds, **kwargs)`\n", "`WaitTool.execute` lost `seconds`"),
        ("  - `execute()`\n", "`WaitTool.execute` gained `kwargs`"),
    ],
)
def test_a_method_written_without_self_agrees(
    make_repo, run_cli, method: str, finding: str | None
) -> None:
    written = "  - `async execute(self, **kwargs) -> Response`\n"
    root = make_repo({**clean_files(), DOX: WAIT_DOX.replace(written, method)})
    found = _findings(run_cli(root, "check", "--no-cache").output)
    if finding is None:
        assert found == []
    else:
        assert len(found) == 1 and f"DOX105 {finding} (tools/wait.py:5)" in found[0], found


def _named_elsewhere(make_repo, run_cli, text: str, offset: int) -> None:
    """``until``, missing from the block of ``text``, is reported as
    documented in a form doxtool does not read, on the line ``offset``
    lines past the lead; ``--fix`` writes no second item for it."""
    root = make_repo({**clean_files(), "tools/wait.py": UNTIL_PY, DOX: text})
    assert _findings(run_cli(root, "check", "--no-cache").output) == [
        f"{DOX}:{NUMBER}:1: DOX111 argument `until` is read at tools/wait.py:7 but not documented"
        f" in a form doxtool reads (line {NUMBER + offset} names it)"
    ]
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == text


INTERVENING_PY = clean_files()["tools/wait.py"].replace(
    "        return Response(",
    "        await self.agent.handle_intervention()\n        return Response(",
)
HELPERS = "- Important called helpers/classes observed in the source: `Response`.\n"


@pytest.mark.parametrize(
    ("written", "finding"),
    [
        # the method named by the class of the attribute it is called on
        ("`Response`, `Agent.handle_intervention`", None),
        ("`Response`, `Agent.handle_intervention()`", None),
        # another method of that class, or a class not named like the attribute
        ("`Response`, `Agent.intervene`", "calls `self.agent.handle_intervention`"),
        ("`Response`, `Context.handle_intervention`", "calls `self.agent.handle_intervention`"),
    ],
)
def test_a_helper_named_by_its_class_and_method_gets_no_second_copy(
    make_repo, run_cli, written: str, finding: str | None
) -> None:
    text = WAIT_DOX.replace(HELPERS, HELPERS.replace("`Response`", written))
    root = make_repo({**clean_files(), "tools/wait.py": INTERVENING_PY, DOX: text})
    found = [f for f in _findings(run_cli(root, "check", "--no-cache").output) if "DOX130" in f]
    if finding is None:
        assert found == []
        run_cli(root, "check", "--no-cache", "--fix")
        assert (root / DOX).read_text(encoding="utf-8") == text
    else:
        assert any(finding in f for f in found), found


IMPORTS = "- Imported dependency areas include: `helpers.tool`.\n"


@pytest.mark.parametrize("written", ["`helpers/tool.py`", "`./helpers/tool.py` (the framework)"])
def test_an_import_written_as_its_file_path_is_that_module(
    make_repo, run_cli, written: str
) -> None:
    """``helpers/tool.py`` on the imports line is the module ``helpers.tool``:
    neither stale nor missing, and a fix keeps it; a path the module does
    not import is stale, and its removal keeps the other path."""
    text = WAIT_DOX.replace(IMPORTS, IMPORTS.replace("`helpers.tool`", written))
    root = make_repo({**clean_files(), DOX: text})
    assert _findings(run_cli(root, "check", "--no-cache").output) == []
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == text
    path = WAIT_DOX.replace(IMPORTS, IMPORTS.replace("`helpers.tool`", "`helpers/tool.py`"))
    stale = WAIT_DOX.replace(
        IMPORTS, IMPORTS.replace("`helpers.tool`", "`helpers/tool.py`, `helpers/wait.py`")
    )
    root = make_repo({**clean_files(), DOX: stale})
    found = _findings(run_cli(root, "check", "--no-cache").output)
    assert len(found) == 1 and "no longer imports `helpers/wait.py`" in found[0], found
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == path


@pytest.mark.parametrize("written", ["`python/helpers/tool.py`", "`plugins/x/helpers/tool.py`"])
def test_a_file_path_of_another_module_is_stale(make_repo, run_cli, written: str) -> None:
    """A file names one module: ``python/helpers/tool.py`` is not
    ``helpers.tool``, so it is stale and the fix writes no second entry
    beside it."""
    text = WAIT_DOX.replace(IMPORTS, IMPORTS.replace("`helpers.tool`", written))
    root = make_repo({**clean_files(), DOX: text})
    found = _findings(run_cli(root, "check", "--no-cache").output)
    assert any(f"no longer imports {written}" in f for f in found), found
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == WAIT_DOX
