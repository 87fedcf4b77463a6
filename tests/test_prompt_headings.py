"""Which `###` headings and names a prompt may write without a tool module
(PRM002), through the real CLI: a sub-heading of a tool's prompt names no
tool, and a qualified `server.tool` name is an MCP server's tool."""

from __future__ import annotations

import json

import pytest
from samples import WAIT_PROMPT, clean_files, tool_named

from doxtool.rules.examples import WAIT_PY

PROMPT = "prompts/agent.system.tool.wait.md"


def _findings(output: str) -> list[str]:
    """The finding lines of a text report (the summary line dropped)."""
    return [line for line in output.splitlines() if not line.startswith(("Found ", "All "))]


def test_a_sub_heading_of_a_tool_prompt_names_no_tool(make_repo, run_cli) -> None:
    files = clean_files()
    files[PROMPT] = WAIT_PROMPT.replace(
        "~~~json", "### tips\n- prefer short waits\n- `seconds` may be 0\n\n~~~json"
    )
    root = make_repo(files)
    result = run_cli(root, "check", "--select", "PRM")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")
    # the tool the file teaches is gone: its heading is reported, the
    # sub-heading still is none (the example ties `### wait` to a call)
    (root / "tools/wait.py").unlink()
    (root / "tools/wait.py.dox.md").unlink()
    result = run_cli(root, "check", "--select", "PRM002")
    found = [line for line in _findings(result.output) if " PRM" in line]
    assert [line.split(": ", 1)[1].split(",")[0] for line in found] == [
        "PRM002 prompt heading names tool `wait`",
        "PRM002 prompt example names tool `wait`",
    ]


def test_a_heading_tied_to_a_call_is_a_tool_heading(make_repo, run_cli) -> None:
    """An argument taught under a later heading, or an example calling it,
    makes it a tool's heading: a tool that does not exist is reported."""
    for section in (
        "### tips\nargs: `seconds`\n",
        '### tips\n`{"tool_name": "tips", "tool_args": {}}`\n',
    ):
        files = clean_files()
        files[PROMPT] = WAIT_PROMPT + "\n" + section
        root = make_repo(files)
        result = run_cli(root, "check", "--select", "PRM002")
        assert _findings(result.output)[0] == (
            f"{PROMPT}:8:5: PRM002 prompt heading names tool `tips`, which does not exist "
            "(no `tips.py` in tools, python/tools, plugins/*/tools)"
        ), section


def test_a_qualified_mcp_tool_name_is_no_missing_module(make_repo, run_cli) -> None:
    files = clean_files()
    files["prompts/agent.system.tool.github_mcp.md"] = (
        "### github.create_issue\ncreate an issue through the github MCP server\n"
        "args: `owner`, `repo`, `title`\n"
        '`{"tool_name": "github.create_issue", "tool_args": {"owner": "a", "repo": "b", '
        '"title": "c"}}`\n'
    )
    root = make_repo(files)
    result = run_cli(root, "check", "--select", "PRM")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")
    # a name with an empty side of the dot is no `server.tool` name
    (root / "prompts/agent.system.tool.github_mcp.md").write_text("### github.\n")
    result = run_cli(root, "check", "--select", "PRM002")
    assert _findings(result.output) == [
        "prompts/agent.system.tool.github_mcp.md:1:5: PRM002 prompt heading names tool "
        "`github.`, which does not exist (no `github..py` in tools, python/tools, plugins/*/tools)"
    ]


def test_a_heading_naming_the_server_of_a_qualified_name_is_no_missing_module(
    make_repo, run_cli
) -> None:
    """Agent Zero lists an MCP server's tools under a heading naming the
    server (``### github`` over ``### github.create_issue:``,
    helpers/mcp_handler.py): a copy of that listing said `github` did not
    exist (PRM002), and an example calling one of its tools under it was
    said to call another tool (PRM006). With no qualified name of that
    server, `github` is still reported."""
    mcp = "prompts/agent.system.tool.github_mcp.md"
    listing = (
        '## "Remote (MCP Server) Agent Tools" available:\n\n### github\nIssues and code.\n\n'
        "### github.create_issue:\nCreate an issue.\n\n#### Usage:\n"
        '`{"tool_name": "github.create_issue", "tool_args": {"title": "c"}}`\n'
    )
    files = {**clean_files(), mcp: listing}
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")
    files[mcp] = listing.replace("github.create_issue", "gitlab.create_issue")
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM002")
    assert _findings(result.output) == [
        f"{mcp}:3:5: PRM002 prompt heading names tool `github`, which does not exist "
        "(no `github.py` in tools, python/tools, plugins/*/tools)"
    ]
    # an example right under the server's heading calls one of its tools: no
    # mismatch (PRM006 said the prompt documents `github`); another server's is
    call = '`{"tool_name": "github.search_code", "tool_args": {"q": "x"}}`\n'
    files[mcp] = f"### github\nCall its tools as `github.<tool>`:\n{call}"
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")
    files[mcp] += call.replace("github.", "gitlab.")
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
    assert _findings(result.output) == [
        f"{mcp}:4:16: PRM006 example calls `gitlab.search_code` but the prompt documents `github`"
    ]


def test_a_heading_naming_the_tool_of_a_qualified_name_is_no_missing_module(
    make_repo, run_cli
) -> None:
    """A prompt of MCP tools may head each by its tool part alone (``###
    create_issue``) and write the qualified name the model calls in its prose
    or examples (`github.create_issue`): that heading, or a list item so
    named, named a tool that did not exist (PRM002). A name the prompt
    writes qualified by no server, or a path, or one an example calls as a
    tool of its own, is still reported."""
    mcp = "prompts/agent.system.mcp_tools.md"
    prompt = (
        "## GitHub MCP tools\nCall them as `github.<name>`, e.g. `github.create_issue`.\n\n"
        "### create_issue\nCreate an issue.\nargs: `title`, `body`\n\n"
        "### create_pr\nargs: `title`\n"
        '`{"tool_name": "github.create_pr", "tool_args": {"title": "x"}}`\n\n'
        "Tools:\n- `wait`: args `seconds`\n- `search_code`: args `q` (as `github.search_code`)\n"
    )
    files = {**clean_files(), mcp: prompt}
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")
    files[mcp] = prompt.replace("`github.create_issue`", "`tools/create_issue`").replace(
        "(as `github.search_code`)", '`{"tool_name": "search_code", "tool_args": {}}`'
    )
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM002")
    assert [line.split(": ", 1)[1].split(",")[0] for line in _findings(result.output)] == [
        "PRM002 prompt heading names tool `create_issue`",
        "PRM002 prompt list item names tool `search_code`",
        "PRM002 prompt example names tool `search_code`",
    ]


