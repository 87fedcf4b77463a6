"""Which classes are tools, across the modules of the repository being analysed.

A class is a tool when it derives, directly or through any number of bases in
any module of the repository, from a configured base class (``helpers.tool.Tool``
by default). These tests build small repositories in a temporary directory and
ask :class:`doxtool.run.project.Project` for the resolved facts of one module.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from doxtool.core.config import Config
from doxtool.core.facts import ModuleFacts, ToolFacts
from doxtool.run.project import Project

TOOL_PY = """\
from dataclasses import dataclass


@dataclass
class Response:
    message: str
    break_loop: bool


class Tool:
    def __init__(self, agent, name, method, args, message, loop_data, **kwargs):
        self.agent = agent
        self.args = args

    async def execute(self, **kwargs) -> Response:
        raise NotImplementedError
"""

BASE_SEARCH_PY = """\
from helpers.tool import Response, Tool


class BaseSearch(Tool):
    async def execute(self, **kwargs):
        query = self.args["query"]
        await self.agent.handle_intervention()
        results = self.search(query)
        if not results:
            return await self.empty()
        return Response(message=results, break_loop=False)

    def search(self, query):
        return self.args.get("engine", "default")

    async def empty(self):
        raise NotImplementedError
"""


def write_repo(root: Path, files: dict[str, str]) -> Project:
    for rel, text in {"helpers/__init__.py": "", "helpers/tool.py": TOOL_PY, **files}.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return Project(root, Config())


def facts_of(
    root: Path, rel: str, files: dict[str, str], config: Config | None = None
) -> ModuleFacts:
    project = write_repo(root, files)
    if config is not None:
        project = Project(root, config)
    return project.module_facts(rel)


def only_tool(facts: ModuleFacts) -> ToolFacts:
    assert facts.problems == []
    (tool,) = facts.tools
    return tool


def reads(tool: ToolFacts) -> dict[str, list[tuple[str | None, int, str]]]:
    """argument -> (path, line, function) of each read."""
    return {a.name: [(r.path, r.line, r.function) for r in a.reads] for a in tool.arguments}


# ---------------------------------------------------------------------------
# finding tool classes


def test_direct_subclass_of_the_configured_base(tmp_path: Path) -> None:
    facts = facts_of(
        tmp_path,
        "tools/direct.py",
        {
            "tools/direct.py": """\
                from helpers.tool import Response, Tool


                class Direct(Tool):
                    async def execute(self, **kwargs):
                        return Response("", False)
                """
        },
    )

    tool = only_tool(facts)
    assert (tool.name, tool.class_name, tool.line, tool.bases) == (
        "direct",
        "Direct",
        4,
        ["helpers.tool.Tool"],
    )


def test_intermediate_base_class_in_another_module(tmp_path: Path) -> None:
    facts = facts_of(
        tmp_path,
        "tools/web_search.py",
        {
            "helpers/base_tool.py": BASE_SEARCH_PY,
            "tools/web_search.py": """\
                from helpers.base_tool import BaseSearch
                from helpers.tool import Response


                class WebSearch(BaseSearch):
                    async def execute(self, **kwargs):
                        return Response(self.args.get("query", ""), False)
                """,
        },
    )

    tool = only_tool(facts)
    assert tool.class_name == "WebSearch"
    assert tool.bases == ["helpers.base_tool.BaseSearch"]
    assert tool.execute is not None
    assert (tool.execute.defined_in, tool.execute.defined_in_path) == ("WebSearch.execute", None)
    assert reads(tool) == {"query": [(None, 7, "WebSearch.execute")]}


def test_bases_through_module_aliases_and_dotted_imports(tmp_path: Path) -> None:
    files = {
        "tools/alias.py": """\
            from helpers import tool as t


            class Aliased(t.Tool):
                async def execute(self, **kwargs):
                    return t.Response("", True)
            """,
        "tools/dotted.py": """\
            import helpers.tool


            class Dotted(helpers.tool.Tool):
                async def execute(self, **kwargs):
                    return helpers.tool.Response("", True)
            """,
        "tools/renamed.py": """\
            import helpers.tool as ht
            from helpers.tool import Tool as BaseTool


            class Renamed(BaseTool):
                async def execute(self, **kwargs):
                    return ht.Response("", True)
            """,
    }
    project = write_repo(tmp_path, files)

    for rel, name, outcome_line in [
        ("tools/alias.py", "Aliased", 6),
        ("tools/dotted.py", "Dotted", 6),
        ("tools/renamed.py", "Renamed", 7),
    ]:
        tool = only_tool(project.module_facts(rel))
        assert tool.class_name == name
        assert tool.bases == ["helpers.tool.Tool"]
        assert [(o.break_loop, o.line) for o in tool.outcomes] == [(True, outcome_line)]
        assert "helpers.tool.Response" in tool.helpers


def test_bases_re_exported_by_a_helper_or_bound_to_a_module_level_alias(tmp_path: Path) -> None:
    files = {
        "helpers/compat.py": """\
            from helpers.tool import Response, Tool
            from helpers import tool

            BaseTool = tool.Tool

            __all__ = ["BaseTool", "Response", "Tool"]
            """,
        "helpers/star.py": "from helpers.compat import *\n",
        "tools/plain.py": """\
            from helpers.compat import Response, Tool


            class Plain(Tool):
                async def execute(self, **kwargs):
                    return Response("", True)
            """,
        "tools/helper_alias.py": """\
            from helpers.compat import BaseTool, Response


            class HelperAlias(BaseTool):
                async def execute(self, **kwargs):
                    return Response("", True)
            """,
        "tools/starred.py": """\
            from helpers.star import Tool
            from helpers.tool import Response


            class Starred(Tool):
                async def execute(self, **kwargs):
                    return Response("", True)
            """,
        "tools/own_alias.py": """\
            from helpers import tool

            Base = tool.Tool


            class OwnAlias(Base):
                async def execute(self, **kwargs):
                    return tool.Response("", True)
            """,
        # the base bound by a star import of the defining module, or of a re-export
        "tools/star_of_base.py": """\
            from helpers.tool import *


            class StarOfBase(Tool):
                async def execute(self, **kwargs):
                    return Response("", True)
            """,
        "tools/star_of_star.py": """\
            from helpers.star import *


            class StarOfStar(Tool):
                async def execute(self, **kwargs):
                    return Response("", True)
            """,
    }
    project = write_repo(tmp_path, files)

    for rel, name, line in [
        ("tools/plain.py", "Plain", 4),
        ("tools/helper_alias.py", "HelperAlias", 4),
        ("tools/starred.py", "Starred", 5),
        ("tools/own_alias.py", "OwnAlias", 6),
        ("tools/star_of_base.py", "StarOfBase", 4),
        ("tools/star_of_star.py", "StarOfStar", 4),
    ]:
        tool = only_tool(project.module_facts(rel))
        assert (tool.class_name, tool.line, tool.bases) == (name, line, ["helpers.tool.Tool"])
        assert [(o.break_loop, o.line) for o in tool.outcomes] == [(True, line + 2)]
    # the helper module re-exports the base: it is no shim of a tool
    assert project.module_facts("helpers/compat.py").tools == []


def test_a_name_bound_twice_is_no_alias_of_the_base(tmp_path: Path) -> None:
    facts = facts_of(
        tmp_path,
        "tools/rebound.py",
        {
            "tools/rebound.py": """\
                from helpers import tool

                Base = tool.Tool
                Base = object


                class Rebound(Base):
                    async def execute(self, **kwargs):
                        return tool.Response("", True)
                """
        },
    )

    assert facts.tools == []
    assert "Base" not in facts.imported_names


def test_classes_that_do_not_derive_from_the_base_are_not_tools(tmp_path: Path) -> None:
    facts = facts_of(
        tmp_path,
        "tools/lookalike.py",
        {
            "other/__init__.py": "",
            "other/tool.py": "class Tool:\n    pass\n",
            "tools/lookalike.py": """\
                from other.tool import Tool
                from unknown.library import Base


                class Lookalike(Tool):
                    async def execute(self, **kwargs):
                        return None


                class FromLibrary(Base):
                    async def execute(self, **kwargs):
                        return None
                """,
        },
    )

    assert facts.tools == []
    assert facts.problems == []


def test_the_base_module_itself_defines_no_tool(tmp_path: Path) -> None:
    facts = facts_of(tmp_path, "helpers/tool.py", {})

    assert facts.tools == []
    assert [c.name for c in facts.classes] == ["Response", "Tool"]


def test_configured_tool_bases(tmp_path: Path) -> None:
    files = {
        "framework/__init__.py": "",
        "framework/base.py": "class Action:\n    pass\n",
        "tools/custom.py": """\
            from framework.base import Action


            class Custom(Action):
                async def execute(self, **kwargs):
                    return self.args["x"]
            """,
    }
    default = facts_of(tmp_path, "tools/custom.py", files)
    configured = facts_of(
        tmp_path, "tools/custom.py", files, Config(tool_bases=["framework.base.Action"])
    )

    assert default.tools == []
    assert only_tool(configured).class_name == "Custom"


def test_inheritance_cycles_and_missing_modules_do_not_hang(tmp_path: Path) -> None:
    facts = facts_of(
        tmp_path,
        "tools/a.py",
        {
            "tools/__init__.py": "",
            "tools/a.py": """\
                from tools.b import B


                class A(B):
                    async def execute(self, **kwargs):
                        return None
                """,
            "tools/b.py": """\
                from tools.a import A
                from missing.module import Gone


                class B(A, Gone):
                    pass
                """,
        },
    )

    assert facts.tools == []
    assert facts.problems == []


# ---------------------------------------------------------------------------
# inherited execute


def test_execute_inherited_from_a_base_in_another_module(tmp_path: Path) -> None:
    facts = facts_of(
        tmp_path,
        "tools/doc_search.py",
        {
            "helpers/base_tool.py": BASE_SEARCH_PY,
            "tools/doc_search.py": """\
                from helpers.base_tool import BaseSearch
                from helpers.tool import Response


                class DocSearch(BaseSearch):
                    def search(self, query):
                        return self.args.get("folder", "docs")

                    async def empty(self):
                        if self.args.get("strict"):
                            return Response("nothing found", True)
                """,
        },
    )

    tool = only_tool(facts)
    assert (tool.name, tool.class_name, tool.line) == ("doc_search", "DocSearch", 5)
    assert tool.bases == ["helpers.base_tool.BaseSearch"]
    assert tool.execute is not None
    assert tool.execute.defined_in == "BaseSearch.execute"
    assert tool.execute.defined_in_path == "helpers/base_tool.py"
    assert tool.execute.line == 5
    assert tool.defined_in_path is None
    # the base's own `search` is overridden: its `engine` read is gone
    assert reads(tool) == {
        "query": [("helpers/base_tool.py", 6, "BaseSearch.execute")],
        "folder": [(None, 7, "DocSearch.search")],
        "strict": [(None, 10, "DocSearch.empty")],
    }
    assert [(o.break_loop, o.line, o.path, o.function) for o in tool.outcomes] == [
        (False, 11, "helpers/base_tool.py", "BaseSearch.execute"),
        (True, 11, None, "DocSearch.empty"),
    ]
    assert [(m.kind, m.line, m.path) for m in tool.missing_responses] == [
        ("falls-off-end", 10, None)
    ]
    # the base's `empty` raised NotImplementedError; the override does not
    assert tool.raises == []
    assert tool.intervention is True
    assert tool.helpers == ["self.agent.handle_intervention", "helpers.tool.Response"]
    assert tool.imports == ["helpers.base_tool", "helpers.tool"]


def test_inherited_execute_without_overrides(tmp_path: Path) -> None:
    facts = facts_of(
        tmp_path,
        "tools/plain_search.py",
        {
            "helpers/base_tool.py": BASE_SEARCH_PY,
            "tools/plain_search.py": """\
                from helpers.base_tool import BaseSearch


                class PlainSearch(BaseSearch):
                    pass
                """,
        },
    )

    tool = only_tool(facts)
    assert tool.execute is not None
    assert tool.execute.defined_in_path == "helpers/base_tool.py"
    assert reads(tool) == {
        "query": [("helpers/base_tool.py", 6, "BaseSearch.execute")],
        "engine": [("helpers/base_tool.py", 14, "BaseSearch.search")],
    }
    assert [(r.exception, r.line, r.path) for r in tool.raises] == [
        ("NotImplementedError", 17, "helpers/base_tool.py")
    ]
    assert tool.imports == ["helpers.base_tool"]


def test_inherited_execute_through_a_base_of_the_same_module(tmp_path: Path) -> None:
    facts = facts_of(
        tmp_path,
        "tools/layered.py",
        {
            "helpers/base_tool.py": BASE_SEARCH_PY,
            "tools/layered.py": """\
                from helpers.base_tool import BaseSearch


                class _Middle(BaseSearch):
                    def search(self, query):
                        return self.args["index"]


                class Layered(_Middle):
                    pass
                """,
        },
    )

    middle, layered = facts.tools
    assert (middle.class_name, layered.class_name) == ("_Middle", "Layered")
    for tool in (middle, layered):
        assert tool.execute is not None
        assert tool.execute.defined_in == "BaseSearch.execute"
        assert reads(tool) == {
            "query": [("helpers/base_tool.py", 6, "BaseSearch.execute")],
            "index": [(None, 6, "_Middle.search")],
        }
        assert [a.name for a in tool.arguments if a.required] == ["query", "index"]


# ---------------------------------------------------------------------------
# compatibility shims


PLUGIN_TOOL_PY = """\
from helpers.tool import Response, Tool


