"""A tool class that subclasses another tool: what the base's ``execute``
does through ``super().execute()`` or when inherited, with ``self.<method>``
in it resolved to the subclass's override first."""

from __future__ import annotations

from pathlib import Path

from test_resolve import facts_of, only_tool, reads, write_repo

CODE_EXEC_PY = """\
import asyncio

from helpers.tool import Tool, Response


class RepairableException(Exception):
    pass


class CodeExecution(Tool):
    async def execute(self, **kwargs) -> Response:
        runtime = self.args.get("runtime", "python")
        if runtime not in ("python", "terminal"):
            raise RepairableException(runtime)
        await self.agent.handle_intervention()
        output = await self.run_code(runtime, self.args.get("code", ""))
        return Response(message=output, break_loop=False)

    async def run_code(self, runtime, code):
        proc = await asyncio.create_subprocess_exec("python3", "-c", code)
        out, _ = await proc.communicate()
        return out.decode()
"""

SAFE_PY = """\
from helpers.tool import Response
from tools.code_exec import CodeExecution


class SafeCodeExecution(CodeExecution):
    async def execute(self, **kwargs) -> Response:
        if "rm -rf" in self.args.get("code", ""):
            return Response(message="Refusing.", break_loop=False)
        return await super().execute(**kwargs)
"""

REMOTE_RUN_CODE = """\

    async def run_code(self, runtime, code):
        return "ran remotely"
"""

REMOTE_PY = (
    """\
from tools.code_exec import CodeExecution


class RemoteCodeExecution(CodeExecution):"""
    + REMOTE_RUN_CODE
)


def test_super_execute_brings_the_base_s_effects_raises_and_intervention(tmp_path: Path) -> None:
    tool = only_tool(
        facts_of(
            tmp_path,
            "tools/code_exec_safe.py",
            {"tools/code_exec.py": CODE_EXEC_PY, "tools/code_exec_safe.py": SAFE_PY},
        )
    )
    assert tool.side_effects == ["subprocess"]
    assert [e.calls for e in tool.effects] == [
        [
            "tools.code_exec.CodeExecution.execute",
            "tools.code_exec.CodeExecution.run_code",
            "asyncio.create_subprocess_exec",
        ]
    ]
    assert [(r.exception, r.line, r.path) for r in tool.raises] == [
        ("RepairableException", 9, None)
    ]
    assert tool.unknown == []
    assert tool.intervention is True
    assert tool.helpers == ["helpers.tool.Response", "self.agent.handle_intervention"]


def test_super_execute_calls_the_subclass_s_override(tmp_path: Path) -> None:
    tool = only_tool(
        facts_of(
            tmp_path,
            "tools/code_exec_safe.py",
            {
                "tools/code_exec.py": CODE_EXEC_PY,
                "tools/code_exec_safe.py": SAFE_PY + REMOTE_RUN_CODE,
            },
        )
    )
    # the base's `execute` calls `self.run_code`: this class's, no subprocess
    assert tool.side_effects == []
    assert tool.effects == []
    assert [r.exception for r in tool.raises] == ["RepairableException"]


def test_an_inherited_execute_calls_the_subclass_s_override(tmp_path: Path) -> None:
    tool = only_tool(
        facts_of(
            tmp_path,
            "tools/code_exec_remote.py",
            {"tools/code_exec.py": CODE_EXEC_PY, "tools/code_exec_remote.py": REMOTE_PY},
        )
    )
    assert tool.side_effects == []
    assert tool.effects == []
    assert [r.exception for r in tool.raises] == ["RepairableException"]
    assert tool.intervention is True


PAUSING_PY = """\
from helpers.errors import RepairableException
from helpers.tool import Tool, Response


class Pausing(Tool):
    async def execute(self, **kwargs) -> Response:
        self.check()
        await self.pause()
        return Response(message="done", break_loop=False)

    def check(self):
        if not self.args.get("target"):
            raise RepairableException("target is required")

    async def pause(self):
        await self.agent.handle_intervention()
        self.agent.set_data("paused", True)
"""

QUICK_PY = """\
from tools.pausing import Pausing


class Quick(Pausing):
    async def pause(self):
        return None

    def check(self):
        return None
"""