def test_a_name_qualified_only_in_python_prose_names_no_mcp_tool(make_repo, run_cli) -> None:
    """A heading or list item naming a tool no module provides, where the
    prose writes that name after a dot as Python does (`asyncio.sleep`,
    `response.count`): nothing calls such a server, and the tool is
    reported missing (PRM002 said nothing). Once the prompt writes another
    tool of that server as a tool, the prose name is that server's."""
    for prose in ("Pauses with `asyncio.sleep`.", "Returns `response.count`."):
        name = prose.rsplit(".", 2)[-2].rstrip("`")
        files = clean_files()
        files[PROMPT] = (
            f"{WAIT_PROMPT}\n### {name}\nargs: `seconds`\n{prose}\n\n"
            f"Related tools:\n- `wait`: args `seconds`\n- `{name}`: args `seconds`\n"
        )
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM002")
        assert [line.split(": ", 1)[1].split(",")[0] for line in _findings(result.output)] == [
            f"PRM002 prompt heading names tool `{name}`",
            f"PRM002 prompt list item names tool `{name}`",
        ], prose
        server = prose.split("`")[1].split(".")[0]
        files[PROMPT] += f'\n`{{"tool_name": "{server}.other", "tool_args": {{}}}}`\n'
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM002")
        assert (result.exit_code, result.output) == (0, "All checks passed.\n"), prose
    # prose qualifying two of the prompt's headings by one server lists its tools
    files = clean_files()
    files["prompts/agent.system.mcp_tools.md"] = (
        "## GitHub MCP tools\nCall each as `github.create_issue` or `github.create_pr`.\n\n"
        "### create_issue\nargs: `title`\n\n### create_pr\nargs: `title`\n"
    )
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM002")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")


def test_a_heading_of_a_tool_or_called_by_name_is_no_mcp_server(make_repo, run_cli) -> None:
    """``### wait`` names a tool of the repository: an example under it
    calling `wait.py` or `wait.pause` calls no tool of it (PRM006), whatever
    a server of that name would hold; a heading whose name an example calls
    as a tool of its own (``"tool_name": "github"``) names that tool, which
    does not exist (PRM002), even beside ``### github.create_issue:``."""
    for name in ("wait.py", "wait.pause"):
        files = clean_files()
        files[PROMPT] += f'`{{"tool_name": "{name}", "tool_args": {{"seconds": 1}}}}`\n'
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM006")
        assert _findings(result.output) == [
            f"{PROMPT}:7:16: PRM006 example calls `{name}` but the prompt documents `wait`"
        ]
    mcp = "prompts/agent.system.tool.github_mcp.md"
    files = clean_files()
    files[mcp] = (
        '### github.create_issue:\nx\n\n### github\nRun gh.\n`{"tool_name": "github", '
        '"tool_args": {}}`\n'
    )
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM002")
    assert [line.split(": ", 1)[1][:40] for line in _findings(result.output)] == [
        "PRM002 prompt heading names tool `github",
        "PRM002 prompt example names tool `github",
    ]


def test_a_tool_prompt_titled_by_its_first_word_teaches_the_tool(make_repo, run_cli) -> None:
    """The first heading of a tool prompt names its tool by its first word, at
    any level 1 to 3 (helpers/responses_tools.py ``_tool_name_from_heading``);
    its required arguments are then checked, and a title that names no tool is
    no missing tool (``## memory tools``)."""
    for title in ("### wait tool", "## wait", "### wait (experimental)", "# `wait` tool"):
        files = clean_files()
        files[PROMPT] = f"{title}\nPause.\n\n## Arguments\n\nargs: optional `seconds`\n"
        root = make_repo(files)
        result = run_cli(root, "check", "--select", "PRM")
        assert (result.exit_code, result.output) == (0, "All checks passed.\n"), title
    files = clean_files()
    files[PROMPT] = "## wait tools\nPause.\n"
    files["tools/wait.py"] = files["tools/wait.py"].replace(
        "        return Response(", '        label = self.args["label"]\n        return Response('
    )
    root = make_repo(files)
    result = run_cli(root, "check", "--select", "PRM001,PRM004")
    assert _findings(result.output) == [
        f"{PROMPT}:1:4: PRM004 required argument `label` of `wait` (read at tools/wait.py:7) "
        "is never taught"
    ]
    files = clean_files()
    files["prompts/agent.system.tool.memory.md"] = "## memory tools\nuse them\n"
    result = run_cli(make_repo(files), "check", "--select", "PRM")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")
    # a later heading, or one in the listing's wrapper, is no title
    files = clean_files()
    files[PROMPT] = "### Notes\n\n## wait tool\nPause.\n"
    result = run_cli(make_repo(files), "check", "--select", "PRM001")
    assert _findings(result.output)[0].startswith("tools/wait.py:4:1: PRM001 tool `wait`")


def test_a_first_heading_deeper_than_three_names_its_tool(make_repo, run_cli) -> None:
    """The framework reads a tool prompt's first heading at any level
    (``#{1,6}``): a ``####`` to ``######`` first heading naming a tool is
    its title too, and what follows it is the tool's."""
    for title in ("#### wait", "##### `wait`", "###### wait tool", "#### Notes\n### wait"):
        files = clean_files()
        files[PROMPT] = f"{title}\nPause.\n"
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
        assert (result.exit_code, result.output) == (0, "All checks passed.\n"), title
        files[PROMPT] = f"{title}\nPause.\nargs: optional `seconds`, `minutes`\n"
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
        assert [f.split(": ", 1)[1] for f in _findings(result.output)] == [
            "PRM003 argument `minutes` is taught for `wait` but tools/wait.py never reads it"
        ], title
    # deeper headings that name no tool, or come after the first, name none
    for title in ("#### Wait", "## Overview\n#### wait", "### sleep\n#### wait"):
        files = clean_files()
        files[PROMPT] = f"{title}\nPause.\n"
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM001")
        assert _findings(result.output)[0].startswith("tools/wait.py:4:1: PRM001 tool `wait`"), (
            title
        )


