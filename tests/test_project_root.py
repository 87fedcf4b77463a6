"""Where a run happens: the project root, and what doxtool does outside a project."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from samples import UNTIL_PY, clean_files, write_files

from doxtool.core.config import find_root
from doxtool.rules.examples import FRAMEWORK, WAIT_PY


def _outside(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory with no project marker anywhere above it."""
    directory = tmp_path_factory.mktemp("no-project")
    if find_root(directory) is not None:
        pytest.skip(f"{find_root(directory)} marks a project above the temporary directory")
    return directory


def _doxtool(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The installed console script, as a user runs it."""
    script = Path(sys.executable).with_name("doxtool")
    return subprocess.run(
        [str(script), *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "NO_COLOR": "1"},
    )


def _tree(root: Path) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*"))


def test_config_option_names_the_file_and_never_moves_the_root(tmp_path: Path, run_cli) -> None:
    write_files(tmp_path, {**FRAMEWORK, **clean_files(), "tools/wait.py": UNTIL_PY})
    write_files(tmp_path, {"ci/doxtool.toml": 'ignore = ["PRM"]\n'})
    result = run_cli(tmp_path, "check", "--config", "ci/doxtool.toml")
    assert result.exit_code == 1, result.output
    assert "tools/wait.py.dox.md:14:1: DOX111 argument `until`" in result.output
    # the configuration applies: PRM findings are ignored
    assert "PRM" not in result.output
    assert not (tmp_path / "ci" / ".doxtool_cache").exists()


def test_root_is_the_nearest_marker_above_the_working_directory(tmp_path: Path, run_cli) -> None:
    write_files(tmp_path, {**FRAMEWORK, **clean_files(), "tools/wait.py": UNTIL_PY})
    (tmp_path / "docs").mkdir()
    result = run_cli(tmp_path / "docs", "check")
    assert result.exit_code == 1, result.output
    assert "tools/wait.py.dox.md:14:1: DOX111" in result.output


def test_root_option_wins_over_the_working_directory(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory, run_cli
) -> None:
    write_files(tmp_path, {**FRAMEWORK, **clean_files()})
    result = run_cli(_outside(tmp_path_factory), "check", "--root", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert result.output == "All checks passed.\n"


@pytest.mark.parametrize(
    "args",
    [
        ["check"],
        ["check", "--format", "json"],
        ["baseline", "write"],
        ["inspect", "."],
        ["schema"],
        ["scaffold", "x"],
    ],
)
def test_outside_a_project_one_line_error_exit_two_nothing_written(
    tmp_path_factory: pytest.TempPathFactory, args: list[str]
) -> None:
    outside = _outside(tmp_path_factory)
    write_files(outside, {**FRAMEWORK, **clean_files(), "tools/wait.py": UNTIL_PY})
    before = _tree(outside)
    result = _doxtool(outside, *args)
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"doxtool: error: {outside.resolve()} is not inside a project")
    assert "doxtool init" in result.stderr
    assert _tree(outside) == before


@pytest.mark.parametrize("args", [["rules"], ["explain", "DOX111"]])
def test_rules_and_explain_read_no_project(
    tmp_path_factory: pytest.TempPathFactory, args: list[str]
) -> None:
    """The README names them beside `init` as the commands that run outside a project."""
    outside = _outside(tmp_path_factory)
    result = _doxtool(outside, *args)
    assert (result.returncode, result.stderr) == (0, ""), result.stderr
    assert "DOX111" in result.stdout
    assert _tree(outside) == []


def test_init_outside_a_project_makes_the_working_directory_one(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    outside = _outside(tmp_path_factory)
    write_files(outside, {**FRAMEWORK, **clean_files()})
    assert _doxtool(outside, "init").returncode == 0
    assert (outside / "doxtool.toml").is_file()
    checked = _doxtool(outside, "check")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout == "All checks passed.\n"


def test_a_project_without_tool_modules_says_so(tmp_path: Path, run_cli) -> None:
    write_files(tmp_path, {"README.md": "# notes\n", "lib/code.py": "X = 1\n"})
    result = run_cli(tmp_path, "check")
    assert result.exit_code == 0
    assert "All checks passed." not in result.output
    assert result.output == (
        "doxtool: warning: no tool modules found under tools/, python/tools/, "
        f"plugins/*/tools/ in {tmp_path.resolve()} (set `tool-dirs`, or run `doxtool init`)\n"
    )


def test_a_project_whose_only_tools_are_a_profiles_own_gets_no_such_warning(
    tmp_path: Path, run_cli
) -> None:
    # `agents/poker/tools/` is checked (a profile's tool directory): nothing
    # `tool-dirs` or `doxtool init` could change would silence the warning
    tool = (
        "from helpers.tool import Response, Tool\n\n\n"
        "class Deal(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        '        return Response(message="dealt", break_loop=False)\n'
    )
    prompt = '### deal\nDeal.\n~~~json\n{"tool_name": "deal", "tool_args": {}}\n~~~\n'
    write_files(
        tmp_path,
        {
            **FRAMEWORK,
            "agents/poker/tools/deal.py": tool,
            "agents/poker/prompts/agent.system.tool.deal.md": prompt,
        },
    )
    result = run_cli(tmp_path, "check")
    assert result.exit_code == 0, result.output
    assert result.output == "All checks passed.\n"


def test_a_tool_directory_linked_from_outside_is_named_and_no_tool_called_missing(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory, run_cli
) -> None:
    """A tool directory that is a link out of the repository is not followed:
    a warning names it, and no prompt's tool is said not to exist (it may be
    there)."""
    files = clean_files()
    shared = tmp_path_factory.mktemp("shared")
    write_files(shared, {k: v for k, v in files.items() if k.startswith("tools/")})
    write_files(tmp_path, {**FRAMEWORK, **{k: v for k, v in files.items() if k[:6] != "tools/"}})
    (tmp_path / "tools").symlink_to(shared / "tools", target_is_directory=True)
    result = run_cli(tmp_path, "check", "--no-cache")
    assert (result.exit_code, result.stdout, result.stderr) == (
        0,
        "",
        "doxtool: warning: tools/ is a link that leads out of the repository; not followed: "
        "the tools there are not checked\n",
    )
    for args in (("check", "--no-cache", "--select", "PRM002"), ("check", "--no-cache", "prompts")):
        result = run_cli(tmp_path, *args)
        assert "PRM002" not in result.stdout, (args, result.stdout)
    # a tool directory inside the repository: a prompt's unknown tool is one
    (tmp_path / "tools").unlink()
    (tmp_path / "tools").mkdir()
    result = run_cli(tmp_path, "check", "--no-cache", "--select", "PRM002")
    assert (result.exit_code, result.stdout.count("PRM002 prompt heading names tool `wait`")) == (
        1,
        1,
    )


def test_no_tool_modules_names_the_configured_directories(tmp_path: Path, run_cli) -> None:
    write_files(tmp_path, {"pyproject.toml": '[tool.doxtool]\ntool-dirs = ["agent/tools"]\n'})
    result = run_cli(tmp_path, "check", "--format", "json")
    assert result.exit_code == 0
    assert result.stdout == "[]\n"
    assert "no tool modules found under agent/tools/ " in result.stderr
    assert f"set `tool-dirs` in {tmp_path / 'pyproject.toml'}" in result.stderr


def test_tool_directories_an_exclude_glob_leaves_out_are_named(tmp_path: Path, run_cli) -> None:
    """A plugin repository keeping its plugin where Agent Zero installs it
    (`usr/plugins/<name>/`): `usr`, excluded by default, hides the configured
    tool directory, and the warning says so instead of asking for `tool-dirs`."""
    config = '[tool.doxtool]\ntool-dirs = ["usr/plugins/*/tools"]\n'
    write_files(
        tmp_path,
        {
            **FRAMEWORK,
            "pyproject.toml": config,
            "usr/plugins/timer/tools/wait.py": WAIT_PY,
        },
    )
    result = run_cli(tmp_path, "check", "--no-cache")
    assert result.exit_code == 0
    assert result.stderr == (
        "doxtool: warning: no tool modules found under usr/plugins/*/tools/ in "
        f"{tmp_path.resolve()}: `exclude` leaves out usr/plugins/timer/tools/ (`usr`) "
        f"(set `exclude` in {tmp_path / 'pyproject.toml'} without it)\n"
    )
    # without it, the plugin's tool is checked
    write_files(tmp_path, {"pyproject.toml": config + 'exclude = [".git"]\n'})
    result = run_cli(tmp_path, "check", "--no-cache", "--select", "PRM001")
    assert "usr/plugins/timer/tools/wait.py:4:1: PRM001 tool `wait`" in result.stdout