def test_what_only_an_overridden_base_method_calls_is_not_the_subclass_s(
    tmp_path: Path,
) -> None:
    """The base's ``pause`` calls ``handle_intervention`` and ``set_data``,
    its ``check`` raises: a subclass overriding both calls none of them."""
    files = {"tools/pausing.py": PAUSING_PY, "tools/quick.py": QUICK_PY}
    base = only_tool(facts_of(tmp_path, "tools/pausing.py", files))
    assert base.intervention is True
    assert "self.agent.set_data" in base.helpers
    tool = only_tool(facts_of(tmp_path, "tools/quick.py", files))
    assert tool.intervention is False
    assert tool.helpers == ["helpers.tool.Response"]
    assert tool.raises == []
    # overriding one of them leaves what the other calls
    files["tools/quick.py"] = QUICK_PY.split("    def check")[0].rstrip() + "\n"
    tool = only_tool(facts_of(tmp_path, "tools/quick.py", files))
    assert tool.intervention is False
    assert tool.helpers == ["helpers.errors.RepairableException", "helpers.tool.Response"]


def test_an_override_calling_the_base_s_method_through_super_keeps_what_it_calls(
    tmp_path: Path,
) -> None:
    """``super().pause()`` in the override runs the base's ``pause``: its
    ``set_data`` and ``handle_intervention`` are still called."""
    extending = QUICK_PY.replace(
        "    async def pause(self):\n        return None",
        "    async def pause(self):\n        await super().pause()",
    )
    files = {"tools/pausing.py": PAUSING_PY, "tools/quick.py": extending}
    tool = only_tool(facts_of(tmp_path, "tools/quick.py", files))
    assert tool.intervention is True
    assert "self.agent.set_data" in tool.helpers


BASE_X_PY = """\
from helpers.tool import Tool, Response


class BaseX(Tool):
    async def execute(self, **kwargs) -> Response:
        return await self._run()

    async def _run(self) -> Response:
        text = self._helper()
        return Response(message=text, break_loop=False)

    def _helper(self) -> str:
        with open(self.args["path"], "w") as f:
            f.write("x")
        return str(self.args.get("n", 5))
"""

SUB_X_PY = """\
from helpers.tool import Response
from tools.base_x import BaseX


class SubX(BaseX):
    async def execute(self, **kwargs) -> Response:
        return await self._run()
"""


def _arguments(tool) -> dict[str, tuple[bool, object, str | None]]:
    return {a.name: (a.required, a.default, a.reads[0].path) for a in tool.arguments}


def test_a_base_method_calling_another_reads_the_tool_s_arguments(tmp_path: Path) -> None:
    """``execute`` calls the base's ``_run``, which calls the base's
    ``_helper``: what ``_helper`` reads of ``self.args`` is the tool's."""
    tool = only_tool(
        facts_of(
            tmp_path, "tools/sub_x.py", {"tools/base_x.py": BASE_X_PY, "tools/sub_x.py": SUB_X_PY}
        )
    )
    assert _arguments(tool) == {
        "path": (True, None, "tools/base_x.py"),
        "n": (False, 5, "tools/base_x.py"),
    }
    assert tool.side_effects == ["filesystem write"]


def test_a_base_method_calling_an_overridden_one_reads_the_override_s(tmp_path: Path) -> None:
    override = '\n    def _helper(self) -> str:\n        return str(self.args.get("own", ""))\n'
    tool = only_tool(
        facts_of(
            tmp_path,
            "tools/sub_x.py",
            {"tools/base_x.py": BASE_X_PY, "tools/sub_x.py": SUB_X_PY + override},
        )
    )
    assert _arguments(tool) == {"own": (False, "", None)}  # read in the module itself
    assert tool.side_effects == []


TREE_PY = """\
from pathlib import Path

from helpers.tool import Tool, Response


class LimitMixin:
    def max_depth(self) -> int:
        return int(self.args.get("depth", 2))


class Base(Tool):
    def pattern(self) -> str:
        return self.args.get("glob", "*")


class Tree(LimitMixin, Base):
    def pattern(self) -> str:
        return super().pattern() + self.args.get("suffix", "")

    async def execute(self, **kwargs):
        root = Path(self.args.get("dir", "."))
        depth = self.max_depth()
        names = [str(p) for p in root.rglob(self.pattern()) if len(p.parts) <= depth]
        return Response(message="\\n".join(names), break_loop=False)
"""

TREE2_PY = """\
from helpers.tool import Response
from tools.tree import Tree


class Tree2(Tree):
    async def execute(self, **kwargs):
        resp = await super().execute(**kwargs)
        if self.args.get("count_only"):
            return Response(message=str(len(resp.message.splitlines())), break_loop=False)
        return resp
"""


