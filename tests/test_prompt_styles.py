"""Prompts written in unusual but real styles, through the real CLI: an
example introduced as the agent's answer, examples written as Python dicts,
the arguments of the tools a dispatcher calls. None of them is a finding
where the model reads the prompt right."""

from __future__ import annotations

from samples import WAIT_PROMPT, clean_files, tool_named

PROMPT = "prompts/agent.system.tool.wait.md"


def _findings(output: str) -> list[str]:
    return [line for line in output.splitlines() if ": PRM" in line]


def _answer(lead: str) -> str:
    return WAIT_PROMPT + f'{lead}\n~~~json\n{{"tool_name": "response", "tool_args": {{}}}}\n~~~\n'


def test_an_example_introduced_as_the_answer_may_call_the_tool_that_ends_the_turn(
    make_repo, run_cli
) -> None:
    """A call of ``response`` (which ends the turn on every return) labelled
    as the agent's answer is shown on purpose (PRM006 says nothing); the
    same call labelled as usage, or of a tool that does not end the turn,
    is still reported."""
    files = {**clean_files(), **tool_named("response")}
    ends = files["tools/response.py"].replace("break_loop=False", "break_loop=True")
    for lead in (
        "When done, your final answer looks like:",
        "Reply like this:",
        "Example of the final message:",
        "Then tell the user:",
        "Confirm it back to the user:",
        "Then hand the page back:",
        "Finish with:",
        # in other languages (before, PRM006 reported these)
        "Danach antworte dem Benutzer:",
        "Puis réponds à l'utilisateur :",
        "\u7136\u540e\u56de\u590d\u7528\u6237\uff1a",
    ):
        files[PROMPT] = _answer(lead)
        result = run_cli(make_repo({**files, "tools/response.py": ends}), "check", "--no-cache")
        assert _findings(result.output) == [], lead
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM006")
        assert _findings(result.output) == [
            f"{PROMPT}:9:15: PRM006 example calls `response` but the prompt documents `wait`"
        ], lead
    for lead in ("usage:", "Save what the user said:"):
        files[PROMPT] = _answer(lead)
        result = run_cli(make_repo({**files, "tools/response.py": ends}), "check", "--no-cache")
        assert _findings(result.output) == [
            f"{PROMPT}:9:15: PRM006 example calls `response` but the prompt documents `wait`"
        ], lead


def test_an_example_written_as_a_python_dict_is_read_as_the_framework_reads_it(
    make_repo, run_cli
) -> None:
    """``True``, ``False`` and ``None`` in an example (a Python dict, or JSON
    in another case: the framework's DirtyJson reads ``true``, ``false`` and
    ``null`` in any case) are no syntax error (PRM005); the values are read
    and checked as JSON's; a word no parser reads stays an error."""
    files = clean_files()
    files["tools/wait.py"] = files["tools/wait.py"].replace(
        "        return Response(",
        '        quiet = bool(self.args.get("quiet", False))\n'
        '        note = self.args.get("note") or ""\n'
        "        return Response(",
    )
    call = "{'tool_name': 'wait', 'tool_args': {'seconds': 5, 'quiet': %s, 'note': %s}}"
    for quiet, note in (("True", "None"), ("False", "NULL"), ("TRUE", "undefined")):
        files[PROMPT] = WAIT_PROMPT + f"~~~json\n{call % (quiet, note)}\n~~~\n"
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
        assert _findings(result.output) == [], (quiet, note)
    files[PROMPT] = WAIT_PROMPT + f"~~~json\n{call % ('Treu', 'None')}\n~~~\n"
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
    assert _findings(result.output) == [
        f"{PROMPT}:8:60: PRM005 example is not valid JSON: unexpected 'T'"
    ]


