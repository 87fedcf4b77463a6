"""Arguments taught outside ``args:`` lines: tables whose header names
arguments, lists under a bare ``Arguments:`` line, and list items named by
their first span before a parenthesis or a dash; and the values an
``args:`` line lists after a name in prose."""

from __future__ import annotations

from pathlib import Path

from test_prompts import args, parse_file


def test_an_argument_table_teaches_its_first_cells(tmp_path: Path) -> None:
    text = """\
### read_file
Read a text file.

| argument | required | meaning |
|---|---|---|
| `path` | yes | absolute path of the file |
| **`encoding`** | no | text encoding, default `utf-8` |
| limit | | at most this many lines, optional |
| `two words` | yes | not a name |
"""
    doc = parse_file(tmp_path, "p.md", text)
    assert args(doc) == [
        ("path", 6, 4, False, "table", "read_file"),
        ("encoding", 7, 6, True, "table", "read_file"),
        ("limit", 8, 3, True, "table", "read_file"),
    ]


def test_a_table_of_anything_else_teaches_nothing(tmp_path: Path) -> None:
    text = """\
### scheduler
| action | meaning |
|---|---|
| `list` | list the tasks |

| name | type |
| --- | --- |
| `when` | string |

| a | b |
|---|---|
"""
    doc = parse_file(tmp_path, "p.md", text)
    # the second table has a type column: its first cells are arguments
    assert args(doc) == [("when", 8, 4, False, "table", "scheduler")]


def test_a_list_under_a_bare_arguments_line(tmp_path: Path) -> None:
    text = """\
### read_file
Arguments:
- `path` (required): absolute path of the file
- `charset` (optional): text encoding
  - `utf-8`: a value, not an argument

**Parameters:**
1. `limit` — at most this many lines
"""
    doc = parse_file(tmp_path, "p.md", text)
    assert args(doc) == [
        ("path", 3, 4, False, "arguments-list", "read_file"),
        ("charset", 4, 4, True, "arguments-list", "read_file"),
        ("limit", 8, 5, False, "arguments-list", "read_file"),
    ]


def test_list_items_named_before_a_parenthesis_or_a_dash(tmp_path: Path) -> None:
    text = """\
### wait
- `seconds` (optional): how long
- `until` — a time
- `label` - a tag
- `note` is prose
- `mode`: fast or slow
"""
    doc = parse_file(tmp_path, "p.md", text)
    assert doc.listed_names == ["seconds", "until", "label", "mode"]
    assert doc.arguments == []


def test_values_listed_after_a_name_on_an_args_line_are_no_names(tmp_path: Path) -> None:
    lines = {
        "args: `action` - one of `save`, `load`": ["action"],
        "args: `action` \u2014 `list`, `add` or `delete`": ["action"],
        "args: `action` \u2013 `list`, `add`, `delete`; `when`": ["action", "when"],
        "args: `action` values `list`, `add`, `delete`": ["action"],
        "args: `action` in {`list`, `add`}": ["action"],
        "args: `action` \u2208 `list`, `add`": ["action"],
        "args: `action` - `list` to show, `add` to create": ["action"],
        "args: `action`: `list` to show, `add` to create, `when`: a time": ["action", "when"],
        # a name followed by a dash starts an item of its own
        "args: `text` - `hi` or `bye`, `count` - how many": ["text", "count"],
        # prose after the dash: the next span is a name
        "args: `text` - the text to send, `count`": ["text", "count"],
        "args: `action` (`list` to show, `add` to create), `when`": ["action", "when"],
    }
    for line, names in lines.items():
        doc = parse_file(tmp_path, "p.md", f"### sched\n{line}\n")
        assert [a.name for a in doc.arguments] == names, line
