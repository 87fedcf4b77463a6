"""The prompt parser reads real-shaped prompt files as a model would see them."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doxtool.core.facts import Problem
from doxtool.core.serde import from_data, to_data
from doxtool.core.source import SourceText, read_text
from doxtool.prompts import examples as prompts
from doxtool.prompts.examples import JSON5_MAX_CHARS, MAX_JSON_DEPTH
from doxtool.prompts.model import JsonError, PromptDoc, PromptExample, PromptTool, TaughtArgument
from doxtool.prompts.parse import parse_prompt


def parse_file(root: Path, relative: str, text: str, newline: str = "\n") -> PromptDoc:
    """Write a prompt file, read it back the way doxtool reads files, parse it."""
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.replace("\n", newline).encode("utf-8"))
    source = read_text(path)
    assert isinstance(source, SourceText)
    return parse_prompt(source.text, relative)


def position(text: str, needle: str, occurrence: int = 0) -> tuple[int, int]:
    """1-based line and column of a needle, to cross-check literal positions."""
    offset = -1
    for _ in range(occurrence + 1):
        offset = text.index(needle, offset + 1)
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def args(doc: PromptDoc) -> list[tuple[str, int, int, bool, str, str | None]]:
    return [(a.name, a.line, a.column, a.optional, a.source, a.tool) for a in doc.arguments]


def tools(doc: PromptDoc) -> list[tuple[str, int, int, str]]:
    return [(t.name, t.line, t.column, t.source) for t in doc.tools]


# --- Real-shaped prompt files --------------------------------------------------

RESPONSE = """\
### response:
final answer to user
ends task processing use only when done or no task active
put result in text arg
usage:
~~~json
{
    "thoughts": [
        "The user asked for the date; I have it.",
    ],
    "headline": "Answering the user",
    "tool_name": "response",
    "tool_args": {
        "text": "Answer to the user",
    },
}
~~~
{{ include "agent.system.tool.response.extra.md" }}
"""


def test_agent_zero_response_prompt(tmp_path: Path) -> None:
    doc = parse_file(tmp_path, "prompts/agent.system.tool.response.md", RESPONSE)

    assert tools(doc) == [("response", 1, 5, "heading"), ("response", 12, 18, "example")]
    assert position(RESPONSE, '"response"') == (12, 18)
    assert args(doc) == [("text", 14, 9, False, "example", "response")]
    [example] = doc.examples
    assert (example.line, example.column, example.inline) == (7, 1, False)
    assert example.text == RESPONSE.split("~~~json\n")[1].split("\n~~~")[0]
    assert example.error is None
    assert example.tool_name == "response"
    assert example.keys == ["thoughts", "headline", "tool_name", "tool_args"]
    assert example.tool_args == {"text": "Answer to the user"}
    assert example.data == {
        "thoughts": ["The user asked for the date; I have it."],
        "headline": "Answering the user",
        "tool_name": "response",
        "tool_args": {"text": "Answer to the user"},
    }
    assert doc.has_tools_placeholder is False
    assert doc.size == len(RESPONSE)
    assert doc.problems == []
    assert doc.path == "prompts/agent.system.tool.response.md"


CALL_SUB = """\
### call_subordinate
{{if agent_profile}}
you can use subordinates for subtasks
{{endif}}
Arguments in `tool_args`:
- `message`: the subtask, with everything the subordinate needs (required)
- `reset`: optional, `"true"` to start a new subordinate
  - `keep`: nested items describe values, not arguments
{{ include "agent.system.tool.call_sub.examples.md" }}
usage:
```json
{
  "thoughts": ["Counting the open issues is a separate job."],
  "tool_name": "call_subordinate",
  "tool_args": {
    "message": "Count the open issues.",
    "reset": {{reset_default}},
  }
}
```
"""


def test_file_key_differs_from_tool_name(tmp_path: Path) -> None:
    # agent.system.tool.call_sub.md documents the tool call_subordinate.
    doc = parse_file(tmp_path, "prompts/agent.system.tool.call_sub.md", CALL_SUB)

    assert tools(doc) == [
        ("call_subordinate", 1, 5, "heading"),
        ("call_subordinate", 14, 16, "example"),
    ]
    assert args(doc) == [
        ("message", 6, 4, False, "arguments-list", "call_subordinate"),
        ("reset", 7, 4, True, "arguments-list", "call_subordinate"),
        ("message", 16, 5, False, "example", "call_subordinate"),
        ("reset", 17, 5, False, "example", "call_subordinate"),
    ]
    [example] = doc.examples
    assert example.error is None
    # A bare {{var}} where a value is due reads as null.
    assert example.tool_args == {"message": "Count the open issues.", "reset": None}
    assert doc.problems == []


TINY_NOTIFY = """\
### notify_user
args: `message`, optional `title`, `detail`
`{"tool_name": "notify_user", "tool_args": {"message": "Build finished"}}`
"""


def test_tiny_local_inline_example_and_args_line(tmp_path: Path) -> None:
    doc = parse_file(
        tmp_path, "agents/tiny-local/prompts/agent.system.tool.notify_user.md", TINY_NOTIFY
    )

    assert tools(doc) == [("notify_user", 1, 5, "heading"), ("notify_user", 3, 16, "example")]
    assert args(doc) == [
        ("message", 2, 8, False, "args-line", "notify_user"),
        ("title", 2, 28, True, "args-line", "notify_user"),
        ("detail", 2, 37, True, "args-line", "notify_user"),
        ("message", 3, 45, False, "example", "notify_user"),
    ]
    assert position(TINY_NOTIFY, '"message"') == (3, 45)
    [example] = doc.examples
    assert example == PromptExample(
        line=3,
        column=2,
        text='{"tool_name": "notify_user", "tool_args": {"message": "Build finished"}}',
        tool_name="notify_user",
        tool_args={"message": "Build finished"},
        keys=["tool_name", "tool_args"],
        data={"tool_name": "notify_user", "tool_args": {"message": "Build finished"}},
        error=None,
        inline=True,
        introduced=True,  # the heading of its section names the tool it calls
        label="args: `message`, optional `title`, `detail`",  # the line before it
        places={"message": [3, 56]},  # where the value of `message` lies
    )


def test_single_line_response_example_in_prose(tmp_path: Path) -> None:
    text = (
        "### response\n"
        'Reply like this: `{"tool_name": "response", "tool_args": {"text": "done"}}` and stop.\n'
        "Other code such as `{x}` or `tool_name` is not an example.\n"
    )
    doc = parse_file(tmp_path, "p.md", text)

    [example] = doc.examples
    assert (example.line, example.column, example.inline) == (2, 19, True)
    assert example.tool_args == {"text": "done"}
    assert tools(doc) == [("response", 1, 5, "heading"), ("response", 2, 33, "example")]
    assert args(doc) == [("text", 2, 59, False, "example", "response")]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        # `optional` carries over the rest of the line, as real prompts mean it.
        (
            "args: `message`, optional `title`, `detail`",
            [("message", False), ("title", True), ("detail", True)],
        ),
        # ... until `required` ends the run.
        ("args: optional `a`, required `b`, `c`", [("a", True), ("b", False), ("c", False)]),
        # A postfix `optional` marks its own item only.
        ("args: `a` (optional), `b`", [("a", True), ("b", False)]),
        (
            "args: `action` (one of `list`, `create`), `name` optional",
            [("action", False), ("name", True)],
        ),
        # Commas inside parentheses do not end an item.
        ("args: `a` (x, optional y), `b`", [("a", True), ("b", False)]),
        (
            "args: `summary` (what was finished, required), optional `handoff` (a flag)",
            [("summary", False), ("handoff", True)],
        ),
        # A name mentioned twice counts once.
        (
            "args: `text` (the answer); `message` is accepted as an alias of `text`",
            [("text", False), ("message", False)],
        ),
        ("**args:** `query`, ``limit``", [("query", False), ("limit", False)]),
        ("Arguments: `path`", [("path", False)]),
        ("args: none", []),
        ("the args: `x` are not on an args line", []),
        ("args: `two words`, `ok`", [("ok", False)]),
        # `and/or` joins names as `and` and `or` do
        (
            "args: `seconds`, `minutes` and/or `hours`",
            [("seconds", False), ("minutes", False), ("hours", False)],
        ),
        # any other word makes the next span a value
        ("args: `wait` default `true`", [("wait", False)]),
        # a joining word after a value joins values, not names
        ("args: `url`, `mode` = `fast` | `slow`", [("url", False), ("mode", False)]),
        ("args: `mode`: `fast` or `slow`, `x` (a flag)", [("mode", False)]),
        # after ``name:`` a comma right after a value goes on listing values ...
        (
            "args: `code`, `runtime`: one of `terminal`, `python`",
            [("code", False), ("runtime", False)],
        ),
        # ... while one after prose, or after a name, starts the next name
        (
            "args: `code`: the source, `runtime`: one of `terminal`, `nodejs`; `timeout`",
            [("code", False), ("runtime", False), ("timeout", False)],
        ),
        ("args: `a`: the first, `b`", [("a", False), ("b", False)]),
        (
            "args: `wait` default `true`, `action` as `start|await`, `timeout`",
            [("wait", False), ("action", False), ("timeout", False)],
        ),
    ],
)
def test_args_line_rules(tmp_path: Path, line: str, expected: list[tuple[str, bool]]) -> None:
    doc = parse_file(tmp_path, "p.md", f"### tool\n{line}\n")
    assert [(a.name, a.optional) for a in doc.arguments] == expected
    assert all(a.source == "args-line" and a.tool == "tool" for a in doc.arguments)


@pytest.mark.parametrize(
    ("heading", "expected"),
    [
        ("### wait", ["wait"]),
        ("### response:", ["response"]),
        ("### `scheduler:create_task`:", ["scheduler:create_task"]),
        ("### scheduler:createTask", ["scheduler:createTask"]),
        ("### `MyTool`", ["MyTool"]),
        # a capitalised word outside backticks is prose, not a tool
        ("### Examples", []),
        ("### Notes", []),
        ("### Rules:", []),
        ("### Steps", []),
        ("### Usage", []),
        ("### myTool", []),
    ],
)
def test_heading_names_a_tool_only_spelled_as_one(
    tmp_path: Path, heading: str, expected: list[str]
) -> None:
    doc = parse_file(tmp_path, "p.md", f"{heading}\nargs: `x`\n")
    assert doc.tool_names == expected
    assert [a.tool for a in doc.arguments] == [expected[0] if expected else None]


def test_argument_positions_and_sections(tmp_path: Path) -> None:
    text = """\
