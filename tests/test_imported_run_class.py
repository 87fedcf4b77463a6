"""DOX010: the framework runs an imported tool class in place of the module's
own only while the module's last binding of its name is that import."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from samples import write_files

from doxtool.cli import cli
from doxtool.rules.examples import FRAMEWORK

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


def _dox010(tmp_path: Path, tool: str) -> list[str]:
    write_files(tmp_path, {**FRAMEWORK, "helpers/search_base.py": BASE, "tools/ddg.py": tool})
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
