"""What prompts teach, through the real CLI: values written after an
argument's name are not arguments, prose headings name no tool, arguments
taught in tables and lists count, and JSON that is no tool call is not
held to the call's shape."""

from __future__ import annotations

from samples import clean_files, tool_named

from doxtool.rules.examples import WAIT_PY

PROMPT = "prompts/agent.system.tool.wait.md"

#: ``wait.py`` that also reads ``mode`` and requires ``label``
MODE_PY = WAIT_PY.replace(
    "        return Response(",
    '        mode = self.args.get("mode", "fast")\n'
    '        label = self.args["label"]\n'
    "        return Response(",
)


def _findings(output: str) -> list[str]:
    """The finding lines of a text report (the summary line dropped)."""
    return [line for line in output.splitlines() if not line.startswith(("Found ", "All "))]


def _check(make_repo, run_cli, prompt: str, tool: str = WAIT_PY) -> list[str]:
    files = {**clean_files(), PROMPT: prompt, "tools/wait.py": tool}
    result = run_cli(make_repo(files), "check", "--select", "PRM")
    return _findings(result.output)


def test_values_after_an_argument_are_not_arguments(make_repo, run_cli) -> None:
    prompt = (
        "### wait\nPause.\n"
        "args: `seconds`, `label`, `mode`: one of `fast`, `slow`\n"
        "args: `mode` = `fast` | `slow`\n"
    )
    assert _check(make_repo, run_cli, prompt, MODE_PY) == []


def test_prose_headings_name_no_tool(make_repo, run_cli) -> None:
    """``### Examples`` is no tool (no PRM002), and leaves ``wait`` the prompt's
    one tool, so an example calling another tool is still reported."""
    files = {**clean_files(), **tool_named("sleep")}
    files[PROMPT] = (
        "### wait\nPause.\nargs: optional `seconds`\n\n"
        '### Examples\n`{"tool_name": "sleep", "tool_args": {"seconds": 5}}`\n\n'
        "### Notes\nuse only when waiting is part of the task\n"
    )
    result = run_cli(make_repo(files), "check", "--select", "PRM")
    assert _findings(result.output) == [
        f"{PROMPT}:6:16: PRM006 example calls `sleep` but the prompt documents `wait`"
    ]


def test_required_arguments_taught_in_a_table_or_an_arguments_list(make_repo, run_cli) -> None:
    table = (
        "### wait\nPause.\n\n| argument | required | meaning |\n|---|---|---|\n"
        "| `label` | yes | a tag |\n| `seconds` | no | how long |\n"
    )
    assert _check(make_repo, run_cli, table, MODE_PY) == []
    listed = (
        "### wait\nPause.\n\nArguments:\n- `label` (required): a tag\n"
        "- `minutes` (optional): how long\n"
    )
    assert _check(make_repo, run_cli, listed, MODE_PY) == [
        f"{PROMPT}:6:4: PRM003 argument `minutes` is taught for `wait` but tools/wait.py "
        "never reads it"
    ]


def test_json_that_is_no_tool_call_is_documentation(make_repo, run_cli) -> None:
    prompt = (
        "### wait\nPause.\nargs: optional `seconds`\n\n"
        "The result looks like:\n```json\n"
        '{"waited": 5, "state": "done"}\n```\n'
        "A broken format note is no call either:\n```json\n"
        '{"minute": "15",, "hour": "9"}\n```\n'
        "A call without its tool:\n```json\n"
        '{"thoughts": ["x"], "headline": "Waiting"}\n```\n'
        "A broken call:\n```json\n"
        '{"tool_name": "wait" "tool_args": {"seconds": 5}}\n```\n'
    )
    assert _check(make_repo, run_cli, prompt) == [
        f"{PROMPT}:15:1: PRM007 example lacks `tool_name`, `tool_args`; profile `default` "
        "allows only `thoughts`, `headline`, `tool_name`, `tool_args`",
        f"{PROMPT}:19:22: PRM005 example is not valid JSON: expecting ',' delimiter",
    ]


def test_prm001_says_when_the_tool_prompt_file_exists_but_teaches_another(
    make_repo, run_cli
) -> None:
    assert _check(make_repo, run_cli, "### `sleep`\nargs: `seconds`\n")[-1] == (
        "tools/wait.py:4:1: PRM001 tool `wait` is taught by no prompt in `prompts/`; the model "
        "is never taught to call it (`prompts/agent.system.tool.wait.md` exists, but no `### wait` "
        "heading, example or list item in it names the tool: add one, or list it in "
        "`internal-tools`)"
    )


