"""``doxtool init`` through the real CLI: detection, appending, refusing to overwrite."""

from __future__ import annotations

import sys
from pathlib import Path

from samples import clean_files

from doxtool.core.config import load_file
from doxtool.rules.examples import WAIT_PY

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

PYPROJECT = '[project]\nname = "demo"  # keep me\nversion = "1"\n\n[tool.other]\nx = 1\n'


def _layout() -> dict[str, str]:
    files = clean_files()
    plugin_tool = WAIT_PY.replace("WaitTool", "PluginTool")
    files.update(
        {
            "plugins/alpha/tools/ping.py": plugin_tool,
            "plugins/alpha/prompts/agent.system.tool.ping.md": "### ping\n",
            "plugins/beta/tools/pong.py": plugin_tool,
            "agents/researcher/prompts/agent.system.tool.wait.md": "### wait\n",
            "lib/util.py": "def f():\n    return 1\n",
            "lib/util.py.dox.md": "# util.py DOX\n",
            "helpers/AGENTS.md": "# helpers\nThis directory is file-documented.\n",
            "tests/test_wait.py": "def test():\n    pass\n",
            "tests/fixtures/tools/fake.py": "x = 1\n",
            ".venv/lib/tools/ignored.py": "x = 1\n",
        }
    )
    return files


EXPECTED_TABLE = """\
[tool.doxtool]
# written by `doxtool init`; every key is optional (README: Configuration)
tool-dirs = ["tools", "plugins/*/tools"]  # 3 modules
tool-bases = ["helpers.tool.Tool"]
prompt-dirs = ["prompts"]
profile-prompt-dirs = ["agents/*/prompts"]  # profiles: researcher
plugin-prompt-dirs = ["plugins/*/prompts"]  # plugins: alpha, beta
# file-documented by their AGENTS.md (found without configuration): helpers
documented-dirs = ["lib"]
test-dirs = ["tests"]
internal-tools = ["unknown"]
convention = "doxtool"  # 0 of 2 companions are in Agent Zero's generated layout, 1 in doxtool's
"""


def test_init_appends_the_detected_table_to_pyproject(make_repo, run_cli) -> None:
    root = make_repo({**_layout(), "pyproject.toml": PYPROJECT})
    result = run_cli(root, "init")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[:9] == [
        "detected tool directories: tools, plugins/*/tools (3 modules)",
        "detected tool base classes: helpers.tool.Tool (in helpers/tool.py)",
        "detected prompt directories: prompts",
        "detected profiles: researcher",
        "detected plugins: alpha, beta",
        "detected file-documented directories: lib; declared in AGENTS.md: helpers",
        "detected test directories: tests",
        "detected companion convention: doxtool "
        "(0 of 2 companions are in Agent Zero's generated layout, 1 in doxtool's)",
        f"wrote the configuration to {root / 'pyproject.toml'}:",
    ]
    text = (root / "pyproject.toml").read_text()
    assert text == PYPROJECT + "\n" + EXPECTED_TABLE, "the rest is kept byte for byte"
    config = load_file(root / "pyproject.toml")
    assert config is not None and config.tool_dirs == ["tools", "plugins/*/tools"]
    check = run_cli(root, "check")
    assert check.exit_code in (0, 1), check.output
    # plugin tools are checked (pong has no prompt); helpers/AGENTS.md declares
    # the file-documented directories, so plugin tools need no companion
    assert "plugins/beta/tools/pong.py" in check.output, "plugin tools are checked"
    assert "plugins/alpha/tools/ping.py.dox.md" not in check.output


def test_init_keeps_crlf_and_a_missing_final_newline(make_repo, run_cli) -> None:
    original = PYPROJECT.replace("\n", "\r\n").removesuffix("\r\n").encode()
    root = make_repo({**clean_files(), "pyproject.toml": original})
    assert run_cli(root, "init").exit_code == 0
    data = (root / "pyproject.toml").read_bytes()
    assert data.startswith(original + b"\r\n\r\n[tool.doxtool]\r\n")
    assert b"\n" not in data.replace(b"\r\n", b"")
    assert tomllib.loads(data.decode())["tool"]["other"] == {"x": 1}


def test_init_writes_doxtool_toml_without_pyproject(make_repo, run_cli) -> None:
    root = make_repo(clean_files())
    result = run_cli(root, "init")
    assert result.exit_code == 0, result.output
    text = (root / "doxtool.toml").read_text()
    assert not text.startswith("[tool.doxtool]")
    assert 'tool-dirs = ["tools"]  # 1 module' in text
    assert load_file(root / "doxtool.toml") is not None
    assert run_cli(root, "check").exit_code == 0


def test_init_never_overwrites(make_repo, run_cli) -> None:
    existing = PYPROJECT + '\n[tool.doxtool]\nselect = ["DOX"]\n'
    root = make_repo({**clean_files(), "pyproject.toml": existing})
    result = run_cli(root, "init")
    assert result.exit_code == 2
    assert result.output == (
        f"doxtool: error: {root / 'pyproject.toml'}: already has a [tool.doxtool] table; "
        "doxtool init never overwrites it\n"
    )
    assert (root / "pyproject.toml").read_text() == existing
    (root / "pyproject.toml").write_text(PYPROJECT)
    (root / "doxtool.toml").write_text("select = []\n")
    refused = run_cli(root, "init")
    assert refused.exit_code == 2 and "doxtool.toml: exists" in refused.output
    assert (root / "pyproject.toml").read_text() == PYPROJECT


def test_dry_run_prints_the_table_only(make_repo, run_cli) -> None:
    root = make_repo({**_layout(), "pyproject.toml": PYPROJECT})
    result = run_cli(root, "init", "--dry-run")
    assert result.exit_code == 0
    assert result.output == EXPECTED_TABLE
    assert (root / "pyproject.toml").read_text() == PYPROJECT


def test_root_option_and_unreadable_pyproject(make_repo, run_cli, tmp_path: Path) -> None:
    root = make_repo({**clean_files(), "pyproject.toml": "[project\n"})
    result = run_cli(tmp_path.parent, "init", "--root", str(root))
    assert result.exit_code == 2
    assert "cannot read it as TOML" in result.output
    (root / "pyproject.toml").write_text(PYPROJECT)
    assert run_cli(tmp_path.parent, "init", "--root", str(root)).exit_code == 0
    assert "[tool.doxtool]" in (root / "pyproject.toml").read_text()


def test_nothing_detected_leaves_the_defaults(run_cli, tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text("hi\n")
    result = run_cli(tmp_path, "init", "--dry-run")
    assert result.exit_code == 0
    assert '# tool-dirs: none found; the default is ["tools", "python/tools", ' in result.output


def test_init_ignores_an_agents_md_that_says_not_file_documented(make_repo, run_cli) -> None:
    root = make_repo(
        {
            "api/AGENTS.md": "- This directory is file-documented.\n",
            "lib/AGENTS.md": "- This directory is not file-documented.\n",
        }
    )
    result = run_cli(root, "init", "--dry-run")
    assert result.exit_code == 0, result.output
    assert "api" in result.output
    assert "lib" not in result.output
