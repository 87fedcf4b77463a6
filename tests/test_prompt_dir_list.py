"""Every directory of ``prompt-dirs`` is the core set's: a tool prompt in the
second teaches (PRM001) and is checked (PRM003, PRM011) as one in the first,
in a whole run and in a run over the tool; and ``doxtool init`` takes no
directory of documentation, examples or tests for a core prompt directory."""

from __future__ import annotations

from samples import WAIT_PROMPT, clean_files

from doxtool.prompts.sets import discover_prompt_sets
from doxtool.rules.examples import WAIT_PY

RESPONSE_PY = WAIT_PY.replace("WaitTool", "ResponseTool")
RESPONSE_PROMPT = WAIT_PROMPT.replace("wait", "response")
EXTRA = "extra/prompts/agent.system.tool.wait.md"


def _prm(output: str) -> list[str]:
    return [line for line in output.splitlines() if ": PRM" in line]


def _two_dirs(order: str, wait_prompt: str = WAIT_PROMPT) -> dict[str, str]:
    """wait taught in ``extra/prompts``, response in ``prompts``, listed in ``order``."""
    files = clean_files()
    del files["prompts/agent.system.tool.wait.md"]
    return {
        **files,
        "tools/response.py": RESPONSE_PY,
        "prompts/agent.system.tool.response.md": RESPONSE_PROMPT,
        EXTRA: wait_prompt,
        "doxtool.toml": f'prompt-dirs = {order}\nselect = ["PRM"]\n',
    }


def test_a_tool_taught_in_the_second_prompt_directory_has_a_prompt(make_repo, run_cli) -> None:
    root = make_repo(_two_dirs('["prompts", "extra/prompts"]'))
    for args in ([], ["tools/wait.py"], [EXTRA]):
        result = run_cli(root, "check", "--no-cache", *args)
        assert _prm(result.output) == [], (args, result.output)
        assert result.exit_code == 0, (args, result.output)


def test_either_order_of_the_directories_teaches_both_tools(make_repo, run_cli) -> None:
    root = make_repo(_two_dirs('["extra/prompts", "prompts"]'))
    for args in ([], ["tools/response.py"], ["tools/wait.py"]):
        result = run_cli(root, "check", "--no-cache", *args)
        assert _prm(result.output) == [], (args, result.output)


def test_a_prompt_of_the_second_directory_is_checked(make_repo, run_cli) -> None:
    taught = WAIT_PROMPT.replace("optional `seconds`", "optional `seconds`, `hours`")
    root = make_repo(_two_dirs('["prompts", "extra/prompts"]', taught))
    expected = [
        f"{EXTRA}:3:28: PRM003 argument `hours` is taught for `wait` but tools/wait.py "
        "never reads it"
    ]
    for args in ([], ["tools/wait.py"], [EXTRA]):
        result = run_cli(root, "check", "--no-cache", *args)
        assert _prm(result.output) == expected, (args, result.output)


def test_an_unreadable_prompt_of_the_second_directory_is_reported(make_repo, run_cli) -> None:
    files: dict[str, str | bytes] = {**_two_dirs('["prompts", "extra/prompts"]')}
    files[EXTRA] = b"### wait\n\xff\n"
    root = make_repo(files)
    result = run_cli(root, "check", "--no-cache")
    # the file is reported, the tool is not called untaught
    assert _prm(result.output) == [
        f"{EXTRA}:2:1: PRM011 prompt file cannot be read: cannot decode byte 0xff as utf-8"
    ], result.output


def test_the_core_sets_own_files_come_from_every_prompt_directory(make_repo) -> None:
    root = make_repo(_two_dirs('["prompts", "extra/prompts"]'))
    core = discover_prompt_sets(root, ["prompts", "extra/prompts"])[0]
    assert core.own_files() == core.files
    assert core.own_files()["agent.system.tool.wait.md"] == EXTRA


def test_a_missing_tool_is_still_reported_with_two_directories(make_repo, run_cli) -> None:
    files = _two_dirs('["prompts", "extra/prompts"]')
    files["tools/sleep.py"] = WAIT_PY.replace("WaitTool", "SleepTool")
    root = make_repo(files)
    result = run_cli(root, "check", "--no-cache")
    assert _prm(result.output) == [
        "tools/sleep.py:4:1: PRM001 tool `sleep` has no prompt in `prompts/`; the model is "
        "never taught to call it (add `prompts/agent.system.tool.sleep.md`, or list it in "
        "`internal-tools`)"
    ]


def test_init_takes_no_documentation_or_test_directory_for_prompts(make_repo, run_cli) -> None:
    files = {
        **clean_files(),
        "docs/examples/prompts/agent.system.tool.phantom.md": "### phantom\n",
        "tests/fixtures/prompts/agent.system.tool.ghost.md": "### ghost\n",
        "examples/tools/demo.py": WAIT_PY.replace("WaitTool", "DemoTool"),
        "samples/prompts/agent.system.tool.demo.md": "### demo\n",
    }
    root = make_repo(files)
    result = run_cli(root, "init", "--dry-run")
    assert result.exit_code == 0, result.output
    assert 'prompt-dirs = ["prompts"]\n' in result.output
    assert 'tool-dirs = ["tools", "plugins/*/tools"]  # 1 module;' in result.output


def test_init_still_takes_prompt_directories_elsewhere(make_repo, run_cli) -> None:
    # a near miss: a directory whose name only contains such a word is the agent's
    files = {**clean_files(), "agents/_example/prompts/agent.system.tool.wait.md": "### wait\n"}
    files["src/docs_agent/prompts/agent.system.tool.extra.md"] = "### extra\n"
    root = make_repo(files)
    result = run_cli(root, "init", "--dry-run")
    assert 'prompt-dirs = ["prompts", "src/docs_agent/prompts"]\n' in result.output
    assert 'profile-prompt-dirs = ["agents/*/prompts"]  # profiles: _example\n' in result.output
