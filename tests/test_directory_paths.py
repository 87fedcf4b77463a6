"""What a run over PATHS reads: the repository's root as a whole run, a
directory with its prompt files and ``AGENTS.md``, a prompt with the listing
it is rendered in (and no more of the listing's anchor); and the tools
``schema`` and ``inspect`` give for a directory."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from samples import clean_files, tool_named

#: the wrapper of the tool listing, holding no ``{{tools}}`` placeholder (PRM010)
NO_PLACEHOLDER = "## Tools\nuse only the tools listed below\n"


def _findings(output: str) -> list[str]:
    return [line for line in output.splitlines() if ": " in line and line[:1] not in " F"]


def _taught_unread(name: str) -> str:
    """A prompt for tool ``name`` teaching ``lines``, which no tool reads (PRM003)."""
    return tool_named(name)[f"prompts/agent.system.tool.{name}.md"].replace(
        "args: optional `seconds`", "args: optional `seconds`, `lines`"
    )


@pytest.mark.parametrize("given", [".", "ROOT"])
def test_the_root_directory_is_a_whole_run(make_repo, run_cli, given: str) -> None:
    files = {**clean_files(), "prompts/agent.system.tools.md": NO_PLACEHOLDER}
    files["prompts/agent.system.tool.wait.md"] += "args: `lines`\n"
    root = make_repo(files)
    whole = run_cli(root, "check", "--no-cache")
    assert sorted(f.split(" ")[1] for f in _findings(whole.output)) == ["PRM003", "PRM010"]
    named = run_cli(root, "check", "--no-cache", str(root) if given == "ROOT" else given)
    assert (named.exit_code, named.output) == (whole.exit_code, whole.output)


def test_a_directory_brings_in_its_prompt_files_and_agents_files(make_repo, run_cli) -> None:
    files = {**clean_files(), "prompts/agent.system.tools.md": NO_PLACEHOLDER}
    files["prompts/agent.system.tool.broken.md"] = b"### broken\n\xff\n"
    files["prompts/AGENTS.md"] = "# prompts\n\nSee [gone](gone.md).\n"
    root = make_repo(files)
    whole = _findings(run_cli(root, "check", "--no-cache").output)
    codes = sorted(f.split(" ")[1] for f in whole)
    assert "PRM010" in codes and "PRM011" in codes and "DOX203" in codes, whole
    given = run_cli(root, "check", "--no-cache", "prompts")
    assert _findings(given.output) == [f for f in whole if f.startswith("prompts/")]
    # the tools directory holds none of them
    tools = run_cli(root, "check", "--no-cache", "tools")
    assert not any(f.startswith("prompts/") for f in _findings(tools.output)), tools.output


def test_a_prompt_given_does_not_bring_in_the_anchor_s_other_findings(make_repo, run_cli) -> None:
    """With no wrapper, the first tool prompt anchors the listing: a run over
    another prompt reads it for the listing's size alone."""
    files = {**clean_files(), **tool_named("alpha"), **tool_named("beta")}
    del files["prompts/agent.system.tools.md"]
    files["prompts/agent.system.tool.alpha.md"] = _taught_unread("alpha")
    files["pyproject.toml"] = "[tool.doxtool.profiles.default]\nbudget = 50\n"
    root = make_repo(files)
    whole = _findings(run_cli(root, "check", "--no-cache").output)
    anchor = "prompts/agent.system.tool.alpha.md"
    assert sorted(f.split(" ")[1] for f in whole if f.startswith(anchor)) == ["PRM003", "PRM009"]
    given = run_cli(root, "check", "--no-cache", "prompts/agent.system.tool.beta.md")
    assert [f for f in _findings(given.output)] == [f for f in whole if " PRM009 " in f]
    # the anchor given itself: all of its findings
    own = run_cli(root, "check", "--no-cache", anchor)
    assert _findings(own.output) == [f for f in whole if f.startswith(anchor)]
    # the anchor teaching a tool the run checks: all of them too
    both = run_cli(
        root, "check", "--no-cache", "prompts/agent.system.tool.beta.md", "tools/alpha.py"
    )
    assert _findings(both.output) == [f for f in whole if f.startswith(anchor)]