def test_a_title_names_its_tool_past_an_icon_or_a_tool_label(make_repo, run_cli) -> None:
    """Symbols (an icon) and a ``Tool:`` label before the first word of a tool
    prompt's title are not its name: the tool is taught, and the arguments
    under the title are checked as the tool's."""
    for title in (
        "### Tool: wait",
        "### \U0001f9f0 wait",
        "## \u2699\ufe0f Tool: `wait`",
        "# Tool wait",
        # a number, bold, a call's parentheses
        "### 1. wait",
        "## 3) `wait`",
        "### **wait**",
        "### wait()",
        "### wait(seconds?) - pause",
        # the label in another language (before, PRM001 said no prompt taught `wait`)
        "### Werkzeug: wait",
        "## Outil : wait",
        "### \u5de5\u5177\uff1await",
    ):
        files = clean_files()
        files[PROMPT] = f"{title}\nPause.\nargs: optional `seconds`\n"
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
        assert (result.exit_code, result.output) == (0, "All checks passed.\n"), title
        files[PROMPT] = f"{title}\nPause.\nargs: optional `seconds`, `minutes`\n"
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
        assert _findings(result.output) == [
            f"{PROMPT}:3:28: PRM003 argument `minutes` is taught for `wait` but tools/wait.py "
            "never reads it"
        ], title
    # past the label or the number, a word that is no tool's name still names none
    for title in ("### Tool: Notes", "### 1. Overview", "### 2024 wait"):
        files = clean_files()
        files[PROMPT] = f"{title}\nPause.\n"
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM001")
        assert _findings(result.output)[0].startswith("tools/wait.py:4:1: PRM001 tool `wait`")


def test_a_tool_prompt_calling_its_tool_by_name_in_prose_teaches_it(make_repo, run_cli) -> None:
    """A title of words (``# Waiting Tool``, ``### The `wait` tool``) names
    no tool, but prose under it that calls the tool by its name (in a code
    span, after ``Tool name:``, in a heading after ``the`` and before
    ``tool``) tells the
    model the name to call: PRM001 said the model was never taught to call it."""
    for text in (
        "# Waiting Tool\nUse `wait` to pause for a while.\n",
        "### The `wait` tool\nPause for a while.\n",
        "### The wait tool\nPause for a while.\n",
        "# Waiting\n**Tool name:** `wait`\n\nPause for a while.\n",
        "# Waiting\ntool_name: wait\nPause for a while.\n",
    ):
        files = clean_files()
        files[PROMPT] = f"{text}args: optional `seconds`\n"
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
        assert (result.exit_code, result.output) == (0, "All checks passed.\n"), text
    # near misses: the name not written, written only to say it is gone, or
    # beside a heading teaching another tool, or a word of a longer name
    for text in (
        "# Waiting Tool\nPause for a while.\n",
        "# Wait Tool\nPause for a while.\n",
        "# Waiting\nThe `wait` tool was removed; sleep in code instead.\n",
        "# Waiting\nDo not use `wait`.\n",
        "# Waiting\n| tool | use |\n|---|---|\n| `wait` | removed |\n",
        "### sleep\nLike `wait`, but longer.\n",
        "# Waiting\nThe wait_long tool pauses.\n",
        # in a sentence, "the wait tool" may be words, not a name
        "# Notes\nSee the wait tool of the scheduler.\n",
    ):
        files = {**clean_files(), **tool_named("sleep")}
        files[PROMPT] = text
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM001")
        assert _findings(result.output)[0].startswith("tools/wait.py:4:1: PRM001 tool `wait`"), text


@pytest.mark.parametrize(
    "line",
    [
        "Use `sleep` (formerly `wait`) to pause.",
        "`wait` has been replaced by `sleep`.",
        "The agent no longer calls `wait`.",
        "Never call `wait` directly; call `sleep`.",
        "If `wait` is unavailable, use sleep.",
        "To pause, call `sleep`, the same as `wait` in older versions.",
        "Nutze `wait` nicht mehr.",
        # the file calls another tool of the repository by name too
        "**Tool name:** `sleep`\n\nPauses; see also `wait`.",
        "Use `sleep` to pause. For the queue, see `wait`.",
    ],
)
@pytest.mark.parametrize("where", ["prompts", "agents/ops/prompts"])
def test_prose_saying_a_tool_is_gone_or_not_to_be_called_does_not_teach_it(
    make_repo, run_cli, line: str, where: str
) -> None:
    """A clause naming the tool of its file in a code span while saying it
    is replaced, old, unavailable or not to be called tells the model not
    to call it, and a file calling another tool of the repository by name
    too may teach that one: PRM001 still says no prompt teaches it (before,
    it said nothing, or that the profile's prompt taught it). The clause's other
    sentences do not count: ``Use `wait` to pause; do not busy-loop.``
    teaches it."""
    files = {k: v for k, v in clean_files().items() if k != PROMPT}
    files.update(tool_named("sleep"))
    files[f"{where}/agent.system.tool.wait.md"] = f"# Pausing\n{line}\n"
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM001")
    found = _findings(result.output)
    assert len(found) == 1 and found[0].startswith("tools/wait.py:4:1: PRM001 tool `wait`"), found
    assert "profile" not in found[0], found
    files[f"{where}/agent.system.tool.wait.md"] = "# Pausing\nUse `wait` to pause; do not loop.\n"
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM001")
    told = (
        [f"only the prompts of profile `ops` (`{where}/`) teach it"] if where != "prompts" else []
    )
    assert len(_findings(result.output)) == len(told), result.output
    assert all(t in result.output for t in told), result.output


@pytest.mark.parametrize("where", ["agents/ops/prompts", "plugins/p/agents/ops/prompts"])
def test_a_profile_prompt_calling_a_core_tool_by_name_in_prose_is_named(
    make_repo, run_cli, where: str
) -> None:
    """A core tool whose only prompt is a profile's (or a plugin's for that
    profile), titled in words and calling the tool by name in its prose:
    that profile's model is told, and PRM001 says so, as for a `### wait`
    heading, instead of saying no model is ever taught to call it."""
    files = {k: v for k, v in clean_files().items() if k != PROMPT}
    files[f"{where}/agent.system.tool.wait.md"] = (
        "# Waiting Tool\nUse `wait` to pause for a while.\nargs: optional `seconds`\n"
    )
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM001")
    assert f"only the prompts of profile `ops` (`{where}/`) teach it" in result.output


def test_a_tool_whose_module_is_excluded_is_not_missing(make_repo, run_cli) -> None:
    """An excluded module (by its file or its directory) exists: it is not
    checked, and a prompt teaching its tool names no missing tool. A tool
    with no module at all still is one."""
    files = {**clean_files(), **tool_named("other")}
    files["plugins/mem/tools/recall.py"] = files["tools/other.py"].replace("Other", "Recall")
    files["prompts/agent.system.tool.recall.md"] = WAIT_PROMPT.replace("wait", "recall")
    files["prompts/agent.system.tool.gone.md"] = WAIT_PROMPT.replace("wait", "gone")
    root = make_repo(files)
    gone = [
        f"prompts/agent.system.tool.gone.md:{at}: PRM002 prompt {where} names tool `gone`, "
        "which does not exist (no `gone.py` in tools, python/tools, plugins/*/tools)"
        for at, where in (("1:5", "heading"), ("5:57", "example"))
    ]
    for excluded in (
        '"tools/other.py", "plugins/mem/tools/recall.py"',
        '"other.py", "plugins/mem/tools/*"',
        '"tools/oth*", "mem"',
    ):
        (root / "doxtool.toml").write_text(f"extend-exclude = [{excluded}]\n")
        for paths in ([], ["tools/other.py"], ["prompts/agent.system.tool.other.md"]):
            result = run_cli(root, "check", "--no-cache", "--select", "PRM002", *paths)
            # (a run over PATHS checks the prompts naming a missing tool too)
            assert _findings(result.output) == gone, (excluded, paths)


