"""Prompt rules at their edges, through the real CLI.

Each test pins a branch whose removal would change what a user sees: a
prompt checked on its own (what pre-commit passes when only a prompt
changed), an argument doxtool cannot rule out because the tool also reads a
computed key, arguments taught under their own heading, an example value
outside the values the code dispatches on, and a listing exactly at its
budget.
"""

from __future__ import annotations

from samples import WAIT_PROMPT, WRAPPER, clean_files, tool_named

from doxtool.rules.examples import WAIT_PY

PROMPT = "prompts/agent.system.tool.wait.md"


def _findings(output: str) -> list[str]:
    """The finding lines of a text report (the summary line dropped)."""
    return [line for line in output.splitlines() if not line.startswith(("Found ", "All "))]


# ---------------------------------------------------------------------------
# a prompt file checked on its own


def test_a_prompt_passed_alone_is_checked(make_repo, run_cli) -> None:
    files = clean_files()
    files[PROMPT] = WAIT_PROMPT.replace("args: optional `seconds`", "args: optional `minutes`")
    root = make_repo(files)
    result = run_cli(root, "check", PROMPT)
    assert result.exit_code == 1, result.output
    assert _findings(result.output) == [
        f"{PROMPT}:3:17: PRM003 argument `minutes` is taught for `wait` but tools/wait.py "
        "never reads it"
    ]


def test_a_prompt_passed_alone_reports_only_itself(make_repo, run_cli) -> None:
    """Another prompt's problem and the tool's companion are not this run's business."""
    files = {**clean_files(), **tool_named("sleep")}
    files[PROMPT] = WAIT_PROMPT.replace('"seconds": 1', '"seconds": 1,,')
    other = "prompts/agent.system.tool.sleep.md"
    files[other] = files[other].replace("args: optional `seconds`", "args: optional `hours`")
    files["tools/wait.py.dox.md"] = files["tools/wait.py.dox.md"].replace("## Purpose\n", "")
    root = make_repo(files)
    result = run_cli(root, "check", PROMPT)
    assert result.exit_code == 1, result.output
    assert [line.split()[1] for line in _findings(result.output)] == ["PRM005"]
    assert all(line.startswith(PROMPT + ":") for line in _findings(result.output))
    other_run = run_cli(root, "check", other)
    assert [line.split()[1] for line in _findings(other_run.output)] == ["PRM003"]


def test_the_listing_wrapper_passed_alone_is_checked(make_repo, run_cli) -> None:
    files = clean_files()
    files["prompts/agent.system.tools.md"] = "## Tools\nUse only listed tools.\n"
    root = make_repo(files)
    result = run_cli(root, "check", "prompts/agent.system.tools.md")
    assert result.exit_code == 1, result.output
    assert [line.split()[1] for line in _findings(result.output)] == ["PRM010"]
    # a tool prompt given alone brings in the listing it is rendered in (as an
    # incremental check does): the listing's finding, none of its own
    alone = run_cli(root, "check", PROMPT)
    assert [line.split()[:2] for line in _findings(alone.output)] == [
        ["prompts/agent.system.tools.md:1:1:", "PRM010"]
    ]


# ---------------------------------------------------------------------------
# PRM003: a tool that also reads a computed key


def test_prm003_says_nothing_when_the_tool_also_reads_a_computed_key(make_repo, run_cli) -> None:
    """`self.args.get(key)` may read `minutes`: doxtool cannot know, so it is quiet."""
    files = clean_files()
    files[PROMPT] = WAIT_PROMPT.replace("args: optional `seconds`", "args: `seconds`, `minutes`")
    root = make_repo(files)
    unread = run_cli(root, "check", "--select", "PRM003")
    assert _findings(unread.output) == [
        f"{PROMPT}:3:19: PRM003 argument `minutes` is taught for `wait` but tools/wait.py "
        "never reads it"
    ]
    (root / "tools/wait.py").write_text(
        WAIT_PY.replace(
            "        return Response(",
            "        extra = self.args.get(self.method or 'seconds')\n        return Response(",
        )
    )
    result = run_cli(root, "check", "--select", "PRM003")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")


# ---------------------------------------------------------------------------
# PRM004: where the arguments are taught

LABEL_PY = WAIT_PY.replace(
    "        return Response(", '        label = self.args["label"]\n        return Response('
)


