"""``doxtool scaffold``: new tools that pass ``check`` at once, and refusals."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]
WRAPPER = "## Tools\n{{tools}}\n"

FILES = [
    "tools/web_fetch.py",
    "tools/web_fetch.py.dox.md",
    "prompts/agent.system.tool.web_fetch.md",
    "tests/tools/test_web_fetch.py",
]


def _pytest(root: Path, test: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", test],
        cwd=root,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_scaffold_writes_four_files_that_pass_check(make_repo, run_cli) -> None:
    root = make_repo({"prompts/agent.system.tools.md": WRAPPER})
    result = run_cli(root, "scaffold", "web_fetch", "--arg", "url", "--arg", "timeout")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [f"created {path}" for path in FILES]
    module = (root / "tools/web_fetch.py").read_text()
    assert "class WebFetchTool(Tool):" in module
    assert 'self.args.get("url", "")' in module
    check = run_cli(root, "check")
    assert check.exit_code == 0, check.output
    tested = _pytest(root, "tests/tools/test_web_fetch.py")
    assert tested.returncode == 0, tested.stdout + tested.stderr
    assert "1 passed" in tested.stdout


def test_terminal_tool_ends_the_turn(make_repo, run_cli) -> None:
    root = make_repo({"prompts/agent.system.tools.md": WRAPPER})
    result = run_cli(root, "scaffold", "finish", "--terminal", "--class-name", "Finisher")
    assert result.exit_code == 0, result.output
    assert "break_loop=True" in (root / "tools/finish.py").read_text()
    companion = (root / "tools/finish.py.dox.md").read_text()
    assert "- `break_loop` of `Finisher`: always `true`." in companion
    assert run_cli(root, "check").exit_code == 0
    assert _pytest(root, "tests/tools/test_finish.py").returncode == 0


def test_plugin_directory(make_repo, run_cli) -> None:
    root = make_repo({"plugins/search/tools/.keep": "", "prompts/agent.system.tools.md": WRAPPER})
    result = run_cli(root, "scaffold", "lookup", "--dir", "plugins/search/tools")
    assert result.exit_code == 0, result.output
    assert (root / "plugins/search/tools/lookup.py").is_file()
    assert (root / "plugins/search/prompts/agent.system.tool.lookup.md").is_file()
    check = run_cli(root, "check")
    assert check.exit_code == 0, check.output


def test_a_tool_the_framework_would_never_run_is_refused(make_repo, run_cli) -> None:
    """A plugin's tool comes first on the framework's search path: a core
    tool (or a later plugin's) of its name would never run. Overriding a
    core tool in a plugin, or in an agent profile, is what those are for."""
    root = make_repo({"plugins/search/tools/.keep": "", "prompts/agent.system.tools.md": WRAPPER})
    assert run_cli(root, "scaffold", "lookup", "--dir", "plugins/search/tools").exit_code == 0
    before = sorted(p for p in root.rglob("*") if ".git" not in p.parts)
    for where in ([], ["--dir", "plugins/zeta/tools"]):
        refused = run_cli(root, "scaffold", "lookup", *where)
        assert refused.exit_code == 2
        module = "tools/lookup.py" if not where else "plugins/zeta/tools/lookup.py"
        assert refused.stderr == (
            f"doxtool: error: {module} would never run: the framework finds the tool of "
            "that name in plugins/search/tools/lookup.py first; choose another name\n"
        )
    assert sorted(p for p in root.rglob("*") if ".git" not in p.parts) == before
    assert run_cli(root, "scaffold", "fetch").exit_code == 0
    overriding = run_cli(root, "scaffold", "fetch", "--dir", "plugins/search/tools", "--dry-run")
    assert overriding.exit_code == 0, overriding.output


def test_dry_run_writes_nothing(make_repo, run_cli) -> None:
    root = make_repo({})
    result = run_cli(root, "scaffold", "web_fetch", "--dry-run")
    assert result.exit_code == 0
    assert result.output.splitlines() == [f"would create {path}" for path in FILES]
    assert not any((root / path).exists() for path in FILES)


def test_refuses_when_any_target_exists_and_writes_nothing(make_repo, run_cli) -> None:
    root = make_repo({"prompts/agent.system.tool.web_fetch.md": "### web_fetch\n"})
    result = run_cli(root, "scaffold", "web_fetch")
    assert result.exit_code == 2
    assert "prompts/agent.system.tool.web_fetch.md" in result.output
    assert not (root / "tools/web_fetch.py").exists()
    assert (root / "prompts/agent.system.tool.web_fetch.md").read_text() == "### web_fetch\n"


@pytest.mark.parametrize(
    "name",
    ["WebFetch", "class", "../evil", "a/b", "1tool", "web-fetch", "", "tool name"],
)
def test_rejects_bad_names(make_repo, run_cli, name: str) -> None:
    root = make_repo({})
    result = run_cli(root, "scaffold", name)
    assert result.exit_code == 2
    assert result.output.startswith("doxtool: error:")
    assert not (root / "tools").exists()


def test_crafted_description_cannot_inject_code(make_repo, run_cli) -> None:
    root = make_repo({"prompts/agent.system.tools.md": WRAPPER})
    crafted = '"""\nimport os; os.system("echo pwned")\n"""\n## Purpose\n`x` <script>'
    result = run_cli(root, "scaffold", "safe", "--description", crafted)
    assert result.exit_code == 0, result.output
    module = (root / "tools/safe.py").read_text()
    tree = ast.parse(module)
    assert not any(
        isinstance(node, ast.Import) and node.names[0].name == "os" for node in ast.walk(tree)
    )
    assert ast.get_docstring(tree) == " ".join(crafted.split()).replace("\\", "\\")
    companion = (root / "tools/safe.py.dox.md").read_text()
    assert companion.count("\n## Purpose\n") == 1
    assert run_cli(root, "check").exit_code == 0


def test_rejects_bad_class_and_argument_names(make_repo, run_cli) -> None:
    root = make_repo({})
    assert run_cli(root, "scaffold", "ok", "--class-name", "Bad Name").exit_code == 2
    assert run_cli(root, "scaffold", "ok", "--arg", "not valid").exit_code == 2
    assert run_cli(root, "scaffold", "ok", "--arg", "x", "--arg", "x").exit_code == 2
    assert not (root / "tools").exists()


@pytest.mark.parametrize(
    "option",
    [
        ("--arg", "self"),
        ("--arg", "str"),
        ("--arg", "Response"),
        ("--arg", "message"),
        ("--arg", "kwargs"),
        ("--class-name", "Response"),
        ("--class-name", "Tool"),
        ("--class-name", "StandInAgent"),
    ],
)
def test_names_the_generated_code_already_uses_are_refused(
    make_repo, run_cli, option: tuple[str, str]
) -> None:
    """``--arg self`` would generate ``self = str(self.args.get(...))``, and a
    class named ``Response`` would shadow the framework's: code that fails."""
    root = make_repo({"prompts/agent.system.tools.md": WRAPPER})
    result = run_cli(root, "scaffold", "ok", *option)
    assert result.exit_code == 2, result.output
    (line,) = result.output.splitlines()
    assert line.startswith("doxtool: error: ") and f"{option[1]!r}" in line, line
    assert line.endswith(f"; choose another ({option[0]})"), line  # what to do
    assert not (root / "tools").exists()


def test_names_close_to_taken_ones_pass_check_and_their_test(make_repo, run_cli) -> None:
    root = make_repo({"prompts/agent.system.tools.md": WRAPPER})
    result = run_cli(
        root, "scaffold", "relay", "--arg", "self_url", "--arg", "text", "--class-name", "Relay"
    )
    assert result.exit_code == 0, result.output
    assert run_cli(root, "check").exit_code == 0
    tested = _pytest(root, "tests/tools/test_relay.py")
    assert tested.returncode == 0, tested.stdout + tested.stderr


@pytest.mark.slow
def test_wheel_ships_templates(tmp_path: Path) -> None:
    """Build the wheel, install it in a fresh venv, scaffold and check from there."""
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", str(dist), str(REPO_ROOT)],
        check=True,
        capture_output=True,
        timeout=600,
    )
    (wheel,) = dist.glob("doxtool-*.whl")
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", str(wheel)],
        check=True,
        capture_output=True,
        timeout=600,
    )
    repo = tmp_path / "repo"
    from doxtool.rules.examples import FRAMEWORK

    for rel, text in {**FRAMEWORK, "prompts/agent.system.tools.md": WRAPPER}.items():
        (repo / rel).parent.mkdir(parents=True, exist_ok=True)
        (repo / rel).write_text(text)
    doxtool = env_dir / "bin" / "doxtool"
    scaffolded = subprocess.run(
        [str(doxtool), "scaffold", "web_fetch", "--arg", "url"],
        cwd=repo,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert scaffolded.returncode == 0, scaffolded.stderr
    checked = subprocess.run(
        [str(doxtool), "check"], cwd=repo, capture_output=True, text=True, timeout=120
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.strip() == "All checks passed."


def _tree(root: Path) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if ".git" not in p.parts)


@pytest.mark.parametrize("name", ["__init__", "__main__"])
def test_a_name_check_would_not_read_is_refused(make_repo, run_cli, name: str) -> None:
    root = make_repo({"prompts/agent.system.tools.md": WRAPPER})
    before = _tree(root)
    result = run_cli(root, "scaffold", name)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"doxtool: error: tool name '{name}' is a name Python reserves")
    assert _tree(root) == before