DISPATCH_PY = """\
from helpers.tool import Response, Tool


class Dispatch(Tool):
    async def execute(self, **kwargs) -> Response:
        handler = self.agent.registry[self.args["tool"]]
        return Response(message=await handler(self.args.get("args"ARGS)), break_loop=False)
"""
DISPATCH_PROMPT = """\
### dispatch
Calls one of the tools below.

Tools:
- `search`: args `query`
- `fetch`: args `url`

~~~json
{"tool_name": "dispatch", "tool_args": {"tool": "fetch"GIVEN}}
~~~
"""
DISPATCH = "prompts/agent.system.tool.dispatch.md"


def test_the_arguments_of_the_tools_a_dispatcher_hands_an_object_are_no_unread_ones(
    make_repo, run_cli
) -> None:
    """Under ``Tools:`` in the prompt of a tool that reads ``tool`` and
    hands the object ``args`` to what it names, the arguments after each
    item may be keys of that object: not reported as the dispatcher's
    unread ones (PRM003), whether the code (a default ``{}``) or the
    prompt's example (``"args": {"url": ...}``) shows the object. With no
    object read, they are the dispatcher's own, and unread."""
    files = clean_files()
    for args, given in ((", {}", ""), ("", ', "args": {"url": "x"}')):
        files["tools/dispatch.py"] = DISPATCH_PY.replace("ARGS", args)
        files[DISPATCH] = DISPATCH_PROMPT.replace("GIVEN", given)
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
        assert _findings(result.output) == [], args
    files[DISPATCH] = DISPATCH_PROMPT.replace("GIVEN", "")
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
    assert _findings(result.output) == [
        f"{DISPATCH}:5:19: PRM003 argument `query` is taught for `dispatch` but "
        "tools/dispatch.py never reads it",
        f"{DISPATCH}:6:18: PRM003 argument `url` is taught for `dispatch` but "
        "tools/dispatch.py never reads it",
    ]


def test_jinja_statements_in_an_example_are_no_syntax_error(make_repo, run_cli) -> None:
    """``{% if %}`` and ``{# #}`` inside an example are template text the
    rendered prompt does not hold (no PRM005); the keys around them are
    still read (an unread one is PRM003)."""
    files = clean_files()
    files[PROMPT] = WAIT_PROMPT + (
        '~~~json\n{"tool_name": "wait", "tool_args": {\n'
        '  {% if slow %}"seconds": 9,{% else %}"seconds": 1,{% endif %} {# one of #}\n'
        '  "until": "{{ until }}"\n}}\n~~~\n'
    )
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
    assert _findings(result.output) == [
        f"{PROMPT}:10:3: PRM003 argument `until` is taught for `wait` but "
        "tools/wait.py never reads it"
    ]


def test_a_definition_list_term_names_a_required_argument(make_repo, run_cli) -> None:
    """A required argument written as a definition list's term (``seconds``
    on its line, ``: how long`` on the next) is taught (no PRM004)."""
    files = clean_files()
    files["tools/wait.py"] = files["tools/wait.py"].replace(
        'self.args.get("seconds", 0)', 'self.args["seconds"]'
    )
    files[PROMPT] = "### wait\nPause.\n\nseconds\n: how long to wait (required)\n"
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM004")
    assert _findings(result.output) == []
    files[PROMPT] = "### wait\nPause.\n\nseconds\nhow long to wait (required)\n"
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM004")
    assert [line.split(": PRM004 ")[1][:37] for line in _findings(result.output)] == [
        "required argument `seconds` of `wait`"
    ]


