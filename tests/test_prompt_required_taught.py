"""PRM004, through the real CLI: what names a required argument besides an
``args:`` line, a list, a table or an example key."""

from __future__ import annotations

from samples import clean_files

from doxtool.rules.examples import ACCEPTING_AGENT_PY, WAIT_PY

PROMPT = "prompts/agent.system.tool.wait.md"
LABEL_PY = WAIT_PY.replace(
    "        return Response(", '        label = self.args["label"]\n        return Response('
)
ACTION_PY = WAIT_PY.replace(
    "        return Response(", '        action = self.args["action"]\n        return Response('
)


def _findings(output: str) -> list[str]:
    """The finding lines of a text report (the summary line dropped)."""
    return [line for line in output.splitlines() if not line.startswith(("Found ", "All "))]


def _prm004(make_repo, run_cli, code: str, prompt: str) -> list[str]:
    files = clean_files()
    files["tools/wait.py"] = code
    files[PROMPT] = prompt
    result = run_cli(make_repo(files), "check", "--select", "PRM004")
    return _findings(result.output)


def test_a_backticked_name_in_the_tools_prose_teaches_it(make_repo, run_cli) -> None:
    for prose in ("wait, then show the given `label`", "put the message in `label` arg"):
        prompt = f"### wait\nPause.\n{prose}\nargs: optional `seconds`\n"
        assert _prm004(make_repo, run_cli, LABEL_PY, prompt) == [], prose
    # in another tool's section it is that tool's
    prompt = "### wait\nPause.\nargs: optional `seconds`\n\n### other\nuse the `label`\n"
    assert _prm004(make_repo, run_cli, LABEL_PY, prompt) == [
        f"{PROMPT}:1:5: PRM004 required argument `label` of `wait` (read at tools/wait.py:7) "
        "is never taught"
    ]


def test_a_tool_method_name_teaches_action(make_repo, run_cli) -> None:
    """The framework fills ``action`` from a ``tool:method`` name's method
    (helpers/extract_tools.py ``normalize_tool_request``): an example's
    ``tool_name``, a list item or a name in the prose teach it."""
    for teaching in (
        '~~~json\n{"tool_name": "wait:add", "tool_args": {"seconds": 1}}\n~~~\n',
        "methods: `wait:list`, `wait:add`\n",
        "- `wait:add`: add one\n",
    ):
        prompt = f"### wait\nPause.\nargs: optional `seconds`\n\n{teaching}"
        assert _prm004(make_repo, run_cli, ACTION_PY, prompt) == [], teaching
    # another tool's method, or a bare `wait:`, teaches none
    prompt = "### wait\nPause.\nargs: optional `seconds`\nlike `other:add` or `wait:`\n"
    assert _prm004(make_repo, run_cli, ACTION_PY, prompt) == [
        f"{PROMPT}:1:5: PRM004 required argument `action` of `wait` (read at tools/wait.py:7) "
        "is never taught"
    ]


DISPATCH_PY = WAIT_PY.replace(
    "        return Response(",
    '        action = self.args.get("action", "")\n'
    '        if action == "add":\n'
    '            return Response(message="added", break_loop=False)\n'
    '        if action != "list":\n'
    '            return Response(message="unknown action", break_loop=False)\n'
    "        return Response(",
)


def test_a_method_the_dispatch_refuses_is_reported(make_repo, run_cli) -> None:
    """PRM008: a ``tool:method`` example sends the method as ``action``; a
    method the closed dispatch refuses is reported as an ``action`` value is,
    one it takes (or an ``action`` given besides) is not."""
    files = clean_files()
    files["tools/wait.py"] = DISPATCH_PY
    files[PROMPT] = (
        "### wait\nPause.\nargs: optional `seconds`, `action`\n\n"
        '`{"tool_name": "wait:pause", "tool_args": {"seconds": 1}}`\n\n'
        '`{"tool_name": "wait:add", "tool_args": {"seconds": 1}}`\n\n'
        '`{"tool_name": "wait:pause", "tool_args": {"action": "list"}}`\n'
    )
    result = run_cli(make_repo(files), "check", "--select", "PRM008")
    assert _findings(result.output) == [
        f'{PROMPT}:5:2: PRM008 example calls `wait:pause`, giving `action` the value `"pause"`, '
        "which tools/wait.py:7 does not accept (one of `add`, `list`)"
    ]


