"""``doxtool scaffold``: a companion in the layout of the repository's
convention, written only where companions are checked."""

from __future__ import annotations

from samples import clean_files

WRAPPER = "## Tools\n{{tools}}\n"
AGENT_ZERO = '[tool.doxtool]\nconvention = "agent-zero"\n'


def test_under_agent_zero_the_companion_is_the_one_check_fix_writes(make_repo, run_cli) -> None:
    root = make_repo({"pyproject.toml": AGENT_ZERO, "prompts/agent.system.tools.md": WRAPPER})
    result = run_cli(root, "scaffold", "web_fetch", "--arg", "url", "--description", "Fetch it.")
    assert result.exit_code == 0, result.output
    companion = root / "tools/web_fetch.py.dox.md"
    scaffolded = companion.read_text()
    assert "\n## Runtime Contracts\n\n" in scaffolded
    assert "\n- Update this file whenever tool arguments, output shape" in scaffolded
    assert '\n  - `url`: optional string, default `""`.\n' in scaffolded
    assert "when the module is added, removed, renamed" not in scaffolded  # doxtool's layout
    assert run_cli(root, "check").output == "All checks passed.\n"
    companion.unlink()
    assert run_cli(root, "check", "--fix").exit_code == 0
    assert companion.read_text() == scaffolded


def test_under_agent_zero_an_import_added_later_is_reported(make_repo, run_cli) -> None:
    # the scaffolded companion carries the generated layout: an item it
    # lacks is reported, as in every generated companion of the repository
    root = make_repo({"pyproject.toml": AGENT_ZERO, "prompts/agent.system.tools.md": WRAPPER})
    assert run_cli(root, "scaffold", "web_fetch", "--arg", "url").exit_code == 0
    module = root / "tools/web_fetch.py"
    module.write_text(module.read_text() + "\nimport json  # noqa: E402\n")
    result = run_cli(root, "check", "--select", "DOX1")
    assert result.exit_code == 1
    assert "`json`" in result.output


DECLARES_TOOLS = "# Tools\n\n`tools/` is file-documented.\n"


def test_no_companion_in_a_tool_directory_that_is_not_file_documented(make_repo, run_cli) -> None:
    # AGENTS.md declares `tools/` alone: a plugin's tools need no companions
    root = make_repo(
        {
            "AGENTS.md": DECLARES_TOOLS,
            "tools/.keep": "",
            "plugins/search/tools/.keep": "",
            "prompts/agent.system.tools.md": WRAPPER,
        }
    )
    result = run_cli(root, "scaffold", "lookup", "--dir", "plugins/search/tools")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "created plugins/search/tools/lookup.py",
        "created plugins/search/prompts/agent.system.tool.lookup.md",
        "created tests/plugins/search/tools/test_lookup.py",
        "skipped plugins/search/tools/lookup.py.dox.md: plugins/search/tools is not "
        "file-documented, so `doxtool check` reads no companion there (declare it in an "
        "`AGENTS.md`, or add it to `documented-dirs`; `doxtool check --fix` then writes it)",
    ]
    assert not (root / "plugins/search/tools/lookup.py.dox.md").exists()
    check = run_cli(root, "check", "plugins/search/tools/lookup.py")
    assert (check.exit_code, check.output) == (0, "All checks passed.\n")


def test_a_profile_tool_directory_is_not_file_documented_unless_declared(
    make_repo, run_cli
) -> None:
    root = make_repo({**clean_files(), "agents/coder/prompts/.keep": ""})
    result = run_cli(root, "scaffold", "lint", "--dir", "agents/coder/tools", "--dry-run")
    assert result.output.splitlines()[-1].startswith(
        "would skip agents/coder/tools/lint.py.dox.md: agents/coder/tools is not file-documented"
    )
    config = '[tool.doxtool]\ndocumented-dirs = ["agents/*/tools"]\n'
    (root / "pyproject.toml").write_text(config)
    result = run_cli(root, "scaffold", "lint", "--dir", "agents/coder/tools")
    assert "created agents/coder/tools/lint.py.dox.md" in result.output.splitlines()
    assert run_cli(root, "check").output == "All checks passed.\n"


def test_a_tool_directory_declared_before_it_exists_gets_its_companion(make_repo, run_cli) -> None:
    declares = "# Plugin\n\n`tools/` is file-documented.\n"
    files = {"AGENTS.md": DECLARES_TOOLS, "plugins/search/AGENTS.md": declares}
    root = make_repo({**clean_files(), **files})
    result = run_cli(root, "scaffold", "lookup", "--dir", "plugins/search/tools")
    assert "created plugins/search/tools/lookup.py.dox.md" in result.output.splitlines()
    assert run_cli(root, "check").output == "All checks passed.\n"