class PluginTool(Tool):
    async def execute(self, **kwargs):
        return Response(self.args.get("topic", ""), False)
"""


def test_shim_module_that_only_re_exports_a_plugin_tool(tmp_path: Path) -> None:
    facts = facts_of(
        tmp_path,
        "tools/plugin_tool.py",
        {
            "plugins/p/tools/plugin_tool.py": PLUGIN_TOOL_PY,
            "tools/plugin_tool.py": """\
                # Kept for compatibility: the tool moved to the plugin.
                from plugins.p.tools.plugin_tool import PluginTool  # noqa: F401
                """,
        },
    )

    tool = only_tool(facts)
    assert (tool.name, tool.class_name, tool.line) == ("plugin_tool", "PluginTool", 4)
    assert tool.defined_in_path == "plugins/p/tools/plugin_tool.py"
    assert tool.execute is not None
    assert tool.execute.defined_in_path == "plugins/p/tools/plugin_tool.py"
    assert reads(tool) == {"topic": [("plugins/p/tools/plugin_tool.py", 6, "PluginTool.execute")]}
    assert [(o.break_loop, o.line, o.path) for o in tool.outcomes] == [
        (False, 6, "plugins/p/tools/plugin_tool.py")
    ]


def test_shim_by_star_import_and_through_a_second_re_export(tmp_path: Path) -> None:
    files = {
        "plugins/p/tools/plugin_tool.py": PLUGIN_TOOL_PY,
        "plugins/p/tools/__init__.py": "from .plugin_tool import PluginTool\n",
        "tools/star.py": "from plugins.p.tools.plugin_tool import *  # noqa: F403\n",
        "tools/package.py": "from plugins.p.tools import PluginTool\n",
    }
    project = write_repo(tmp_path, files)

    for rel, stem in [("tools/star.py", "star"), ("tools/package.py", "package")]:
        tool = only_tool(project.module_facts(rel))
        assert (tool.name, tool.class_name) == (stem, "PluginTool")
        assert tool.defined_in_path == "plugins/p/tools/plugin_tool.py"
        assert [a.name for a in tool.arguments] == ["topic"]


def test_a_module_re_exporting_two_tools_is_the_one_whose_name_sorts_last(
    tmp_path: Path,
) -> None:
    """Agent Zero's loader takes, of the module's names bound to tool
    classes, the one sorting last: ``ZuluTool``, imported after
    ``AlphaTool`` or before it, and under the name it is bound to."""
    zulu = PLUGIN_TOOL_PY.replace("PluginTool", "ZuluTool").replace('"topic"', '"zone"')
    alpha = PLUGIN_TOOL_PY.replace("PluginTool", "AlphaTool")
    files = {
        "plugins/p/tools/zulu.py": zulu.replace("False)", "True)"),
        "plugins/p/tools/alpha.py": alpha,
        "tools/after.py": (
            "from plugins.p.tools.alpha import AlphaTool\nfrom plugins.p.tools.zulu import ZuluTool\n"
        ),
        "tools/before.py": (
            "from plugins.p.tools.zulu import ZuluTool\nfrom plugins.p.tools.alpha import AlphaTool\n"
        ),
        # bound as ``Aaa``, the Zulu class sorts first: the Alpha class runs
        "tools/renamed.py": (
            "from plugins.p.tools.zulu import ZuluTool as Aaa\n"
            "from plugins.p.tools.alpha import AlphaTool\n"
        ),
    }
    project = write_repo(tmp_path, files)

    for rel in ("tools/after.py", "tools/before.py"):
        tool = only_tool(project.module_facts(rel))
        assert tool.class_name == "ZuluTool", rel
        assert [a.name for a in tool.arguments] == ["zone"]
        assert [o.break_loop for o in tool.outcomes] == [True]
    tool = only_tool(project.module_facts("tools/renamed.py"))
    assert tool.class_name == "AlphaTool"
    assert [a.name for a in tool.arguments] == ["topic"]


def test_a_module_that_imports_only_the_base_is_no_shim(tmp_path: Path) -> None:
    facts = facts_of(
        tmp_path,
        "tools/nothing.py",
        {"tools/nothing.py": "from helpers.tool import Response, Tool\n"},
    )

    assert facts.tools == []
