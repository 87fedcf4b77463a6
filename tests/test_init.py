"""``doxtool init`` through the real CLI: detection, appending, refusing to overwrite."""

from __future__ import annotations

import sys
from pathlib import Path

from samples import WAIT_PROMPT, clean_files, two_frameworks, write_files

from doxtool.core.config import load_file
from doxtool.rules.examples import TOOL_PY, WAIT_PY

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
    assert (
        'tool-dirs = ["tools", "plugins/*/tools"]  # 1 module; plugins/*/tools: plugins\' tools'
        in text
    )
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


BASE_PY = "class Tool:\n    pass\n\n\nclass Response:\n    pass\n"


def test_a_plugin_added_after_init_has_its_tools_read(make_repo, run_cli) -> None:
    """The plugin prompts default stays in force, so its tools do too."""
    root = make_repo(clean_files())
    assert run_cli(root, "init").exit_code == 0
    config = load_file(root / "doxtool.toml")
    assert config is not None and config.tool_dirs == ["tools", "plugins/*/tools"]
    plugin = root / "plugins" / "snoozer"
    (plugin / "tools").mkdir(parents=True)
    (plugin / "prompts").mkdir()
    (plugin / "tools" / "snooze.py").write_text(WAIT_PY.replace("WaitTool", "SnoozeTool"))
    (plugin / "prompts" / "agent.system.tool.snooze.md").write_text("### snooze\nSnooze.\n")
    check = run_cli(root, "check")
    assert "PRM002" not in check.output, check.output
    assert "plugins/snoozer/tools/snooze.py:1:1: DOX001" in check.output


def test_stray_tools_and_prompts_directories_are_not_taken(make_repo, run_cli) -> None:
    files = {
        "python/helpers/tool.py": BASE_PY,
        "python/tools/echo.py": WAIT_PY.replace("helpers.tool", "python.helpers.tool"),
        "dev/tools/bump_version.py": "import sys\n\n\ndef main():\n    return sys.argv\n",
        "scripts/prompts/notes.md": "# notes\n",
        "bench/prompts/agent.system.tool.echo.md": "### echo\n",
        "prompts/agent.system.tool.echo.md": "### echo\n",
    }
    root = make_repo(files)
    result = run_cli(root, "init", "--dry-run")
    assert result.exit_code == 0, result.output
    assert 'tool-dirs = ["python/tools", "plugins/*/tools"]  # 1 module' in result.output
    assert 'prompt-dirs = ["prompts"]\n' in result.output
    scaffold = run_cli(root, "scaffold", "ping", "--dry-run")
    assert "would create python/tools/ping.py" in scaffold.output, scaffold.output


def test_a_tools_directory_in_scripts_is_taken_when_there_is_no_other(make_repo, run_cli) -> None:
    """Nothing tells such a directory apart then: it is the agent's."""
    root = make_repo({"scripts/tools/wait.py": WAIT_PY, "helpers/tool.py": BASE_PY})
    result = run_cli(root, "init", "--dry-run")
    assert 'tool-dirs = ["scripts/tools", "plugins/*/tools"]' in result.output


def test_a_tool_class_through_a_base_of_its_directory(make_repo, run_cli) -> None:
    files = {
        "helpers/tool.py": BASE_PY,
        "agent/tools/base.py": "from helpers import tool\n\n\nclass Base(tool.Tool):\n    pass\n",
        "agent/tools/wait.py": "from .base import Base\n\n\nclass WaitTool(Base):\n    pass\n",
        "misc/tools/lint.py": "class Lint:\n    pass\n",
    }
    root = make_repo(files)
    result = run_cli(root, "init", "--dry-run")
    assert 'tool-dirs = ["agent/tools", "plugins/*/tools"]  # 2 modules' in result.output