OPS_WAIT = """\
from helpers.tool import Response, Tool


class OpsWait(Tool):
    async def execute(self, minutes=1, **kwargs) -> Response:
        return Response(message=f"{minutes}", break_loop=False)
"""


def test_a_profile_tool_taught_by_the_prompt_it_inherits(make_repo, run_cli) -> None:
    """PRM003: a profile's own tool with no prompt of its own is taught by
    the core prompt of that name, whose arguments it must read too; with a
    prompt of its own, only that one is its."""
    files = clean_files()
    files["agents/ops/agent.yaml"] = "title: Ops\n"
    files["agents/ops/prompts/agent.system.tool.response.md"] = "### response\nreply\n"
    files["agents/ops/tools/wait.py"] = OPS_WAIT
    root = make_repo(files)
    result = run_cli(root, "check", "--select", "PRM003")
    message = (
        "PRM003 argument `seconds` is taught for `wait` but agents/ops/tools/wait.py, "
        "which profile `ops` runs with this prompt, never reads it"
    )
    assert _findings(result.output) == [f"{PROMPT}:3:17: {message}", f"{PROMPT}:5:79: {message}"]
    (root / "agents/ops/prompts/agent.system.tool.wait.md").write_text(
        "### wait\nPause.\nargs: optional `minutes`\n"
    )
    result = run_cli(root, "check", "--select", "PRM003")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")


def test_a_name_in_bold_in_an_item_under_a_lead_in_tool_args_or_in_yaml_teaches_it(
    make_repo, run_cli
) -> None:
    """A bold name, a bare name opening an item of a list under a
    ``Parameters:``/``Arguments:`` lead, a ``tool_args.label`` span and a key
    under ``tool_args:`` in a YAML block name the argument, as a backticked
    name does; in another tool's section, or outside ``tool_args:``, they do not."""
    for teaching in (
        "**label**: the text to show",
        '- **"label"**: the text to show',
        "Parameters:\n* label (string, required): the text to show",
        "Arguments:\n1. label - the text to show",
        "Set `tool_args.label` to the text to show.",
        "```yaml\ntool_name: wait\ntool_args:\n  label: done\n  seconds: 1\n```",
    ):
        prompt = f"### wait\nPause.\nargs: optional `seconds`\n\n{teaching}\n"
        assert _prm004(make_repo, run_cli, LABEL_PY, prompt) == [], teaching
    never = (
        f"{PROMPT}:1:5: PRM004 required argument `label` of `wait` (read at tools/wait.py:7) "
        "is never taught"
    )
    for elsewhere in (
        "### other\n**label**: the text",
        "Notes:\n* label (string): the text",
        "```yaml\nlabel: done\ntool_args:\n  seconds: 1\n    label: x\n```",
    ):
        prompt = f"### wait\nPause.\nargs: optional `seconds`\n\n{elsewhere}\n"
        assert _prm004(make_repo, run_cli, LABEL_PY, prompt) == [never], elsewhere


def test_a_quoted_name_opening_an_item_under_a_lead_teaches_it(make_repo, run_cli) -> None:
    """A name in quotes opening an item of a list under an arguments lead
    (``#### Arguments:`` then ``*  "label" (string) : ...``) names the
    argument as the bare name does; under another lead, or with quotes that
    do not pair, it does not."""
    for teaching in (
        '#### Arguments:\n *  "label" (string) : the text to show',
        "Arguments:\n- 'label' (Optional, string): the text to show",
    ):
        prompt = f"### wait\nPause.\nargs: optional `seconds`\n\n{teaching}\n"
        assert _prm004(make_repo, run_cli, LABEL_PY, prompt) == [], teaching
    never = (
        f"{PROMPT}:1:5: PRM004 required argument `label` of `wait` (read at tools/wait.py:7) "
        "is never taught"
    )
    for elsewhere in (
        'Notes:\n *  "label" (string) : the text',
        "#### Arguments:\n *  \"label' (string) : the text",
    ):
        prompt = f"### wait\nPause.\nargs: optional `seconds`\n\n{elsewhere}\n"
        assert _prm004(make_repo, run_cli, LABEL_PY, prompt) == [never], elsewhere


