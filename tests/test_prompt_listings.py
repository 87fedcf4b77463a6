"""What a tool listing renders (PRM009, PRM010), through the real CLI.

A listing is the wrapper as the framework renders it for a profile: its
includes found on the profile's search path (its own prompt directory, the
plugins', the core one), its `{{tools}}` filled with every tool prompt of
that path, plugin prompts included; what doxtool cannot know counts for
nothing and makes the figure a minimum.
"""

from __future__ import annotations

from samples import WAIT_PROMPT, WRAPPER, clean_files, tool_named, write_files

PROMPT = "prompts/agent.system.tool.wait.md"
TINY = "agents/tiny-local/prompts"
TINY_WRAPPER = f"{TINY}/agent.system.tools.md"


def _findings(output: str) -> list[str]:
    """The finding lines of a text report, each cut before the `(`
    naming where the budget is set."""
    return [
        line.split(" (`profiles.")[0]
        for line in output.splitlines()
        if not line.startswith(("Found ", "All "))
    ]


def _budget(profile: str, budget: int) -> str:
    return f"[tool.doxtool.profiles.{profile}]\nbudget = {budget}\n"


def _over(path: str, profile: str, size: int | str, budget: int) -> str:
    return (
        f"{path}:1:1: PRM009 tool listing of profile `{profile}` renders to {size} "
        f"characters, over the budget of {budget}"
    )


# ---------------------------------------------------------------------------
# PRM010: a wrapper that lists its tools by includes


INCLUDING = (
    "## Tools\nOne JSON object a call.\n\n"
    '{{ include "agent.system.tool.wait.md" }}\n\n'
    "{{ include 'agent.system.tool.sleep.md' }}\nNo prose around it.\n"
)


def test_a_wrapper_that_includes_tool_prompts_has_its_listing(make_repo, run_cli) -> None:
    files = {**clean_files(), **tool_named("sleep")}
    files["prompts/agent.system.tools.md"] = INCLUDING
    root = make_repo(files)
    result = run_cli(root, "check", "--select", "PRM")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")


def test_a_profile_wrapper_includes_what_its_search_path_holds(make_repo, run_cli) -> None:
    """`agent.system.tool.wait.md` is found in the core directory, the
    plugin's prompt through a nested include of the profile's own file."""
    files = clean_files()
    files[TINY_WRAPPER] = '## Tools\n{{ include "agent.system.tools.list.md" }}\n'
    files[f"{TINY}/agent.system.tools.list.md"] = (
        '{{ include "agent.system.tool.wait.md" }}\n{{ include "agent.system.tool.mem.md" }}\n'
    )
    files["plugins/mem/prompts/agent.system.tool.mem.md"] = "Remember things.\n"
    root = make_repo(files)
    result = run_cli(root, "check", "--select", "PRM010")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")


def test_a_wrapper_that_includes_no_tool_prompt_shows_no_tools(make_repo, run_cli) -> None:
    files = clean_files()
    files["prompts/agent.system.tools.md"] = (
        '## Tools\n{{ include "agent.system.tools.rules.md" }}\n'
    )
    files["prompts/agent.system.tools.rules.md"] = "- One call per message.\n"
    root = make_repo(files)
    result = run_cli(root, "check", "--select", "PRM010")
    assert _findings(result.output) == [
        "prompts/agent.system.tools.md:1:1: PRM010 tool listing wrapper has no `{{tools}}` "
        "placeholder and includes no tool prompt; the model would see no tools"
    ]