def test_an_excluded_tool_module_is_refused(make_repo, run_cli) -> None:
    root = make_repo({"prompts/agent.system.tools.md": WRAPPER})
    (root / "pyproject.toml").write_text('[tool.doxtool]\nextend-exclude = ["tools/legacy_*"]\n')
    result = run_cli(root, "scaffold", "legacy_fetch")
    assert result.exit_code == 2
    assert "tools/legacy_fetch.py is excluded by the configuration" in result.stderr
    assert not (root / "tools/legacy_fetch.py").exists()


def test_a_directory_check_never_looks_in_is_refused(make_repo, run_cli) -> None:
    root = make_repo({"prompts/agent.system.tools.md": WRAPPER})
    before = _tree(root)
    result = run_cli(root, "scaffold", "x", "--dir", "somewhere/lib")
    assert result.exit_code == 2
    assert result.stderr == (
        "doxtool: error: --dir somewhere/lib: `doxtool check` does not look for tools in "
        "somewhere/lib (tool-dirs: tools, python/tools, plugins/*/tools); add it to "
        "`tool-dirs` in [tool.doxtool] in pyproject.toml (or doxtool.toml) first\n"
    )
    assert _tree(root) == before
    # a new plugin's tools directory is one the configured globs name
    plugin = run_cli(root, "scaffold", "recall", "--dir", "plugins/memory/tools")
    assert plugin.exit_code == 0, plugin.output
    assert run_cli(root, "check").exit_code == 0
    # once configured, the directory is taken
    (root / "pyproject.toml").write_text(
        '[tool.doxtool]\ntool-dirs = ["tools", "plugins/*/tools", "somewhere/lib"]\n'
    )
    configured = run_cli(root, "scaffold", "x", "--dir", "somewhere/lib")
    assert configured.exit_code == 0, configured.output
    assert configured.output.startswith(
        "created somewhere/lib/x.py\n"
        "created somewhere/lib/x.py.dox.md\n"
        "created prompts/agent.system.tool.x.md\n"
    )
    checked = run_cli(root, "check")
    assert checked.exit_code == 0, checked.output