def test_a_baseline_entry_of_the_anchor_is_not_taken_for_fixed(make_repo, run_cli) -> None:
    files = {**clean_files(), **tool_named("alpha"), **tool_named("beta")}
    del files["prompts/agent.system.tools.md"]
    files["prompts/agent.system.tool.alpha.md"] = _taught_unread("alpha")
    root = make_repo(files)
    assert run_cli(root, "baseline", "write").exit_code == 0
    given = run_cli(root, "check", "--no-cache", "prompts/agent.system.tool.beta.md")
    assert given.exit_code == 0 and "fixed" not in given.output, given.output


def _search_engine(extra: str = "") -> str:
    return (
        "from helpers.tool import Tool, Response\n\n\n"
        "class SearchEngine(Tool):\n"
        f'    async def execute(self, query="",{extra} **kwargs):\n'
        "        return Response(message=query, break_loop=False)\n"
    )


def _schema_names(run_cli, root: Path, *paths: str) -> list[tuple[str, list[str]]]:
    result = run_cli(root, "schema", "--format", "jsonschema", *paths)
    assert result.exit_code == 0, result.output
    return [(s["title"], sorted(s["properties"])) for s in json.loads(result.output)]


def test_schema_gives_a_tool_a_plugin_shadows_once(make_repo, run_cli) -> None:
    files = {
        **clean_files(),
        "tools/search_engine.py": _search_engine(),
        "plugins/better_search/tools/search_engine.py": _search_engine(' engine="searxng",'),
    }
    root = make_repo(files)
    every = _schema_names(run_cli, root)
    assert [s for s in every if s[0] == "search_engine"] == [("search_engine", ["engine", "query"])]
    assert _schema_names(run_cli, root, ".") == every
    # each module given is described, as asked
    assert _schema_names(run_cli, root, "tools") == [
        ("search_engine", ["query"]),
        ("wait", ["seconds"]),
    ]
    # a plugin turned off shadows nothing, and its tool is not exposed at all
    (root / "plugins/better_search/.toggle-0").write_text("")
    names = [s for s in _schema_names(run_cli, root) if s[0] == "search_engine"]
    assert names == [("search_engine", ["query"])]
    assert _schema_names(run_cli, root, ".") == _schema_names(run_cli, root)


def test_schema_leaves_out_the_tools_of_a_plugin_turned_off(make_repo, run_cli) -> None:
    files = {
        **clean_files(),
        "plugins/extra/tools/search_engine.py": _search_engine(),
        "plugins/other/tools/search_engine.py": _search_engine(' engine="searxng",'),
    }
    root = make_repo(files)
    (root / "plugins/extra/.toggle-0").write_text("")
    # the plugin that is on gives the tool; the one turned off gives nothing
    assert sorted(_schema_names(run_cli, root)) == [
        ("search_engine", ["engine", "query"]),
        ("wait", ["seconds"]),
    ]
    assert _schema_names(run_cli, root, "plugins/extra") == []
    # a plugin that is on keeps its tool
    (root / "plugins/extra/.toggle-0").unlink()
    assert _schema_names(run_cli, root, "plugins/extra") == [("search_engine", ["query"])]


#: a checkout that reads the user's plugins (`usr`, excluded by default)
_USER_PLUGINS = (
    "[tool.doxtool]\n"
    'exclude = [".git"]\n'
    'tool-dirs = ["tools", "plugins/*/tools", "usr/plugins/*/tools"]\n'
    'plugin-prompt-dirs = ["plugins/*/prompts", "usr/plugins/*/prompts"]\n'
)


