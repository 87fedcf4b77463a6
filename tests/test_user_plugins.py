"""A user plugin (``usr/plugins/<name>/``) read when ``usr`` is not excluded:
its tools are taught by its own ``prompts/`` (or the core ones, as the
framework finds a plugin in either plugin root), and a tool no prompt
teaches is told where its plugin's prompt goes."""

from __future__ import annotations

from samples import WAIT_PROMPT, clean_files

from doxtool.rules.examples import WAIT_PY

FOO = "usr/plugins/x/tools/foo.py"
#: usr read, its plugins' tools in the tool directories
CONFIG = 'exclude = [".git"]\ntool-dirs = ["tools", "usr/plugins/*/tools"]\n'


def _prm(output: str) -> list[str]:
    return [line for line in output.splitlines() if ": PRM" in line]


def _user_plugin(prompt: str | None) -> dict[str, str]:
    files = {
        **clean_files(),
        "doxtool.toml": CONFIG,
        "usr/plugins/x/plugin.yaml": "name: x\n",
        FOO: WAIT_PY.replace("WaitTool", "FooTool"),
    }
    if prompt is not None:
        files["usr/plugins/x/prompts/agent.system.tool.foo.md"] = prompt
    return files


def test_a_user_plugin_tool_is_taught_by_its_plugin_prompts(make_repo, run_cli) -> None:
    root = make_repo(_user_plugin(WAIT_PROMPT.replace("wait", "foo")))
    result = run_cli(root, "check", "--no-cache", "--select", "PRM")
    assert _prm(result.output) == [], result.output


def test_an_untaught_user_plugin_tool_is_told_its_plugin_prompts(make_repo, run_cli) -> None:
    root = make_repo(_user_plugin("Nothing here.\n"))
    result = run_cli(root, "check", "--no-cache", "--select", "PRM")
    assert _prm(result.output) == [
        f"{FOO}:4:1: PRM001 tool `foo` is taught by no prompt in `usr/plugins/x/prompts/`; "
        "the model is never taught to call it (`usr/plugins/x/prompts/agent.system.tool.foo.md` "
        "exists, but no `### foo` heading, example or list item in it names the tool: add "
        "one, or list it in `internal-tools`)"
    ]


def test_a_user_plugin_prompt_teaches_a_core_tool_when_usr_is_read(make_repo, run_cli) -> None:
    files = _user_plugin(WAIT_PROMPT.replace("wait", "foo"))
    files["tools/nap.py"] = WAIT_PY.replace("WaitTool", "NapTool")
    files["usr/plugins/x/prompts/agent.system.tool.nap.md"] = WAIT_PROMPT.replace("wait", "nap")
    root = make_repo(files)
    result = run_cli(root, "check", "--no-cache", "--select", "PRM001")
    assert _prm(result.output) == [], result.output


def test_an_excluded_user_plugin_teaches_nothing(make_repo, run_cli) -> None:
    # ``usr`` excluded (the default): the user's state is not the repository's
    files = {
        **clean_files(),
        "tools/nap.py": WAIT_PY.replace("WaitTool", "NapTool"),
        "usr/plugins/x/plugin.yaml": "name: x\n",
        "usr/plugins/x/prompts/agent.system.tool.nap.md": WAIT_PROMPT.replace("wait", "nap"),
    }
    root = make_repo(files)
    result = run_cli(root, "check", "--no-cache", "--select", "PRM001")
    assert [line.split(": PRM001 ")[0] for line in _prm(result.output)] == ["tools/nap.py:4:1"]


def test_scaffold_puts_a_user_plugin_tool_prompt_in_its_plugin(make_repo, run_cli) -> None:
    root = make_repo(_user_plugin(WAIT_PROMPT.replace("wait", "foo")))
    result = run_cli(root, "scaffold", "bar", "--dir", "usr/plugins/x/tools", "--dry-run")
    assert "would create usr/plugins/x/prompts/agent.system.tool.bar.md" in result.output


def test_usr_read_reads_user_plugin_tools_beside_bundled_ones(make_repo, run_cli) -> None:
    # `tool-dirs` left as it is (`plugins/*/tools`): the user's are read too
    files = _user_plugin(WAIT_PROMPT.replace("wait", "foo"))
    files["doxtool.toml"] = 'exclude = [".git"]\n'
    root = make_repo(files)
    result = run_cli(root, "check", "--no-cache", "--select", "PRM,DOX001")
    assert [line.split(": ")[1] for line in result.output.splitlines() if ": " in line] == [
        f"DOX001 module has no companion `{FOO}.dox.md` [*]"
    ], result.output
    scaffold = run_cli(root, "scaffold", "bar", "--dir", "usr/plugins/x/tools", "--dry-run")
    assert "would create usr/plugins/x/prompts/agent.system.tool.bar.md" in scaffold.output


def test_usr_excluded_leaves_user_plugin_tools_unread(make_repo, run_cli) -> None:
    files = _user_plugin(WAIT_PROMPT.replace("wait", "foo"))
    del files["doxtool.toml"]
    root = make_repo(files)
    result = run_cli(root, "check", "--no-cache")
    assert result.exit_code == 0, result.output
    scaffold = run_cli(root, "scaffold", "bar", "--dir", "usr/plugins/x/tools", "--dry-run")
    # the exclusion keeps it out, which no `tool-dirs` entry would change
    assert scaffold.exit_code == 2
    assert scaffold.stderr == (
        "doxtool: error: --dir usr/plugins/x/tools: `doxtool check` does not look for tools in "
        "usr/plugins/x/tools: the configuration excludes it (`exclude`, `extend-exclude`)\n"
    )


def test_a_user_plugin_cloned_as_a_repository_of_its_own_is_refused_as_such(
    make_repo, run_cli
) -> None:
    # `usr` is read, but `usr/plugins/x` holds a `.git` directory: no
    # configuration entry excludes it, and none would bring it in
    for config in ('exclude = [".git"]\n', CONFIG):
        files = _user_plugin(WAIT_PROMPT.replace("wait", "foo"))
        files["doxtool.toml"] = config
        root = make_repo(files)
        (root / "usr/plugins/x/.git").mkdir(exist_ok=True)
        scaffold = run_cli(root, "scaffold", "bar", "--dir", "usr/plugins/x/tools", "--dry-run")
        assert scaffold.exit_code == 2
        named = "usr/plugins/x/tools/bar.py" if config == CONFIG else None
        assert scaffold.stderr == (
            f"doxtool: error: {named} lies in usr/plugins/x, a repository of its own "
            "(its `.git` directory): `doxtool check` would never read it\n"
            if named
            else "doxtool: error: --dir usr/plugins/x/tools: `doxtool check` does not look for "
            "tools in usr/plugins/x/tools: it lies in usr/plugins/x, a repository of its own "
            "(its `.git` directory)\n"
        ), config
