"""Prompt text that documents something other than arguments or calls: a
tool's result fields, the values of an argument, an item's shape; and
arguments written across a wrapped line or in a tool's list item."""

from __future__ import annotations

from pathlib import Path

from test_prompt_reading_rules import PROMPT, _check
from test_prompts import args, parse_file, tools

from doxtool.rules.examples import WAIT_PY


def test_a_result_item_with_a_headline_is_no_call(make_repo, run_cli) -> None:
    """``headline`` is an allowed key, but with keys no call has and no
    ``tool_name`` the object is the tool's result format; an envelope made of
    call keys only is still an example lacking its call."""
    prompt = (
        "### wait\nPause.\nargs: optional `seconds`\n\n"
        "returns a list, each item shaped like:\n```json\n"
        '{"headline": "Rates unchanged", "url": "https://x.example/1"}\n```\n'
        "a call that forgot its tool:\n```json\n"
        '{"headline": "Waiting", "tool": "wait", "args": {"seconds": 1}}\n```\n'
    )
    assert _check(make_repo, run_cli, prompt) == [
        f"{PROMPT}:11:1: PRM007 example has `tool`, `args` and lacks `tool_name`, `tool_args`; "
        "profile `default` allows only `thoughts`, `headline`, `tool_name`, `tool_args`"
    ]


def test_the_shape_of_a_call_names_no_tool(tmp_path: Path) -> None:
    """A placeholder tool name, or ``tool_args`` written ``{...}``, makes the
    object the shape of any call: it names no tool and teaches nothing."""
    text = (
        "### batch\n"
        'args: `calls`, a list of `{"tool_name": "name", "tool_args": {...}}` objects\n'
        'shape: `{"tool_name": "TOOL", "tool_args": {"arg": "value"}}`\n'
        'one item: `{"tool_name": "wait", "tool_args": { \u2026 }}`\n'
        'a call: `{"tool_name": "batch", "tool_args": {"calls": []}}`\n'
    )
    doc = parse_file(tmp_path, "p.md", text)
    assert tools(doc) == [("batch", 1, 5, "heading"), ("batch", 5, 24, "example")]
    assert args(doc) == [
        ("calls", 2, 8, False, "args-line", "batch"),
        ("calls", 5, 47, False, "example", "batch"),
    ]
    assert [example.tool_name for example in doc.examples] == ["name", "TOOL", "wait", "batch"]


def test_values_written_right_after_a_name_or_as_its_default(tmp_path: Path) -> None:
    lines = {
        "args: `code`, `runtime` `terminal`|`python`, optional `reset` `true` to start fresh": [
            "code",
            "runtime",
            "reset",
        ],
        "args: `code`, `runtime` `terminal` or `python`": ["code", "runtime"],
        "args: `path`, optional `encoding`, defaults to `utf-8`, optional `format`, "
        "default `markdown`": ["path", "encoding", "format"],
        "args: `lang`, e.g. `en`, `unit`, such as `kg`; `count`": ["lang", "unit", "count"],
        # joined by a word, or after a comma with no such words, it is a name
        "args: `seconds` or `minutes`, the `until` timestamp": ["seconds", "minutes", "until"],
    }
    for line, names in lines.items():
        doc = parse_file(tmp_path, "p.md", f"### tool\n{line}\n")
        assert [a.name for a in doc.arguments] == names, line
    doc = parse_file(tmp_path, "p.md", "### tool\n" + next(iter(lines)) + "\n")
    # the names read as values are mentions of the section's tool (PRM004 credits them)
    taught = {a.name for a in doc.arguments}
    values = [(m.name, m.tool) for m in doc.mentions if m.name not in taught]
    words = [(m.name, m.tool) for m in doc.mentions if m.source == "word"]
    assert [value for value in values if value not in words] == [
        ("terminal", "tool"),
        ("python", "tool"),
        ("true", "tool"),
    ]
    # the words outside backticks are mentions too, of another source
    assert words == [("to", "tool"), ("start", "tool"), ("fresh", "tool")]


def test_a_name_read_as_a_value_is_not_reported_as_never_taught(make_repo, run_cli) -> None:
    """``label`` may be an argument written tersely after ``seconds``: PRM004
    does not claim it is never taught, and PRM003 does not read it either."""
    label_py = WAIT_PY.replace(
        "        return Response(",
        '        label = self.args["label"]\n        return Response(',
    )
    prompt = "### wait\nPause.\nargs: `seconds` `label`\n"
    assert _check(make_repo, run_cli, prompt, label_py) == []