# Tools
args: `orphan`

### `scheduler:create_task`:
> args: `name`, optional `schedule`

#### Notes
- args: `prompt`

### Example usage
args: `not_a_tool_arg`

## Elsewhere
Arguments in tool_args:
1. `level`: optional, default 1
2. no name here
3. `flag` - required
"""
    doc = parse_file(tmp_path, "p.md", text)

    assert tools(doc) == [("scheduler:create_task", 4, 6, "heading")]
    assert args(doc) == [
        ("orphan", 2, 8, False, "args-line", None),
        ("name", 5, 10, False, "args-line", "scheduler:create_task"),
        ("schedule", 5, 27, True, "args-line", "scheduler:create_task"),
        # #### stays inside the tool's section; a prose ### heading ends it.
        ("prompt", 8, 10, False, "args-line", "scheduler:create_task"),
        ("not_a_tool_arg", 11, 8, False, "args-line", None),
        ("level", 15, 5, True, "arguments-list", None),
        ("flag", 17, 5, False, "arguments-list", None),
    ]


# --- Invalid examples ------------------------------------------------------------


def test_invalid_fenced_example_points_at_the_error(tmp_path: Path) -> None:
    text = """\
### response
~~~json
{
  "tool_name": "response",
  "tool_args": {"text": "done" "more": 1}
}
~~~
"""
    doc = parse_file(tmp_path, "p.md", text)

    [example] = doc.examples
    assert example.error == JsonError("expecting ',' delimiter", 5, 32)
    assert position(text, '"more"') == (5, 32)
    assert (example.data, example.tool_name, example.tool_args, example.keys) == (
        None,
        None,
        None,
        [],
    )
    # An invalid example teaches nothing but is still an example.
    assert tools(doc) == [("response", 1, 5, "heading")]
    assert doc.arguments == []


def test_invalid_example_with_crlf_line_endings(tmp_path: Path) -> None:
    text = '### x\n\n```json\n{"tool_name": "x",\n "tool_args": {"a": [1,,2]}}\n```\n'
    doc = parse_file(tmp_path, "p.md", text, newline="\r\n")

    assert doc.examples[0].error == JsonError("expecting value", 5, 24)
    assert position(text, ",,") == (5, 23)
    assert doc.size == len(text) + text.count("\n")


def test_invalid_inline_example_in_nested_containers(tmp_path: Path) -> None:
    text = '> - see `{"tool_name": "x", "tool_args": {"a": 1,,}}`\n'
    doc = parse_file(tmp_path, "p.md", text)

    [example] = doc.examples
    assert (example.line, example.column, example.inline) == (1, 10, True)
    # The second comma, right after the first.
    assert example.error == JsonError("expecting property name enclosed in double quotes", 1, 50)
    assert position(text, ",,") == (1, 49)


def test_invalid_example_in_indented_list_fence(tmp_path: Path) -> None:
    text = '- usage:\n  ```json\n  {"tool_name": "x",\n   "tool_args": {]}\n  ```\n'
    doc = parse_file(tmp_path, "p.md", text)

    [example] = doc.examples
    assert (example.line, example.column) == (3, 3)
    assert example.error == JsonError("expecting property name enclosed in double quotes", 4, 18)


def test_example_that_ends_too_early(tmp_path: Path) -> None:
    text = '```json\n{"tool_name": "x",\n "tool_args": {"a": 1}\n```\n'
    doc = parse_file(tmp_path, "p.md", text)

    assert doc.examples[0].error == JsonError("expecting ',' delimiter", 3, 23)


def test_empty_json_fence(tmp_path: Path) -> None:
    doc = parse_file(tmp_path, "p.md", "text\n\n```json\n\n```\n")

    assert doc.examples[0].error == JsonError("empty example", 4, 1)


# --- Lenient JSON and templates ------------------------------------------------------


def test_json5_leniency(tmp_path: Path) -> None:
    text = """\