def test_a_wrapper_that_lists_its_tools_itself_has_its_listing(make_repo, run_cli) -> None:
    """A wrapper teaching its tools inline (a list item naming a tool, an
    example calling one, a heading naming one) shows them to the model."""
    for listing in (
        '- `wait`: pause; args `seconds`. `{"tool_name":"wait","tool_args":{"seconds":1}}`\n',
        "- `wait`: pause for a while\n",
        '`{"tool_name":"wait","tool_args":{"seconds":1}}`\n',
        "### wait\nPause. Args: `seconds`.\n",
        # by hand, names without backticks, or in a table's rows
        "- response: final answer; args text\n- wait: pause; args seconds\n",
        "1. **wait** (pause): args seconds\n",
        # a name alone on its item's line
        "- response\n- wait\n",
        "1. **wait**\n",
        # a heading opening with its name, as a tool prompt's title does
        "### wait: pause for a while\nargs: `seconds`\n",
        "| Tool | Arguments | Use |\n|---|---|---|\n| `wait` | `seconds` | pause |\n",
        "| Tool | Arguments | Use |\n| --- | --- | --- |\n| wait | seconds | pause |\n",
    ):
        files = clean_files()
        files[TINY_WRAPPER] = "## Tools\nOne JSON object a call:\n" + listing
        root = make_repo(files)
        result = run_cli(root, "check", "--select", "PRM010")
        assert (result.exit_code, result.output) == (0, "All checks passed.\n"), listing


def test_a_tool_a_wrapper_titles_with_a_description_or_a_number_is_taught(
    make_repo, run_cli
) -> None:
    """A wrapper teaching its tools under later headings written with a
    description or a number and no example (``### wait: pause for a while``,
    ``### 2. wait``) teaches them: PRM001 said `wait` was never taught, which
    a list item ``- wait: pause`` did not make it say. A heading naming no
    tool still teaches none."""
    for heading in ("wait: pause for a while", "wait (pause for a while)", "2. wait"):
        files = clean_files()
        del files["prompts/agent.system.tool.wait.md"]
        files["prompts/agent.system.tools.md"] = (
            f"## Tools\nUse only these.\n\n### {heading}\nargs: optional `seconds`\n"
        )
        root = make_repo(files)
        for paths in ((), ("tools/wait.py",)):
            result = run_cli(root, "check", "--no-cache", "--select", "PRM", *paths)
            assert (result.exit_code, result.output) == (0, "All checks passed.\n"), heading
    files["prompts/agent.system.tools.md"] = "## Tools\n\n### Pausing: a while\n"
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM001")
    assert " PRM001 tool `wait` has no prompt " in result.output


def test_a_wrapper_naming_its_tools_in_a_line_shows_them(make_repo, run_cli) -> None:
    """A short profile's wrapper listing its tools on one line, separated by
    commas (``Tools: wait, nap, response.``), shows them to the model:
    PRM010 said it would see no tools. A line of other names, or naming one
    tool only among words, still shows none."""
    files = {**clean_files(), **tool_named("nap")}
    for line in (
        "Tools: wait, nap, response.",
        "Use one of: `wait`, `nap` or `response`; one call a reply.",
        "Call: wait(seconds), nap(seconds)",
    ):
        files[TINY_WRAPPER] = f"## Tools\nOne JSON object a call.\n{line}\n"
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM010")
        assert (result.exit_code, result.output) == (0, "All checks passed.\n"), line
    for line in ("Keys: tool_name, tool_args.", "Say it: wait, think, then answer."):
        files[TINY_WRAPPER] = f"## Tools\nOne JSON object a call.\n{line}\n"
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM010")
        assert " PRM010 tool listing wrapper has no " in result.output, line


def test_a_wrapper_naming_no_tool_itself_still_shows_no_tools(make_repo, run_cli) -> None:
    """Items naming the call's fields, the shape of any call, or a call
    labelled wrong show the model no tool."""
    for listing in (
        "- `tool_name`\n- `tool_args`\n",
        '`{"tool_name":"name_of_tool","tool_args":{"arg":"..."}}`\n',
        'Wrong:\n`{"tool_name":"wait","tool_args":{"ms":1}}`\n',
        "- `sleep`: pause for a while\n",
        # bare names that are no tool's, a header cell, a name in a code block
        "- sleep: pause for a while\n- Note: one call a message\n",
        "| wait | seconds |\n|---|---|\n| tool_name | the tool |\n",
        "```text\n- wait: pause\n| a | b |\n|---|---|\n| wait | x |\n```\n",
        "- pause with wait: seconds\n",
        "- wait a moment\n",
        "### Wait times\n",
    ):
        files = clean_files()
        files[TINY_WRAPPER] = "## Tools\nOne JSON object a call:\n" + listing
        root = make_repo(files)
        result = run_cli(root, "check", "--select", "PRM010")
        assert _findings(result.output) == [
            f"{TINY_WRAPPER}:1:1: PRM010 tool listing wrapper has no `{{{{tools}}}}` "
            "placeholder and includes no tool prompt; the model would see no tools"
        ], listing


