"""PRM007 reads the keys a reply may hold from the communication prompt.

The framework reads a reply's ``tool_name`` and ``tool_args``; the model
learns the rest of a reply's shape from ``agent.system.main.communication.md``
(a profile's own, else the core one, with the files it includes). The keys
its reply examples show are allowed in the examples of the tool prompts its
agents read, unless the configuration sets the profile's ``allowed-keys``.
"""

from __future__ import annotations

from samples import WRAPPER, clean_files

from doxtool.rules.examples import WAIT_DOX, WAIT_PY

PROMPT = "prompts/agent.system.tool.wait.md"
COMMUNICATION = "prompts/agent.system.main.communication.md"

#: a reply example with keys of the fork's kind
REPLY = """\
## Communication
Respond with one JSON object.

### Response example
~~~json
{
    "topic": "What I do now",
    "observations": ["o1"],
    "reflection": ["r1"],
    "tool_name": "tool_to_use",
    "tool_args": {"arg1": "val1"}
}
~~~
"""


def _wait_prompt(*keys: str) -> str:
    extra = "".join(f'"{key}": ["x"], ' for key in keys)
    return (
        "### wait\nPause.\nargs: optional `seconds`\n~~~json\n"
        f'{{{extra}"tool_name": "wait", "tool_args": {{"seconds": 1}}}}\n~~~\n'
    )


def _findings(output: str) -> list[str]:
    return [line for line in output.splitlines() if not line.startswith(("Found ", "All "))]


def _prm007(make_repo, run_cli, files: dict[str, str]) -> list[str]:
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM007")
    return _findings(result.output)


def test_the_keys_a_reply_example_shows_are_allowed(make_repo, run_cli) -> None:
    files = {**clean_files(), COMMUNICATION: REPLY}
    files[PROMPT] = _wait_prompt("topic", "observations", "reflection")
    assert _prm007(make_repo, run_cli, files) == []
    # a key no reply shows is still reported, the shown ones listed as allowed
    files[PROMPT] = _wait_prompt("topic", "mood")
    assert _prm007(make_repo, run_cli, files) == [
        f"{PROMPT}:5:1: PRM007 example has `mood`; profile `default` allows only `thoughts`, "
        "`headline`, `tool_name`, `tool_args`, `topic`, `observations`, `reflection`"
    ]
    # a communication prompt without a reply example widens nothing
    files[COMMUNICATION] = "## Communication\nReply with `topic`, `tool_name` and `tool_args`.\n"
    files[PROMPT] = _wait_prompt("topic")
    assert _prm007(make_repo, run_cli, files) == [
        f"{PROMPT}:5:1: PRM007 example has `topic`; profile `default` allows only `thoughts`, "
        "`headline`, `tool_name`, `tool_args`"
    ]


def test_only_a_reply_widens_the_keys(make_repo, run_cli) -> None:
    """An object without both ``tool_name`` and ``tool_args``, an example
    shown as wrong and one whose brackets do not pair up teach no reply;
    ``tool_args`` stays required whatever the reply shows."""
    reported = [
        f"{PROMPT}:5:1: PRM007 example has `topic`; profile `default` allows only `thoughts`, "
        "`headline`, `tool_name`, `tool_args`"
    ]
    for reply in (
        '~~~json\n{"topic": "x", "tool_name": "response"}\n~~~\n',
        'Wrong (never do this):\n~~~json\n{"topic": "x", "tool_name": "a", "tool_args": {}}\n~~~\n',
        '~~~json\n{"topic": "x", "tool_name": "a", "tool_args": {"a": [1}}\n~~~\n',
    ):
        files = {**clean_files(), COMMUNICATION: "## Communication\n" + reply}
        files[PROMPT] = _wait_prompt("topic")
        assert _prm007(make_repo, run_cli, files) == reported, reply
    files = {**clean_files(), COMMUNICATION: REPLY}
    files[PROMPT] = '### wait\nPause.\n~~~json\n{"topic": "x", "tool_name": "wait"}\n~~~\n'
    assert _prm007(make_repo, run_cli, files) == [
        f"{PROMPT}:4:1: PRM007 example lacks `tool_args`; profile `default` allows only "
        "`thoughts`, `headline`, `tool_name`, `tool_args`, `topic`, `observations`, `reflection`"
    ]