GAME_PY = """\
from helpers.tool import Response, Tool


class GameTool(Tool):
    async def execute(self, **kwargs):
        action = self.args.get("action", "analyze")
        if action == "analyze":
            return Response(message="analysis", break_loop=False)
        if action == "auction":
            kind = self.args.get("auction_type", "vickrey")
            return Response(message=kind, break_loop=False)
        if action == "status":
            return Response(message="ok", break_loop=False)
        return Response(message=f"unknown action {action}", break_loop=False)
"""

GAME_PROMPT = """\
# Tool: Game

Strategic analysis.

~~~json
{"thoughts": ["x"], "headline": "Gaming", "tool_name": "game", "tool_args": {"action": "analyze"}}
~~~

## Actions

### `analyze`

Analyze the situation.

### `auction`

args: `auction_type`, `reserve`

### `status`

The engine's state.

### `vote`

Run a vote.
"""


def test_a_heading_naming_a_value_the_called_tool_compares_names_no_tool(
    make_repo, run_cli
) -> None:
    """``### `analyze``` under an example calling ``game``, whose code
    compares ``action`` with ``"analyze"``, is a value of ``game``'s, not a
    tool: even ``### `status``` while a ``status`` tool exists. What is
    taught under it is taught for ``game``; a heading no code compares
    (``vote``) is still a tool's."""
    files = {
        **clean_files(),
        **tool_named("status"),
        "tools/game.py": GAME_PY,
        "prompts/agent.system.tool.game.md": GAME_PROMPT,
    }
    root = make_repo(files)
    result = run_cli(root, "check", "--no-cache", "--select", "PRM")
    assert _findings(result.output) == [
        "prompts/agent.system.tool.game.md:6:56: PRM006 example calls `game` but the prompt "
        "documents `vote`",
        "prompts/agent.system.tool.game.md:17:24: PRM003 argument `reserve` is taught for "
        "`game` but tools/game.py never reads it",
        "prompts/agent.system.tool.game.md:23:6: PRM002 prompt heading names tool `vote`, "
        "which does not exist (no `vote.py` in tools, python/tools, plugins/*/tools)",
    ], result.output
    # without the stray heading, the values are all the file has: nothing to say
    (root / "prompts/agent.system.tool.game.md").write_text(
        GAME_PROMPT.split("### `vote`")[0].replace(", `reserve`", "")
    )
    result = run_cli(root, "check", "--no-cache", "--select", "PRM")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")


def test_a_heading_naming_a_value_the_titled_tool_compares_names_no_tool(
    make_repo, run_cli
) -> None:
    """``## game`` over ``### analyze`` and ``### auction``, with no example:
    the title names `game`, whose code compares ``action`` with those
    values, so the headings under it are its actions, not tools (PRM002
    said no tool `analyze` existed), and what they teach is `game`'s; a
    heading no code compares (``vote``) is still a tool's."""
    prompt = (
        "## game\nStrategic analysis. Set `action` to the section's name.\n\n"
        "### analyze\nNo other args.\n\n"
        "### auction\nargs: optional `auction_type`, `reserve`\n\n"
        "### vote\nargs: `ballot`\n"
    )
    files = {**clean_files(), "tools/game.py": GAME_PY, "prompts/agent.system.tool.game.md": prompt}
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
    assert _findings(result.output) == [
        "prompts/agent.system.tool.game.md:8:33: PRM003 argument `reserve` is taught for "
        "`game` but tools/game.py never reads it",
        "prompts/agent.system.tool.game.md:10:5: PRM002 prompt heading names tool `vote`, "
        "which does not exist (no `vote.py` in tools, python/tools, plugins/*/tools)",
    ], result.output


def test_a_heading_under_a_title_named_like_a_tool_of_the_repository_stays_its(
    make_repo, run_cli
) -> None:
    """``## game`` over ``### analyze``, with no example, where `analyze` is
    also a tool of the repository, reading the `seconds` taught under it:
    the title alone does not show the heading is `game`'s action, so what
    it teaches stays `analyze`'s (before, PRM003 said `game` never read
    `seconds`); ``### auction``, no tool, is still `game`'s action."""
    prompt = (
        "## game\nStrategic analysis. Set `action` to the section's name.\n\n"
        "### analyze\nargs: optional `seconds`\n\n"
        "### auction\nargs: optional `auction_type`\n"
    )
    analyze = {k: v for k, v in tool_named("analyze").items() if not k.startswith("prompts/")}
    files = {
        **clean_files(),
        **analyze,
        "tools/game.py": GAME_PY,
        "prompts/agent.system.tool.game.md": prompt,
    }
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n"), result.output


def test_a_heading_naming_a_value_compared_beside_the_dispatch_names_no_tool(
    make_repo, run_cli
) -> None:
    """A test no list holds beside the dispatch (``action.startswith(...)``)
    leaves the values ``game`` accepts unknown, but the literals it compares
    ``action`` with are still its values: their headings name no tool."""
    beside = GAME_PY.replace(
        '        if action == "analyze":\n',
        '        if action.startswith("debug"):\n'
        '            return Response(message="debugging", break_loop=False)\n'
        '        if action == "analyze":\n',
    )
    files = {
        **clean_files(),
        **tool_named("status"),
        "tools/game.py": beside,
        "prompts/agent.system.tool.game.md": GAME_PROMPT.split("### `vote`")[0],
    }
    root = make_repo(files)
    facts = run_cli(root, "inspect", "tools/game.py", "--json")
    (action,) = [
        a for a in json.loads(facts.output)[0]["tools"][0]["arguments"] if a["name"] == "action"
    ]
    assert (action["enum"], action["values_unknown"]) == (None, True)
    assert action["compared"] == ["analyze", "auction", "status"]
    result = run_cli(root, "check", "--no-cache", "--select", "PRM")
    assert _findings(result.output) == [
        "prompts/agent.system.tool.game.md:17:24: PRM003 argument `reserve` is taught for "
        "`game` but tools/game.py never reads it",
    ], result.output


OPEN_PY = """\
from helpers.tool import Tool, Response


class Gadget(Tool):
    async def execute(self, **kwargs) -> Response:
        action = self.args.get("action", "status").lower().strip()
        result = await self._dispatch(action)
        return Response(message=result, break_loop=False)

    async def _dispatch(self, action: str) -> str:
        if action == "status":
            return "idle"
        if action == "branch":
            name = self.args.get("branch", "main")
            return f"on {name}"
        return "nothing to do"
"""

