"""Argument leads qualified by a word before or after (``Common arguments:``,
``Optional arguments by action:``, ``Arguments (all optional):``, ``Common
args: `a`, `b```) are read as a bare ``Arguments:`` lead is; leads about
what a tool gives back, or that say no, are not."""

from __future__ import annotations

from pathlib import Path

from samples import WAIT_PROMPT, clean_files
from test_prompts import args, parse_file

PROMPT = "prompts/agent.system.tool.wait.md"


def test_qualified_list_leads_teach_their_items(tmp_path: Path) -> None:
    text = """\
### text_editor
Common arguments:
- `path`: absolute file path

Required argument:
- `action`: one of `read`, `write`

Optional arguments by action:
- `content`: full file content for `write`

**Arguments (all optional):**
- `open_in_canvas`: open the file in the Canvas

Minimal args after loading the skill:
- `document`: a path
"""
    doc = parse_file(tmp_path, "p.md", text)
    assert args(doc) == [
        ("path", 3, 4, False, "arguments-list", "text_editor"),
        ("action", 6, 4, False, "arguments-list", "text_editor"),
        ("content", 9, 4, True, "arguments-list", "text_editor"),
        ("open_in_canvas", 12, 4, True, "arguments-list", "text_editor"),
        ("document", 15, 4, False, "arguments-list", "text_editor"),
    ]


def test_a_qualified_args_line_teaches_its_names(tmp_path: Path) -> None:
    text = "### scheduler\nCommon args: `action`, `name`.\n"
    doc = parse_file(tmp_path, "p.md", text)
    assert args(doc) == [
        ("action", 2, 15, False, "args-line", "scheduler"),
        ("name", 2, 25, False, "args-line", "scheduler"),
    ]


def test_leads_of_results_or_of_no_arguments_teach_nothing(tmp_path: Path) -> None:
    text = """\
### search
Returned arguments:
- `hits`: the matches

No arguments:
- `query`: the tool takes none of these

Use replacements inside tool args when needed: `name`

Tool output args: `total`
"""
    doc = parse_file(tmp_path, "p.md", text)
    assert args(doc) == []


def test_an_unread_argument_under_a_common_arguments_lead_is_reported(make_repo, run_cli) -> None:
    files = clean_files()
    files[PROMPT] = WAIT_PROMPT.replace(
        "args: optional `seconds`\n",
        "Common arguments:\n- `seconds`: how long\n- `open_in_canvas`: show it\n\n",
    )
    root = make_repo(files)
    result = run_cli(root, "check", "--select", "PRM")
    assert result.exit_code == 1, result.output
    assert result.output.splitlines()[0] == (
        f"{PROMPT}:5:4: PRM003 argument `open_in_canvas` is taught for `wait` but "
        "tools/wait.py never reads it"
    )


def test_a_bold_lead_then_where_the_arguments_go_teaches_its_items(tmp_path: Path) -> None:
    """The bold closes on the word, before what follows it in parentheses."""
    text = """\
### search
**Arguments** (in `tool_args`):
- `query`: the text

Parameters (in `tool_args`):
- `limit`: how many

**Args** (all optional):
- `lang`: a language

**Returns** (in `tool_args`):
- `hits`: the matches
"""
    doc = parse_file(tmp_path, "p.md", text)
    assert args(doc) == [
        ("query", 3, 4, False, "arguments-list", "search"),
        ("limit", 6, 4, False, "arguments-list", "search"),
        ("lang", 9, 4, True, "arguments-list", "search"),
    ]


def test_a_heading_that_leads_arguments_teaches_the_list_under_it(tmp_path: Path) -> None:
    """``#### Arguments`` under a tool's heading (or ``## Arguments`` under a
    title naming it) leads the list right after it; ``## Returns`` does not."""
    text = """\
### search
Find pages.

#### Arguments
- `query`: the text

#### Optional parameters
- `lang`: a language

#### Returns
- `hits`: the matches
"""
    doc = parse_file(tmp_path, "p.md", text)
    assert args(doc) == [
        ("query", 5, 4, False, "arguments-list", "search"),
        ("lang", 8, 4, True, "arguments-list", "search"),
    ]
    titled = "# search tool\n\nFind pages.\n\n## Arguments\n- `query`: the text\n"
    doc = parse_file(tmp_path, "agent.system.tool.search.md", titled)
    assert args(doc) == [("query", 6, 4, False, "arguments-list", "search")]
