"""Configuration through the real CLI: where it is found, what it may hold, its errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from samples import UNTIL_PY, clean_files

from doxtool.core.config import _FIELDS
from doxtool.rules.examples import TOOL_PY, WAIT_DOX, WAIT_PY


def test_no_configuration_fits_an_agent_zero_checkout(make_repo, run_cli) -> None:
    """Tools in ``python/tools`` on ``python/helpers/tool.py``, prompts, a profile."""
    files = clean_files()
    layout = {
        "python/__init__.py": "",
        "python/helpers/__init__.py": "",
        "python/helpers/tool.py": TOOL_PY,
        "python/tools/wait.py": WAIT_PY.replace("from helpers.tool", "from python.helpers.tool"),
        "python/tools/wait.py.dox.md": WAIT_DOX.replace("`helpers.tool`", "`python.helpers.tool`"),
        "prompts/agent.system.tools.md": files["prompts/agent.system.tools.md"],
        "prompts/agent.system.tool.wait.md": files["prompts/agent.system.tool.wait.md"],
        "agents/researcher/prompts/agent.system.tool.wait.md": files[
            "prompts/agent.system.tool.wait.md"
        ],
    }
    root = make_repo(layout)
    result = run_cli(root, "check")
    assert result.exit_code == 0, result.output
    # the module really is checked: drift is reported
    (root / "python/tools/wait.py").write_text(
        UNTIL_PY.replace("from helpers.tool", "from python.helpers.tool")
    )
    drift = run_cli(root, "check")
    assert drift.exit_code == 1
    assert "python/tools/wait.py.dox.md" in drift.output and "DOX111" in drift.output


def test_pyproject_table_is_found_walking_up_from_a_subdirectory(make_repo, run_cli) -> None:
    files = clean_files()
    files["tools/wait.py"] = UNTIL_PY
    files["pyproject.toml"] = '[project]\nname = "x"\n\n[tool.doxtool]\nignore = ["DOX111"]\n'
    root = make_repo(files)
    assert run_cli(root, "check").exit_code == 0
    assert run_cli(root / "tools", "check").exit_code == 0, "found from tools/ too"


def test_doxtool_toml_is_a_top_level_table_and_wins_over_pyproject(make_repo, run_cli) -> None:
    """The two files select different findings: the output shows which one was read."""
    files = clean_files()
    files["tools/wait.py"] = UNTIL_PY  # DOX111: `until` is not documented
    prompt = "prompts/agent.system.tool.wait.md"
    files[prompt] = files[prompt].replace("optional `seconds`", "optional `seconds`, `hours`")
    files["pyproject.toml"] = '[tool.doxtool]\nselect = ["DOX111"]\n'
    files["doxtool.toml"] = 'select = ["PRM003"]\n'
    root = make_repo(files)
    result = run_cli(root, "check")
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{prompt}:3:28: PRM003 argument `hours` is taught for `wait` but tools/wait.py never "
        "reads it",
        "Found 1 finding.",
    ]
    (root / "doxtool.toml").unlink()
    result = run_cli(root, "check")
    assert [line.split()[1] for line in result.output.splitlines()[:-1]] == ["DOX111"]


def test_config_option_names_the_file(make_repo, run_cli, tmp_path: Path) -> None:
    files = clean_files()
    files["tools/wait.py"] = UNTIL_PY
    root = make_repo(files)
    other = root / "ci" / "strict.toml"
    other.parent.mkdir()
    other.write_text('ignore = ["DOX111"]\n')
    assert run_cli(root, "check").exit_code == 1
    result = run_cli(root, "check", "--config", "ci/strict.toml", "--root", ".")
    assert result.exit_code == 0, result.output
    missing = run_cli(root, "check", "--config", "nope.toml")
    assert missing.exit_code == 2
    assert "nope.toml: configuration file not found" in missing.output
    (root / "ci" / "dir.toml").mkdir()
    (root / "ci" / "link.toml").symlink_to("gone.toml")
    for name, problem in (("dir", "not a regular file"), ("link", "cannot read file")):
        there = run_cli(root, "check", "--config", f"ci/{name}.toml")
        assert there.exit_code == 2
        assert f"ci/{name}.toml: {problem}" in there.output, there.output


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ("tool-dir = ['x']", "unknown key `tool-dir`"),
        ("tool_dirs = ['x']", "unknown key `tool_dirs` (did you mean `tool-dirs`?)"),
        ("tool-dirs = 'tools'", "`tool-dirs` must be a list of strings"),
        ("tool-bases = [1]", "`tool-bases` must be a list of strings"),
        ("tool-bases = ['']", '`tool-bases`: "" is not a dotted class name with its module'),
        ("tool-bases = ['helpers.tool.']", '`tool-bases`: "helpers.tool." is not a dotted'),
        ("tool-bases = ['Tool']", '`tool-bases`: "Tool" is not a dotted class name'),
        ("tool-bases = ['helpers.tool.Tool ']", '"helpers.tool.Tool " is not a dotted'),
        ("agents-sections = 'Purpose'", "`agents-sections` must be a list of strings"),
        ("agents-sections = ['']", '`agents-sections`: "" is no heading title'),
        ("agents-sections = ['  ']", '`agents-sections`: "  " is no heading title'),
        ("agents-sections = [' Purpose']", '`agents-sections`: " Purpose" is no heading title'),
        ('agents-sections = ["a\\nb"]', '`agents-sections`: "a\\nb" is no heading title'),
        ("baseline = 3", "`baseline` must be a string"),
        ("cache-dir = ['.c']", "`cache-dir` must be a string"),
        ("templates-dir = false", "`templates-dir` must be a string"),
        ("per-file-ignores = ['x']", "`per-file-ignores` must be a table"),
        ("per-file-ignores = { 'a.py' = 'DOX1' }", "`per-file-ignores.a.py` must be a list"),
        ("profiles = 1", "`profiles` must be a table of profiles"),
        ("profiles = { tiny = 1 }", "`profiles.tiny` must be a table"),
        ("profiles = { tiny = { budget = -1 } }", "`profiles.tiny.budget` must be a non-negative"),
        ("profiles = { tiny = { size = 1 } }", "unknown key `profiles.tiny.size`"),
        (
            "profiles = { tiny = { fenced-examples = 'no' } }",
            "`profiles.tiny.fenced-examples` must be true or false",
        ),
        (
            "profiles = { default = { allowed-keys = [] } }",
            "`profiles.default.allowed-keys` lacks `tool_name` and `tool_args`: every tool call "
            "example needs `tool_name` and `tool_args`",
        ),
        (
            "profiles = { tiny-local = { allowed-keys = ['tool_name', 'args'] } }",
            "`profiles.tiny-local.allowed-keys` lacks `tool_args`: every tool call",
        ),
        ("select = ['XYZ1']", "`select`: unknown rule code or prefix `XYZ1`"),
        ("ignore = ['NOPE']", "`ignore`: unknown rule code or prefix `NOPE`"),
        ("per-file-ignores = { 'a.py' = ['ZZZ'] }", "`per-file-ignores.a.py`: unknown rule code"),
        # the glob as written, though it is matched as `a.py` and `tools/a.py`
        ("per-file-ignores = { './a.py' = ['ZZZ'] }", "`per-file-ignores../a.py`: unknown rule"),
        (
            "per-file-ignores = { 'tools\\a.py' = ['ZZZ'] }",
            "`per-file-ignores.tools\\a.py`: unknown rule code",
        ),
        ("baseline = 'gone.json'", "`baseline` names gone.json, which does not exist"),
        ("cache-dir = ''", '`cache-dir`: "" is empty'),
        ("templates-dir = 'nope'", '`templates-dir`: "nope" is not a directory'),
        ("select = [", "invalid TOML"),
        # read as directories, never globbed: a pattern would match nothing
        (
            "prompt-dirs = ['plugin/*/prompts']",
            '`prompt-dirs`: "plugin/*/prompts" is a pattern: `prompt-dirs` names directories '
            "(the core prompts; put a pattern of plugins' prompt directories in "
            "`plugin-prompt-dirs`",
        ),
        ("test-dirs = ['plugins/?/tests']", '"plugins/?/tests" is a pattern: `test-dirs` names'),
    ],
)
def test_bad_configuration_is_one_line_naming_key_and_file(
    make_repo, run_cli, table: str, message: str
) -> None:
    root = make_repo({**clean_files(), "pyproject.toml": f"[tool.doxtool]\n{table}\n"})
    result = run_cli(root, "check")
    assert result.exit_code == 2
    assert result.output.count("\n") == 1, result.output
    assert result.output.startswith(f"doxtool: error: {root / 'pyproject.toml'}: ")
    assert message in result.output


def test_a_key_allowed_twice_is_named_once(make_repo, run_cli) -> None:
    root = make_repo(
        {
            **clean_files(),
            "doxtool.toml": (
                "[profiles.default]\n"
                'allowed-keys = ["tool_name", "tool_args", "tool_name", "tool_args"]\n'
            ),
        }
    )
    result = run_cli(root, "check", "--no-cache", "--select", "PRM007")
    assert result.exit_code == 1
    messages = [line for line in result.stdout.splitlines() if "PRM007" in line]
    assert messages and all(
        line.endswith("profile `default` allows only `tool_name`, `tool_args`") for line in messages
    ), result.stdout


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        # ``[tool.doxtool]`` cannot be there: not the defaults, silently
        ("pyproject.toml", "tool = 5\n", "`tool` must be a table"),
        ("pyproject.toml", "[[tool]]\nx = 1\n", "`tool` must be a table"),
        ("pyproject.toml", '[tool]\ndoxtool = "x"\n', "`tool.doxtool` must be a table"),
        ("pyproject.toml", "[[tool.doxtool]]\nselect = []\n", "`tool.doxtool` must be a table"),
        (
            "doxtool.toml",
            "[tool.doxtool]\nselect = ['DOX001']\n",
            "unknown key `tool`: outside `pyproject.toml` the keys of `[tool.doxtool]` go at "
            "the top level",
        ),
        ("doxtool.toml", "select = 'DOX001'\n", "`select` must be a list of strings"),
        ("doxtool.toml", "select = [\n", "invalid TOML"),
    ],
)
def test_a_file_whose_table_cannot_be_read_is_one_line_naming_it(
    make_repo, run_cli, name: str, text: str, message: str
) -> None:
    root = make_repo({**clean_files(), name: text})
    result = run_cli(root, "check")
    assert result.exit_code == 2
    assert result.output.count("\n") == 1, result.output
    assert result.output.startswith(f"doxtool: error: {root / name}: ")
    assert message in result.output


def test_a_pyproject_without_the_table_leaves_the_defaults(make_repo, run_cli) -> None:
    """Another tool's table, or none: the file is not doxtool's."""
    text = "[project]\nname = 5\n\n[tool.ruff]\nline-length = 5\n"
    root = make_repo({**clean_files(), "pyproject.toml": text})
    assert run_cli(root, "check").exit_code == 0


def test_every_option_of_the_design_is_a_key(run_cli) -> None:
    """DESIGN.md "Configuration" names these; each is a key of [tool.doxtool]."""
    keys = {
        "tool-dirs",
        "profile-tool-dirs",
        "documented-dirs",
        "tool-bases",
        "prompt-dirs",
        "profile-prompt-dirs",
        "plugin-prompt-dirs",
        "profiles",
        "internal-tools",
        "select",
        "ignore",
        "per-file-ignores",
        "exclude",
        "extend-exclude",
        "baseline",
        "cache-dir",
        "templates-dir",
        "test-dirs",
        "agents-sections",
        # DESIGN.md "Generated DOX and fixes": the config selects a convention
        "convention",
    }
    assert set(_FIELDS) == keys


def test_a_full_table_loads(make_repo, run_cli) -> None:
    files = clean_files()
    files["tools/legacy_wait.py"] = UNTIL_PY.replace("WaitTool", "LegacyWaitTool")
    files["pyproject.toml"] = """\