def test_a_reply_whose_list_misses_a_comma_still_shows_its_keys(make_repo, run_cli) -> None:
    """A comma missing between two items of a list leaves the example
    unparsed, its top-level keys known: the model reads them all the same."""
    reply = REPLY.replace('["r1"]', '[\n        "r1"\n        "r2",\n    ]')
    files = {**clean_files(), COMMUNICATION: reply}
    files[PROMPT] = _wait_prompt("reflection", "topic")
    assert _prm007(make_repo, run_cli, files) == []


def test_the_configured_keys_are_the_contract(make_repo, run_cli) -> None:
    files = {**clean_files(), COMMUNICATION: REPLY}
    files["pyproject.toml"] = (
        '[tool.doxtool.profiles.default]\nallowed-keys = ["thoughts", "tool_name", "tool_args"]\n'
    )
    files[PROMPT] = _wait_prompt("topic")
    assert _prm007(make_repo, run_cli, files) == [
        f"{PROMPT}:5:1: PRM007 example has `topic`; profile `default` allows only `thoughts`, "
        "`tool_name`, `tool_args`"
    ]
    # a budget alone leaves the keys to the communication prompt
    files["pyproject.toml"] = "[tool.doxtool.profiles.default]\nbudget = 100000\n"
    assert _prm007(make_repo, run_cli, files) == []


def test_a_profile_reads_its_own_communication_prompt(make_repo, run_cli) -> None:
    """A profile's override teaches its agents' replies; a profile without one
    reads the core prompt; a tool prompt the communication prompt includes
    counts too (the framework renders it in)."""
    own = "agents/terse/prompts/agent.system.tool.wait.md"
    files = {
        **clean_files(),
        COMMUNICATION: REPLY,
        "agents/terse/prompts/agent.system.main.communication.md": (
            '## Communication\n{{ include "agent.system.main.reply.md" }}\n'
        ),
        "agents/terse/prompts/agent.system.main.reply.md": (
            '`{"plan": ["p"], "tool_name": "response", "tool_args": {"text": "hi"}}`\n'
        ),
        own: _wait_prompt("plan"),
        "agents/plain/prompts/agent.system.tool.wait.md": _wait_prompt("topic"),
    }
    assert _prm007(make_repo, run_cli, files) == []
    files[own] = _wait_prompt("topic")
    assert _prm007(make_repo, run_cli, files) == [
        f"{own}:5:1: PRM007 example has `topic`; profile `terse` allows only `thoughts`, "
        "`headline`, `tool_name`, `tool_args`, `plan`"
    ]


def test_the_older_layout_reads_its_communication_prompts(make_repo, run_cli) -> None:
    """``prompts/default/`` holds the core prompts, ``prompts/<profile>/`` a
    profile's overrides."""
    files = {
        "tools/wait.py": WAIT_PY,
        "tools/wait.py.dox.md": WAIT_DOX,
        "prompts/default/agent.system.tools.md": WRAPPER,
        "prompts/default/agent.system.main.communication.md": REPLY,
        "prompts/default/agent.system.tool.wait.md": _wait_prompt("topic", "observations"),
        "prompts/reflection/agent.system.main.communication.md": REPLY.replace(
            '"topic": "What I do now",\n', ""
        ),
        "prompts/reflection/agent.system.tool.wait.md": _wait_prompt("topic", "reflection"),
    }
    assert _prm007(make_repo, run_cli, files) == [
        "prompts/reflection/agent.system.tool.wait.md:5:1: PRM007 example has `topic`; "
        "profile `reflection` allows only `thoughts`, `headline`, `tool_name`, `tool_args`, "
        "`observations`, `reflection`"
    ]