OPEN_PROMPT = """\
# Gadget Tool

## Available Actions

### status

Show the state.

### branch

- **branch** (optional): which branch

~~~json
{"tool_name": "gadget", "tool_args": {"action": "branch", "branch": "dev"}}
~~~
"""


def test_a_heading_naming_a_value_an_open_dispatch_compares_names_no_tool(
    make_repo, run_cli
) -> None:
    """A dispatch with a fallback that is no error (in a method ``execute``
    hands the value to) accepts any value, but the literals it compares
    ``action`` with are still values of ``gadget``'s: their headings name
    no tool, also one that is the name of an argument too (``branch``)."""
    files = {
        **clean_files(),
        "tools/gadget.py": OPEN_PY,
        "prompts/agent.system.tool.gadget.md": OPEN_PROMPT,
    }
    root = make_repo(files)
    facts = run_cli(root, "inspect", "tools/gadget.py", "--json")
    (action,) = [
        a for a in json.loads(facts.output)[0]["tools"][0]["arguments"] if a["name"] == "action"
    ]
    assert (action["enum"], action["compared"]) == (None, ["status", "branch"])
    result = run_cli(root, "check", "--no-cache", "--select", "PRM")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n"), result.output
    # a heading no code compares is still a tool's
    (root / "prompts/agent.system.tool.gadget.md").write_text(
        OPEN_PROMPT.replace("### status", "### reset")
    )
    result = run_cli(root, "check", "--no-cache", "--select", "PRM002")
    assert _findings(result.output) == [
        "prompts/agent.system.tool.gadget.md:5:5: PRM002 prompt heading names tool `reset`, "
        "which does not exist (no `reset.py` in tools, python/tools, plugins/*/tools)",
    ], result.output


INPUTS_PY = """\
from helpers.tool import Tool, Response


class Review(Tool):
    async def execute(self, **kwargs) -> Response:
        path = self.args.get("file", "")
        diff = self.args.get("diff", "")
        focus = self.args.get("focus", "all")
        if not path and not diff:
            return Response(message="give a file or a diff", break_loop=False)
        return Response(message=f"reviewed {path or diff} for {focus}", break_loop=False)
"""

INPUTS_PROMPT = """\
# Review Tool

## Available Inputs

### file

- **file** (required): the file to review
- **focus** (optional): what to look at

### diff

- **diff** (required): the diff to review

~~~json
{"tool_name": "review", "tool_args": {"file": "a.py"}}
~~~
"""


def test_a_heading_naming_an_argument_of_the_called_tool_names_no_tool(make_repo, run_cli) -> None:
    """``### file`` in a prompt whose example calls ``review``, which reads
    ``file``, titles that argument's part of the prompt: no tool, and what
    is taught under it is ``review``'s. A heading naming nothing the called
    tool reads is still a tool's."""
    files = {
        **clean_files(),
        "tools/review.py": INPUTS_PY,
        "prompts/agent.system.tool.review.md": INPUTS_PROMPT,
    }
    root = make_repo(files)
    result = run_cli(root, "check", "--no-cache", "--select", "PRM")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n"), result.output
    (root / "prompts/agent.system.tool.review.md").write_text(
        INPUTS_PROMPT.replace("### diff", "### patch").replace("**diff**", "**depth**")
    )
    result = run_cli(root, "check", "--no-cache", "--select", "PRM002")
    assert _findings(result.output) == [
        "prompts/agent.system.tool.review.md:10:5: PRM002 prompt heading names tool `patch`, "
        "which does not exist (no `patch.py` in tools, python/tools, plugins/*/tools)",
    ], result.output


LOOKUP_PY = """\
from helpers.tool import Tool, Response


class Coord(Tool):
    async def execute(self, **kwargs) -> Response:
        action = self.args.get("action", "").lower()
        action_map = {"decompose": self._decompose, "cost_report": self._cost}
        handler = action_map.get(action)
        if handler:
            return await handler()
        return Response(message="actions: decompose, cost_report", break_loop=False)

    async def _decompose(self) -> Response:
        return Response(message="plan", break_loop=False)

    async def _cost(self) -> Response:
        return Response(message="cost", break_loop=False)
"""

LOOKUP_PROMPT = """\
# Coordinator Tool

## Available Actions

### decompose
Preview the plan.

### cost_report
View spending.

~~~json
{"tool_name": "coord", "tool_args": {"action": "decompose"}}
~~~
"""


def test_a_heading_naming_a_key_the_called_tool_looks_its_value_up_with_names_no_tool(
    make_repo, run_cli
) -> None:
    """``action_map.get(action)`` with a help text, not an error, for a miss:
    any value is taken, but the dict's keys are values of ``action`` all the
    same, and their headings name no tool."""
    files = {
        **clean_files(),
        "tools/coord.py": LOOKUP_PY,
        "prompts/agent.system.tool.coord.md": LOOKUP_PROMPT,
    }
    root = make_repo(files)
    facts = run_cli(root, "inspect", "tools/coord.py", "--json")
    (action,) = json.loads(facts.output)[0]["tools"][0]["arguments"]
    assert action["compared"] == ["decompose", "cost_report"]
    result = run_cli(root, "check", "--no-cache", "--select", "PRM")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n"), result.output


METHODS_PROMPT = """\
# Tool: `wait`

Pause the agent.

## Methods

### `pause`

**Parameters:**

- `seconds` (optional): how long
- `label` (optional): a name for the pause

## Usage Examples

### `sleep`

A heading outside the methods names a tool again.
"""


def test_a_heading_in_the_methods_section_of_a_titled_tool_names_its_method(
    make_repo, run_cli
) -> None:
    """``### `pause``` under ``## Methods`` of a prompt titled for `wait`
    names a method of `wait`, not a tool; what it teaches is taught for
    `wait` (its code reads `seconds`, not `label`). A heading in another
    section names a tool again."""
    files = clean_files()
    files[PROMPT] = METHODS_PROMPT
    root = make_repo(files)
    result = run_cli(root, "check", "--no-cache", "--select", "PRM002,PRM003")
    assert _findings(result.output) == [
        f"{PROMPT}:12:4: PRM003 argument `label` is taught for `wait` but tools/wait.py"
        " never reads it",
        f"{PROMPT}:16:6: PRM002 prompt heading names tool `sleep`, which does not exist"
        " (no `sleep.py` in tools, python/tools, plugins/*/tools)",
    ], result.output


CALLED_METHODS_PROMPT = """\
# Pausing for a while

## Methods

### pause
Pause the agent.
args: `seconds`, `when`

~~~json
{"tool_name": "wait:pause", "tool_args": {"seconds": 2}}
~~~

### doze
Doze off.
"""