def test_schema_gives_a_tool_a_user_plugin_shadows_once(make_repo, run_cli) -> None:
    """A user plugin (`usr/plugins/<name>/`) is a plugin as a bundled one is:
    its tool comes before the core one, and its toggle files turn it off."""
    files = {
        **clean_files(),
        "pyproject.toml": _USER_PLUGINS,
        "tools/search_engine.py": _search_engine(),
        "usr/plugins/better_search/plugin.yaml": "name: better_search\n",
        "usr/plugins/better_search/tools/search_engine.py": _search_engine(' engine="searxng",'),
    }
    root = make_repo(files)
    names = [s for s in _schema_names(run_cli, root) if s[0] == "search_engine"]
    assert names == [("search_engine", ["engine", "query"])]
    (root / "usr/plugins/better_search/.toggle-0").write_text("")
    names = [s for s in _schema_names(run_cli, root) if s[0] == "search_engine"]
    assert names == [("search_engine", ["query"])]
    assert _schema_names(run_cli, root, "usr/plugins/better_search") == []


@pytest.mark.parametrize(
    ("toggles", "engine"),
    [
        ((), "bundled"),
        (("plugins/search/.toggle-0",), None),
        (("usr/plugins/search/.toggle-0",), None),  # the user turns a bundled plugin off
        (("plugins/search/.toggle-0", "usr/plugins/search/.toggle-1"), "bundled"),  # and on
    ],
)
def test_the_user_toggles_a_bundled_plugin(make_repo, run_cli, toggles, engine) -> None:
    files = {
        **clean_files(),
        "pyproject.toml": _USER_PLUGINS,
        "plugins/search/tools/search_engine.py": _search_engine(' engine="bundled",'),
        **{toggle: "" for toggle in toggles},
    }
    root = make_repo(files)
    found = [s for s in _schema_names(run_cli, root) if s[0] == "search_engine"]
    assert found == ([("search_engine", ["engine", "query"])] if engine else [])


def test_a_user_plugin_replaces_the_bundled_one_of_its_name(make_repo, run_cli) -> None:
    files = {
        **clean_files(),
        "pyproject.toml": _USER_PLUGINS,
        "plugins/search/tools/search_engine.py": _search_engine(' engine="bundled",'),
        "plugins/search/tools/lookup.py": _search_engine().replace("SearchEngine", "Lookup"),
        "usr/plugins/search/plugin.yaml": "name: search\n",
        "usr/plugins/search/tools/search_engine.py": _search_engine(" user=1,"),
    }
    root = make_repo(files)
    # the bundled plugin is not loaded at all: neither of its tools is exposed
    assert sorted(_schema_names(run_cli, root)) == [
        ("search_engine", ["query", "user"]),
        ("wait", ["seconds"]),
    ]


def test_with_usr_excluded_its_toggles_are_not_read(make_repo, run_cli) -> None:
    files = {
        **clean_files(),
        "plugins/search/tools/search_engine.py": _search_engine(' engine="bundled",'),
        "usr/plugins/search/.toggle-0": "",
    }
    root = make_repo(files)
    found = [s for s in _schema_names(run_cli, root) if s[0] == "search_engine"]
    assert found == [("search_engine", ["engine", "query"])]


def test_inspect_of_the_root_reads_the_tool_modules(make_repo, run_cli) -> None:
    root = make_repo({**clean_files(), **tool_named("alpha")})
    result = run_cli(root, "inspect", "--json", ".")
    assert result.exit_code == 0, result.output
    assert [m["path"] for m in json.loads(result.output)] == ["tools/alpha.py", "tools/wait.py"]