def test_prm004_counts_arguments_taught_under_their_own_heading(make_repo, run_cli) -> None:
    files = clean_files()
    files["tools/wait.py"] = LABEL_PY
    files[PROMPT] = (
        "### wait\nPause for a while.\n\n## Arguments\nargs: `label`, optional `seconds`\n"
    )
    root = make_repo(files)
    result = run_cli(root, "check", "--select", "PRM")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")
    (root / PROMPT).write_text(files[PROMPT].replace("`label`, ", ""))
    result = run_cli(root, "check", "--select", "PRM")
    assert _findings(result.output) == [
        f"{PROMPT}:1:5: PRM004 required argument `label` of `wait` (read at tools/wait.py:7) "
        "is never taught"
    ]


def test_prm004_does_not_count_an_argument_taught_for_another_tool(make_repo, run_cli) -> None:
    """Two tools in one prompt: `label` taught under `### sleep` does not teach it to `wait`."""
    files = {**clean_files(), **tool_named("sleep")}
    files["tools/wait.py"] = LABEL_PY
    files["tools/sleep.py"] = LABEL_PY.replace("WaitTool", "SleepTool")
    del files["prompts/agent.system.tool.sleep.md"]
    files[PROMPT] = (
        "### wait\n"
        "Pause.\n"
        "args: optional `seconds`\n"
        "\n"
        "### sleep\n"
        "Sleep.\n"
        "args: `label`, optional `seconds`\n"
    )
    root = make_repo(files)
    result = run_cli(root, "check", "--select", "PRM004")
    assert _findings(result.output) == [
        f"{PROMPT}:1:5: PRM004 required argument `label` of `wait` (read at tools/wait.py:7) "
        "is never taught"
    ]


# ---------------------------------------------------------------------------
# PRM008: values the code dispatches on

ACTION_PY = WAIT_PY.replace(
    "        return Response(",
    '        action = self.args.get("action", "")\n'
    '        if action == "list":\n'
    "            seconds = 0\n"
    '        elif action == "create":\n'
    "            seconds = 1\n"
    "        else:\n"
    '            return Response(message=f"unknown action {action}", break_loop=False)\n'
    "        return Response(",
)


def test_prm008_reports_an_example_value_outside_the_dispatched_values(make_repo, run_cli) -> None:
    files = clean_files()
    files["tools/wait.py"] = ACTION_PY
    files[PROMPT] = WAIT_PROMPT.replace(
        "args: optional `seconds`", "args: optional `seconds`, `action`"
    ).replace('"seconds": 1', '"seconds": 1, "action": "create"')
    root = make_repo(files)
    result = run_cli(root, "check", "--select", "PRM008")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")
    (root / PROMPT).write_text(files[PROMPT].replace('"create"', '"remove"'))
    result = run_cli(root, "check", "--select", "PRM008")
    assert result.exit_code == 1
    assert _findings(result.output) == [
        f'{PROMPT}:5:103: PRM008 example gives `action` the value `"remove"`, which '
        "tools/wait.py:7 does not accept (one of `list`, `create`)"
    ]


# ---------------------------------------------------------------------------
# PRM009: the budget is a maximum the listing may reach


def test_prm009_allows_a_listing_exactly_at_its_budget(make_repo, run_cli) -> None:
    files = clean_files()
    # characters, not bytes: `é` is one character and two bytes
    files[PROMPT] = WAIT_PROMPT.replace("Pause.", "Pause, café.")
    size = len(WRAPPER) + len(files[PROMPT])
    for budget, findings in (
        (size, []),
        (size + 1, []),
        (
            size - 1,
            [
                f"prompts/agent.system.tools.md:1:1: PRM009 tool listing of profile `default` "
                f"renders to {size} characters, over the budget of {size - 1}"
            ],
        ),
    ):
        files["pyproject.toml"] = f"[tool.doxtool.profiles.default]\nbudget = {budget}\n"
        root = make_repo(files)
        result = run_cli(root, "check", "--select", "PRM009")
        # the message goes on to name where the budget is set
        assert [f.split(" (`")[0] for f in _findings(result.output)] == findings, budget
        assert result.exit_code == (1 if findings else 0), budget


# ---------------------------------------------------------------------------
# a result record that names a tool