FILE_READ_PY = """\
from helpers.tool import Response, Tool


class FileRead(Tool):
    async def execute(self, **kwargs) -> Response:
        path = self.args["path"]
        encoding = self.args.get("encoding", "utf-8")
        return Response(message=open(path, encoding=encoding).read(), break_loop=False)
"""
FILE_READ = "prompts/agent.system.tool.file_read.md"


def _file_read(make_repo, run_cli, body: str, select: str = "PRM003,PRM004") -> list[str]:
    files = {
        **clean_files(),
        "tools/file_read.py": FILE_READ_PY,
        FILE_READ: f"### file_read\nread a text file\n{body}\n",
    }
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", select)
    return [line for line in _findings(result.output) if " PRM" in line]


def test_an_args_line_naming_a_required_argument_without_backticks_teaches_it(
    make_repo, run_cli
) -> None:
    """The real prompts' style (``args path content``, ``common args: action
    path``): the line names the argument, so it is not "never taught"."""
    for body in (
        "args: path, optional encoding",
        "args path encoding (optional)",
        "common args: path encoding",
        "args: path (required), encoding",
        "**args:** path and encoding.",
        "args: `encoding`, path",
        "args path plus exactly one of: old_text+path OR patch_text",
        "\n| name | description |\n|---|---|\n| path | the file |\n| encoding | its encoding |",
        "\n| name | description |\n|---|---|\n| **path** | the file |",
    ):
        assert _file_read(make_repo, run_cli, body) == [], body


def test_a_line_that_names_no_required_argument_still_leaves_it_untaught(
    make_repo, run_cli
) -> None:
    untaught = (
        f"{FILE_READ}:1:5: PRM004 required argument `path` of `file_read` "
        "(read at tools/file_read.py:6) is never taught"
    )
    for body in (
        "args: the file, optional encoding",  # no word of it is `path`
        "the args path and encoding",  # a line opened by an article is prose
        "no args: path",  # a line that says there are none
        "returns: path",
        "\n| result | meaning |\n|---|---|\n| ok | read |",
    ):
        assert _file_read(make_repo, run_cli, body) == [untaught], body


def test_a_bare_word_of_an_args_line_is_not_taught_as_an_argument(make_repo, run_cli) -> None:
    """PRM003 keeps the strict reading: only backticked names of an ``args``
    line, and names of argument tables, are taught."""
    for body in (
        "args: path, optional bogus",
        "args path bogus (optional)",
        "\n| name | description |\n|---|---|\n| path | the file |\n| bogus | nothing |",
    ):
        assert _file_read(make_repo, run_cli, body) == [], body
    # backticked, it is taught and reported as never read
    assert _file_read(make_repo, run_cli, "args: path, optional `bogus`") == [
        f"{FILE_READ}:3:23: PRM003 argument `bogus` is taught for `file_read` but "
        "tools/file_read.py never reads it"
    ]