def test_a_heading_naming_the_method_an_example_calls_names_no_tool(make_repo, run_cli) -> None:
    """``### pause`` over an example calling ``wait:pause`` names that method
    of `wait`, not a tool, under a title naming none; what is taught under
    it is taught for `wait`, and a later heading no call ties to anything
    is a part of `wait`'s prompt. Of a tool that does not exist, the
    heading names the method of that tool."""
    files = clean_files()
    files[PROMPT] = CALLED_METHODS_PROMPT
    root = make_repo(files)
    result = run_cli(root, "check", "--no-cache", "--select", "PRM002,PRM003")
    assert _findings(result.output) == [
        f"{PROMPT}:7:19: PRM003 argument `when` is taught for `wait` but tools/wait.py"
        " never reads it",
    ], result.output
    (root / PROMPT).write_text(CALLED_METHODS_PROMPT.replace("wait:pause", "sleep:pause"))
    result = run_cli(root, "check", "--no-cache", "--select", "PRM002")
    assert [line.split(": ", 1)[1].split(",")[0] for line in _findings(result.output)] == [
        "PRM002 prompt heading names tool `sleep:pause`",
        "PRM002 prompt example names tool `sleep:pause`",
    ], result.output


def test_a_heading_in_a_script_without_case_names_no_tool(make_repo, run_cli) -> None:
    """`### 示例用法:` ("example usage") has no lower-case letter, which
    tells a module's name from prose in a cased script: it names no tool
    (PRM002), and the example under it is no call of a tool the prompt does
    not document (PRM006); backticked, it is code and names one."""
    files = clean_files()
    prompt = (
        "# Wait Tool (WaitTool)\n\nPause.\n\n{heading}\n~~~json\n"
        '{{"thoughts": ["x"], "tool_name": "wait", "tool_args": {{"seconds": 1}}}}\n~~~\n'
    )
    files[PROMPT] = prompt.format(heading="### 示例用法:")
    root = make_repo(files)
    result = run_cli(root, "check", "--select", "PRM")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")
    (root / PROMPT).write_text(prompt.format(heading="### `示例`"), encoding="utf-8")
    result = run_cli(root, "check", "--select", "PRM002")
    assert "PRM002 prompt heading names tool `示例`" in result.output


def test_a_heading_naming_a_tool_of_the_repository_stays_that_tools(make_repo, run_cli) -> None:
    """``### pause`` naming a tool of the repository, in a prompt whose
    example calls ``wait:pause``: what is taught under it is that tool's."""
    files = clean_files()
    files.update(tool_named("pause"))
    for name in ("tools/pause.py", "prompts/agent.system.tool.pause.md"):
        files[name] = files[name].replace("seconds", "until")
    files[PROMPT] = (
        "### wait\nWait.\nargs: `seconds`\n\n"
        '~~~json\n{"tool_name": "wait:pause", "tool_args": {"seconds": 2}}\n~~~\n\n'
        "### pause\nPause until a time.\nargs: `until`\n"
    )
    root = make_repo(files)
    result = run_cli(root, "check", "--no-cache", "--select", "PRM003")
    assert _findings(result.output) == [], result.output


PROSE_METHODS_PROMPT = """\
# Pausing Service

## Available Methods

### pause
~~~json
{"tool_name": "wait:pause", "tool_args": {"seconds": 2}}
~~~

### resume
args: `seconds`, `label`

## Related

### doze
args: `seconds`
"""


def test_a_heading_beside_called_methods_in_a_methods_section_names_a_method(
    make_repo, run_cli
) -> None:
    """Under a title that names no tool, ``### resume`` in the ``## Available
    Methods`` section whose other heading an example calls as ``wait:pause``
    names a method of `wait`, not a tool, though no example calls it: what
    is taught under it is taught for `wait` (its code reads `seconds`, not
    `label`). A heading of another section, with an argument taught under
    it, names a tool again."""
    files = clean_files()
    files[PROMPT] = PROSE_METHODS_PROMPT
    root = make_repo(files)
    result = run_cli(root, "check", "--no-cache", "--select", "PRM002,PRM003")
    assert _findings(result.output) == [
        f"{PROMPT}:11:19: PRM003 argument `label` is taught for `wait` but tools/wait.py"
        " never reads it",
        f"{PROMPT}:15:5: PRM002 prompt heading names tool `doze`, which does not exist"
        " (no `doze.py` in tools, python/tools, plugins/*/tools)",
    ], result.output


STORE_PY = """\
from helpers.tool import Response, Tool


class Store(Tool):
    async def execute(self, **kwargs):
        handler = getattr(self, f"_{self.method}", None)
        if handler is None:
            return Response(message="unknown method", break_loop=False)
        return await handler(**kwargs)

    async def _find(self, query="", **kw):
        return Response(message=query, break_loop=False)
"""
COPIER_PY = """\
from helpers.tool import Response, Tool


class Copier(Tool):
    async def execute(self, target="", **kwargs):
        return Response(message=target, break_loop=False)
"""
STORE_PROMPT = """\
# Record Keeping

## Available Methods

### find
args: `query`
~~~json
{"tool_name": "store:find", "tool_args": {"query": "x"}}
~~~

### backup
args: `target`
~~~json
{"tool_name": "copier", "tool_args": {"target": "/x"}}
~~~
"""


def test_a_heading_over_an_example_of_another_tool_is_no_method_beside_called_methods(
    make_repo, run_cli
) -> None:
    """``### backup`` in the section of methods, over an example of another
    tool, is that call's heading, not a method of `store`: its example is
    not reported as another tool's under a heading of `store`."""
    files = {
        "tools/store.py": STORE_PY,
        "tools/copier.py": COPIER_PY,
        "prompts/agent.system.tools.md": "## Tools\n{{tools}}\n",
        "prompts/agent.system.tool.store.md": STORE_PROMPT,
    }
    root = make_repo(files)
    result = run_cli(root, "check", "--no-cache", "--select", "PRM006")
    assert _findings(result.output) == [], result.output