def test_a_schematic_example_value_is_no_refused_one(make_repo, run_cli) -> None:
    """An example written as a schema (the name of the type the code reads
    a value as, a ``%NAME%`` variable, a choice of compared values in
    brackets or separated by commas) gives no value the code refuses
    (PRM008); the name of another type, or a choice with a value the code
    does not compare, is still reported."""
    files = {**clean_files(), **tool_named("notes")}
    files["tools/notes.py"] = files["tools/notes.py"].replace(
        "        return Response(",
        '        if self.args.get("action") == "write":\n'
        '            return Response(message="saved", break_loop=False)\n'
        '        if self.args.get("action") == "list":\n'
        '            return Response(message="notes", break_loop=False)\n'
        "        return Response(",
    )
    call = '{"tool_name": "notes", "tool_args": {"seconds": %s, "action": %s}}'
    notes = "prompts/agent.system.tool.notes.md"
    for seconds, action in (
        ('"integer"', '"(write/list)"'),
        ('"int"', '"write, list"'),
        ('"%SECONDS%"', '"[list|write]"'),
    ):
        files[notes] = f"### notes\nargs: `seconds`, `action`\n`{call % (seconds, action)}`\n"
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
        assert _findings(result.output) == [], (seconds, action)
    wrong = call % ('"boolean"', '"(write, erase)"')
    files[notes] = f"### notes\nargs: `seconds`, `action`\n`{wrong}`\n"
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM008")
    assert [line.split(": PRM008 ")[1][:40] for line in _findings(result.output)] == [
        'example gives `seconds` the value `"bool',
        'example gives `action` the value `"(writ',
    ]


def test_a_required_argument_named_in_a_block_of_another_language_is_taught(
    make_repo, run_cli
) -> None:
    """A required argument the prompt names only in a code block of another
    language (a call in Python, an XML tool call, a TypeScript type, raw
    XML) or in a JSON Schema's properties is taught (no PRM004); a block
    that does not name it teaches nothing."""
    files = clean_files()
    files["tools/wait.py"] = files["tools/wait.py"].replace(
        'self.args.get("seconds", 0)', 'self.args["seconds"]'
    )
    for block in (
        "```python\nwait(seconds=5)\n```\n",
        '```xml\n<tool_call name="wait">\n  <arg name="seconds">5</arg>\n</tool_call>\n```\n',
        "```xml\n<tool_call>\n  <tool_args><seconds>5</seconds></tool_args>\n</tool_call>\n```\n",
        "```ts\ntype WaitArgs = { seconds: number; note?: string }\n```\n",
        "<wait>\n<seconds>5</seconds>\n</wait>\n",
        '```json\n{"type": "object", "properties": {"seconds": {"type": "integer"}}}\n```\n',
    ):
        files[PROMPT] = f"### wait\nPause.\n\n{block}"
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM004")
        assert _findings(result.output) == [], block
    files[PROMPT] = "### wait\nPause.\n\n```python\nwait(5)\n```\n"
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM004")
    assert len(_findings(result.output)) == 1


def test_html_markup_names_no_required_argument(make_repo, run_cli) -> None:
    """A block whose tags are all HTML's (``<details><summary>``, ``<br>``,
    ``<a href>``; an HTML block or an ``html`` fence) is markup: its names
    teach no required argument (PRM004). Raw XML calling the tool, with an
    element HTML also has (``<summary>`` under ``<wait>``), still names it."""
    files = clean_files()
    files["tools/wait.py"] = files["tools/wait.py"].replace(
        'self.args.get("seconds", 0)', 'self.args["summary"]'
    )
    for block in (
        "<details>\n<summary>More</summary>\nLong text.<br>\n</details>\n",
        '```html\n<details open>\n<summary>More</summary>\n<a href="x">y</a><br/>\n</details>\n```\n',
    ):
        files[PROMPT] = f"### wait\nPause.\n\n{block}"
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM004")
        assert [line.split(": ", 1)[1][:44] for line in _findings(result.output)] == [
            "PRM004 required argument `summary` of `wait`"
        ], block
    for block in (
        "<wait>\n<summary>Done</summary>\n</wait>\n",
        '```xml\n<tool_call name="wait">\n  <summary>Done</summary>\n</tool_call>\n```\n',
        '```html\n<form><input name="summary"></form>\n```\n',
    ):
        files[PROMPT] = f"### wait\nPause.\n\n{block}"
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM004")
        assert _findings(result.output) == [], block