def test_a_prompt_naming_values_like_tools_reports_only_unknown_tools_elsewhere(
    make_repo, run_cli
) -> None:
    """A prompt whose list items name values (``- `open`: args `url```) is
    read, in a run over an unrelated module, for the unknown tool it may
    name (PRM002) alone: its other findings are not that run's."""
    files = {**clean_files(), **tool_named("alpha")}
    files["prompts/agent.system.tool.alpha.md"] = (
        _taught_unread("alpha") + "actions:\n- `open`: args `url`\n- `close`: no args\n"
    )
    root = make_repo(files)
    whole = _findings(run_cli(root, "check", "--no-cache").output)
    assert [f.split(" ")[1] for f in whole if "alpha.md" in f] == ["PRM003"], whole
    given = run_cli(root, "check", "--no-cache", "tools/wait.py")
    assert _findings(given.output) == [], given.output
    # a heading naming a tool no module provides is still reported there
    files["prompts/agent.system.tool.alpha.md"] += "\n### ghost\nsays boo\n"
    files["prompts/agent.system.tool.alpha.md"] += (
        '~~~json\n{"tool_name": "ghost", "tool_args": {}}\n~~~\n'
    )
    root = make_repo(files)
    whole = _findings(run_cli(root, "check", "--no-cache").output)
    assert "PRM002" in {f.split(" ")[1] for f in whole}, whole
    given = _findings(run_cli(root, "check", "--no-cache", "tools/wait.py").output)
    assert given and {f.split(" ")[1] for f in given} == {"PRM002"}, given


def test_a_prompt_file_excluded_by_name_is_not_checked(make_repo, run_cli) -> None:
    """A prompt file ``exclude`` names is there at run time (its tool has a
    prompt: no PRM001) and is not checked, in a whole run or given."""
    files = {**clean_files(), **tool_named("alpha")}
    files["prompts/agent.system.tool.alpha.md"] = _taught_unread("alpha")
    root = make_repo(files)
    assert " PRM003 " in run_cli(root, "check", "--no-cache").output
    files["pyproject.toml"] = (
        '[tool.doxtool]\nextend-exclude = ["prompts/agent.system.tool.alpha.md"]\n'
    )
    root = make_repo(files)
    for args in [(), ("prompts/agent.system.tool.alpha.md",), ("tools/alpha.py",)]:
        result = run_cli(root, "check", "--no-cache", *args)
        assert (result.exit_code, _findings(result.output)) == (0, []), (args, result.output)
    # with the cache too: the first run writes it, the second replays it
    for _ in range(2):
        result = run_cli(root, "check")
        assert (result.exit_code, _findings(result.output)) == (0, []), result.output


def test_a_link_given_as_a_path_is_the_module_it_is(make_repo, run_cli) -> None:
    """A link to a module beside it, or to nothing, given as a PATH is checked
    (and inspected) as the link's own module, as the whole run reads it."""
    root = make_repo(clean_files())
    (root / "tools/alias.py").symlink_to("wait.py")
    (root / "tools/broken.py").symlink_to("gone.py")
    whole = _findings(run_cli(root, "check", "--no-cache").output)
    linked = [f for f in whole if f.startswith(("tools/alias.py", "tools/broken.py"))]
    assert {f.split(" ")[1] for f in linked} >= {"DOX001", "DOX003"}, whole
    given = run_cli(root, "check", "--no-cache", "tools/alias.py", "tools/broken.py")
    assert _findings(given.output) == linked
    for name in ("alias", "broken"):
        result = run_cli(root, "inspect", "--json", f"tools/{name}.py")
        assert result.exit_code == 0, result.output
        (module,) = json.loads(result.output)
        assert module["path"] == f"tools/{name}.py"


def test_a_directory_named_like_a_prompt_is_checked_as_one(make_repo, run_cli) -> None:
    """Given as a PATH, it is reported as the whole run reports it (PRM011),
    not searched as a folder holding nothing."""
    root = make_repo(clean_files())
    (root / "prompts/agent.system.tool.dir.md").mkdir()
    whole = [f for f in _findings(run_cli(root, "check", "--no-cache").output) if "dir.md" in f]
    assert len(whole) == 1 and " PRM011 " in whole[0], whole
    given = run_cli(root, "check", "--no-cache", "prompts/agent.system.tool.dir.md")
    assert (given.exit_code, _findings(given.output)) == (1, whole)
