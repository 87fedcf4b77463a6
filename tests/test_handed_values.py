"""The values of an argument handed to a helper of another module: those of
the helper's closed check when the tool's arguments are splatted into its
parameters (``search(**kwargs)``), otherwise not known when the value is
handed on (``search(query, engine=engine)``): never "any value"."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

from doxtool.core.config import Config
from doxtool.rules.examples import with_files
from doxtool.run.project import Project

WEB_SEARCH = """\
async def search(query: str, engine: str = "searxng", max_results: int = 8) -> list:
    if engine not in ("searxng", "duckduckgo"):
        raise ValueError(f"unsupported engine {engine}")
    return [query, engine, max_results]
"""


def _facts(root: Path, source: str) -> dict[str, tuple[Any, bool]]:
    """name -> (enum, values_unknown)."""
    (root / ".git").mkdir(exist_ok=True)
    files = {"tools/x.py": textwrap.dedent(source), "helpers/web_search.py": WEB_SEARCH}
    for rel, text in with_files(files).items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    facts = Project(root, Config()).module_facts("tools/x.py")
    (only,) = facts.tools
    return {a.name: (a.enum, a.values_unknown) for a in only.arguments}


def test_a_splatted_parameter_takes_the_values_of_the_helpers_check(tmp_path) -> None:
    source = """\
        from helpers import web_search
        from helpers.tool import Response, Tool


        class X(Tool):
            async def execute(self, **kwargs) -> Response:
                results = await web_search.search(**kwargs)
                return Response(message=str(results), break_loop=False)
        """
    assert _facts(tmp_path, source) == {
        "query": (None, False),
        "engine": (["searxng", "duckduckgo"], False),
        "max_results": (None, False),
    }


def test_a_value_handed_to_a_helper_is_not_any_value(tmp_path) -> None:
    source = """\
        from helpers import web_search
        from helpers.tool import Response, Tool


        class X(Tool):
            async def execute(self, query: str = "", engine: str = "searxng", **kwargs):
                results = await web_search.search(query, engine=engine)
                return Response(message=str(results), break_loop=False)
        """
    assert _facts(tmp_path, source) == {"query": (None, True), "engine": (None, True)}


def test_a_value_the_tool_dispatches_on_keeps_its_values_when_handed_on(tmp_path) -> None:
    source = """\
        from helpers import web_search
        from helpers.tool import Response, Tool


        class X(Tool):
            async def execute(self, **kwargs) -> Response:
                engine = self.args.get("engine", "searxng")
                if engine not in ("searxng", "duckduckgo"):
                    return Response(message="unknown engine", break_loop=False)
                results = await web_search.search("q", engine=engine)
                return Response(message=str(results), break_loop=False)
        """
    assert _facts(tmp_path, source) == {"engine": (["searxng", "duckduckgo"], False)}


def test_a_value_given_to_a_library_or_the_response_still_accepts_any_value(tmp_path) -> None:
    source = """\
        import json

        from helpers.tool import Response, Tool


        class X(Tool):
            async def execute(self, **kwargs) -> Response:
                engine = self.args.get("engine", "searxng")
                print(json.dumps(engine))
                return Response(message=engine, break_loop=False)
        """
    assert _facts(tmp_path, source) == {"engine": (None, False)}


ENGINE_DOX_ITEMS = """\
  - `query`: required string.
  - `engine`: optional string, default `"searxng"`, one of `searxng`, `duckduckgo`.
  - `max_results`: optional integer, default `8`.
"""


def test_the_companions_list_of_a_helpers_values_is_true(make_repo, run_cli) -> None:
    from doxtool.rules.examples import WAIT_DOX

    source = textwrap.dedent(
        """\
        from helpers import web_search
        from helpers.tool import Response, Tool


        class X(Tool):
            async def execute(self, **kwargs) -> Response:
                results = await web_search.search(**kwargs)
                return Response(message=str(results), break_loop=False)
        """
    )
    dox = (
        WAIT_DOX.replace("wait.py", "x.py")
        .replace("WaitTool", "X")
        .replace("  - `seconds`: optional integer, default `0`.\n", ENGINE_DOX_ITEMS)
    )
    root = make_repo(
        {"tools/x.py": source, "tools/x.py.dox.md": dox, "helpers/web_search.py": WEB_SEARCH}
    )
    result = run_cli(root, "check", "--no-cache", "--select", "DOX111")
    assert result.output.strip() == "All checks passed."
