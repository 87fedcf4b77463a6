"""Template variables where a prompt names its tool or its arguments,
through the real CLI: the framework renders a value doxtool does not know,
so no required argument is "never taught" (PRM004) when a template fills an
example's arguments (``"tool_args": {{wait_args}}``), and no tool is "taught
by no prompt" (PRM001) when its own prompt names a tool by a variable
(``### {{tool_name}}``)."""

from __future__ import annotations

from samples import clean_files

from doxtool.rules.examples import WAIT_PY

PROMPT = "prompts/agent.system.tool.wait.md"
LABEL_PY = WAIT_PY.replace(
    "        return Response(", '        label = self.args["label"]\n        return Response('
)
NOT_TAUGHT = (
    f"{PROMPT}:1:5: PRM004 required argument `label` of `wait` (read at tools/wait.py:7) "
    "is never taught"
)


def _prm004(make_repo, run_cli, example: str) -> list[str]:
    files = clean_files()
    files["tools/wait.py"] = LABEL_PY
    files[PROMPT] = f"### wait\nPause.\n~~~json\n{example}\n~~~\n"
    result = run_cli(make_repo(files), "check", "--select", "PRM004")
    return [line for line in result.output.splitlines() if " PRM004 " in line]


def test_arguments_a_template_fills_may_teach_a_required_one(make_repo, run_cli) -> None:
    for example in (
        '{"tool_name": "wait", "tool_args": {{wait_args}}}',
        '{"tool_name": "wait", "tool_args": {"{{arg_name}}": "x"}}',
        '{"tool_name": "wait", "tool_args": {"seconds": 1, {{more_args}}}}',
        '{"tool_name": "wait", "tool_args": {\n  {{wait_args}}\n}}',
        '{"tool_name": "wait", "tool_args": {% include "wait_args.json" %}}',
    ):
        assert _prm004(make_repo, run_cli, example) == [], example


def test_a_template_in_a_value_or_a_condition_fills_no_argument(make_repo, run_cli) -> None:
    for example in (
        '{"tool_name": "wait", "tool_args": {"seconds": "{{seconds}}"}}',
        '{"tool_name": "wait", "tool_args": {"seconds": {{seconds}}}}',
        '{"tool_name": "wait", "tool_args": {"seconds": 1{{if x}}, "n": 2{{endif}}}}',
        '{"tool_name": "wait", "tool_args": {"seconds": {"a": 1, {{more}}}}}',
        '{"tool_name": "wait", "tool_args": {"seconds": 1}, "headline": "{{h}}"}',
    ):
        assert _prm004(make_repo, run_cli, example) == [NOT_TAUGHT], example
    # another tool's call with templated arguments leaves `wait`'s unknown
    example = '{"tool_name": "other", "tool_args": {{other_args}}}'
    assert _prm004(make_repo, run_cli, example) == [NOT_TAUGHT]


def test_a_tool_prompt_naming_its_tool_by_a_variable_may_teach_it(make_repo, run_cli) -> None:
    untaught = (
        "tools/wait.py:4:1: PRM001 tool `wait` is taught by no prompt in `prompts/`; the "
        "model is never taught to call it (`prompts/agent.system.tool.wait.md` exists, but "
        "no `### wait` heading, example or list item in it names the tool: add one, or "
        "list it in `internal-tools`)"
    )
    example = '~~~json\n{"tool_name": "%s", "tool_args": {"seconds": 1}}\n~~~\n'
    for prompt, found in (
        ("### {{tool_name}}\nPause.\nargs: optional `seconds`\n", []),
        ("## `{{ name }}` tool\nPause.\n", []),
        ("# Pausing\nPause.\n" + example % "{{tool_name}}", []),
        # a condition or a variable in the prose names no tool
        ("### {{if slow}}\nPause.\n{{endif}}\n", [untaught]),
        ("# Pausing\nPause for {{seconds}} seconds.\n", [untaught]),
    ):
        files = clean_files()
        files[PROMPT] = prompt
        result = run_cli(make_repo(files), "check", "--select", "PRM001")
        assert [line for line in result.output.splitlines() if " PRM001 " in line] == found, prompt


def test_a_profile_override_including_the_file_it_overrides_teaches_what_that_does(
    make_repo, run_cli
) -> None:
    """``{{ include original }}`` under the tool's heading in a profile's
    override renders the core prompt there: what it teaches is not read, so
    no required argument is "never taught"; what the override adds is checked."""
    files = clean_files()
    files["tools/wait.py"] = LABEL_PY
    files[PROMPT] = "### wait\nPause.\nargs: `label`, optional `seconds`\n"
    override = "agents/dev/prompts/agent.system.tool.wait.md"
    files[override] = "### wait\n{{ include original }}\n\nalso args: `hours`\n"
    result = run_cli(make_repo(files), "check", "--select", "PRM003,PRM004")
    assert [line for line in result.output.splitlines() if " PRM" in line] == [
        f"{override}:4:13: PRM003 argument `hours` is taught for `wait` but tools/wait.py "
        "never reads it"
    ]


def test_an_include_of_the_original_with_none_there_teaches_nothing(make_repo, run_cli) -> None:
    """``{{ include original }}`` where no file of that name comes after (a
    profile's prompt for its own tool, or a core prompt) renders nothing: a
    required argument the file never names is still "never taught"."""
    files = clean_files()
    del files[PROMPT]
    files["agents/dev/tools/wait.py"] = LABEL_PY
    own = "agents/dev/prompts/agent.system.tool.wait.md"
    files[own] = "### wait\n{{ include original }}\nargs: optional `seconds`\n"
    result = run_cli(make_repo(files), "check", "--select", "PRM004")
    assert [line for line in result.output.splitlines() if " PRM004 " in line] == [
        f"{own}:1:5: PRM004 required argument `label` of `wait` (read at "
        "agents/dev/tools/wait.py:7) is never taught"
    ]
    files = clean_files()
    files["tools/wait.py"] = LABEL_PY
    files[PROMPT] = "### wait\n{{ include original }}\nargs: optional `seconds`\n"
    result = run_cli(make_repo(files), "check", "--select", "PRM004")
    assert [line for line in result.output.splitlines() if " PRM004 " in line] == [NOT_TAUGHT]


def test_a_variable_in_a_code_block_or_a_comment_names_no_tool(make_repo, run_cli) -> None:
    """``# {{command}}`` in a shell script or ``### {{tool_name}}`` in an HTML
    comment is no heading: the file still names no tool (PRM001)."""
    for prompt in (
        "# Pausing\nPause.\n~~~bash\n# {{command}}\nsleep 1\n~~~\n",
        "# Pausing\nPause.\n<!--\n### {{tool_name}}\n-->\n",
    ):
        files = clean_files()
        files[PROMPT] = prompt
        result = run_cli(make_repo(files), "check", "--select", "PRM001")
        found = [line for line in result.output.splitlines() if " PRM001 " in line]
        assert [line.split(": ", 1)[1].split(";")[0] for line in found] == [
            "PRM001 tool `wait` is taught by no prompt in `prompts/`"
        ], prompt