def test_a_plugin_prompt_reads_the_core_communication_prompt(make_repo, run_cli) -> None:
    plugin = "plugins/mem/prompts/agent.system.tool.wait.md"
    files = {**clean_files(), COMMUNICATION: REPLY, plugin: _wait_prompt("topic")}
    assert _prm007(make_repo, run_cli, files) == []
    files[plugin] = _wait_prompt("mood")
    assert _prm007(make_repo, run_cli, files)[0].startswith(f"{plugin}:5:1: PRM007 example has")


def test_a_run_over_the_communication_prompt_reports_the_shapes_it_teaches(
    make_repo, run_cli
) -> None:
    """What pre-commit passes when only the communication prompt changed:
    the examples whose keys it no longer shows are reported, for PRM007
    alone; a run over the tool prompt reads the communication prompt too."""
    files = {**clean_files(), COMMUNICATION: "## Communication\nReply in JSON.\n"}
    files[PROMPT] = _wait_prompt("topic").replace("`seconds`", "`minutes`")
    root = make_repo(files)
    result = run_cli(root, "check", COMMUNICATION)
    assert _findings(result.output) == [
        f"{PROMPT}:5:1: PRM007 example has `topic`; profile `default` allows only `thoughts`, "
        "`headline`, `tool_name`, `tool_args`"
    ]
    files = {COMMUNICATION: REPLY}
    make_repo(files)
    assert run_cli(root, "check", COMMUNICATION).output == "All checks passed.\n"
    result = run_cli(root, "check", PROMPT)
    assert [line.split()[1] for line in _findings(result.output)] == ["PRM003"]


def test_a_run_over_the_communication_prompt_reports_the_required_arguments_it_teaches(
    make_repo, run_cli
) -> None:
    """A call given beside its ``tool_name`` teaches its arguments where its
    other keys are allowed: once the communication prompt no longer shows
    ``topic``, the example is a record and ``seconds`` is never taught. A run
    over the communication prompt says so, as a whole run does."""
    files = {**clean_files(), COMMUNICATION: REPLY}
    files["tools/wait.py"] = WAIT_PY.replace('self.args.get("seconds", 0)', 'self.args["seconds"]')
    assert files["tools/wait.py"] != WAIT_PY
    files[PROMPT] = (
        '### wait\nPause.\n~~~json\n{"topic": "x", "tool_name": "wait", "seconds": 1}\n~~~\n'
    )
    root = make_repo(files)
    assert "PRM004" not in run_cli(root, "check", "--no-cache", "--ignore", "DOX").output
    make_repo({COMMUNICATION: "## Communication\nReply in JSON.\n"})
    whole = _findings(run_cli(root, "check", "--no-cache", "--select", "PRM").output)
    assert [line.split()[1] for line in whole] == ["PRM004"]
    assert _findings(run_cli(root, "check", "--select", "PRM", COMMUNICATION).output) == whole


def test_an_indented_code_block_is_no_fence_around_a_call(make_repo, run_cli) -> None:
    """Where a profile takes one line of inline JSON, a call in a markdown
    fence is reported; one in an indented code block stands in no fence, and
    a reply shown so teaches no fence either."""
    own = "agents/tiny-local/prompts/agent.system.tool.wait.md"
    communication = "agents/tiny-local/prompts/agent.system.main.communication.md"
    call = '{"tool_name": "wait", "tool_args": {"seconds": 1}}'
    reply = '{"tool_name": "response", "tool_args": {"text": "hi"}}'
    files = {
        **clean_files(),
        communication: f"## Communication\nReply:\n`{reply}`\n",
        own: f"### wait\nPause.\nargs: optional `seconds`\n\n    {call}\n",
    }
    assert _prm007(make_repo, run_cli, files) == []
    files[own] = f"### wait\nPause.\nargs: optional `seconds`\n~~~json\n{call}\n~~~\n"
    fenced = [
        f"{own}:5:1: PRM007 example is in a markdown fence; profile `tiny-local` takes a call "
        "as one line of inline JSON (`{...}` in backticks)"
    ]
    assert _prm007(make_repo, run_cli, files) == fenced
    files[communication] = f"## Communication\nReply:\n\n    {reply}\n"
    assert _prm007(make_repo, run_cli, files) == fenced
