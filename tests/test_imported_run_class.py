"""DOX010: the framework runs an imported tool class in place of the module's
own only while the module's last binding of its name is that import."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from samples import write_files

from doxtool.cli import cli
from doxtool.rules.examples import FRAMEWORK, LOADER_LAST_PY
from doxtool.run import loaders as loader_search

BASE = (
    "from helpers.tool import Response, Tool\n\n\n"
    "class SearchBase(Tool):\n"
    "    async def execute(self, **kwargs) -> Response:\n"
    "        raise NotImplementedError\n"
)
TOOL = (
    "from helpers.search_base import SearchBase\n"
    "from helpers.tool import Response\n\n\n"
    "class DuckDuckGo(SearchBase):\n"
    "    async def execute(self, **kwargs) -> Response:\n"
    '        return Response(message="found", break_loop=False)\n'
)
#: the framework's loader: Agent Zero's, taking the tool class sorting last
LAST = {"helpers/modules.py": LOADER_LAST_PY}


def _dox010(tmp_path: Path, tool: str, loader: dict[str, str] = LAST) -> list[str]:
    write_files(
        tmp_path,
        {**FRAMEWORK, **loader, "helpers/search_base.py": BASE, "tools/ddg.py": tool},
    )
    result = CliRunner().invoke(
        cli, ["check", "--root", str(tmp_path), "--no-cache", "--select", "DOX010"]
    )
    return [line for line in result.output.splitlines() if " DOX010 " in line]


def test_an_imported_tool_class_sorting_last_is_reported(tmp_path: Path) -> None:
    assert _dox010(tmp_path, TOOL) == [
        "tools/ddg.py:5:1: DOX010 the framework runs the imported "
        "`helpers.search_base.SearchBase` instead of `DuckDuckGo` (its name sorts after it): "
        "import its module instead, or rename one of them"
    ]


@pytest.mark.parametrize(
    "after",
    [
        "\n\ndel SearchBase\n",  # the name is gone when the framework looks
        "\n\nSearchBase = DuckDuckGo\n",  # the name holds the module's own class
    ],
)
def test_a_name_deleted_or_rebound_after_its_import_is_not_the_import(
    tmp_path: Path, after: str
) -> None:
    assert _dox010(tmp_path, TOOL + after) == []


def test_an_import_in_a_try_binds_its_name(tmp_path: Path) -> None:
    tool = TOOL.replace(
        "from helpers.search_base import SearchBase\n",
        "try:\n    from helpers.search_base import SearchBase\nexcept ImportError:\n    raise\n",
    )
    assert len(_dox010(tmp_path, tool)) == 1


#: an older fork's ``Agent.get_tool``: the members' list bound to a name,
#: walked forwards, the first tool class taken
OLD_AGENT = """\
import importlib, inspect


class Agent:
    def get_tool(self, name, args, message, **kwargs):
        from tools.unknown import Unknown
        from helpers.tool import Tool

        tool_class = Unknown
        module = importlib.import_module("tools." + name)
        class_list = inspect.getmembers(
            module, inspect.isclass
        )

        for cls in class_list:
            if cls[1] is not Tool and issubclass(cls[1], Tool):
                tool_class = cls[1]
                break

        return tool_class(agent=self, name=name, args=args, message=message, **kwargs)
"""
#: the same era's loader of extensions: the last class, of another base
EXTENSIONS = """\
import inspect

from helpers.extension import Extension


def load_extensions(module):
    for name, cls in reversed(inspect.getmembers(module, inspect.isclass)):
        if cls is not Extension and issubclass(cls, Extension):
            return cls
    return None