```json
{
  // comments and single quotes occur in hand-written prompts
  tool_name: 'wait',
  tool_args: {seconds: 5, 'until': "soon",},
}
```
"""
    doc = parse_file(tmp_path, "p.md", text)

    [example] = doc.examples
    assert example.error is None
    assert example.tool_args == {"seconds": 5, "until": "soon"}
    assert tools(doc) == [("wait", 4, 14, "example")]
    assert args(doc) == [
        ("seconds", 5, 15, False, "example", "wait"),
        ("until", 5, 27, False, "example", "wait"),
    ]


def test_triple_quoted_strings_as_dirty_json_reads_them(tmp_path: Path) -> None:
    """Agent Zero's DirtyJson reads a value written ``\"\"\"...\"\"\"`` (or with
    single quotes) as the text between, stripped; positions after it stay exact."""
    text = (
        '```json\n{"tool_name": "kv", "tool_args": {"value": """server {\n'
        '    listen 80;\n}  """, "note": \'\'\'a "b"\'\'\', "key": "x"}}\n```\n'
        '```json\n{"tool_name": "kv", "tool_args": {"value": """x""" "key": 1}}\n```\n'
    )
    doc = parse_file(tmp_path, "p.md", text)

    first, second = doc.examples
    assert first.error is None
    assert first.tool_args == {
        "value": "server {\n    listen 80;\n}",
        "note": 'a "b"',
        "key": "x",
    }
    assert args(doc) == [
        ("value", 2, 35, False, "example", "kv"),
        ("note", 4, 9, False, "example", "kv"),
        ("key", 4, 30, False, "example", "kv"),
    ]
    assert second.error == JsonError("expecting ',' delimiter", 7, 52)


