"""``doxtool scaffold`` in other layouts: agent profiles' tool directories,
the older ``python/tools`` layout, a custom tool base, globbed tool
directories, and tests searched for from the root."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from samples import clean_files, two_frameworks, write_files
from test_scaffold import _pytest

from doxtool.rules.examples import ERRORS_PY, TOOL_PY

WRAPPER = "## Tools\n{{tools}}\n"
OWN_TOOL = """\
from helpers.tool import Response, Tool


class RunTests(Tool):
    async def execute(self, **kwargs) -> Response:
        target = self.args.get("target", "tests")
        return Response(message=target, break_loop=False)
"""
OWN_PROMPT = """\
### run_tests
Run the tests.
args: `target`
"""


def _tree(root: Path) -> list[str]:
    skip = {".git", ".doxtool_cache"}
    return sorted(
        p.relative_to(root).as_posix() for p in root.rglob("*") if not skip & set(p.parts)
    )


def _profile_repo(make_repo) -> Path:
    return make_repo(
        {
            **clean_files(),
            "agents/coder/tools/run_tests.py": OWN_TOOL,
            "agents/coder/prompts/agent.system.tool.run_tests.md": OWN_PROMPT,
        }
    )


def test_a_profile_tool_directory_takes_a_tool_its_profile_prompts_teach(
    make_repo, run_cli
) -> None:
    root = _profile_repo(make_repo)
    result = run_cli(root, "scaffold", "run_lint", "--dir", "agents/coder/tools", "--arg", "path")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "created agents/coder/tools/run_lint.py",
        "created agents/coder/prompts/agent.system.tool.run_lint.md",
        "created tests/agents/coder/tools/test_run_lint.py",
        # like its neighbour `run_tests.py`: a profile's tools are not file-documented here
        "skipped agents/coder/tools/run_lint.py.dox.md: agents/coder/tools is not "
        "file-documented, so `doxtool check` reads no companion there (declare it in an "
        "`AGENTS.md`, or add it to `documented-dirs`; `doxtool check --fix` then writes it)",
    ]
    check = run_cli(root, "check", "--no-cache")
    assert check.exit_code == 0, check.output
    assert check.stdout == "All checks passed.\n"
    tested = _pytest(root, "tests/agents/coder/tools/test_run_lint.py")
    assert tested.returncode == 0, tested.stdout + tested.stderr


def test_a_profile_directory_also_in_tool_dirs_stays_the_profiles(make_repo, run_cli) -> None:
    """Listed in ``tool-dirs`` too, the directory still holds the profile's own
    tools (the framework loads them for that profile only): scaffold writes
    the prompt to the profile, and a core prompt naming such a tool is told
    whose tool it is, never that it does not exist."""
    root = _profile_repo(make_repo)
    (root / "doxtool.toml").write_text('tool-dirs = ["tools", "agents/coder/tools"]\n')
    result = run_cli(root, "scaffold", "run_lint", "--dir", "agents/coder/tools")
    assert result.exit_code == 0, result.output
    assert "created agents/coder/prompts/agent.system.tool.run_lint.md\n" in result.output
    check = run_cli(root, "check", "--no-cache", "--select", "PRM")
    assert check.stdout == "All checks passed.\n"
    moved = root / "prompts/agent.system.tool.run_lint.md"
    (root / "agents/coder/prompts/agent.system.tool.run_lint.md").rename(moved)
    check = run_cli(root, "check", "--no-cache", "--select", "PRM002")
    assert check.stdout.splitlines()[0] == (
        "prompts/agent.system.tool.run_lint.md:1:5: PRM002 prompt heading names tool "
        "`run_lint`, which is the own tool of agent profile `coder` only "
        "(agents/coder/tools/run_lint.py), not of the other agents this prompt reaches"
    )
    assert "does not exist" not in check.output


def test_a_new_profile_takes_its_prompts_where_profile_prompt_dirs_name_them(
    make_repo, run_cli
) -> None:
    root = make_repo(clean_files())
    result = run_cli(root, "scaffold", "x", "--dir", "agents/fresh/tools")
    assert result.exit_code == 0, result.output
    assert (root / "agents/fresh/prompts/agent.system.tool.x.md").is_file()
    assert run_cli(root, "check", "--no-cache").stdout == "All checks passed.\n"
    # no profile prompt directory named: nothing that would teach the tool
    (root / "doxtool.toml").write_text("profile-prompt-dirs = []\n")
    before = _tree(root)
    refused = run_cli(root, "scaffold", "y", "--dir", "agents/fresh/tools")
    assert refused.exit_code == 2
    assert refused.stderr == (
        "doxtool: error: agents/fresh/tools holds the own tools of agent profile `fresh`, "
        "which only its prompts teach, and no `profile-prompt-dirs` entry (none) names "
        "agents/fresh/prompts as that profile's prompt directory\n"
    )
    assert _tree(root) == before


def test_a_prompt_shows_only_the_keys_its_profiles_contract_allows(make_repo, run_cli) -> None:
    """A profile whose contract is the call alone (as ``tiny-local``'s) takes
    an example with neither ``thoughts`` nor ``headline``, on one line as its
    prompts show it; the core prompt keeps the default's full shape."""
    root = _profile_repo(make_repo)
    (root / "doxtool.toml").write_text(
        '[profiles.coder]\nallowed-keys = ["tool_name", "tool_args"]\n'
    )
    result = run_cli(root, "scaffold", "run_lint", "--dir", "agents/coder/tools", "--arg", "path")
    assert result.exit_code == 0, result.output
    assert (root / "agents/coder/prompts/agent.system.tool.run_lint.md").read_text() == (
        "### run_lint\nThe `run_lint` tool.\nargs: `path`\nexample:\n"
        '`{"tool_name":"run_lint","tool_args":{"path":"..."}}`\n'
    )
    assert run_cli(root, "scaffold", "lint_all").exit_code == 0
    core = (root / "prompts/agent.system.tool.lint_all.md").read_text()
    assert '"thoughts": [' in core and '"headline": "Calling lint_all",' in core
    check = run_cli(root, "check", "--no-cache")
    assert check.exit_code == 0, check.output
    assert check.stdout == "All checks passed.\n"


def test_a_profile_whose_name_is_no_identifier_takes_a_test_loading_its_tool_by_path(
    make_repo, run_cli
) -> None:
    """``agents/tiny-local/tools/probe.py`` has no dotted name to import it by:
    the test loads it from its file, as the framework does, and the prompt
    follows the profile's contract (the call alone, on one line)."""
    root = make_repo(clean_files())
    result = run_cli(root, "scaffold", "probe", "--dir", "agents/tiny-local/tools", "--arg", "q")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[:3] == [
        "created agents/tiny-local/tools/probe.py",
        "created agents/tiny-local/prompts/agent.system.tool.probe.md",
        "created tests/agents/tiny-local/tools/test_probe.py",
    ]
    prompt = (root / "agents/tiny-local/prompts/agent.system.tool.probe.md").read_text()
    assert prompt.endswith('example:\n`{"tool_name":"probe","tool_args":{"q":"..."}}`\n')
    check = run_cli(root, "check", "--no-cache")
    assert check.exit_code == 0, check.output
    assert check.stdout == "All checks passed.\n"
    tested = _pytest(root, "tests/agents/tiny-local/tools/test_probe.py")
    assert tested.returncode == 0, tested.stdout + tested.stderr


def test_the_older_layout_imports_its_own_tool_base(tmp_path: Path, run_cli) -> None:
    write_files(
        tmp_path,
        {
            "python/__init__.py": "",
            "python/helpers/__init__.py": "",
            "python/helpers/tool.py": TOOL_PY,
            "python/helpers/errors.py": ERRORS_PY,
            "prompts/default/agent.system.tools.md": WRAPPER,
            "doxtool.toml": (
                'tool-dirs = ["python/tools"]\ntool-bases = ["python.helpers.tool.Tool"]\n'
                'prompt-dirs = ["prompts/default"]\n'
            ),
        },
    )
    result = run_cli(tmp_path, "scaffold", "summarize", "--arg", "text")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "created python/tools/summarize.py",
        "created python/tools/summarize.py.dox.md",
        "created prompts/default/agent.system.tool.summarize.md",
        "created tests/python/tools/test_summarize.py",
    ]
    module = (tmp_path / "python/tools/summarize.py").read_text()
    assert "\nfrom python.helpers.tool import Response, Tool\n" in module
    assert "\nclass SummarizeTool(Tool):\n" in module
    assert run_cli(tmp_path, "check", "--no-cache").output == "All checks passed.\n"
    tested = _pytest(tmp_path, "tests/python/tools/test_summarize.py")
    assert tested.returncode == 0, tested.stdout + tested.stderr


