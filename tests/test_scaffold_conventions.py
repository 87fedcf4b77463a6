"""``doxtool scaffold``: a companion in the layout of the repository's
convention, written only where companions are checked."""

from __future__ import annotations

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