"""
#: a tool class named to sort after the imported ``SearchBase``
WEB = TOOL.replace("DuckDuckGo", "WebSearch")


def test_a_loader_taking_the_first_runs_an_imported_class_sorting_first(tmp_path: Path) -> None:
    old = {"agent.py": OLD_AGENT}
    assert _dox010(tmp_path, WEB, old) == [
        "tools/ddg.py:5:1: DOX010 the framework runs the imported "
        "`helpers.search_base.SearchBase` instead of `WebSearch` (its name sorts before it): "
        "import its module instead, or rename one of them"
    ]
    # the module's own class sorts first: it runs
    assert _dox010(tmp_path, TOOL, old) == []


def test_the_loop_testing_the_tool_base_tells_the_order_not_another_bases(
    tmp_path: Path,
) -> None:
    loaders = {
        "agent.py": OLD_AGENT,
        "helpers/extensions.py": EXTENSIONS,
        "helpers/extension.py": "class Extension:\n    pass\n",
        # a loader of any base it is handed, walking from the last
        "helpers/modules.py": LOADER_LAST_PY,
    }
    assert len(_dox010(tmp_path, WEB, loaders)) == 1
    assert _dox010(tmp_path, TOOL, loaders) == []


@pytest.mark.parametrize(
    "loaders",
    [
        {},  # no loader in the repository holding the framework
        # loops of both orders testing the tool base
        {
            "agent.py": OLD_AGENT,
            "helpers/loader.py": OLD_AGENT.replace("in class_list", "in reversed(class_list)"),
        },
        # a loop that takes no first match (the last one it sees)
        {"agent.py": OLD_AGENT.replace("                break\n", "")},
    ],
)
def test_an_order_not_known_reports_nothing(tmp_path: Path, loaders: dict[str, str]) -> None:
    assert _dox010(tmp_path, TOOL, loaders) == []
    assert _dox010(tmp_path, WEB, loaders) == []


def test_a_repository_without_the_framework_runs_in_a_current_one(tmp_path: Path) -> None:
    """A plugin's repository: the configured base's module is not in it."""
    files = {
        "pyproject.toml": "[tool.doxtool]\ntool-bases = ['helpers.tool.Tool']\n",
        "plugins/search/helpers/search_base.py": BASE,
        "plugins/search/tools/ddg.py": TOOL.replace(
            "from helpers.search_base", "from plugins.search.helpers.search_base"
        ),
    }
    write_files(tmp_path, files)
    result = CliRunner().invoke(
        cli, ["check", "--root", str(tmp_path), "--no-cache", "--select", "DOX010"]
    )
    found = [line for line in result.output.splitlines() if " DOX010 " in line]
    assert len(found) == 1 and "(its name sorts after it)" in found[0], result.output


DDG_PROMPT = """\
### ddg
Search the web.
~~~json
{"thoughts": ["x"], "headline": "Searching", "tool_name": "ddg", "tool_args": {}}
~~~
"""


@pytest.mark.parametrize(
    ("loaders", "checked"),
    [
        ({}, True),  # the order is not known: the module's own class
        (LAST, False),  # the imported base runs: its arguments are not known
        ({"agent.py": OLD_AGENT}, True),  # the module's own class sorts first
    ],
)
def test_the_prompt_is_checked_against_the_class_the_loader_runs(
    tmp_path: Path, loaders: dict[str, str], checked: bool
) -> None:
    write_files(
        tmp_path,
        {
            **FRAMEWORK,
            **loaders,
            "helpers/search_base.py": BASE,
            "tools/ddg.py": TOOL.replace(
                '        return Response(message="found"',
                '        query = self.args["query"]\n        return Response(message=query',
            ),
            "prompts/agent.system.tools.md": "## Tools\n{{tools}}\n",
            "prompts/agent.system.tool.ddg.md": DDG_PROMPT,
        },
    )
    result = CliRunner().invoke(
        cli, ["check", "--root", str(tmp_path), "--no-cache", "--select", "PRM004"]
    )
    found = [line for line in result.output.splitlines() if " PRM004 " in line]
    assert bool(found) is checked, result.output


def test_a_shared_base_of_the_module_sorting_first_runs_under_a_loader_taking_the_first(
    tmp_path: Path,
) -> None:
    """``AskBase(Tool)`` beside ``Ask(AskBase)``: an older loader runs the
    base, whose arguments are not the tool's: its prompt is not checked
    against ``Ask``'s."""
    tool = (
        "from helpers.tool import Response, Tool\n\n\n"
        "class AskBase(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        '        return Response(message="base", break_loop=False)\n\n\n'
        "class Bsk(AskBase):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        '        query = self.args["query"]\n'
        "        return Response(message=query, break_loop=False)\n"
    )
    found = {}
    for name, loaders in (("last", LAST), ("first", {"agent.py": OLD_AGENT})):
        root = tmp_path / name
        write_files(
            root,
            {
                **FRAMEWORK,
                **loaders,
                "tools/ddg.py": tool,
                "prompts/agent.system.tools.md": "## Tools\n{{tools}}\n",
                "prompts/agent.system.tool.ddg.md": DDG_PROMPT,
            },
        )
        result = CliRunner().invoke(
            cli, ["check", "--root", str(root), "--no-cache", "--select", "PRM004"]
        )
        found[name] = [line for line in result.output.splitlines() if " PRM004 " in line]
    assert len(found["last"]) == 1  # `Bsk` sorts last: its `query` is not taught
    assert found["first"] == []


def _scoped_dox010(tmp_path: Path) -> list[str]:
    """DOX010 of a cached run over the tool module alone."""
    result = CliRunner().invoke(
        cli,
        ["check", "--root", str(tmp_path), "--select", "DOX010", str(tmp_path / "tools/ddg.py")],
    )
    return [line for line in result.output.splitlines() if " DOX010 " in line]


def _age(root: Path, seconds: int = 3600) -> None:
    """Date every file back, as files settled before the last run are."""
    past = time.time() - seconds
    for path in root.rglob("*.py"):
        os.utime(path, (past, past))


def test_the_loader_search_reads_only_the_files_changed_since_the_last_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_files(
        tmp_path, {**FRAMEWORK, **LAST, "helpers/search_base.py": BASE, "tools/ddg.py": TOOL}
    )
    _age(tmp_path)
    assert len(_scoped_dox010(tmp_path)) == 1
    read: list[str] = []
    real = loader_search.read_regular

    def counted(path: str, limit: int) -> bytes | None:
        read.append(path)
        return real(path, limit)

    monkeypatch.setattr(loader_search, "read_regular", counted)
    assert len(_scoped_dox010(tmp_path)) == 1
    assert read == []
    # the loader edited since (no longer a loop over the members): read again,
    # and the order it told is no longer known
    (tmp_path / "helpers/modules.py").write_text("import inspect\n", encoding="utf-8")
    assert _scoped_dox010(tmp_path) == []
    assert [Path(p).relative_to(tmp_path).as_posix() for p in read] == ["helpers/modules.py"]