def test_template_directives_inside_examples(tmp_path: Path) -> None:
    text = """\
### search
```json
{
  "tool_name": "search",
  {{if with_thoughts}}"thoughts": ["{{ include "thought.md" }}"],{{endif}}
  "tool_args": {
    "query": "{{query}}",
    "limit": {{limit}},
    {{ include "more_args.md" }}
    "tags": [{{tag}}, "x",],
  },
}
```
"""
    doc = parse_file(tmp_path, "p.md", text)

    [example] = doc.examples
    assert example.error is None
    assert example.data == {
        "tool_name": "search",
        "thoughts": ["{{ include 'thought.md' }}"],
        "tool_args": {"query": "{{query}}", "limit": None, "tags": [None, "x"]},
    }
    assert example.text.count("{{") == 7  # the text is kept as written
    assert [(a.name, a.line, a.column) for a in doc.arguments] == [
        ("query", 7, 5),
        ("limit", 8, 5),
        ("tags", 10, 5),
    ]


def test_template_only_fences_and_prose(tmp_path: Path) -> None:
    text = """\
{{ include "agent.system.tool.header.md" }}
```
{{ include "example.json" }}
```
```python
{"tool_name": "not json"}
```
```
{"tool_name": "no info string", "tool_args": {}}
```
"""
    doc = parse_file(tmp_path, "p.md", text)

    assert [(e.line, e.tool_name) for e in doc.examples] == [(9, "no info string")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("## Tools\n{{tools}}\n", True),
        # the framework fills only ``{{tools}}`` as written (replace_placeholders_text)
        ("## Tools\n{{ tools }}\n", False),
        ("## Tools\n{{\ttools\t}}\n", False),
        ("## Tools\n{{tool}}\n", False),
        ("## Tools\n{tools}\n", False),
    ],
)
def test_tools_placeholder(tmp_path: Path, text: str, expected: bool) -> None:
    doc = parse_file(tmp_path, "prompts/agent.system.tools.md", text)
    assert doc.has_tools_placeholder is expected