def test_a_wrapper_whose_includes_are_not_known_is_not_reported(make_repo, run_cli) -> None:
    """An include doxtool cannot find, one with a directory, or a variable
    may bring the tools: what the model sees is not known."""
    for wrapper in (
        '## Tools\n{{ include "agent.system.tools.extra.md" }}\n',
        '## Tools\n{{ include "shared/agent.system.tools.rules.md" }}\n',
        "## Tools\n{{tool_list}}\n",
    ):
        files = clean_files()
        files["prompts/agent.system.tools.md"] = wrapper
        root = make_repo(files)
        result = run_cli(root, "check", "--select", "PRM010")
        assert (result.exit_code, result.output) == (0, "All checks passed.\n"), wrapper


# ---------------------------------------------------------------------------
# PRM009: what the listing renders


def test_a_listing_of_includes_counts_only_what_it_includes(make_repo, run_cli) -> None:
    """The profile's wrapper includes its own `wait` prompt; the core `sleep`
    prompt, never included, does not count, and each include is replaced
    by the text of the file it names."""
    files = {**clean_files(), **tool_named("sleep")}
    tiny_wait = '### wait\nPause.\n`{"tool_name": "wait", "tool_args": {}}`\n'
    files[TINY_WRAPPER] = '## Tools\n{{ include "agent.system.tool.wait.md" }}\nOne call.\n'
    files[f"{TINY}/agent.system.tool.wait.md"] = tiny_wait
    size = len("## Tools\n") + len(tiny_wait) + len("\nOne call.\n")
    for budget, findings in (
        (size, []),
        (size - 1, [_over(TINY_WRAPPER, "tiny-local", size, size - 1)]),
    ):
        files["pyproject.toml"] = _budget("tiny-local", budget)
        root = make_repo(files)
        result = run_cli(root, "check", "--select", "PRM009,PRM010")
        assert _findings(result.output) == findings, budget


def test_a_run_over_an_included_prompt_checks_the_listing_it_is_rendered_in(
    make_repo, run_cli
) -> None:
    """The profile's wrapper includes its own `wait` prompt and the core
    `sleep` one: a run over either file checks that listing's budget."""
    files = {**clean_files(), **tool_named("sleep")}
    tiny_wait = '### wait\nPause.\n`{"tool_name": "wait", "tool_args": {}}`\n'
    files[TINY_WRAPPER] = (
        '## Tools\n{{ include "agent.system.tool.wait.md" }}\n'
        '{{ include "agent.system.tool.sleep.md" }}\n'
    )
    files[f"{TINY}/agent.system.tool.wait.md"] = tiny_wait
    files["pyproject.toml"] = _budget("tiny-local", 60)
    root = make_repo(files)
    whole = run_cli(root, "check", "--no-cache", "--select", "PRM009")
    assert [line.split(" ", 2)[:2] for line in _findings(whole.output)] == [
        [f"{TINY_WRAPPER}:1:1:", "PRM009"]
    ]
    for given in (f"{TINY}/agent.system.tool.wait.md", "prompts/agent.system.tool.sleep.md"):
        alone = run_cli(root, "check", "--no-cache", "--select", "PRM009", given)
        assert alone.exit_code == 1, (given, alone.output)
        assert _findings(alone.output) == _findings(whole.output), given