def test_a_title_opening_with_another_tools_name_in_prose_titles_the_files_tool(
    make_repo, run_cli
) -> None:
    """``## wait notifications`` over examples that call only ``notify``, in
    ``agent.system.tool.notify.md``: the title opens a sentence with the
    name of another tool, and the framework names the tool by the example's
    ``tool_name`` before any heading. What is taught under it is
    ``notify``'s (PRM003 said ``message`` was taught for ``wait``)."""
    notify = "prompts/agent.system.tool.notify.md"
    call = '`{"tool_name": "notify", "tool_args": {"message": "hi"}}`\n'
    files = clean_files()
    files["tools/notify.py"] = (
        WAIT_PY.replace("WaitTool", "NotifyTool")
        .replace('int(self.args.get("seconds", 0))', 'self.args["message"]')
        .replace("seconds", "message")
    )
    for title in ("## wait notifications", "# `wait`-free notices", "### **wait** less"):
        files[notify] = f"{title}\nSend a note.\nargs: `message`\n\n{call}"
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
        assert (result.exit_code, result.output) == (0, "All checks passed.\n"), title
        # an argument `notify` does not read is still reported, as `notify`'s
        files[notify] = f"{title}\nSend a note.\nargs: `message`, `level`\n\n{call}"
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM003")
        assert _findings(result.output) == [
            f"{notify}:3:19: PRM003 argument `level` is taught for `notify` but "
            "tools/notify.py never reads it"
        ], title
    # a title naming `wait` (alone, as a tool, before a colon), or one with no
    # example calling the file's tool, still names `wait`, as the framework does
    for title, example in (
        ("# wait", call),
        ("## wait tool", call),
        ("### wait: pause", call),
        ("## wait notifications", ""),
    ):
        files[notify] = f"{title}\nSend a note.\nargs: `message`\n\n{example}"
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM003")
        assert _findings(result.output) == [
            f"{notify}:3:8: PRM003 argument `message` is taught for `wait` but "
            "tools/wait.py never reads it"
        ], title


def test_a_later_heading_past_a_number_or_an_icon_titles_the_tool_an_example_calls(
    make_repo, run_cli
) -> None:
    """``### 2. 💤 nap`` after the file's first heading: what is taught under
    it was taught for the tool of the heading before (PRM003 said `dream`
    was taught for `wait`); with an example calling `nap` it is `nap`'s. A
    numbered step no example calls (``### 3. decide``) names no tool, and
    what is taught under it past `nap`'s section may be `wait`'s or `nap`'s:
    nothing is said of it (before, `minutes` was taught for `wait`); one naming a tool of the
    repository no example calls (``### 4. beep``) teaches that tool's
    arguments (before, `wait`'s)."""
    files = {**clean_files(), **tool_named("nap"), **tool_named("beep")}
    files[PROMPT] = (
        "## \u23f1\ufe0f Timing tools\n\n### 1. \u23f3 wait\nPause.\nargs: optional `seconds`\n"
        '`{"tool_name": "wait", "tool_args": {"seconds": 1}}`\n\n'
        "### 2. \U0001f4a4 nap\nargs: optional `seconds`, `dream`\n"
        '`{"tool_name": "nap", "tool_args": {"seconds": 1}}`\n\n'
        "### 3. decide\nargs: `minutes`\n\n### 4. \u23f0 beep\nargs: `tone`\n"
    )
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
    assert _findings(result.output) == [
        f"{PROMPT}:9:28: PRM003 argument `dream` is taught for `nap` but tools/nap.py "
        "never reads it",
        f"{PROMPT}:16:8: PRM003 argument `tone` is taught for `beep` but tools/beep.py "
        "never reads it",
    ]
    # a numbered heading naming a tool no module provides, called: reported
    files[PROMPT] = files[PROMPT].replace("nap", "snooze")
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM002")
    assert [line.split(": ", 1)[1].split(",")[0] for line in _findings(result.output)] == [
        "PRM002 prompt heading names tool `snooze`",
        "PRM002 prompt example names tool `snooze`",
    ]


def test_a_later_heading_naming_a_tool_before_a_description_teaches_its_arguments(
    make_repo, run_cli
) -> None:
    """``### beep (make a sound)`` under ``### wait``: an argument taught
    under it is `beep`'s where the repository has it (before, PRM003 said
    `tone` was taught for `wait`), after a colon or a dash too; under one
    naming no tool (``### tips (short)``) it stays `wait`'s, and one `beep`
    does not read is reported as `beep`'s."""
    beep = {path: text.replace("seconds", "tone") for path, text in tool_named("beep").items()}
    files = {**clean_files(), **beep}
    for heading in ("beep (make a sound)", "beep: make a sound", "beep \u2014 make a sound"):
        files[PROMPT] = WAIT_PROMPT + f"\n### {heading}\nargs: `tone`\n"
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
        assert (result.exit_code, result.output) == (0, "All checks passed.\n"), heading
    files[PROMPT] = WAIT_PROMPT + "\n### beep (make a sound)\nargs: `tone`, `volume`\n"
    files[PROMPT] += "\n### tips (short)\nargs: `hours`\n"
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM003")
    assert _findings(result.output) == [
        f"{PROMPT}:9:16: PRM003 argument `volume` is taught for `beep` but tools/beep.py "
        "never reads it",
        f"{PROMPT}:12:8: PRM003 argument `hours` is taught for `wait` but tools/wait.py "
        "never reads it",
    ]


def test_a_numbered_step_naming_another_tool_keeps_the_prompt_tools_arguments(
    make_repo, run_cli
) -> None:
    """``### 1. beep`` in the prompt of `wait`: an argument `beep` does not
    read but `wait` does may be taught for a step of `wait` (before, PRM003
    said `seconds` was taught for `beep`); one neither reads is reported as
    `beep`'s."""
    beep = {path: text.replace("seconds", "tone") for path, text in tool_named("beep").items()}
    files = {**clean_files(), **beep}
    files[PROMPT] = WAIT_PROMPT + "\n### 1. beep\nSound first.\nargs: `seconds`\n"
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")
    files[PROMPT] = files[PROMPT].replace("args: `seconds`\n", "args: `seconds`, `pitch`\n")
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM003")
    assert _findings(result.output) == [
        f"{PROMPT}:10:19: PRM003 argument `pitch` is taught for `beep` but tools/beep.py "
        "never reads it"
    ]


def test_a_later_heading_saying_its_tool_is_gone_teaches_nothing(make_repo, run_cli) -> None:
    """``### alarm (removed)``, ``### ~~alarm~~``, ``### alarm — coming
    soon`` under the prompt of `wait`: the arguments under them were taught
    for `wait` (PRM003 said `wait` never read `at`); the heading says its
    tool is not there, and what is taught under it is taught for none. A
    heading of prose between (``### Notes``) leaves them `wait`'s."""
    for heading in (
        "alarm (removed)",
        "~~alarm~~",
        "alarm \u2014 coming soon",
        "`alarm` (deprecated)",
    ):
        files = clean_files()
        files[PROMPT] = f"### wait\nPause.\nargs: optional `seconds`\n\n### {heading}\nargs: `at`\n"
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
        assert (result.exit_code, result.output) == (0, "All checks passed.\n"), heading
    files[PROMPT] = "### wait\nPause.\nargs: optional `seconds`\n\n### Notes\nargs: `at`\n"
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
    assert _findings(result.output) == [
        f"{PROMPT}:6:8: PRM003 argument `at` is taught for `wait` but tools/wait.py never reads it"
    ]