def test_a_name_a_sentence_calls_an_argument_teaches_it(make_repo, run_cli) -> None:
    """The corpus's ``use keyboard arg ...``, ``put result in text arg``."""
    for prose in (
        "use label arg for the text shown",
        "put the text in label arg",
        "label arg: the text shown",
        'the "label" argument is shown',
        "label parameter: the text shown",
        "the label field is required",
        'set "label" to the text shown',
        # a line whose words name the arguments, also with a dash
        "Required: label",
        "Takes: label, seconds",
        "Required: label and seconds.",
        'provide "label".',
        'the "label" field',
        "Input: label: string (required)",
        "Args \u2014 label (required), seconds",
        # an item of an arguments list, its parenthesis in emphasis
        "Arguments:\n- label *(string, required)*: the text shown\n",
    ):
        prompt = f"### wait\nPause.\n{prose}\nargs: optional `seconds`\n"
        assert _prm004(make_repo, run_cli, LABEL_PY, prompt) == [], prose
    # a word before ``arg`` that is not the argument's name teaches nothing,
    # nor does a quoted value, a line of another lead, or one opened by prose
    for prose in (
        "the first arg is the text",
        'set "fast" mode for short waits',
        "Note: label the pause",
        "the required: label",
        # prose past such a lead, a field of the reply, a quoted value a word follows
        "Required: a paired phone; the label is shown as is",
        "Takes: a few seconds to show the label.",
        "**Input:** none, it reads the label from memory",
        "Args - none; the label comes from the last message",
        "The reply has a label field with the status.",
        'The phone may set "label" mode off.',
    ):
        prompt = f"### wait\nPause.\n{prose}\nargs: optional `seconds`\n"
        assert len(_prm004(make_repo, run_cli, LABEL_PY, prompt)) == 1, prose
    # a line of items in another tool's section lists that tool's
    for prose in ("Required: label", 'set "label" to the text', "the label field is required"):
        prompt = f"### wait\nPause.\nargs: optional `seconds`\n\n### other\n{prose}\n"
        assert len(_prm004(make_repo, run_cli, LABEL_PY, prompt)) == 1, prose
        # before the first tool's title, or in its own section, it is its own
        prompt = f"{prose}\n\n### wait\nPause.\nargs: optional `seconds`\n\n### other\nGo.\n"
        assert _prm004(make_repo, run_cli, LABEL_PY, prompt) == [], prose


def test_a_name_written_bare_where_only_a_name_goes_teaches_it(make_repo, run_cli) -> None:
    """Terse prompts (a ``tiny-local`` profile's, another language's) write
    the call's shape without backticks: a call's parameters, ``name=value``,
    a brace object's keys, a list item opening with the name, the words of an
    arguments line spelled otherwise."""
    for prose in (
        "call it as wait(label, seconds)",
        "usage: wait label=<text> [seconds=<n>]",
        "tool_args: {label, seconds}",
        "tool_args = { label: string, seconds?: number }",
        "- label: the text shown\n- seconds: how long",
        "Argumente:\n- label: der Text\n- seconds: wie lange",
        "Parameters: label, seconds",
        "Parameter: label (Pflicht), seconds",
        "参数：label（必填），seconds",
    ):
        prompt = f"### wait\nPause.\n{prose}\n"
        assert _prm004(make_repo, run_cli, LABEL_PY, prompt) == [], prose
    # a list right under the tool's heading
    assert _prm004(make_repo, run_cli, LABEL_PY, "### wait\n- label: the text\n") == []
    # prose, what the tool returns, or what not to send names nothing
    for prose in (
        "show a label while waiting",
        "Returns: {label, seconds}",
        "never pass label=",
        "- Notes: the label is shown",
        "Parameters: seconds",
    ):
        prompt = f"### wait\nPause.\n{prose}\n"
        assert len(_prm004(make_repo, run_cli, LABEL_PY, prompt)) == 1, prose


def test_a_name_set_in_a_code_span_teaches_it(make_repo, run_cli) -> None:
    """``call `wait` with `label=hello` first``: a code span writing the name
    where only a name goes (``name=value``, a call's keyword, a brace
    object's key) names it, as the same words written bare do."""
    for prose in (
        "call `wait` with `label=hello` first",
        'call `wait(label="hello")` first',
        "call it with `{label: hello}`",
        'call it with `{"label": "hello", "seconds": 1}`',
        "call it with `label = hello`",
    ):
        prompt = f"### wait\nPause.\n{prose}\n"
        assert _prm004(make_repo, run_cli, LABEL_PY, prompt) == [], prose
    # what the tool returns, or what not to send, names nothing
    for prose in ('it returns `{"label": "x"}`', "never send `label=x`", "see `labels`"):
        prompt = f"### wait\nPause.\n{prose}\n"
        assert len(_prm004(make_repo, run_cli, LABEL_PY, prompt)) == 1, prose