def test_a_listing_counts_the_plugins_tool_prompts(make_repo, run_cli) -> None:
    """`{{tools}}` is filled with the profile's own tool prompts, the
    plugins' and the core ones, one file per name."""
    files = clean_files()
    plugin = "Remember: `memory` args `text`.\n" * 3
    files["plugins/mem/prompts/agent.system.tool.memory.md"] = plugin
    files["plugins/mem/prompts/agent.system.other.md"] = "Not a tool prompt. " * 20
    size = len(WRAPPER) + len(WAIT_PROMPT) + len(plugin)
    for budget, findings in (
        (size, []),
        (size - 1, [_over("prompts/agent.system.tools.md", "default", size, size - 1)]),
    ):
        files["pyproject.toml"] = _budget("default", budget)
        root = make_repo(files)
        result = run_cli(root, "check", "--select", "PRM009")
        assert _findings(result.output) == findings, budget
    # a plugin turned off (Agent Zero's `.toggle-0` in its directory) adds nothing
    (root / "plugins/mem/.toggle-0").write_text("")
    result = run_cli(root, "check", "--select", "PRM009")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")


def test_the_user_toggles_a_bundled_plugin_s_prompts(make_repo, run_cli) -> None:
    """With `usr` read, the user's toggle files (`usr/plugins/<name>/`) turn
    a bundled plugin off, and on again, as Agent Zero's do; with `usr`
    excluded (the default) they are not read."""
    files = clean_files()
    plugin = "Remember: `memory` args `text`.\n" * 3
    files["plugins/mem/prompts/agent.system.tool.memory.md"] = plugin
    files["usr/plugins/mem/.toggle-0"] = ""
    size = len(WRAPPER) + len(WAIT_PROMPT) + len(plugin)
    over = [_over("prompts/agent.system.tools.md", "default", size, size - 1)]
    budget = _budget("default", size - 1)
    root = make_repo({**files, "pyproject.toml": budget})
    result = run_cli(root, "check", "--no-cache", "--select", "PRM009")
    assert _findings(result.output) == over
    write_files(root, {"pyproject.toml": budget + '\n[tool.doxtool]\nexclude = [".git"]\n'})
    result = run_cli(root, "check", "--no-cache", "--select", "PRM009")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")
    write_files(root, {"plugins/mem/.toggle-0": "", "usr/plugins/mem/.toggle-1": ""})
    (root / "usr/plugins/mem/.toggle-0").unlink()
    result = run_cli(root, "check", "--no-cache", "--select", "PRM009")
    assert _findings(result.output) == over


def test_a_listing_with_parts_not_known_counts_the_rest(make_repo, run_cli) -> None:
    """A conditional block, a variable and an include not found count for
    nothing: the listing is reported only when the rest is over the budget,
    as "at least"."""
    files = clean_files()
    unknown = "{{if agent_profiles}}\nProfiles:\n{{agent_profiles}}\n{{endif}}\n{{x}}\n"
    missing = '{{ include "agent.system.tool.gone.md" }}\n'
    files[PROMPT] = WAIT_PROMPT + unknown + missing
    # what is left of the additions: the line ends around them
    known = len(WRAPPER) + len(WAIT_PROMPT) + len("\n\n\n")
    for budget, findings in (
        (known, []),
        (
            known - 1,
            [_over("prompts/agent.system.tools.md", "default", f"at least {known}", known - 1)],
        ),
    ):
        files["pyproject.toml"] = _budget("default", budget)
        root = make_repo(files)
        result = run_cli(root, "check", "--select", "PRM009")
        assert _findings(result.output) == findings, budget