def test_prm001_says_to_add_the_tool_prompt_file_when_there_is_none(make_repo, run_cli) -> None:
    files = {k: v for k, v in clean_files().items() if k != PROMPT}
    result = run_cli(make_repo(files), "check", "--select", "PRM")
    assert _findings(result.output) == [
        "tools/wait.py:4:1: PRM001 tool `wait` has no prompt in `prompts/`; the model is never "
        "taught to call it (add `prompts/agent.system.tool.wait.md`, or list it in `internal-tools`)"
    ]


def test_each_object_of_a_fence_holding_several_is_an_example(make_repo, run_cli) -> None:
    """A fence of calls one after another (one a line, or between `//`
    comments) is read root by root, as the framework reads a reply
    (helpers/extract_tools.py `extract_json_root_strings`): no "not valid
    JSON", and each object is checked as an example of its own."""
    prompt = (
        "### wait\nPause.\nargs: optional `seconds`\n"
        "```json\n"
        '{"tool_name": "wait", "tool_args": {"seconds": 1}}\n'
        '{"tool_name": "wait", "tool_args": {"seconds": 2, "colour": 1}}\n'
        "```\n\n"
        "```json\n"
        "// first\n"
        '{"tool_name": "wait", "tool_args": {"seconds": 1}}\n'
        "// or, longer\n"
        '{"tool_name": "wait",\n "tool_args": {"seconds": "slow"}}\n'
        "```\n"
    )
    findings = _check(make_repo, run_cli, prompt)
    assert not [line for line in findings if "PRM005" in line]
    assert [line.split(" ", 2)[:2] for line in findings] == [
        [f"{PROMPT}:6:51:", "PRM003"],
        [f"{PROMPT}:14:27:", "PRM008"],
    ]
    # words between or after the objects are passed over, as the framework
    # passes over them: each object is still an example of its own
    worded = prompt.replace("// or, longer\n", "or\n").replace(
        '"slow"}}\n```', '"slow"}}\nResult: waited\n```'
    )
    assert "Result: waited" in worded
    assert _check(make_repo, run_cli, worded) == findings
    # a brace closing nothing is not a sequence, nor is a fence left open
    # that took in the headings after it: still not valid JSON
    swallowed = '{"tool_name": "wait"}\n\n#### wait:long\nPause long.\n\n{"tool_name": "wait"}\n'
    for broken in ('{"tool_name": "wait"}}\nok\n', swallowed):
        text = "### wait\nPause.\nargs: optional `seconds`\n```json\n" + broken + "```\n"
        assert any(" PRM005 " in line for line in _check(make_repo, run_cli, text)), broken


def test_a_lead_lazily_continuing_an_argument_item_ends_the_argument_list(
    make_repo, run_cli
) -> None:
    """``rules:`` right under the last argument item, unindented, is read by
    markdown as that item's text, and the items after it as the same list's;
    they are rules, not arguments (``input`` names another tool)."""
    prompt = (
        "### wait\nPause.\nargs:\n- `seconds`: how long\n- `mode`: fast or slow\n"
        "- `label`: a name\nrules:\n- `input` for interactive prompts.\n"
        "- never wait twice.\n"
    )
    assert _check(make_repo, run_cli, prompt, MODE_PY) == []
    # the same items under the lead proper are still the tool's arguments
    taught = prompt.replace("rules:\n- `input` for", "- `input`: for")
    assert _check(make_repo, run_cli, taught, MODE_PY) == [
        f"{PROMPT}:7:4: PRM003 argument `input` is taught for `wait` but tools/wait.py"
        " never reads it"
    ]


def test_an_indented_line_ending_in_a_colon_continues_its_argument_item(make_repo, run_cli) -> None:
    """A line of an item's own text indented under it, ending in a colon
    (``these values:``), leads nothing: the list goes on with arguments."""
    prompt = (
        "### wait\nPause.\nargs:\n- `seconds`: how long, one of\n  these values:\n"
        "- `mode`: fast or slow\n- `label`: a name\n"
    )
    assert _check(make_repo, run_cli, prompt, MODE_PY) == []


def test_an_argument_lead_lazily_continuing_an_item_leads_more_arguments(tmp_path) -> None:
    from test_prompts import parse_file

    doc = parse_file(
        tmp_path,
        PROMPT,
        "### wait\nPause.\nargs:\n- `label`: a name\nOptional args:\n- `seconds`: how long\n",
    )
    assert [(a.name, a.optional) for a in doc.arguments] == [("label", False), ("seconds", True)]