def test_a_result_record_naming_a_tool_is_no_call(make_repo, run_cli) -> None:
    """An object with ``tool_name``, no ``tool_args`` and keys no call has (a
    job's result record) documents what the tool gives back: its shape and
    the tool it names are not checked (PRM002, PRM006, PRM007), and it
    teaches no tool (PRM001). A ``tool_name`` with call keys only is a call."""
    files = clean_files()
    files[PROMPT] = WAIT_PROMPT + '~~~json\n{"thoughts": ["x"], "tool_name": "gone"}\n~~~\n'
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
    assert _findings(result.output) == [
        f"{PROMPT}:8:1: PRM007 example lacks `tool_args`; profile `default` allows only "
        "`thoughts`, `headline`, `tool_name`, `tool_args`",
        f"{PROMPT}:8:34: PRM002 prompt example names tool `gone`, which does not exist "
        "(no `gone.py` in tools, python/tools, plugins/*/tools)",
        f"{PROMPT}:8:34: PRM006 example calls `gone` but the prompt documents `wait`",
    ]
    files = {**clean_files(), **tool_named("other")}
    files["prompts/agent.system.tool.other.md"] = "### other\nargs: optional `seconds`\n"
    record = '{"job_id": "j-1", "tool_name": "%s", "status": "done", "result": "..."}'
    files[PROMPT] = (
        WAIT_PROMPT
        + "Each finished job is reported back as:\n~~~json\n"
        + record % "other"
        + "\n~~~\n"
        + f"`{record % 'gone'}`\n"
    )
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")
    # the record alone teaches no tool
    files["prompts/agent.system.tool.other.md"] = "Other things.\n"
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM001")
    assert _findings(result.output)[0].startswith("tools/other.py:4:1: PRM001 tool `other`")


def test_a_call_with_its_arguments_beside_tool_name_lacks_tool_args(make_repo, run_cli) -> None:
    """``{"tool_name": "wait", "seconds": 5}``: every key beside ``tool_name``
    is an argument the tool reads, so it is the tool's call, which the
    framework rejects for want of ``tool_args`` (PRM007); a record naming the
    tool with a key it does not read stays documentation."""
    flat = '{"thoughts": ["x"], "tool_name": "wait", "seconds": 5}'
    files = clean_files()
    files[PROMPT] = WAIT_PROMPT + f"~~~json\n{flat}\n~~~\n"
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
    assert _findings(result.output) == [
        f"{PROMPT}:8:1: PRM007 example has `seconds` and lacks `tool_args`; profile "
        "`default` allows only `thoughts`, `headline`, `tool_name`, `tool_args`",
    ]
    # with a key the tool does not read, a record of the tool
    files[PROMPT] = WAIT_PROMPT + '`{"tool_name": "wait", "seconds": 5, "status": "done"}`\n'
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")


# ---------------------------------------------------------------------------
# ``tool_args.method``: the framework copies it into ``action``

BROWSER_PY = """\
from helpers.tool import Response, Tool


class BrowserTool(Tool):
    async def execute(self, **kwargs) -> Response:
        action = self.args["action"]
        if action == "open":
            return Response(message=self.args.get("url", ""), break_loop=False)
        return Response(message="unknown action", break_loop=False)
"""
BROWSER = "prompts/agent.system.tool.browser.md"


def test_method_taught_for_a_tool_reading_action(make_repo, run_cli) -> None:
    """``normalize_tool_request`` sets ``action`` from ``method`` when the call
    gives no ``action``: teaching ``method`` teaches what the tool reads."""
    files = {
        **clean_files(),
        "tools/browser.py": BROWSER_PY,
        BROWSER: (
            "### browser\nOpen a page.\nargs: `method` (`open`), `url`\n"
            '~~~json\n{"tool_name": "browser", "tool_args": {"method": "open", "url": "x"}}\n~~~\n'
        ),
    }
    root = make_repo(files)
    result = run_cli(root, "check", "--no-cache", "--select", "PRM")
    assert _findings(result.output) == [], result.output


def test_method_taught_for_a_tool_not_reading_action(make_repo, run_cli) -> None:
    files = clean_files()
    files[PROMPT] = WAIT_PROMPT.replace("args: optional `seconds`", "args: `seconds`, `method`")
    root = make_repo(files)
    result = run_cli(root, "check", "--no-cache", "--select", "PRM")
    assert _findings(result.output) == [
        f"{PROMPT}:3:19: PRM003 argument `method` is taught for `wait` but tools/wait.py "
        "never reads it"
    ], result.output
