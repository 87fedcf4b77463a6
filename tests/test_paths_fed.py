"""A run over PATHS naming a module that other tools' facts are built from
(a helper they call, a module that re-exports it, a base class) checks those
tools too, as the pre-commit hooks run it over a commit that changes only the
helper: the findings for them are the whole run's."""

from __future__ import annotations

from pathlib import Path

from samples import UNTIL_PY, clean_files

from doxtool.api import load_project
from doxtool.run.dependents import fed

PICK_PY = """\
def pick_text(args: dict) -> str:
    for key in ("text", "message"):
        if key in args:
            return str(args.get(key))
    return ""
"""

ECHO_PY = """\
from helpers.tool import Response, Tool
from helpers import echo_args


class EchoTool(Tool):
    async def execute(self, **kwargs):
        return Response(message=echo_args.pick_text(self.args), break_loop=False)
"""

# reaches the helper through a module that re-exports its function
SHOUT_PY = """\
from helpers.tool import Response, Tool
from helpers.texts import pick_text


class ShoutTool(Tool):
    async def execute(self, **kwargs):
        return Response(message=pick_text(self.args).upper(), break_loop=False)
"""


def _files() -> dict[str, str]:
    return {
        **clean_files(),
        "helpers/echo_args.py": PICK_PY,
        "helpers/texts.py": "from helpers.echo_args import pick_text\n\n__all__ = ['pick_text']\n",
        "tools/echo.py": ECHO_PY,
        "tools/shout.py": SHOUT_PY,
        "prompts/agent.system.tool.echo.md": (
            "### echo\nrepeat a text\nargs: optional `text` (alias `message`)\n"
        ),
        "prompts/agent.system.tool.shout.md": (
            "### shout\nrepeat a text aloud\nargs: optional `text` (alias `message`)\n"
        ),
    }


def _findings(output: str) -> list[str]:
    return [line for line in output.splitlines() if ": DOX" in line or ": PRM" in line]


def test_a_helper_edit_is_checked_at_the_tools_it_feeds(make_repo, run_cli) -> None:
    root = make_repo(_files())
    written = run_cli(root, "check", "--no-cache", "--fix")
    assert written.exit_code == 0, written.output
    assert "`message`" in (root / "tools/echo.py.dox.md").read_text()
    clean = run_cli(root, "check", "--no-cache")
    assert clean.exit_code == 0, clean.output
    # the helper drops an alias; wait.py drifts too, and no helper feeds it
    (root / "helpers/echo_args.py").write_text(PICK_PY.replace('("text", "message")', '("text",)'))
    (root / "tools/wait.py").write_text(UNTIL_PY)
    whole = _findings(run_cli(root, "check", "--no-cache").output)
    fed_tools = [f for f in whole if f.startswith(("tools/echo.py", "tools/shout.py"))]
    assert any(f.startswith("tools/echo.py.dox.md") for f in fed_tools), whole
    assert any(f.startswith("tools/shout.py.dox.md") for f in fed_tools), whole
    assert any(f.startswith("tools/wait.py") for f in whole), whole
    for args in (("helpers/echo_args.py",), ("--only-paths", "helpers/echo_args.py")):
        scoped = run_cli(root, "check", "--no-cache", *args)
        assert scoped.exit_code == 1
        assert _findings(scoped.output) == fed_tools
        assert scoped.stderr == ""  # the helper is checked through its tools
    # through the module that re-exports it, the one tool that imports it
    through = run_cli(root, "check", "--no-cache", "helpers/texts.py")
    assert _findings(through.output) == [f for f in fed_tools if f.startswith("tools/shout.py")]


def test_fed_follows_calls_bases_and_package_imports(make_repo) -> None:
    root = make_repo(
        {
            **clean_files(),
            "helpers/kit/__init__.py": "def pick(args):\n    return args.get('foo')\n",
            "helpers/kit/use.py": "from . import pick\n\n\ndef pick2(args):\n    return pick(args)\n",
            "tools/base_search.py": (
                "from helpers.tool import Response, Tool\n"
                "from helpers.kit.use import pick2\n\n\n"
                "class BaseSearch(Tool):\n"
                "    async def execute(self, **kwargs):\n"
                "        return Response(message=str(pick2(self.args)), break_loop=False)\n"
            ),
            "tools/search.py": (
                "from tools.base_search import BaseSearch\n\n\nclass Search(BaseSearch):\n    pass\n"
            ),
            "helpers/unused.py": "VALUE = 1\n",
        }
    )
    project = load_project(Path(root), use_cache=False)
    both = {"tools/base_search.py", "tools/search.py"}
    assert fed(project, ["helpers/kit/__init__.py"]) == {"helpers/kit/__init__.py": both}
    assert fed(project, ["helpers/kit/use.py"]) == {"helpers/kit/use.py": both}
    assert fed(project, ["tools/base_search.py"]) == {"tools/base_search.py": {"tools/search.py"}}
    assert fed(project, ["tools/search.py", "tools/wait.py", "helpers/unused.py"]) == {}


def test_a_module_named_through_a_link_is_found(make_repo) -> None:
    root = make_repo({**clean_files(), "lib/real.py": "def pick(args):\n    return args['x']\n"})
    (root / "helpers/alias.py").symlink_to(root / "lib/real.py")
    (root / "tools/take.py").write_text(
        "from helpers.tool import Response, Tool\nfrom helpers.alias import pick\n\n\n"
        "class TakeTool(Tool):\n    async def execute(self, **kwargs):\n"
        "        return Response(message=pick(self.args), break_loop=False)\n"
    )
    project = load_project(Path(root), use_cache=False)
    assert fed(project, ["lib/real.py"]) == {"lib/real.py": {"tools/take.py"}}


def test_a_companion_alone_feeds_no_other_tool(make_repo, run_cli) -> None:
    """A commit that edits only a companion leaves its module's code as the
    tools built from it read it: the hook reports the companion's findings,
    not the drift of every tool that module feeds."""
    base = (
        "from helpers.tool import Response, Tool\n\n\n"
        "class BaseSearch(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        "        return Response(message=str(self.args.get('query')), break_loop=False)\n"
    )
    root = make_repo(
        {
            **clean_files(),
            "tools/base_search.py": base,
            "tools/search.py": (
                "from tools.base_search import BaseSearch\n\n\nclass Search(BaseSearch):\n    pass\n"
            ),
        }
    )
    assert run_cli(root, "check", "--no-cache", "--fix").exit_code == 1  # no prompts: PRM001
    # the companion of the tool built on the base drifts: its argument item goes
    companion = root / "tools/search.py.dox.md"
    lines = companion.read_text().splitlines(keepends=True)
    companion.write_text("".join(line for line in lines if "`query`" not in line))
    whole = _findings(run_cli(root, "check", "--no-cache").output)
    assert any(f.startswith("tools/search.py.dox.md") for f in whole), whole
    for args in (("tools/base_search.py.dox.md",), ("--only-paths", "tools/base_search.py.dox.md")):
        scoped = run_cli(root, "check", "--no-cache", *args)
        assert _findings(scoped.output) == [f for f in whole if f.startswith("tools/base_search")]
    module = _findings(run_cli(root, "check", "--no-cache", "tools/base_search.py").output)
    assert any(f.startswith("tools/search.py.dox.md") for f in module), module