def test_an_args_line_wrapped_after_a_comma_goes_on(tmp_path: Path) -> None:
    text = (
        "### send_email\n"
        "args: `to` (comma-separated addresses), `body`,\n"
        "      `subject` (keep it short), `title` or\n"
        "  `cc`, optional `bcc`\n"
        "the `footer` is added by the relay\n"
        "args: `a`;\n"
        "args: `b`\n"
    )
    doc = parse_file(tmp_path, "p.md", text)
    assert args(doc) == [
        ("to", 2, 8, False, "args-line", "send_email"),
        ("body", 2, 42, False, "args-line", "send_email"),
        ("subject", 3, 8, False, "args-line", "send_email"),
        ("title", 3, 35, False, "args-line", "send_email"),
        ("cc", 4, 4, False, "args-line", "send_email"),
        ("bcc", 4, 19, True, "args-line", "send_email"),
        ("a", 6, 8, False, "args-line", "send_email"),
        ("b", 7, 8, False, "args-line", "send_email"),
    ]


def test_an_arguments_sub_heading_stays_in_its_tool_section(make_repo, run_cli) -> None:
    """``### arguments`` names no tool (no PRM002), and what is taught under
    it belongs to the tool above: ``minutes`` is reported for ``wait``."""
    prompt = (
        "### wait\nPause.\n\n### arguments\nargs: optional `seconds`, `minutes`\n\n"
        '### Usage:\n`{"tool_name": "wait", "tool_args": {"seconds": 1}}`\n'
    )
    assert _check(make_repo, run_cli, prompt) == [
        f"{PROMPT}:5:28: PRM003 argument `minutes` is taught for `wait` but tools/wait.py "
        "never reads it"
    ]


def test_section_words_in_backticks_name_a_tool(tmp_path: Path) -> None:
    doc = parse_file(tmp_path, "p.md", "### kv_store\n### `usage`\nargs: `x`\n")
    assert tools(doc) == [("kv_store", 1, 5, "heading"), ("usage", 2, 6, "heading")]
    assert args(doc) == [("x", 3, 8, False, "args-line", "usage")]


RESULT_TABLE = "| field | type | meaning |\n|---|---|---|\n| `url` | string | a link |\n"


def test_tables_of_results_and_of_values_teach_no_argument(tmp_path: Path) -> None:
    text = (
        "### news\nargs: optional `topic`\n\n"
        f"returns a JSON list; each item has:\n\n{RESULT_TABLE}\n"
        "#### Output\n"
        "| name | type |\n|---|---|\n| `published` | string |\n\n"
        "### settings\nargs: `key`, optional `value`\n\n"
        "| key | meaning |\n|---|---|\n| `theme` | `light` or `dark` |\n\n"
        # a key or field header lists arguments under a lead that says so
        f"Arguments in `tool_args`:\n\n{RESULT_TABLE}\n"
        f"### Parameters\n{RESULT_TABLE}\n"
        # a header that names arguments does whatever the lead
        "each item has:\n\n| argument | meaning |\n|---|---|\n| `mode` | how |\n\n"
        # an argument column, with no lead about results
        "| name | default |\n|---|---|\n| `limit` | 5 |\n"
    )
    doc = parse_file(tmp_path, "p.md", text)
    assert args(doc) == [
        ("topic", 2, 17, True, "args-line", "news"),
        ("key", 16, 8, False, "args-line", "settings"),
        ("value", 16, 24, True, "args-line", "settings"),
        ("url", 26, 4, False, "table", "settings"),
        ("url", 31, 4, False, "table", "settings"),
        ("mode", 37, 4, False, "table", "settings"),
        ("limit", 41, 4, False, "table", "settings"),
    ]


def test_a_tool_list_item_teaches_the_args_after_its_name(make_repo, run_cli) -> None:
    """``- `wait`: args ...`` teaches the item's tool's arguments, as an
    ``args:`` line does; for a name that is no tool no argument is reported,
    but in a list of tools the item names a tool that does not exist."""
    prompt = (
        "## waiting\n"
        "- `wait`: args optional `seconds`, `minutes`\n"
        "- `nap`: **args:** `hours`\n"
        '\n`{"tool_name": "wait", "tool_args": {"seconds": 1}}`\n'
    )
    assert _check(make_repo, run_cli, prompt) == [
        f"{PROMPT}:2:37: PRM003 argument `minutes` is taught for `wait` but tools/wait.py "
        "never reads it",
        f"{PROMPT}:3:4: PRM002 prompt list item names tool `nap`, which does not exist "
        "(no `nap.py` in tools, python/tools, plugins/*/tools)",
    ]


def test_list_item_args_belong_to_the_item(tmp_path: Path) -> None:
    text = "### memory\n- `memory_load`: args `query`, optional `limit`,\n  `filter`\n"
    doc = parse_file(tmp_path, "p.md", text)
    assert args(doc) == [
        ("query", 2, 24, False, "args-line", "memory_load"),
        ("limit", 2, 42, True, "args-line", "memory_load"),
        ("filter", 3, 4, True, "args-line", "memory_load"),
    ]