# --- Hostile input ---------------------------------------------------------------


def test_json_nested_ten_thousand_deep(tmp_path: Path) -> None:
    opening = '```json\n{"tool_name": "x", "tool_args": {"a": '
    text = opening + "[" * 10_000 + "]" * 10_000 + "}}\n```\n"
    doc = parse_file(tmp_path, "p.md", text)

    [example] = doc.examples
    # The root object and tool_args make two levels; the first bracket past
    # the limit is reported.
    column = len(opening.split("\n")[1]) + 1 + MAX_JSON_DEPTH - 2
    assert example.error == JsonError(f"JSON nested deeper than {MAX_JSON_DEPTH} levels", 2, column)
    assert column == 77


def test_json_nested_within_the_limit_parses(tmp_path: Path) -> None:
    depth = MAX_JSON_DEPTH - 2
    text = (
        '```json\n{"tool_name": "x", "tool_args": {"a": ' + "[" * depth + "]" * depth + ",}}\n```\n"
    )
    doc = parse_file(tmp_path, "p.md", text)

    assert doc.examples[0].error is None


def test_recursion_error_becomes_a_json_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def exhausted(*args: object, **kwargs: object) -> object:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(prompts.json, "loads", exhausted)
    doc = parse_prompt('### x\n```json\n  {"tool_name": "x"}\n```\n', "p.md")

    assert doc.examples[0].error == JsonError("JSON nested too deep to parse", 3, 3)