def test_the_older_layout_with_the_default_bases_imports_the_base_by_its_own_name(
    tmp_path: Path, run_cli
) -> None:
    # `helpers.tool.Tool` comes first in the default `tool-bases`, but no
    # `helpers/tool.py` is at the root: `python/helpers/tool.py` is the
    # module `python.helpers.tool`, which the framework's own tools import
    write_files(
        tmp_path,
        {
            "python/helpers/tool.py": TOOL_PY,
            "python/tools/echo.py": OWN_TOOL.replace("from helpers.", "from python.helpers."),
            "prompts/agent.system.tool.echo.md": OWN_PROMPT.replace("run_tests", "echo"),
        },
    )
    result = run_cli(tmp_path, "scaffold", "summarize", "--arg", "text")
    assert result.exit_code == 0, result.output
    module = (tmp_path / "python/tools/summarize.py").read_text()
    assert "\nfrom python.helpers.tool import Response, Tool\n" in module
    # the module imports with only the repository on the path
    imported = subprocess.run(
        [sys.executable, "-S", "-c", "import python.tools.summarize"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert imported.returncode == 0, imported.stderr


def test_a_profile_of_the_older_layout_takes_its_prompts_in_prompts_profile(
    tmp_path: Path, run_cli
) -> None:
    """``prompts/coder`` is profile ``coder``'s prompt directory in the older
    layout: a tool of ``agents/coder/tools`` is taught there, as ``check``
    reads it."""
    write_files(
        tmp_path,
        {
            "python/helpers/tool.py": TOOL_PY,
            "python/helpers/errors.py": ERRORS_PY,
            "prompts/default/agent.system.tools.md": WRAPPER,
            "prompts/coder/agent.system.main.role.md": "You write code.\n",
            "agents/coder/agent.yaml": "title: coder\n",
            "doxtool.toml": (
                'tool-dirs = ["python/tools"]\ntool-bases = ["python.helpers.tool.Tool"]\n'
                'prompt-dirs = ["prompts/default"]\nprofile-prompt-dirs = ["prompts/coder"]\n'
                'profile-tool-dirs = ["agents/*/tools"]\n'
            ),
        },
    )
    result = run_cli(tmp_path, "scaffold", "run_lint", "--dir", "agents/coder/tools")
    assert result.exit_code == 0, result.output
    assert "created prompts/coder/agent.system.tool.run_lint.md\n" in result.output
    check = run_cli(tmp_path, "check", "--no-cache")
    assert check.exit_code == 0 and "run_lint" not in check.output, check.output
    (tmp_path / "prompts/coder/agent.system.tool.run_lint.md").unlink()
    assert "PRM001 tool `run_lint` has no prompt in `prompts/coder/`" in (
        run_cli(tmp_path, "check", "--no-cache").output
    )


def _custom(root: Path, base: str) -> None:
    write_files(
        root,
        {
            "src/myagent/__init__.py": "",
            "src/myagent/core/__init__.py": "",
            "src/myagent/core/base.py": base,
            "src/myagent/tools/__init__.py": "",
            "src/myagent/prompts/agent.system.tools.md": WRAPPER,
            "pyproject.toml": (
                '[tool.doxtool]\ntool-dirs = ["src/myagent/tools"]\n'
                'tool-bases = ["myagent.core.base.BaseTool"]\n'
                'prompt-dirs = ["src/myagent/prompts"]\n'
            ),
        },
    )


def test_a_custom_tool_base_is_the_one_imported(tmp_path: Path, run_cli) -> None:
    _custom(tmp_path, TOOL_PY.replace("class Tool:", "class BaseTool:"))
    result = run_cli(tmp_path, "scaffold", "translate", "--arg", "text")
    assert result.exit_code == 0, result.output
    module = (tmp_path / "src/myagent/tools/translate.py").read_text()
    assert "\nfrom myagent.core.base import BaseTool, Response\n" in module
    assert "\nclass TranslateTool(BaseTool):\n" in module
    companion = (tmp_path / "src/myagent/tools/translate.py.dox.md").read_text()
    assert "- `TranslateTool` is a `BaseTool`.\n" in companion
    assert run_cli(tmp_path, "check", "--no-cache").output == "All checks passed.\n"
    # the base class's name is taken, as `Tool` is in the default layout
    clash = run_cli(tmp_path, "scaffold", "other", "--class-name", "BaseTool")
    assert clash.exit_code == 2
    assert clash.stderr.startswith("doxtool: error: class name 'BaseTool' is a name")


def test_a_base_module_without_response_is_refused_truthfully(tmp_path: Path, run_cli) -> None:
    _custom(tmp_path, "class BaseTool:\n    pass\n")
    before = _tree(tmp_path)
    result = run_cli(tmp_path, "scaffold", "translate")
    assert result.exit_code == 2
    assert result.stderr == (
        "doxtool: error: the module of tool base myagent.core.base.BaseTool has no "
        "`Response`: doxtool cannot tell what the generated `execute` should return\n"
    )
    assert _tree(tmp_path) == before


def test_with_no_configured_base_in_the_repository_the_first_is_imported(
    tmp_path: Path, run_cli
) -> None:
    """The framework may be installed rather than vendored: the generated
    module imports the first configured base as configured."""
    write_files(tmp_path, {"prompts/agent.system.tools.md": WRAPPER})
    result = run_cli(tmp_path, "scaffold", "x")
    assert result.exit_code == 0, result.output
    text = (tmp_path / "tools/x.py").read_text()
    assert "from helpers.tool import Response, Tool\n" in text
    assert "class XTool(Tool):" in text


def test_with_no_base_in_the_repository_the_one_its_tools_import_is_imported(
    tmp_path: Path, run_cli
) -> None:
    """The older ``python/tools`` layout without the framework vendored: its
    tools derive from ``python.helpers.tool.Tool``, so the generated one does
    too (not from ``helpers.tool.Tool``, first in the default ``tool-bases``),
    and its companion names the base its neighbours' name."""
    neighbour = OWN_TOOL.replace("from helpers.", "from python.helpers.")
    write_files(
        tmp_path,
        {
            "python/tools/run_tests.py": neighbour,
            "prompts/agent.system.tool.run_tests.md": OWN_PROMPT,
        },
    )
    result = run_cli(tmp_path, "scaffold", "summarize", "--arg", "text")
    assert result.exit_code == 0, result.output
    module = (tmp_path / "python/tools/summarize.py").read_text()
    assert "\nfrom python.helpers.tool import Response, Tool\n" in module
    companion = (tmp_path / "python/tools/summarize.py.dox.md").read_text()
    assert "- Tool modules must define `python.helpers.tool.Tool` subclasses.\n" in companion


def test_the_default_directory_is_the_core_one_not_a_plugins(make_repo, run_cli) -> None:
    root = make_repo(
        {
            "prompts/agent.system.tools.md": WRAPPER,
            "plugins/aaa/tools/.keep": "",
            "doxtool.toml": 'tool-dirs = ["plugins/*/tools", "tools"]\n',
        }
    )
    result = run_cli(root, "scaffold", "web_fetch", "--dry-run")
    assert result.output.splitlines() == [
        "would create tools/web_fetch.py",
        "would create tools/web_fetch.py.dox.md",
        "would create prompts/agent.system.tool.web_fetch.md",
        "would create tests/tools/test_web_fetch.py",
    ]
    # only patterns of several directories: which one is the user's to say
    (root / "doxtool.toml").write_text('tool-dirs = ["plugins/*/tools"]\n')
    refused = run_cli(root, "scaffold", "web_fetch")
    assert refused.exit_code == 2
    assert refused.stderr == (
        "doxtool: error: no core tool directory: every `tool-dirs` entry (plugins/*/tools) "
        "is a pattern of several directories; name the one to write into with --dir\n"
    )
    assert run_cli(root, "scaffold", "web_fetch", "--dir", "plugins/aaa/tools").exit_code == 0


def test_tests_searched_from_the_root_are_never_written_into_a_tool_directory(
    make_repo, run_cli
) -> None:
    root = make_repo(
        {"prompts/agent.system.tools.md": WRAPPER, "doxtool.toml": 'test-dirs = ["."]\n'}
    )
    result = run_cli(root, "scaffold", "web_search", "--arg", "query")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == "created tests/tools/test_web_search.py"
    assert not (root / "tools/test_web_search.py").exists()
    check = run_cli(root, "check", "--no-cache")
    assert check.output == "All checks passed.\n"
    companion = (root / "tools/web_search.py.dox.md").read_text()
    assert "`tests/tools/test_web_search.py`" in companion


def test_a_framework_of_a_monorepo_takes_a_tool_importing_its_own_base(
    tmp_path: Path, run_cli
) -> None:
    # `alpha-a/` is named by no import, and the other framework's base comes
    # first from the root: the tool still derives from the base its
    # neighbours import (`helpers.tool`, read below `alpha-a/`), and its test
    # imports it from the framework's directory, as the framework runs it
    files = {
        f"alpha-a/{rel.removeprefix('alpha/')}" if rel.startswith("alpha/") else rel: text
        for rel, text in two_frameworks().items()
    }
    write_files(
        tmp_path,
        {
            **files,
            "doxtool.toml": (
                'tool-dirs = ["alpha-a/tools", "beta/python/tools"]\n'
                'tool-bases = ["helpers.tool.Tool", "beta.python.helpers.tool.Tool"]\n'
                'prompt-dirs = ["alpha-a/prompts", "beta/prompts"]\n'
                'internal-tools = ["wait", "ping"]\n'
                'select = ["DOX004", "PRM001"]\n'
            ),
        },
    )
    result = run_cli(tmp_path, "scaffold", "fetch", "--dir", "alpha-a/tools", "--arg", "url")
    assert result.exit_code == 0, result.output
    module = (tmp_path / "alpha-a/tools/fetch.py").read_text()
    assert "\nfrom helpers.tool import Response, Tool\n" in module
    assert run_cli(tmp_path, "check", "--no-cache").output == "All checks passed.\n"
    tested = _pytest(tmp_path, "tests/alpha-a/tools/test_fetch.py")
    assert tested.returncode == 0, tested.stdout + tested.stderr


def test_each_framework_of_a_monorepo_takes_its_tools_spelling_of_the_base(
    tmp_path: Path, run_cli
) -> None:
    # beta's tools import `python.helpers.tool`, which `helpers.tool` read
    # below `beta/python/` would name too: the new tool imports it as they do
    write_files(tmp_path, two_frameworks())
    assert run_cli(tmp_path, "init").exit_code == 0
    for directory, name, spelled in (
        ("alpha/tools", "fetch", "helpers.tool"),
        ("beta/python/tools", "pull", "python.helpers.tool"),
    ):
        result = run_cli(tmp_path, "scaffold", name, "--dir", directory)
        assert result.exit_code == 0, result.output
        module = (tmp_path / directory / f"{name}.py").read_text()
        assert f"\nfrom {spelled} import Response, Tool\n" in module
        tested = _pytest(tmp_path, f"tests/{directory}/test_{name}.py")
        assert tested.returncode == 0, tested.stdout + tested.stderr
    checked = run_cli(
        tmp_path, "check", "--no-cache", "alpha/tools/fetch.py", "beta/python/tools/pull.py"
    )
    assert checked.output == "All checks passed.\n"


def test_a_plugin_the_framework_does_not_list_takes_no_tool(make_repo, run_cli) -> None:
    # `plugins/memory` has a plugin.yaml: the framework lists only such
    # directories, so a tool of `plugins/notes` (there or not yet) would never
    # run, and `check` would never read it
    root = make_repo(
        {
            **clean_files(),
            "plugins/memory/plugin.yaml": "name: memory\n",
            "plugins/memory/tools/.keep": "",
        }
    )
    before = _tree(root)
    for made in (False, True):
        if made:
            (root / "plugins/notes/tools").mkdir(parents=True)
            before = _tree(root)
        refused = run_cli(root, "scaffold", "jot", "--dir", "plugins/notes/tools")
        assert refused.exit_code == 2
        assert refused.stderr == (
            "doxtool: error: --dir plugins/notes/tools: the framework loads no tool of "
            "plugins/notes, which has no `plugin.yaml` as the plugins beside it do; "
            "add plugins/notes/plugin.yaml first\n"
        )
        assert _tree(root) == before, "nothing is written"
    (root / "plugins/notes/plugin.yaml").write_text("name: notes\n")
    result = run_cli(root, "scaffold", "jot", "--dir", "plugins/notes/tools")
    assert result.exit_code == 0, result.output
    assert "created plugins/notes/tools/jot.py" in result.output.splitlines()
    assert run_cli(root, "check", "--no-cache").output == "All checks passed.\n"
    assert run_cli(root, "scaffold", "keep", "--dir", "plugins/memory/tools").exit_code == 0


MCP_BASE = """\
from abc import ABC, abstractmethod

from helpers.tool import Response, Tool


class McpTool(Tool, ABC):
    @abstractmethod
    def server(self) -> str: ...

    async def execute(self, **kwargs) -> Response:
        return Response(message=self.server(), break_loop=False)
"""


def _mcp_tool(name: str) -> str:
    return (
        "from helpers.mcp_tool import McpTool\n\n\n"
        f"class {name.title()}Tool(McpTool):\n"
        "    def server(self) -> str:\n"
        f"        return {name!r}\n"
    )


def test_a_tool_takes_the_framework_base_before_an_abstract_one_its_neighbours_use(
    make_repo, run_cli
) -> None:
    # both bases configured, `Tool` first: most tools of `tools/` (all of
    # those of the plugin's) derive from the abstract `McpTool`, which derives
    # from `Tool`; a new tool of `McpTool` could not even be made
    root = make_repo(
        {
            **clean_files(),
            "helpers/mcp_tool.py": MCP_BASE,
            "tools/gh.py": _mcp_tool("gh"),
            "tools/jira.py": _mcp_tool("jira"),
            "plugins/mcp/tools/lin.py": _mcp_tool("lin"),
            "doxtool.toml": (
                'tool-dirs = ["tools", "plugins/*/tools"]\n'
                'tool-bases = ["helpers.tool.Tool", "helpers.mcp_tool.McpTool"]\n'
                'select = ["DOX004"]\n'
            ),
        }
    )
    for directory in ("tools", "plugins/mcp/tools"):
        result = run_cli(root, "scaffold", "fetch", "--dir", directory)
        assert result.exit_code == 0, result.output
        module = (root / directory / "fetch.py").read_text()
        assert "\nfrom helpers.tool import Response, Tool\n" in module
        assert "\nclass FetchTool(Tool):\n" in module
        tested = _pytest(root, f"tests/{directory}/test_fetch.py")
        assert tested.returncode == 0, tested.stdout + tested.stderr