def test_an_include_original_renders_the_file_it_overrides(make_repo, run_cli) -> None:
    files = clean_files()
    addition = "Tiny: one call.\n{{include original}}\n"
    files[f"{TINY}/agent.system.tool.wait.md"] = addition
    size = len(WRAPPER) + len(addition) - len("{{include original}}") + len(WAIT_PROMPT)
    files["pyproject.toml"] = _budget("tiny-local", size - 1)
    root = make_repo(files)
    result = run_cli(root, "check", "--select", "PRM009")
    assert _findings(result.output) == [
        _over("prompts/agent.system.tools.md", "tiny-local", size, size - 1)
    ]


def test_a_placeholder_written_with_blanks_is_not_filled(make_repo, run_cli) -> None:
    """The framework fills `{{tools}}` only as written (helpers/files.py
    `replace_placeholders_text`): `{{ tools }}` stays text, no tool is listed."""
    files = clean_files()
    files[TINY_WRAPPER] = "## Tools\n{{ tools }}\n"
    files["pyproject.toml"] = _budget("tiny-local", 1000)
    root = make_repo(files)
    result = run_cli(root, "check", "--select", "PRM009,PRM010")
    assert result.output.splitlines()[:-1] == [
        f"{TINY_WRAPPER}:1:1: PRM010 tool listing wrapper has no `{{{{tools}}}}` placeholder "
        "and includes no tool prompt; the model would see no tools (`{{ tools }}` is not "
        "filled: the framework replaces only `{{tools}}` exactly as written)"
    ]


def test_the_placeholder_of_an_included_wrapper_is_filled(make_repo, run_cli) -> None:
    """A profile wrapper that includes the core one (`{{ include original }}`)
    lists every tool prompt there: the framework renders an included file
    with the same variables (helpers/files.py `process_includes`)."""
    files = clean_files()
    rules = "{{ include original }}\nOne call a turn.\n"
    files[TINY_WRAPPER] = rules
    size = len(rules) - len("{{ include original }}") + len(WRAPPER) + len(WAIT_PROMPT)
    for budget, findings in (
        (size, []),
        (size - 1, [_over(TINY_WRAPPER, "tiny-local", size, size - 1)]),
    ):
        files["pyproject.toml"] = _budget("tiny-local", budget)
        root = make_repo(files)
        result = run_cli(root, "check", "--select", "PRM009,PRM010")
        assert _findings(result.output) == findings, budget


def test_a_budget_applies_only_to_the_profile_given_one(make_repo, run_cli) -> None:
    """`profiles.default.budget` is the default prompt set's: a profile given
    no budget (`dev`, with its own wrapper) is not held to it, and no
    message names a `profiles.dev.budget` that is not in the file."""
    files = clean_files()
    files["agents/dev/prompts/agent.system.tools.md"] = "## Tools\n{{tools}}\nOne call a turn.\n"
    files["pyproject.toml"] = _budget("default", 10)
    root = make_repo(files)
    result = run_cli(root, "check", "--select", "PRM009,PRM010")
    size = len(WRAPPER) + len(WAIT_PROMPT)  # the placeholder counts as written
    assert _findings(result.output) == [_over("prompts/agent.system.tools.md", "default", size, 10)]
    assert "profiles.default.budget" in result.output


def test_a_wrapper_naming_tools_in_a_line_not_to_call_or_hidden_shows_none(
    make_repo, run_cli
) -> None:
    """A line of tools after words saying not to call them (``Never call:
    wait, nap``, ``Disabled: wait, nap``), or in an HTML comment, shows the
    model no tool: PRM010 was silent. A line ending in a full stop still
    shows its last tool (``Tools: wait, nap.``)."""
    files = {**clean_files(), **tool_named("nap")}
    for line in (
        "Never call: wait, nap; answer directly.",
        "Disabled: wait, nap",
        "Not available in this profile: wait, nap",
        "<!--\nTools: wait, nap\n-->",
    ):
        files[TINY_WRAPPER] = f"## Tools\nOne JSON object a call.\n{line}\n"
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM010")
        assert " PRM010 tool listing wrapper has no " in result.output, line
    files[TINY_WRAPPER] = "## Tools\nOne JSON object a call.\nTools: wait, nap.\n"
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM010")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")