def test_dir_is_relative_to_the_working_directory_inside_the_project(make_repo, run_cli) -> None:
    """``--dir tools`` in a plugin's directory is the plugin's ``tools/``, as
    every path given on the command line is read from where it is run; run
    from outside the project (``--root``), ``--dir`` is read from the root."""
    root = make_repo(
        {"prompts/agent.system.tools.md": WRAPPER, "plugins/memory/tools/__init__.py": ""}
    )
    inside = run_cli(root / "plugins/memory", "scaffold", "recall", "--dir", "tools", "--dry-run")
    assert inside.exit_code == 0, inside.output
    assert inside.output.splitlines()[0] == "would create plugins/memory/tools/recall.py"
    here = run_cli(root / "plugins/memory/tools", "scaffold", "recall", "--dir", ".", "--dry-run")
    assert here.output == inside.output
    outside = run_cli(
        root.parent,
        "scaffold",
        "recall",
        "--root",
        str(root),
        "--dir",
        "plugins/memory/tools",
        "--dry-run",
    )
    assert outside.output == inside.output


def test_force_says_which_files_it_overwrote(make_repo, run_cli) -> None:
    root = make_repo({"prompts/agent.system.tools.md": WRAPPER})
    assert run_cli(root, "scaffold", "web_fetch").exit_code == 0
    (root / "tests/tools/test_web_fetch.py").unlink()
    dry = run_cli(root, "scaffold", "web_fetch", "--force", "--dry-run")
    assert dry.output == (
        "would overwrite tools/web_fetch.py\n"
        "would overwrite tools/web_fetch.py.dox.md\n"
        "would overwrite prompts/agent.system.tool.web_fetch.md\n"
        "would create tests/tools/test_web_fetch.py\n"
    )
    forced = run_cli(root, "scaffold", "web_fetch", "--force")
    assert forced.exit_code == 0
    assert forced.output == (
        "overwrote tools/web_fetch.py\n"
        "overwrote tools/web_fetch.py.dox.md\n"
        "overwrote prompts/agent.system.tool.web_fetch.md\n"
        "created tests/tools/test_web_fetch.py\n"
    )