def test_super_execute_reads_through_the_base_s_own_methods_and_mixins(tmp_path: Path) -> None:
    """``super().execute()`` reaches ``Tree.execute``; what it reads through
    ``self.max_depth()`` (a mixin's), ``self.pattern()`` and the
    ``super().pattern()`` in it are the subclass's arguments too."""
    tool = only_tool(
        facts_of(tmp_path, "tools/tree2.py", {"tools/tree.py": TREE_PY, "tools/tree2.py": TREE2_PY})
    )
    assert reads(tool) == {
        "count_only": [(None, 8, "Tree2.execute")],
        "dir": [("tools/tree.py", 21, "Tree.execute")],
        "depth": [("tools/tree.py", 8, "LimitMixin.max_depth")],
        "suffix": [("tools/tree.py", 18, "Tree.pattern")],
        "glob": [("tools/tree.py", 13, "Base.pattern")],
    }
    assert {a.name: a.default for a in tool.arguments if a.has_default} == {
        "dir": ".",
        "depth": 2,
        "suffix": "",
        "glob": "*",
    }


def test_a_method_of_the_tool_the_base_calls_back_is_read_once(tmp_path: Path) -> None:
    """``self.describe()`` in the base's ``execute`` reaches the subclass's
    own ``describe``, which its module's walk reads too: one read."""
    base = """\
from helpers.tool import Response, Tool


class Base(Tool):
    async def execute(self, **kwargs):
        return Response(message=self.describe(), break_loop=False)

    def describe(self) -> str:
        return ""
"""
    labelled = """\
from helpers.base import Base


class Labelled(Base):
    async def execute(self, **kwargs):
        return await super().execute(**kwargs)

    def describe(self) -> str:
        return self.args.get("label", "")
"""
    tool = only_tool(
        facts_of(
            tmp_path, "tools/labelled.py", {"helpers/base.py": base, "tools/labelled.py": labelled}
        )
    )
    assert reads(tool) == {"label": [(None, 9, "Labelled.describe")]}


SEARCH_PY = """\
from helpers.tool import Tool, Response


class Search(Tool):
    async def execute(self, query: str = "", limit: int = 10, **kwargs):
        return Response(message=f"{query} {limit}", break_loop=False)
"""

NEWS_PY = """\
{imports}


class News({bases}):
    async def execute(self, region: str = "us", **kwargs):
        return await super().execute(**kwargs)
"""


def _news(tmp_path: Path, imports: str, bases: str, search: str = SEARCH_PY):
    news = NEWS_PY.format(imports=imports, bases=bases)
    files = {"tools/search.py": search, "tools/news.py": news}
    return only_tool(facts_of(tmp_path, "tools/news.py", files))


def test_kwargs_handed_to_a_base_elsewhere_fill_its_parameters_only(tmp_path: Path) -> None:
    """``super().execute(**kwargs)`` into a base of another module whose
    ``execute`` leaves its own ``**kwargs`` unread: the base's parameters
    are the arguments read, no other key is taken."""
    tool = _news(tmp_path, "from tools.search import Search", "Search")
    assert [a.name for a in tool.arguments] == ["region", "query", "limit"]
    assert tool.other_arguments == []


def test_kwargs_handed_on_by_the_base_are_taken(tmp_path: Path) -> None:
    """The base hands its own ``**kwargs`` on: any other key is taken there."""
    search = SEARCH_PY.replace(
        "from helpers.tool import", "from somelib import store\nfrom helpers.tool import"
    ).replace("        return Response(", "        store.save(**kwargs)\n        return Response(")
    tool = _news(tmp_path, "from tools.search import Search", "Search", search)
    assert tool.other_arguments != []


def test_kwargs_handed_past_a_base_outside_the_repository_are_taken(tmp_path: Path) -> None:
    """A base of a library comes first: its ``execute`` is not known, so
    what ``super().execute(**kwargs)`` takes is not either."""
    imports = "from helpers.tool import Tool\nfrom somelib.tools import LibTool"
    tool = _news(tmp_path, imports, "LibTool, Tool")
    assert [a.name for a in tool.arguments] == ["region"]
    assert len(tool.other_arguments) == 1