def test_the_keys_of_a_call_written_alone_in_a_json_block_name_it(make_repo, run_cli) -> None:
    """A tool's section showing its arguments alone, with no ``tool_name``
    nor ``tool_args`` (``{"label": "hi", "seconds": 1}``), names them; not
    under a lead about what the tool gives back."""
    block = '```json\n{"label": "hi", "seconds": 1}\n```\n'
    prompt = f"### wait\nPause.\n\nExample:\n{block}"
    assert _prm004(make_repo, run_cli, LABEL_PY, prompt) == []
    for lead in ("Returns:", "Output:"):
        prompt = f"### wait\nPause.\n\n{lead}\n{block}"
        assert len(_prm004(make_repo, run_cli, LABEL_PY, prompt)) == 1, lead


def test_arguments_beside_tool_name_are_shown_out_of_place(make_repo, run_cli) -> None:
    """An example giving the arguments beside ``tool_name`` instead of under
    ``tool_args`` shows them: ``PRM007`` says it lacks ``tool_args``, and
    ``PRM004`` does not call them never taught."""
    prompt = (
        "### wait\nPause.\n\n"
        '~~~json\n{"tool_name": "wait", "label": "<what to show>", "seconds": 5}\n~~~\n'
    )
    files = clean_files()
    files["tools/wait.py"] = LABEL_PY
    files[PROMPT] = prompt
    result = run_cli(make_repo(files), "check", "--select", "PRM004,PRM007")
    assert _findings(result.output) == [
        f"{PROMPT}:5:1: PRM007 example has `label`, `seconds` and lacks `tool_args`; "
        "profile `default` allows only `thoughts`, `headline`, `tool_name`, `tool_args`"
    ]
    # where the framework runs such a call without arguments, nothing reaches the tool
    files["agent.py"] = ACCEPTING_AGENT_PY
    files["helpers/extract_tools.py"] = ""
    result = run_cli(make_repo(files), "check", "--select", "PRM004,PRM007")
    assert _findings(result.output) == [
        f"{PROMPT}:1:5: PRM004 required argument `label` of `wait` (read at tools/wait.py:7) "
        "is never taught",
        f"{PROMPT}:5:1: PRM007 example has `label`, `seconds`; "
        "profile `default` allows only `thoughts`, `headline`, `tool_name`, `tool_args`",
    ]


def test_a_name_no_word_is_spelled_like_teaches_it_bare_in_prose(make_repo, run_cli) -> None:
    """``use collection, book_number and hadith_number``: a snake_case or
    camelCase name written bare in the tool's prose names that argument, as
    a backticked one does; no word of prose is spelled so."""
    for key, prose in (
        ("book_number", "use seconds, book_number and label"),
        ("book_number", "Fetch the page. book_number picks the book."),
        ("bookNumber", "pass bookNumber and seconds"),
    ):
        code = WAIT_PY.replace(
            "        return Response(",
            f'        book = self.args["{key}"]\n        return Response(',
        )
        prompt = f"### wait\nPause.\n{prose}\n"
        assert _prm004(make_repo, run_cli, code, prompt) == [], prose
    code = WAIT_PY.replace(
        "        return Response(",
        '        book = self.args["book_number"]\n        return Response(',
    )
    # what the tool gives back, a name that is gone, a path, a file or a
    # dotted name, a function called, or another tool's section names nothing
    for prose in (
        "returns the book_number of the page",
        "book_number was removed in 2.0",
        "use book_id instead of book_number",
        "do not send book_number",
        "see data/book_number.json",
        "read it from page.book_number",
        "call book_number(x) first",
    ):
        prompt = f"### wait\nPause.\n{prose}\n"
        assert len(_prm004(make_repo, run_cli, code, prompt)) == 1, prose
    prompt = "### wait\nPause.\n\n### other\nuse book_number\n"
    assert len(_prm004(make_repo, run_cli, code, prompt)) == 1