def test_force_refuses_a_link_among_the_targets_before_overwriting_any(make_repo, run_cli) -> None:
    """A target no write may replace is found before the first write: the
    module a person worked on is not replaced while the run fails later."""
    root = make_repo({"prompts/agent.system.tools.md": WRAPPER, "README.md": "notes\n"})
    assert run_cli(root, "scaffold", "web_fetch").exit_code == 0
    module = root / "tools/web_fetch.py"
    module.write_text(module.read_text() + "# worked on\n")
    before = module.read_bytes()
    companion = root / "tools/web_fetch.py.dox.md"
    companion.unlink()
    companion.symlink_to("../README.md")
    for dry in (["--dry-run"], []):
        forced = run_cli(root, "scaffold", "web_fetch", "--force", *dry)
        assert forced.exit_code == 2
        assert "is a link; doxtool does not write through links" in forced.stderr
    assert module.read_bytes() == before
    assert companion.is_symlink() and (root / "README.md").read_text() == "notes\n"


@pytest.mark.parametrize(
    ("template", "what"),
    [("def broken(:\n", "a syntax error: invalid syntax at line 1"), ("", "no class")],
)
def test_a_module_template_that_renders_no_tool_module_is_named(
    make_repo, run_cli, template: str, what: str
) -> None:
    # not blamed on `tool-bases`: the repository's own template is at fault
    root = make_repo(
        {
            "prompts/agent.system.tools.md": WRAPPER,
            "pyproject.toml": '[tool.doxtool]\ntemplates-dir = "tpl"\n',
            "tpl/tool.py.j2": template,
        }
    )
    before = _tree(root)
    result = run_cli(root, "scaffold", "foo")
    assert result.exit_code == 2
    assert result.stderr == (
        f"doxtool: error: tpl/tool.py.j2 rendered tools/foo.py with {what}; nothing was written\n"
    )
    assert [p for p in _tree(root) if not p.startswith(".doxtool_cache")] == before