def test_core_tool_directories_in_the_defaults_order(make_repo, run_cli) -> None:
    """``tools`` before ``python/tools``, as with no configuration: the same
    tool wins, and `schema` gives it once."""
    files = {
        **clean_files(),
        "helpers/tool.py": BASE_PY,
        "python/helpers/tool.py": BASE_PY,
        "python/tools/wait.py": WAIT_PY.replace("helpers.tool", "python.helpers.tool").replace(
            "seconds", "minutes"
        ),
    }
    root = make_repo(files)
    before = run_cli(root, "check")
    assert run_cli(root, "init").exit_code == 0
    config = load_file(root / "doxtool.toml")
    assert config is not None and config.tool_dirs[:2] == ["tools", "python/tools"]
    after = run_cli(root, "check")
    assert [line for line in after.output.splitlines() if "PRM" in line] == [
        line for line in before.output.splitlines() if "PRM" in line
    ]
    schema = run_cli(root, "schema")
    assert schema.exit_code == 0, schema.output
    import json

    names = [item["function"]["name"] for item in json.loads(schema.output)]
    assert names.count("wait") == 1
    assert "seconds" in schema.output and "minutes" not in schema.output


def test_a_base_under_a_directory_no_module_can_name(make_repo, run_cli) -> None:
    """``agents-a`` is no package: the base is imported as ``helpers.tool``."""
    files = {f"agents-a/{path}": text for path, text in clean_files().items()}
    files["agents-a/helpers/tool.py"] = BASE_PY
    root = make_repo(files)
    result = run_cli(root, "init", "--dry-run")
    assert 'tool-bases = ["helpers.tool.Tool"]' in result.output


FORK_BASE = """\
from abc import ABC, abstractmethod
from dataclasses import dataclass


@dataclass
class Response:
    message: str
    break_loop: bool


class BaseTool(ABC):
    def __init__(self, agent, name, method, args, message, loop_data, **kwargs):
        self.agent = agent
        self.args = args

    @abstractmethod
    async def execute(self, **kwargs) -> Response:
        pass
"""


def test_a_fork_s_base_and_tool_directory_are_found_by_what_they_define(
    tmp_path: Path, run_cli
) -> None:
    """``class BaseTool`` beside ``Response`` in ``framework/tool_base.py`` is the
    base, ``mytools/`` (its modules tools) the tool directory; a helper module
    defining a tool class of its own among others makes no tool directory."""
    fork = "from framework.tool_base import BaseTool, Response"
    wait = WAIT_PY.replace("from helpers.tool import Response, Tool", fork)
    wait = wait.replace("(Tool)", "(BaseTool)")
    write_files(
        tmp_path,
        {
            "framework/tool_base.py": FORK_BASE,
            "mytools/wait.py": wait,
            "mytools/nap.py": wait.replace("WaitTool", "NapTool"),
            "helpers/mcp.py": wait.replace("WaitTool", "McpTool"),
            "helpers/files.py": "def read(path):\n    return path\n",
            "helpers/strings.py": "def upper(text):\n    return text.upper()\n",
            "prompts/agent.system.tool.wait.md": "### wait\nPause.\nargs: `seconds`\n",
            "prompts/agent.system.tool.nap.md": "### nap\nNap.\nargs: `seconds`\n",
        },
    )
    result = run_cli(tmp_path, "init")
    assert result.exit_code == 0, result.output
    assert "detected tool directories: mytools (2 modules)\n" in result.output
    assert (
        "detected tool base classes: framework.tool_base.BaseTool (in framework/tool_base.py)\n"
    ) in result.output
    config = load_file(tmp_path / "doxtool.toml")
    assert config is not None
    assert config.tool_dirs == ["mytools", "plugins/*/tools"]
    assert config.tool_bases == ["framework.tool_base.BaseTool"]
    assert run_cli(tmp_path, "check", "--fix", "--no-cache").exit_code == 0
    assert run_cli(tmp_path, "check", "--no-cache").output == "All checks passed.\n"
    scaffold = run_cli(tmp_path, "scaffold", "ping", "--dry-run")
    assert "would create mytools/ping.py" in scaffold.output, scaffold.output


