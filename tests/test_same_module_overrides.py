"""A method a tool class overrides, its base in the same module: ``self.<method>``
reaches the nearest definition in the tool class's order of bases, as it does
when the base is in another module; the base's method runs only through
``super()``, where the override calls it. A base that is a tool itself keeps
what its own method reads."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

BASE = """\
from helpers.tool import Response, Tool


class SearchBase(Tool):
    async def execute(self, **kwargs):
        query = self.get_query()
        return Response(message=f"results for {query}", break_loop=False)

    def get_query(self) -> str:
        return self.args["query"]
"""

QUICK = """\


class QuickSearch(SearchBase):
    def get_query(self) -> str:
        return self.args.get("text", "")
"""

QUICK_SUPER = """\


class QuickSearch(SearchBase):
    def get_query(self) -> str:
        prefix = super().get_query()
        return prefix + self.args.get("text", "")
"""


def _tools(run_cli, root: Path, path: str) -> dict[str, dict[str, Any]]:
    result = run_cli(root, "inspect", path, "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    return {
        tool["class"]: {a["name"]: (a["required"], a["default"]) for a in tool["arguments"]}
        for tool in module["tools"]
    }


def test_an_overridden_method_of_a_base_in_the_module_reads_nothing(run_cli, make_repo) -> None:
    root = make_repo({"tools/quick_search.py": BASE + QUICK})
    assert _tools(run_cli, root, "tools/quick_search.py") == {
        "SearchBase": {"query": (True, None)},
        "QuickSearch": {"text": (False, "")},
    }
    for _ in range(2):  # the companion, then its fact lines
        run_cli(root, "check", "--fix", "tools/quick_search.py")
    companion = (root / "tools/quick_search.py.dox.md").read_text()
    quick = companion[companion.index("Arguments of `QuickSearch`") :]
    assert "`query`" not in quick


def test_the_base_method_an_override_calls_through_super_still_reads(run_cli, make_repo) -> None:
    root = make_repo({"tools/quick_search.py": BASE + QUICK_SUPER})
    assert _tools(run_cli, root, "tools/quick_search.py")["QuickSearch"] == {
        "query": (True, None),
        "text": (False, ""),
    }


def test_an_override_two_classes_down_from_a_base_elsewhere(run_cli, make_repo) -> None:
    """``execute`` from another module; the module's own base overrides the
    method, and the tool class overrides it again."""
    quick = """\
from tools.search_base import SearchBase


class Middle(SearchBase):
    def get_query(self) -> str:
        return self.args["query"].strip()


class Quick(Middle):
    def get_query(self) -> str:
        return self.args.get("text", "")
"""
    root = make_repo({"tools/search_base.py": BASE, "tools/quick.py": quick})
    assert _tools(run_cli, root, "tools/quick.py")["Quick"] == {"text": (False, "")}


def test_a_computed_getattr_reaches_the_override_only(run_cli, make_repo) -> None:
    source = """\
from helpers.tool import Response, Tool


class Base(Tool):
    async def execute(self, **kwargs):
        action = self.args.get("action", "list")
        handler = getattr(self, f"_do_{action}")
        return Response(message=str(handler()), break_loop=False)

    def _do_list(self):
        return self.args["folder"]


class Quick(Base):
    def _do_list(self):
        return self.args.get("limit", 5)
"""
    root = make_repo({"tools/d.py": source})
    assert "folder" not in _tools(run_cli, root, "tools/d.py")["Quick"]