def test_a_hash_comment_outside_the_object_of_an_example_is_passed_over(make_repo, run_cli) -> None:
    """A ``#`` comment line before an example's object, or after it on its
    line, is words the framework passes over, not a heading a fence left
    open took in (no PRM005); a ``#`` comment inside the object is read by
    the framework as a key, and stays an error."""
    files = clean_files()
    call = '{"tool_name": "wait", "tool_args": {"seconds": 5}}'
    for body in (f"# wait five seconds\n{call}", f"{call}  # five seconds"):
        files[PROMPT] = f"{WAIT_PROMPT}~~~json\n{body}\n~~~\n"
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
        assert _findings(result.output) == [], body
    inside = call.replace("5}", "5 # how long\n}")
    files[PROMPT] = f"{WAIT_PROMPT}~~~json\n{inside}\n~~~\n"
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
    assert [line.split(": ", 1)[1] for line in _findings(result.output)] == [
        "PRM005 example is not valid JSON: unexpected '#'"
    ]


def test_hash_comment_lines_between_two_objects_part_two_examples(make_repo, run_cli) -> None:
    """``{...}\n# or\n{...}`` in one fence is two calls with a comment
    between them, which the framework passes over: no PRM005, and each is
    checked on its own (PRM003, PRM008); a heading with prose under it
    between them is still a fence left open (PRM005)."""
    files = clean_files()
    first = '{"tool_name": "wait", "tool_args": {"seconds": 5}}'
    second = '{"tool_name": "wait", "tool_args": {"seconds": "soon", "hours": 1}}'
    for between in ("# or", "# or, longer:\n\n## or"):
        files[PROMPT] = f"{WAIT_PROMPT}~~~json\n{first}\n{between}\n{second}\n~~~\n"
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
        line = 10 + between.count("\n")
        assert [f.split(": ", 1)[1][:6] + f.split(":")[1] for f in _findings(result.output)] == [
            f"PRM008{line}",
            f"PRM003{line}",
        ], between
    files[PROMPT] = f"{WAIT_PROMPT}~~~json\n{first}\n# or\nWait longer.\n{second}\n~~~\n"
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
    assert [f.split(": ", 1)[1][:32] for f in _findings(result.output)] == [
        "PRM005 example is not valid JSON"
    ]


def test_a_bare_placeholder_in_angle_brackets_is_any_value(make_repo, run_cli) -> None:
    """``"seconds": <number of seconds>`` is a placeholder written bare where
    a value goes (DirtyJson reads it as text): no syntax error (PRM005) and
    no refused value (PRM008); where a key goes it is still an error."""
    files = clean_files()
    for value in ("<seconds>", "<number of seconds>"):
        call = '{"tool_name": "wait", "tool_args": {"seconds": ' + value + "}}"
        files[PROMPT] = f"{WAIT_PROMPT}~~~json\n{call}\n~~~\n"
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
        assert _findings(result.output) == [], value
    files[PROMPT] = (
        f'{WAIT_PROMPT}~~~json\n{{"tool_name": "wait", "tool_args": {{<arg>: 5}}}}\n~~~\n'
    )
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
    assert [line.split(": ", 1)[1][:32] for line in _findings(result.output)] == [
        "PRM005 example is not valid JSON"
    ]


def test_an_args_line_ends_with_its_sentence(make_repo, run_cli) -> None:
    """``args: `seconds`. Returns `waited`, `until`.``: the names of the
    sentence after the arguments are what the tool returns, not arguments
    (no PRM003); those before it still are, and a full stop within
    parentheses ends nothing."""
    files = clean_files()
    for line in (
        "args: optional `seconds`. Returns `waited`, `until`.",
        "args: optional `seconds`! See `response` after.",
    ):
        files[PROMPT] = f"### wait\nPause.\n{line}\n"
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
        assert _findings(result.output) == [], line
    for line in (
        "args: `seconds`, `hours`. Returns `waited`.",
        "args: `seconds` (e.g. `5`. Or `10`), `hours`",
    ):
        files[PROMPT] = f"### wait\nPause.\n{line}\n"
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
        assert [f.split(": ", 1)[1][:30] for f in _findings(result.output)] == [
            "PRM003 argument `hours` is tau"
        ], line