def test_a_package_inside_the_tools_directory_is_no_tool_directory(make_repo, run_cli) -> None:
    """Tool classes in ``tools/pentest/`` (a package the tools directory's own
    ``__init__.py`` registers by other names) are no tools of the framework,
    which loads ``tools/<name>.py`` alone: ``tools`` is the tool directory,
    and no prompt is asked for ``scan`` or ``probe``."""
    scan = WAIT_PY.replace("WaitTool", "ScanTool")
    root = make_repo(
        {
            **clean_files(),
            "tools/pentest/__init__.py": (
                "from .scan import ScanTool\nfrom .probe import ProbeTool\n\n"
                'tools = {"port_scan": ScanTool, "probe": ProbeTool}\n'
            ),
            "tools/pentest/scan.py": scan,
            "tools/pentest/probe.py": scan.replace("ScanTool", "ProbeTool"),
        }
    )
    result = run_cli(root, "init")
    assert result.exit_code == 0, result.output
    assert "detected tool directories: tools (1 module)\n" in result.output
    config = load_file(root / "doxtool.toml")
    assert config is not None
    assert config.tool_dirs == ["tools", "plugins/*/tools"]
    check = run_cli(root, "check", "--no-cache")
    assert check.output == "All checks passed.\n", check.output


def test_a_package_inside_the_tools_directory_whose_modules_prompts_teach_is_one(
    make_repo, run_cli
) -> None:
    """``tools/web/search.py`` and ``tools/web/fetch.py`` beside
    ``agent.system.tool.search.md``: the model is taught to call them, so the
    repository's loader walks the packages below ``tools``; leaving ``tools/web``
    out would call each prompt's tool missing."""
    search = WAIT_PY.replace("WaitTool", "SearchTool")
    root = make_repo(
        {
            **clean_files(),
            "tools/web/__init__.py": "",
            "tools/web/search.py": search,
            "tools/web/fetch.py": search.replace("SearchTool", "FetchTool"),
            "prompts/agent.system.tool.search.md": WAIT_PROMPT.replace("wait", "search"),
        }
    )
    result = run_cli(root, "init")
    assert result.exit_code == 0, result.output
    config = load_file(root / "doxtool.toml")
    assert config is not None
    assert config.tool_dirs == ["tools", "tools/web", "plugins/*/tools"]
    check = run_cli(root, "check", "--no-cache")
    assert "PRM002" not in check.output, check.output


TWO_BASES = """\
from abc import ABC, abstractmethod
from dataclasses import dataclass


@dataclass
class Response:
    message: str
    break_loop: bool


class Tool:
    def __init__(self, agent, name, method, args, message, **kwargs):
        self.agent = agent
        self.args = args

    @abstractmethod
    async def execute(self, **kwargs) -> Response:
        pass


class BaseTool(ABC):
    def __init__(self, agent):
        self.agent = agent

    @abstractmethod
    async def execute(self, **kwargs) -> str:
        pass
"""

TASK_DONE = """\
from python.helpers.tool import BaseTool


class TaskDone(BaseTool):
    async def execute(self, **kwargs) -> str:
        text = kwargs.get("text", "Task marked as done.")
        self.agent.set_data("timeout", 0)
        return text
"""


def _init_bases(tmp_path: Path, run_cli, tool_py: str) -> list[str]:
    """The tool bases ``init`` configures for a fork whose ``tool.py`` is
    ``tool_py``, with one tool deriving from ``BaseTool``."""
    write_files(
        tmp_path,
        {
            "python/helpers/tool.py": tool_py,
            "python/tools/task_done.py": TASK_DONE,
            "prompts/agent.system.tool.task_done.md": "### task_done\nEnd.\nargs: `text`\n",
        },
    )
    result = run_cli(tmp_path, "init")
    assert result.exit_code == 0, result.output
    config = load_file(tmp_path / "doxtool.toml")
    assert config is not None
    return config.tool_bases


def test_a_second_base_beside_class_tool_in_tool_py(tmp_path: Path, run_cli) -> None:
    """A fork moving its tools to ``class BaseTool(ABC)`` in the ``tool.py``
    that keeps ``class Tool``: both are bases, and its tools are tools."""
    assert _init_bases(tmp_path, run_cli, TWO_BASES) == [
        "python.helpers.tool.Tool",
        "python.helpers.tool.BaseTool",
    ]
    check = run_cli(tmp_path, "check", "--no-cache")
    assert "DOX004" not in check.output, check.output