[tool.doxtool]
tool-dirs = ["tools", "plugins/*/tools"]
documented-dirs = []
tool-bases = ["helpers.tool.Tool"]
prompt-dirs = ["prompts"]
profile-prompt-dirs = ["agents/*/prompts"]
plugin-prompt-dirs = ["plugins/*/prompts"]
internal-tools = ["unknown", "legacy_wait"]
test-dirs = ["tests"]
select = []
ignore = []
per-file-ignores = { "tools/legacy_*.py" = ["DOX0"] }
exclude = [".git", ".venv"]
extend-exclude = ["tools/legacy_*"]
baseline = ""
cache-dir = ".doxtool_cache"
templates-dir = ""

[tool.doxtool.profiles.tiny-local]
allowed-keys = ["tool_name", "tool_args"]
fenced-examples = false
budget = 6000
"""
    root = make_repo(files)
    result = run_cli(root, "check")
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("kind", ["directory", "fifo", "dangling link"])
@pytest.mark.parametrize("name", ["doxtool.toml", "pyproject.toml"])
def test_a_configuration_file_that_is_not_a_regular_file_is_an_error(
    make_repo, run_cli, name: str, kind: str
) -> None:
    """Not passed over for the next file or the defaults: its settings
    (excludes, ignores) would be silently lost."""
    import os

    files = clean_files()
    if name == "doxtool.toml":
        files["pyproject.toml"] = '[tool.doxtool]\nignore = ["DOX1"]\n'
    root = make_repo(files)
    target = root / name
    if kind == "directory":
        target.mkdir()
    elif kind == "fifo":
        os.mkfifo(target)
    else:
        target.symlink_to(root / "shared.toml")
    result = run_cli(root, "check", "--no-cache")
    assert result.exit_code == 2, result.output
    (line,) = result.output.strip().splitlines()
    assert line.startswith("doxtool: error: ") and name in line, line


@pytest.mark.parametrize(
    ("table", "message"),
    [
        (
            "prompt-dirs = []",
            "PRM001 tool `wait` has no prompt; the model is never taught to call it "
            "(`prompt-dirs` is empty",
        ),
        ("tool-bases = []", "DOX004 tool module has no tool class (`tool-bases` is empty)"),
    ],
)
def test_an_empty_directory_or_base_list_is_read_as_given(
    make_repo, run_cli, table: str, message: str
) -> None:
    """An empty list is a setting (as `tool-dirs = []` is): the check runs
    and says what it leaves the tools without, never an internal error."""
    root = make_repo({**clean_files(), "pyproject.toml": f"[tool.doxtool]\n{table}\n"})
    result = run_cli(root, "check", "--no-cache")
    assert result.exit_code == 1, result.output
    assert message in result.output
    assert "internal error" not in result.output and "deriving from \n" not in result.output


@pytest.mark.parametrize(
    "setting",
    [
        'per-file-ignores = { "./tools/legacy_wait.py" = ["DOX1"] }',
        'per-file-ignores = { "**/tools/legacy_*.py" = ["DOX1"] }',
        'extend-exclude = ["./tools/legacy_wait.py"]',
        'extend-exclude = ["./legacy/"]',
        'extend-exclude = ["legacy/"]',
        'extend-exclude = ["**/legacy"]',
        'extend-exclude = ["**/legacy/util.py"]',
        'per-file-ignores = { "tools\\\\legacy_wait.py" = ["DOX1"] }',
        'extend-exclude = [".\\\\legacy\\\\"]',
    ],
)
def test_a_glob_written_with_dot_slash_a_trailing_slash_or_a_leading_double_star_matches(
    make_repo, run_cli, setting: str
) -> None:
    """``./x``, ``x/`` and ``**/x`` name the repository path ``x`` (``**/``
    at the root's own level too), as a shell or a ``.gitignore`` reads them:
    kept as written, they matched no path, and what they were to leave out
    was reported."""
    files = clean_files()
    files["tools/legacy_wait.py"] = UNTIL_PY.replace("WaitTool", "LegacyWaitTool")
    files["tools/legacy_wait.py.dox.md"] = WAIT_DOX.replace("WaitTool", "LegacyWaitTool").replace(
        "wait.py", "legacy_wait.py"
    )
    files["legacy/util.py"] = "X = 1\n"
    table = '[tool.doxtool]\ninternal-tools = ["unknown", "legacy_wait"]\ndocumented-dirs = ["legacy"]\n'
    files["pyproject.toml"] = table
    root = make_repo(files)
    before = run_cli(root, "check", "--no-cache", "--select", "DOX")
    assert "tools/legacy_wait.py.dox.md" in before.output, before.output
    assert "legacy/util.py:1:1: DOX001" in before.output, before.output
    (root / "pyproject.toml").write_text(table + setting + "\n")
    result = run_cli(root, "check", "--no-cache", "--select", "DOX")
    named = "legacy_wait" if "tools" in setting else "legacy/util.py"
    assert named not in result.output, result.output


@pytest.mark.parametrize(
    "setting",
    ['prompt-dirs = ["prompts\\\\"]', 'tool-dirs = ["tools\\\\"]', 'documented-dirs = ["lib\\\\"]'],
)
def test_a_directory_written_with_windows_separators_is_the_directory(
    make_repo, run_cli, setting: str
) -> None:
    """``prompts\\`` names ``prompts/``, as the check of a configured path
    already reads a backslash: kept as written, it named no directory, and
    every tool taught there was reported as taught nowhere (``PRM001``)."""
    files = clean_files()
    files["lib/util.py"] = "X = 1\n"
    files["pyproject.toml"] = f"[tool.doxtool]\n{setting}\n"
    root = make_repo(files)
    result = run_cli(root, "check", "--no-cache")
    if "documented-dirs" in setting:
        assert "lib/util.py:1:1: DOX001" in result.output, result.output
    else:
        assert result.exit_code == 0, result.output


@pytest.mark.parametrize("glob", ["./tools/", "tools\\\\", "**/tools/"])
def test_an_exclude_glob_hiding_the_tools_is_named_as_written(
    make_repo, run_cli, glob: str
) -> None:
    """The warning that ``exclude`` leaves the tool directory out names the
    glob the configuration holds, not the path it is matched as (``tools``):
    that glob is the one to remove."""
    files = clean_files()
    files["pyproject.toml"] = f'[tool.doxtool]\nextend-exclude = ["{glob}"]\n'
    root = make_repo(files)
    result = run_cli(root, "check", "--no-cache")
    written = glob.replace("\\\\", "\\")
    assert f"`exclude` leaves out tools/ (`{written}`)" in result.output, result.output