def test_a_json_key_in_quotes_in_a_code_span_names_a_required_argument(make_repo, run_cli) -> None:
    """```"seconds"``` and ```"seconds": 5``` in the tool's prose name the key
    the model must send (no PRM004), as ```seconds``` does; a quoted phrase
    names nothing."""
    files = clean_files()
    files["tools/wait.py"] = files["tools/wait.py"].replace(
        'self.args.get("seconds", 0)', 'self.args["seconds"]'
    )
    for prose in ('a JSON object with a `"seconds"` number', 'send `"seconds": 5` to wait'):
        files[PROMPT] = f"### wait\nPause: {prose}.\n"
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM004")
        assert _findings(result.output) == [], prose
    files[PROMPT] = '### wait\nPause: send `"how many seconds"`.\n'
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM004")
    assert len(_findings(result.output)) == 1


def test_an_example_in_an_indented_code_block_is_read_as_a_fenced_one(make_repo, run_cli) -> None:
    """A JSON example written as an indented code block (four spaces, no
    fence) is an example as a fenced one is: it teaches its arguments (no
    PRM004) and they are checked (PRM003, at their place in the file)."""
    files = clean_files()
    files["tools/wait.py"] = files["tools/wait.py"].replace(
        'self.args.get("seconds", 0)', 'self.args["seconds"]'
    )
    example = '    {\n        "tool_name": "wait",\n        "tool_args": {"seconds": 5}\n    }\n'
    files[PROMPT] = f"### wait\nPause. Example:\n\n{example}"
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
    assert _findings(result.output) == []
    files[PROMPT] = files[PROMPT].replace('"tool_args": {', '"tool_args": {"ms": 1, ')
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
    assert _findings(result.output) == [
        f"{PROMPT}:6:23: PRM003 argument `ms` is taught for `wait` but tools/wait.py never reads it"
    ]


def test_an_inline_example_in_single_quotes_is_read_as_a_fenced_one(make_repo, run_cli) -> None:
    """An inline example written as a Python dict (``{'tool_name': 'wait',
    ...}``), which the framework's lenient reader takes, is an example as
    the same call in a ``json`` fence is: it teaches (no PRM004) and is
    checked (PRM003)."""
    files = clean_files()
    files["tools/wait.py"] = files["tools/wait.py"].replace(
        'self.args.get("seconds", 0)', 'self.args["seconds"]'
    )
    call = "{'tool_name': 'wait', 'tool_args': {'seconds': 5}}"
    files[PROMPT] = f"### wait\nPause. Example: `{call}`\n"
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
    assert _findings(result.output) == []
    files[PROMPT] = files[PROMPT].replace("{'seconds'", "{'ms': 1, 'seconds'")
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
    assert _findings(result.output) == [
        f"{PROMPT}:2:54: PRM003 argument `ms` is taught for `wait` but tools/wait.py never reads it"
    ]


def test_a_template_variable_as_an_example_key_teaches_no_argument(make_repo, run_cli) -> None:
    """A key of an example's ``tool_args`` that is a template variable
    (``"{{arg_name}}": 5``) is a name the framework fills in: it is not
    reported as an argument the tool never reads (PRM003); a plain key
    beside it still is."""
    files = clean_files()
    call = '{"tool_name": "wait", "tool_args": {"{{arg_name}}": 5, "seconds": 1}}'
    files[PROMPT] = WAIT_PROMPT + f"~~~json\n{call}\n~~~\n"
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
    assert _findings(result.output) == []
    files[PROMPT] = WAIT_PROMPT + f"~~~json\n{call.replace('seconds', 'ms')}\n~~~\n"
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
    assert _findings(result.output) == [
        f"{PROMPT}:8:56: PRM003 argument `ms` is taught for `wait` but tools/wait.py never reads it"
    ]