def test_a_name_in_a_template_placeholder_teaches_nothing(make_repo, run_cli) -> None:
    """``{{ book_number }}``, ``{% if book_number %}``: the framework fills a
    template's placeholder before the model reads the prompt, so the name
    in it is no argument the prose names."""
    code = WAIT_PY.replace(
        "        return Response(",
        '        book = self.args["book_number"]\n        return Response(',
    )
    for prose in (
        "Current book: {{ book_number }}",
        "{% if book_number %}A book is open.{% endif %}",
        "{# book_number: document it #}",
    ):
        prompt = f"### wait\nPause.\n{prose}\n"
        assert len(_prm004(make_repo, run_cli, code, prompt)) == 1, prose
    # beside the placeholder, the name written in prose still teaches it
    prompt = "### wait\nPause.\nuse book_number ({{ book_number }} now)\n"
    assert _prm004(make_repo, run_cli, code, prompt) == []


def test_the_arguments_of_a_call_written_in_prose_name_them(make_repo, run_cli) -> None:
    """A call written as JSON in prose, outside a fence or a code span
    (after ``Reply:``, between ``<tool_call>`` tags, on its own lines),
    shows the model its arguments: PRM004 said `label` was never taught.
    One labelled wrong, or calling another tool, names no argument of
    `wait`."""
    call = '{"tool_name": "wait", "tool_args": {"label": "lunch", "seconds": 1}}'
    for prose in (
        f"Reply: <tool_call>{call}</tool_call>",
        f"Reply:\n\n<tool_call>\n{call}\n</tool_call>",
        f"Reply exactly:\n{call}",
        call.replace(", ", ",\n  "),
    ):
        prompt = f"### wait\nPause.\nargs: optional `seconds`\n\n{prose}\n"
        assert _prm004(make_repo, run_cli, LABEL_PY, prompt) == [], prose
    for prose in (f"Wrong:\n{call}", "Reply:\n" + call.replace('"wait"', '"sleep"')):
        prompt = f"### wait\nPause.\nargs: optional `seconds`\n\n{prose}\n"
        assert _prm004(make_repo, run_cli, LABEL_PY, prompt) == [
            f"{PROMPT}:1:5: PRM004 required argument `label` of `wait` (read at "
            "tools/wait.py:7) is never taught"
        ], prose


def test_a_call_in_prose_to_avoid_names_no_argument(make_repo, run_cli) -> None:
    """A call written as JSON in prose under ``### Common mistakes``, under
    a label calling it wrong over its ``<tool_call>`` tag, or in a fence
    indented in a list item labelled wrong is one to avoid: PRM004 was
    silent on `label`, which only such calls named. One the section calls
    right still names it."""
    call = '{"tool_name": "wait", "tool_args": {"label": "lunch", "seconds": 1}}'
    for prose in (
        f"### Common mistakes\n\n{call}",
        f"### Common mistakes\n- Missing the end:\n{call}",
        f"**Wrong:**\n\n<tool_call>\n{call}\n</tool_call>",
        f"Wrong:\n<tool_call>\n{call}\n</tool_call>",
        f"- Wrong:\n\n    ```json\n    {call}\n    ```\n\n  More text.",
    ):
        prompt = f"### wait\nPause.\nargs: optional `seconds`\n\n{prose}\n"
        assert _prm004(make_repo, run_cli, LABEL_PY, prompt) == [
            f"{PROMPT}:1:5: PRM004 required argument `label` of `wait` (read at "
            "tools/wait.py:7) is never taught"
        ], prose
    for prose in (f"### Common mistakes\n- Correct:\n{call}", f"Reply:\n\n<tool_call>\n{call}"):
        prompt = f"### wait\nPause.\nargs: optional `seconds`\n\n{prose}\n"
        assert _prm004(make_repo, run_cli, LABEL_PY, prompt) == [], prose