def test_a_troubleshooting_heading_is_a_part_of_the_tool_prompt(make_repo, run_cli) -> None:
    """``### troubleshooting`` over an argument list, under the prompt of
    `wait`: PRM002 said it named a tool `troubleshooting`; like ``###
    usage``, it is a part of the prompt of the tool above it, and so are
    ``### errors``, ``### pitfalls`` and the like, whose arguments are that
    tool's (PRM003 checks them against `wait`)."""
    for heading in ("troubleshooting", "errors", "pitfalls", "Caveats:", "faq"):
        files = clean_files()
        files[PROMPT] = (
            "### wait\nPause.\nargs: optional `seconds`\n\n"
            f"### {heading}\nArguments in `tool_args`:\n- `seconds`: retry with fewer\n"
        )
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
        assert (result.exit_code, result.output) == (0, "All checks passed.\n"), heading
        files[PROMPT] = files[PROMPT].replace("- `seconds`: retry", "- `secs`: retry")
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
        assert _findings(result.output) == [
            f"{PROMPT}:7:4: PRM003 argument `secs` is taught for `wait` but tools/wait.py "
            "never reads it"
        ], heading


def test_a_part_heading_with_a_note_stays_in_its_tools_section(make_repo, run_cli) -> None:
    """``### Arguments (all optional)`` under ``### nap``, the second tool of
    a file: what it lists is `nap`'s (PRM003 said `tone` was taught for
    `wait`, the file's first tool), after a colon or a dash too."""
    nap = {path: text.replace("seconds", "tone") for path, text in tool_named("nap").items()}
    files = {**clean_files(), **nap}
    for heading in ("Arguments (all optional)", "Usage: by hand", "examples \u2014 short"):
        files["prompts/agent.system.tools.md"] = (
            "## Tools\n\n### wait\nargs: optional `seconds`\n\n### nap\nRest.\n\n"
            f"### {heading}\nargs: optional `tone`\n"
        )
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
        assert (result.exit_code, result.output) == (0, "All checks passed.\n"), heading


@pytest.mark.parametrize("word", ["faq", "errors", "returns"])
def test_a_tool_prompt_titled_by_its_own_key_names_its_tool(make_repo, run_cli, word) -> None:
    """``### faq`` opening `agent.system.tool.faq.md`, the prompt of a tool
    `faq`: read as a part of a tool's prompt, it titled nothing, PRM001 said
    the tool was taught by no prompt and PRM003 said nothing of an argument
    it never reads. Under another tool's heading it is still a part."""
    files = {**clean_files(), **tool_named(word)}
    faq = f"prompts/agent.system.tool.{word}.md"
    files[faq] = f"### {word}\nAnswer.\nargs: `question`\n"
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
    assert _findings(result.output) == [
        f"{faq}:3:8: PRM003 argument `question` is taught for `{word}` but "
        f"tools/{word}.py never reads it"
    ], word
    files[faq] = f"### {word}\nAnswer.\nargs: `seconds`\n\n### {word}\nargs: `question`\n"
    files[PROMPT] = f"### wait\nPause.\nargs: `seconds`\n\n### {word}\nargs: `minutes`\n"
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
    assert _findings(result.output) == [
        f"{faq}:6:8: PRM003 argument `question` is taught for `{word}` but "
        f"tools/{word}.py never reads it",
        f"{PROMPT}:6:8: PRM003 argument `minutes` is taught for `wait` but "
        "tools/wait.py never reads it",
    ], word


@pytest.mark.parametrize("heading", ["### Notes", "### Tips", "### 3. decide"])
def test_an_argument_under_prose_past_a_second_tool_is_taught_for_no_tool(
    make_repo, run_cli, heading: str
) -> None:
    """A file teaching `wait`, then `fetch`: an argument under a heading of
    prose (or a step no example calls) past `fetch`'s heading may be either
    tool's, so PRM003 says nothing of it (before, `query` was taught for
    `wait`, the file's first tool); one before `fetch`'s heading stays `wait`'s."""
    fetch = {k: v.replace("seconds", "query") for k, v in tool_named("fetch").items()}
    del fetch["prompts/agent.system.tool.fetch.md"]
    files = {**clean_files(), **fetch}
    files[PROMPT] = (
        "### wait\nPause.\nargs: optional `seconds`\n\n### fetch\nGet a page.\n\n"
        f"{heading}\nargs: `query`\n"
    )
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM003")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")
    files[PROMPT] = f"### wait\nPause.\n\n{heading}\nargs: `query`\n\n### fetch\nGet.\n"
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM003")
    assert _findings(result.output) == [
        f"{PROMPT}:5:8: PRM003 argument `query` is taught for `wait` but tools/wait.py "
        "never reads it"
    ]


@pytest.mark.parametrize("heading", ["### search (first)", "### 2. search"])
def test_a_heading_naming_another_tool_in_part_under_a_title_is_not_the_titles(
    make_repo, run_cli, heading: str
) -> None:
    """``## fetch tool``, then ``### search (first)`` or ``### 2. search``:
    what is taught under it is `search`'s where the repository has it
    (before, PRM003 said `query` was taught for `fetch`); an argument no
    tool reads is still reported."""
    fetch = {k: v.replace("seconds", "url") for k, v in tool_named("fetch").items()}
    search = {k: v.replace("seconds", "query") for k, v in tool_named("search").items()}
    files = {**clean_files(), **fetch, **search}
    prompt = "prompts/agent.system.tool.fetch.md"
    files[prompt] = f"## fetch tool\nGet a page.\nargs: `url`\n\n{heading}\nargs: `query`\n"
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM003")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")
    files[prompt] = files[prompt].replace("args: `url`", "args: `url`, `depth`")
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM003")
    assert _findings(result.output) == [
        f"{prompt}:3:15: PRM003 argument `depth` is taught for `fetch` but tools/fetch.py "
        "never reads it"
    ]


def test_an_argument_under_prose_past_the_own_tools_heading_again_is_its(
    make_repo, run_cli
) -> None:
    """``### wait``, ``### fetch``, then ``### wait`` again: an argument
    under ``### Notes`` past the last is taught for `wait` (before, PRM003
    said nothing of it, as past `fetch`'s heading)."""
    fetch = {k: v.replace("seconds", "query") for k, v in tool_named("fetch").items()}
    del fetch["prompts/agent.system.tool.fetch.md"]
    files = {**clean_files(), **fetch}
    files[PROMPT] = (
        "### wait\nPause.\n\n### fetch\nGet.\n\n### wait\nMore.\n\n### Notes\nargs: `bogus`\n"
    )
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM003")
    assert _findings(result.output) == [
        f"{PROMPT}:11:8: PRM003 argument `bogus` is taught for `wait` but tools/wait.py "
        "never reads it"
    ]