def test_long_example_skips_json5_but_accepts_trailing_commas(tmp_path: Path) -> None:
    items = '"item",\n' * (JSON5_MAX_CHARS // 8 + 1)
    text = '```json\n{"tool_name": "x", "tool_args": {"list": [\n' + items + "],},}\n```\n"
    bad = text.replace('"item",\n"item"', '"item",\n// a comment json5 would accept\n"item"', 1)
    started = time.perf_counter()
    good_doc = parse_file(tmp_path, "good.md", text)
    bad_doc = parse_file(tmp_path, "bad.md", bad)

    assert time.perf_counter() - started < 5
    assert good_doc.examples[0].error is None
    assert len(good_doc.examples[0].tool_args["list"]) == JSON5_MAX_CHARS // 8 + 1
    assert bad_doc.examples[0].error == JsonError("expecting value", 4, 1)


def test_unclosed_fence_and_comment_are_problems(tmp_path: Path) -> None:
    text = """\
### wait
> <!-- old text
> still hidden

~~~json
{"tool_name": "wait", "tool_args": {"seconds": 1}}
"""
    doc = parse_file(tmp_path, "p.md", text)

    assert doc.problems == [
        Problem("HTML comment is never closed; the rest of its block is hidden", 2, 3, "structure"),
        Problem(
            "code fence is never closed; the rest of its block is read as code", 5, 1, "structure"
        ),
    ]
    # The unclosed fence runs to the end of the file and still holds an example.
    assert doc.examples[0].tool_args == {"seconds": 1}


def test_unicode_line_separators_do_not_shift_lines(tmp_path: Path) -> None:
    text = "intro\u2028still line one\x85\x0c\n### response\nargs: `text` \u00e9\u4e2d\n"
    doc = parse_file(tmp_path, "p.md", text)

    assert tools(doc) == [("response", 2, 5, "heading")]
    assert args(doc) == [("text", 3, 8, False, "args-line", "response")]
    assert doc.size == len(text)


def test_megabyte_line(tmp_path: Path) -> None:
    text = "### response\nargs: `text`" + " word" * 200_000 + "\n`{" + "x" * 1_000_000 + "`\n"
    doc = parse_file(tmp_path, "p.md", text)

    assert args(doc) == [("text", 2, 8, False, "args-line", "response")]
    assert doc.examples == []


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.sampled_from(
            [
                *"#`~{}[]\":,'\n >-*()!<>\\/ \t\r1aé\u2028\x00",
                "args:",
                "Arguments in `tool_args`:",
                "{{",
                "}}",
                '"tool_name"',
                "optional",
                "```json\n",
            ]
        ),
        max_size=120,
    ).map("".join)
)
def test_never_raises(text: str) -> None:
    doc = parse_prompt(text, "p.md")

    assert not [p for p in doc.problems if p.kind == "internal"]
    json.dumps(to_data(doc))
    for item in (*doc.tools, *doc.arguments, *doc.examples):
        assert item.line >= 1 and item.column >= 1


def test_serialises_to_json_and_back() -> None:
    doc = parse_prompt(CALL_SUB, "prompts/agent.system.tool.call_sub.md")
    data = json.loads(json.dumps(to_data(doc)))

    assert data["tools"][0] == {
        "name": "call_subordinate",
        "line": 1,
        "column": 5,
        "source": "heading",
        "group": 0,
        "with_args": False,
        "section": None,
        "value_of": None,
        "plain": False,
        "value_named": False,
        "part": 0,
        "mark": "",
    }
    assert from_data(PromptDoc, data) == doc
    assert isinstance(from_data(PromptDoc, data).tools[0], PromptTool)
    assert isinstance(from_data(PromptDoc, data).arguments[0], TaughtArgument)


def test_convenience_accessors() -> None:
    doc = parse_prompt(CALL_SUB, "p.md")

    assert doc.tool_names == ["call_subordinate"]
    assert [a.name for a in doc.arguments_of("call_subordinate")] == [
        "message",
        "reset",
        "message",
        "reset",
    ]


def test_json5_only_syntax_with_a_real_error(tmp_path: Path) -> None:
    # Strict JSON fails at the comment, which JSON5 accepts: json5's error,
    # at the missing comma, is the one reported.
    text = '```json\n{\n  // the call\n  tool_name: "x" tool_args: {},\n}\n```\n'
    doc = parse_file(tmp_path, "p.md", text)

    assert doc.examples[0].error == JsonError("unexpected 't'", 4, 18)
    assert position(text, "tool_args") == (4, 18)


def test_included_files_are_listed_as_written() -> None:
    text = (
        "### response:\nfinal answer\n"
        '{{ include "agent.system.response_tool_tips.md" }}\n'
        "{{include 'extra.md'}} and {{ include \"agent.system.response_tool_tips.md\" }}\n"
        "{{ tools }} {{ if x }} {{ includes }}\n"
    )
    doc = parse_prompt(text, "prompts/agent.system.tool.response.md")
    assert doc.includes == ["agent.system.response_tool_tips.md", "extra.md"]
    assert parse_prompt("### wait\nPause.\n", "p.md").includes == []
