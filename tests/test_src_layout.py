"""A src layout: the packages below a top-level ``src/`` that is no package
are named from it (``myagent.tools.echo``), by ``init``, ``inspect``,
``check``, ``check --fix`` and ``scaffold`` alike."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from samples import write_files
from test_scaffold import _pytest

from doxtool.python.names import module_name

BASE = """\
from dataclasses import dataclass


@dataclass
class Response:
    message: str
    break_loop: bool


class Tool:
    def __init__(self, agent, name, method, args, message, loop_data, **kwargs):
        self.agent = agent
        self.name = name
        self.args = args

    async def execute(self, **kwargs) -> Response:
        raise NotImplementedError
"""
ECHO = """\
from myagent.helpers.tool import Response, Tool


class EchoTool(Tool):
    async def execute(self, text: str = "", **kwargs) -> Response:
        return Response(message=text, break_loop=False)
"""
SEARCH = """\
from ..helpers.tool import Response, Tool


class SearchWeb(Tool):
    async def execute(self, **kwargs) -> Response:
        query = self.args["query"]
        return Response(message=query, break_loop=False)
"""
PROMPT = "### {name}\n{what}\nargs: {args}\n"


def _src_repo(root: Path, package: bool = False, table: str = "") -> None:
    write_files(
        root,
        {
            "src/myagent/__init__.py": "",
            "src/myagent/helpers/__init__.py": "",
            "src/myagent/helpers/tool.py": BASE,
            "src/myagent/tools/__init__.py": "",
            "src/myagent/tools/echo.py": ECHO,
            "src/myagent/tools/search_web.py": SEARCH,
            "src/myagent/prompts/agent.system.tool.echo.md": PROMPT.format(
                name="echo", what="Repeat the text back.", args="`text`"
            ),
            "src/myagent/prompts/agent.system.tool.search_web.md": PROMPT.format(
                name="search_web", what="Search the web.", args="`query`"
            ),
            "pyproject.toml": '[project]\nname = "myagent"\n' + table,
            **({"src/__init__.py": ""} if package else {}),
        },
    )


TABLE = (
    '\n[tool.doxtool]\ntool-dirs = ["src/myagent/tools"]\n'
    'tool-bases = ["{base}"]\nprompt-dirs = ["src/myagent/prompts"]\n'
)


def test_module_names_are_relative_to_the_source_root() -> None:
    assert module_name("src/myagent/tools/echo.py", "src") == "myagent.tools.echo"
    assert module_name("src/myagent/__init__.py", "src") == "myagent"
    assert module_name("src/myagent/tools/echo.py") == "src.myagent.tools.echo"
    assert module_name("tools/echo.py", "src") == "tools.echo"


def test_module_names_read_a_path_as_pathlib_does() -> None:
    # the plain spellings take string operations, the others pathlib itself
    for path in (
        "tools/echo.py", "tools/echo", "tools/.echo", "tools/echo.", "tools/a.b.py", "a/../b.py",
        "src/__init__.py", "./tools/echo.py", "tools//echo.py", "tools/./echo.py", "/tools/echo.py",
        "tools/echo.py/", "tools/echo.py/.", "..", ".py", "x.tar.gz", "tools\\echo.py",
    ):  # fmt: skip
        for source in ("", "src", "tools"):
            parts = list(PurePosixPath(path).with_suffix("").parts)
            if source and len(parts) > 1 and parts[0] == source:
                parts.pop(0)
            if parts and parts[-1] == "__init__":
                parts.pop()
            assert module_name(path, source) == ".".join(parts), (path, source)


def test_init_names_the_base_from_the_source_root(tmp_path: Path, run_cli) -> None:
    _src_repo(tmp_path)
    result = run_cli(tmp_path, "init")
    assert result.exit_code == 0, result.output
    text = (tmp_path / "pyproject.toml").read_text()
    assert 'tool-bases = ["myagent.helpers.tool.Tool"]\n' in text
    # both tools are tools: the absolute import and the relative one
    echo = run_cli(tmp_path, "inspect", "src/myagent/tools/echo.py").output
    assert "  tool echo: class EchoTool(myagent.helpers.tool.Tool) at line 4\n" in echo
    search = run_cli(tmp_path, "inspect", "src/myagent/tools/search_web.py").output
    assert "  tool search_web: class SearchWeb(myagent.helpers.tool.Tool) at line 4\n" in search
    assert run_cli(tmp_path, "check", "--no-cache").output.splitlines() == [
        "src/myagent/tools/echo.py:1:1: DOX001 module has no companion"
        " `src/myagent/tools/echo.py.dox.md` [*]",
        "src/myagent/tools/search_web.py:1:1: DOX001 module has no companion"
        " `src/myagent/tools/search_web.py.dox.md` [*]",
        "Found 2 findings (2 fixable with `doxtool check --fix`).",
    ]
    fixed = run_cli(tmp_path, "check", "--fix", "--no-cache")
    assert fixed.exit_code == 0, fixed.output
    for name in ("echo", "search_web"):
        companion = (tmp_path / f"src/myagent/tools/{name}.py.dox.md").read_text()
        assert (
            "- Tool modules must define `myagent.helpers.tool.Tool` subclasses and return"
            " `myagent.helpers.tool.Response` from `execute`.\n"
        ) in companion
        assert "src.myagent" not in companion
    assert run_cli(tmp_path, "check", "--no-cache").output == "All checks passed.\n"


def test_a_base_configured_with_src_still_names_the_tools(tmp_path: Path, run_cli) -> None:
    # the table an earlier `init` wrote: the same class, by its path from the root
    _src_repo(tmp_path, table=TABLE.format(base="src.myagent.helpers.tool.Tool"))
    output = run_cli(tmp_path, "check", "--no-cache").output
    assert "DOX004" not in output
    assert output.endswith("Found 2 findings (2 fixable with `doxtool check --fix`).\n")


def test_code_importing_through_src_derives_from_the_base(tmp_path: Path, run_cli) -> None:
    _src_repo(tmp_path, table=TABLE.format(base="myagent.helpers.tool.Tool"))
    write_files(tmp_path, {"src/myagent/tools/echo.py": ECHO.replace("myagent.", "src.myagent.")})
    echo = run_cli(tmp_path, "inspect", "src/myagent/tools/echo.py").output
    assert "  tool echo: class EchoTool(src.myagent.helpers.tool.Tool) at line 4\n" in echo
    assert "DOX004" not in run_cli(tmp_path, "check", "--no-cache").output


def test_a_src_package_keeps_its_name(tmp_path: Path, run_cli) -> None:
    # src/__init__.py: `src` is itself a package, imported as `src.myagent`
    _src_repo(tmp_path, package=True)
    write_files(tmp_path, {"src/myagent/tools/echo.py": ECHO.replace("myagent.", "src.myagent.")})
    assert run_cli(tmp_path, "init").exit_code == 0
    text = (tmp_path / "pyproject.toml").read_text()
    assert 'tool-bases = ["src.myagent.helpers.tool.Tool"]\n' in text
    search = run_cli(tmp_path, "inspect", "src/myagent/tools/search_web.py").output
    assert "class SearchWeb(src.myagent.helpers.tool.Tool) at line 4\n" in search
    assert "DOX004" not in run_cli(tmp_path, "check", "--no-cache").output


def test_scaffold_imports_by_the_names_below_src(tmp_path: Path, run_cli) -> None:
    _src_repo(tmp_path, table=TABLE.format(base="src.myagent.helpers.tool.Tool"))
    result = run_cli(tmp_path, "scaffold", "ping")
    assert result.exit_code == 0, result.output
    module = (tmp_path / "src/myagent/tools/ping.py").read_text()
    assert "\nfrom myagent.helpers.tool import Response, Tool\n" in module
    test = result.output.splitlines()[-1].removeprefix("created ")
    text = (tmp_path / test).read_text()
    assert '/ "src"\n' in text
    assert "\nfrom myagent.tools.ping import PingTool  # noqa: E402\n" in text
    tested = _pytest(tmp_path, test)
    assert tested.returncode == 0, tested.stdout + tested.stderr


def test_tests_importing_a_module_from_below_src_are_its_tests(tmp_path: Path, run_cli) -> None:
    # `myagent.tools.echo` is how a test imports src/myagent/tools/echo.py;
    # `src.myagent.tools.search_web` names the same module too
    _src_repo(tmp_path, table=TABLE.format(base="myagent.helpers.tool.Tool"))
    write_files(
        tmp_path,
        {
            "tests/test_echo.py": "from myagent.tools.echo import EchoTool\n\n\n"
            "def test_echo():\n    assert EchoTool\n",
            "tests/test_search.py": "import src.myagent.tools.search_web\n\n\n"
            "def test_search():\n    assert src.myagent.tools.search_web\n",
        },
    )
    fixed = run_cli(tmp_path, "check", "--fix", "--no-cache")
    assert fixed.exit_code == 0, fixed.output
    echo = (tmp_path / "src/myagent/tools/echo.py.dox.md").read_text()
    assert "No test imports" not in echo
    assert "  - `tests/test_echo.py`\n" in echo
    search = (tmp_path / "src/myagent/tools/search_web.py.dox.md").read_text()
    assert "  - `tests/test_search.py`\n" in search
    assert run_cli(tmp_path, "check", "--no-cache").output == "All checks passed.\n"
    # a companion that leaves the test out is told so
    write_files(tmp_path, {"src/myagent/tools/echo.py.dox.md": echo.replace("test_echo", "x")})
    output = run_cli(tmp_path, "check", "--no-cache").output
    assert "DOX140 test `tests/test_echo.py` imports or names the module" in output