def test_a_jinja_include_where_a_value_goes_is_some_value(make_repo, run_cli) -> None:
    """``{% include "x" %}`` where a value goes (``"tool_args": {% include
    "args.json" %}``) renders to some value, as ``{{ include "x" }}`` does:
    no syntax error (PRM005); elsewhere it is template text the rendered
    example does not hold."""
    files = clean_files()
    for call in (
        '{"tool_name": "wait", "tool_args": {% include "wait_args.json" %}}',
        '{"tool_name": "wait", "tool_args": {"seconds": {%- include "s.txt" -%}}}',
        '{"tool_name": "wait", "tool_args": {"seconds": 1, {% include "more.json" %}}}',
    ):
        files[PROMPT] = WAIT_PROMPT + f"~~~json\n{call}\n~~~\n"
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
        assert _findings(result.output) == [], call
    files[PROMPT] = WAIT_PROMPT + '~~~json\n{"tool_name": "wait", "tool_args": {% if x %}}\n~~~\n'
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
    assert [line.split(" ")[1] for line in _findings(result.output)] == ["PRM005"]


def test_python_in_single_quotes_in_a_code_span_is_no_example(make_repo, run_cli) -> None:
    """A code span of Python naming ``'tool_name'`` that no lenient reader
    takes as an object (a set, a subscript, an attribute as a value) is
    code, not an example: no PRM005. One in double quotes stays one."""
    for span in (
        "{'tool_name', 'tool_args'}",
        "{...}['tool_name']",
        "{'tool_name': tool.name, 'tool_args': tool.args}",
    ):
        files = {**clean_files(), PROMPT: f"### wait\nPause.\nThe framework reads `{span}`.\n"}
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
        assert _findings(result.output) == [], span
    span = '{"tool_name": tool.name}'
    files = {**clean_files(), PROMPT: f"### wait\nPause.\nThe framework reads `{span}`.\n"}
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM005")
    assert [line.split(" ")[1] for line in _findings(result.output)] == ["PRM005"]


def test_backtick_strings_and_line_breaks_in_strings_are_read_as_the_framework_reads_them(
    make_repo, run_cli
) -> None:
    """Agent Zero's DirtyJson reads a value in backticks as one in quotes,
    and a string holding raw line breaks as that text: such an example is
    no syntax error (PRM005), and its values are checked as any example's
    (PRM008, on the line the value stands on)."""
    files = clean_files()
    for args in (
        '{"seconds": `5`, "note": `say \\`hi\\` \\u00e9`}',
        '{"seconds": 5,\n "note": "first line\n  second line"}',
        "{'seconds': 5, 'note': 'one\ntwo',}",
        '{"seconds": 5, "note": ```\nfirst\n```}',
    ):
        call = '{"tool_name": "wait", "tool_args": ' + args + "}"
        files["tools/wait.py"] = clean_files()["tools/wait.py"].replace(
            "        return Response(",
            '        note = self.args.get("note", "")\n        return Response(',
        )
        files[PROMPT] = WAIT_PROMPT + f"~~~json\n{call}\n~~~\n"
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
        assert _findings(result.output) == [], args
        wrong = args.replace("5", '"slow"', 1).replace("`5`", '`"slow"`')
        files[PROMPT] = WAIT_PROMPT + "~~~json\n" + call.replace(args, wrong) + "\n~~~\n"
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
        assert [line.split(" ")[1] for line in _findings(result.output)] == ["PRM008"], args
        assert _findings(result.output)[0].startswith(f"{PROMPT}:8:"), args
    # near misses: DirtyJson takes a key's backticks as part of the key, and a
    # quote left open on its line (or a backtick never closed) makes the
    # strings after it pair up wrong
    for broken in (
        '{`tool_name`: "wait", "tool_args": {"seconds": 5}}',
        '{"headline": "Waiting,\n "tool_name": "wait", "tool_args": {"seconds": 5}}',
        '{"tool_name": "wait", "tool_args": {"seconds": `5}}',
    ):
        files[PROMPT] = WAIT_PROMPT + f"~~~json\n{broken}\n~~~\n"
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM005")
        assert [line.split(" ")[1] for line in _findings(result.output)] == ["PRM005"], broken