def test_an_argument_neither_class_reads_is_reported_in_the_prompt(tmp_path: Path, run_cli) -> None:
    """The prompt teaches ``country``: neither ``News`` nor the base it
    hands ``**kwargs`` to reads it."""
    news = NEWS_PY.format(imports="from tools.search import Search", bases="Search")
    files = {
        "tools/search.py": SEARCH_PY,
        "tools/news.py": news,
        "prompts/agent.system.tool.news.md": (
            "### news\nSearch news.\nargs: `query`, `country` (default `us`)\n"
        ),
    }
    write_repo(tmp_path, files)
    result = run_cli(tmp_path, "check", "--no-cache", "--select", "PRM003")
    assert "argument `country` is taught for `news`" in result.output
    assert "`query`" not in result.output


def test_a_library_base_of_a_base_comes_before_the_tool_base(tmp_path: Path) -> None:
    """The base the subclass names derives from a library's class before the
    tool base: the library's ``execute`` may be the one reached, so what
    ``super().execute(**kwargs)`` takes is not known."""
    mid = (
        "from somelib.tools import LibTool\nfrom helpers.tool import Tool\n\n\n"
        "class Mid(LibTool, Tool):\n    def label(self):\n        return 'mid'\n"
    )
    news = NEWS_PY.format(imports="from tools.mid import Mid", bases="Mid")
    tool = only_tool(
        facts_of(tmp_path, "tools/news.py", {"tools/mid.py": mid, "tools/news.py": news})
    )
    assert [a.name for a in tool.arguments] == ["region"]
    assert len(tool.other_arguments) == 1


def test_an_abstract_base_class_before_the_base_hides_no_method(tmp_path: Path) -> None:
    """``ABC`` listed first defines no tool method: the base's ``execute`` is reached."""
    imports = "from abc import ABC\nfrom tools.search import Search"
    tool = _news(tmp_path, imports, "ABC, Search")
    assert [a.name for a in tool.arguments] == ["region", "query", "limit"]
    assert tool.other_arguments == []


def test_kwargs_handed_past_a_repository_mixin_of_a_library_class_are_taken(
    tmp_path: Path,
) -> None:
    """A mixin of the repository listed first derives from a library class:
    that class's ``execute`` may come first, so what is taken is not known."""
    files = {
        "tools/search.py": SEARCH_PY,
        "helpers/mixin.py": "from somelib import Base\n\n\nclass Mixin(Base):\n    pass\n",
        "tools/news.py": NEWS_PY.format(
            imports="from helpers.mixin import Mixin\nfrom tools.search import Search",
            bases="Mixin, Search",
        ),
    }
    tool = only_tool(facts_of(tmp_path, "tools/news.py", files))
    assert [a.name for a in tool.arguments] == ["region"]
    assert len(tool.other_arguments) == 1


def test_kwargs_the_base_hands_to_a_library_base_are_taken(tmp_path: Path) -> None:
    """The base's own ``super().execute(**kwargs)`` reaches a library class
    listed before the framework's: any other key may be taken there."""
    search = (
        SEARCH_PY.replace("class Search(Tool)", "class Search(LibTool, Tool)")
        .replace(
            "from helpers.tool import", "from somelib import LibTool\nfrom helpers.tool import"
        )
        .replace(
            "        return Response(",
            "        await super().execute(**kwargs)\n        return Response(",
        )
    )
    tool = _news(tmp_path, "from tools.search import Search", "Search", search)
    assert tool.other_arguments != []


SEARCH_MIXIN_PY = """\
from helpers.tool import Response


class SearchMixin:
    async def execute(self, **kwargs):
        return Response(message=self.args["q"], break_loop=False)
"""


def test_an_execute_of_a_base_after_the_framework_base_never_runs(tmp_path: Path) -> None:
    """``class T(Tool, SearchMixin)``: the framework's ``Tool.execute`` comes
    first in the method order; the mixin's ``execute`` and what it reads are
    not the tool's. Before ``Tool`` (``class T(SearchMixin, Tool)``) it is."""
    files = {
        "helpers/mixins.py": SEARCH_MIXIN_PY,
        "tools/after.py": "from helpers.mixins import SearchMixin\n"
        "from helpers.tool import Tool\n\n\nclass After(Tool, SearchMixin):\n    pass\n",
        "tools/before.py": "from helpers.mixins import SearchMixin\n"
        "from helpers.tool import Tool\n\n\nclass Before(SearchMixin, Tool):\n    pass\n",
    }
    after = only_tool(facts_of(tmp_path, "tools/after.py", files))
    assert after.execute is None and after.argument("q") is None
    before = only_tool(facts_of(tmp_path, "tools/before.py", files))
    assert before.execute is not None and before.execute.defined_in == "SearchMixin.execute"
    assert before.argument("q") is not None