def test_a_class_beside_class_tool_whose_execute_takes_no_keywords_is_no_base(
    tmp_path: Path, run_cli
) -> None:
    """A class of other work with an ``execute`` of its own (a retry policy,
    a recorded call) in the ``tool.py`` holding ``class Tool``: the framework
    calls a tool's ``execute`` with the arguments as keywords, so a class
    whose ``execute`` takes none is no base."""
    others = """

class Retry:
    def __init__(self, times):
        self.times = times

    async def execute(self, fn):
        return await fn()


class ToolCall:
    def execute(self, agent):
        return agent
"""
    assert _init_bases(tmp_path, run_cli, TWO_BASES + others) == [
        "python.helpers.tool.Tool",
        "python.helpers.tool.BaseTool",
    ]


def test_a_base_in_a_framework_directory_is_written_as_its_tools_import_it(
    tmp_path: Path, run_cli
) -> None:
    # each framework runs from its own directory: its tools import
    # `helpers.tool` (`python.helpers.tool`), and a base written by its path
    # from the root (`alpha.helpers.tool.Tool`) would make no class a tool
    write_files(tmp_path, two_frameworks())
    result = run_cli(tmp_path, "init")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1] == (
        "detected tool base classes: helpers.tool.Tool, python.helpers.tool.Tool"
        " (in alpha/helpers/tool.py, beta/python/helpers/tool.py)"
    )
    config = load_file(tmp_path / "doxtool.toml")
    assert config is not None
    assert config.tool_bases == ["helpers.tool.Tool", "python.helpers.tool.Tool"]
    shown = run_cli(tmp_path, "inspect", "alpha/tools/wait.py", "beta/python/tools/ping.py")
    assert "  tool wait: class WaitTool(helpers.tool.Tool) at line 4\n" in shown.output
    assert "  tool ping: class PingTool(python.helpers.tool.Tool) at line 4\n" in shown.output
    assert "no tool class" not in shown.output


def test_a_base_spelling_another_directory_s_module_means_is_kept_by_its_path(
    tmp_path: Path, run_cli
) -> None:
    # `gamma/`, another project beside the framework in `alpha/`, has a
    # `helpers/tool.py` of its own (a data model) that its classes import as
    # `helpers.tool`: configured so, `helpers.tool.Tool` would make them tools
    files = {rel: text for rel, text in two_frameworks().items() if rel.startswith("alpha/")}
    model = "from dataclasses import dataclass\n\n\n@dataclass\nclass Tool:\n    name: str\n"
    search = (
        "from helpers.tool import Tool\n\n\n"
        "class SearchTool(Tool):\n    def run(self, query: str) -> str:\n        return query\n"
    )
    write_files(
        tmp_path, {**files, "gamma/helpers/tool.py": model, "gamma/tools/search.py": search}
    )
    assert run_cli(tmp_path, "init").exit_code == 0
    config = load_file(tmp_path / "doxtool.toml")
    assert config is not None
    assert "helpers.tool.Tool" not in config.tool_bases
    assert "alpha.helpers.tool.Tool" in config.tool_bases
    checked = run_cli(tmp_path, "check", "--no-cache")
    gamma = [line for line in checked.output.splitlines() if line.startswith("gamma/")]
    assert gamma, checked.output  # its directory is read, as before (DOX001)
    assert not [line for line in gamma if "SearchTool" in line or "PRM001" in line], gamma
    shown = run_cli(tmp_path, "inspect", "gamma/tools/search.py")
    assert "no tool class" in shown.output


def test_a_vendored_base_is_written_as_the_tools_beside_it_import_it(
    tmp_path: Path, run_cli
) -> None:
    # the only `helpers/tool.py` is the vendored framework's: the root's
    # tools, importing `helpers.tool`, derive from it
    files = {"third_party/a0/helpers/tool.py": TOOL_PY, "tools/wait.py": WAIT_PY}
    write_files(tmp_path, {**files, "prompts/agent.system.tool.wait.md": WAIT_PROMPT})
    assert run_cli(tmp_path, "init").exit_code == 0
    config = load_file(tmp_path / "doxtool.toml")
    assert config is not None
    assert config.tool_bases == ["helpers.tool.Tool"]
    shown = run_cli(tmp_path, "inspect", "tools/wait.py")
    assert "  tool wait: class WaitTool(helpers.tool.Tool) at line 4\n" in shown.output
