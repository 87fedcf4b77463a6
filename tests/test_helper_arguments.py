"""Arguments a tool reads through helpers of other modules (their ``ast``
summaries), through the real CLI: reads inside keyword arguments and
comprehensions, and a helper whose parameters are the tool's arguments."""

from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent
from typing import Any


def _arguments(run_cli, root: Path, path: str) -> dict[str, tuple[Any, ...]]:
    result = run_cli(root, "inspect", path, "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    return {
        a["name"]: (a["required"], a["type"], a.get("default"), a["reads"][0]["function"])
        for a in tool["arguments"]
    }


OPTIONS = """\
    def parse_options(args: dict) -> dict:
        return dict(depth=int(args.get("depth", 1)), follow=bool(args.get("follow", False)))


    def ids(args: dict) -> list:
        return [int(v) for v in args.get("ids", []) if v != args.get("skip")]


    def names(args: dict, many: list) -> list:
        return [args.get("ignored") for args in many]
    """

CRAWL = """\
    from helpers.opts import ids, names, parse_options
    from helpers.tool import Response, Tool


    class Crawl(Tool):
        async def execute(self, url="", **kwargs) -> Response:
            opts = parse_options(self.args)
            found = names(self.args, [])
            return Response(message=f"{url} {opts} {ids(self.args)} {found}", break_loop=False)
    """


def test_reads_in_keyword_arguments_and_comprehensions_of_a_helper(make_repo, run_cli) -> None:
    root = make_repo(
        {
            "helpers/opts.py": dedent(OPTIONS),
            "tools/crawl.py": dedent(CRAWL),
            "prompts/agent.system.tool.crawl.md": (
                "### crawl\nargs: `url`, optional `depth`, `follow`, `ids`\n"
                '`{"tool_name": "crawl", "tool_args": {"url": "https://x", "depth": 2, '
                '"follow": true, "ids": [1], "skip": 0}}`\n'
            ),
        }
    )
    assert _arguments(run_cli, root, "tools/crawl.py") == {
        "url": (False, "string", "", "Crawl.execute"),
        "depth": (False, "integer", 1, "parse_options"),
        "follow": (False, "boolean", False, "parse_options"),
        "ids": (False, "array", [], "ids"),
        "skip": (False, None, None, "ids"),
    }  # ``ignored`` is read from the comprehension's own ``args``, not the tool's
    result = run_cli(root, "check", "--select", "PRM003")
    assert result.exit_code == 0, result.output


SEARCHING = """\
    async def do_search(query: str, limit: int = 5, *, lang: "str" = "en"):
        return f"{query} {limit} {lang}"


    def with_agent(agent, /, query: str | None, limit: Optional[int] = None, **rest):
        return f"{agent} {query} {limit} {rest.get('extra')}"


    def relay(args: dict):
        return with_agent(None, **args)


    class Searcher:
        def run(self, text: int | str, pages=DEFAULT_PAGES):
            return text
    """


def _tool(name: str, call: str) -> str:
    return dedent(
        f"""\
        from helpers.searching import Searcher, do_search, relay, with_agent
        from helpers.tool import Response, Tool


        class {name.title()}(Tool):
            async def execute(self, **kwargs) -> Response:
                return Response(message={call}, break_loop=False)
        """
    )


def test_the_parameters_of_a_helper_the_arguments_are_splatted_into(make_repo, run_cli) -> None:
    root = make_repo(
        {
            "helpers/searching.py": dedent(SEARCHING),
            "tools/search.py": _tool("search", "await do_search(**kwargs)"),
            "tools/agent.py": _tool("agent", "with_agent(self.agent, **self.args)"),
            "tools/relay.py": _tool("relay", "relay(self.args)"),
            "tools/pages.py": _tool("pages", "searcher.run(**kwargs)").replace(
                "        return", "        searcher = Searcher()\n        return"
            ),
        }
    )
    assert _arguments(run_cli, root, "tools/search.py") == {
        "query": (True, "string", None, "do_search"),
        "limit": (False, "integer", 5, "do_search"),
        "lang": (False, "string", "en", "do_search"),  # the type of the default
    }
    # filled by name only: not ``agent`` (positional-only, and filled by position)
    expected = {
        "query": (True, "string", None, "with_agent"),
        "limit": (False, "integer", None, "with_agent"),
        "extra": (False, None, None, "with_agent"),
    }
    assert _arguments(run_cli, root, "tools/agent.py") == expected
    assert _arguments(run_cli, root, "tools/relay.py") == expected
    # nor a method's ``self``
    assert _arguments(run_cli, root, "tools/pages.py") == {
        "text": (True, None, None, "Searcher.run"),
        "pages": (False, None, None, "Searcher.run"),
    }


CHECKED = """\
    def find(query="", limit=10, mode=None):
        if not query:
            raise ValueError("query is required")
        if not limit:
            raise ValueError("limit is required")
        if mode is None:
            raise ValueError("mode is required")
        return f"{query} {limit} {mode}"
    """


def test_a_default_the_helpers_check_refuses_is_no_default(make_repo, run_cli) -> None:
    """``def find(query=""): if not query: raise ...`` needs ``query`` as
    ``args.get("query", "")`` then the same check does; ``limit=10`` passes
    ``if not limit``."""
    tool = _tool("find", "find(**self.args)").replace("import Searcher,", "import")
    tool = tool.replace(
        "helpers.searching import do_search, relay, with_agent", "helpers.finding import find"
    )
    root = make_repo({"helpers/finding.py": dedent(CHECKED), "tools/find.py": tool})
    assert _arguments(run_cli, root, "tools/find.py") == {
        "query": (True, "string", None, "find"),
        "limit": (False, "integer", 10, "find"),
        "mode": (True, None, None, "find"),
    }


def test_a_splat_beside_other_splats_fills_parameters_no_one_can_name(make_repo, run_cli) -> None:
    prompt = '### search\nargs: `query`\n`{"tool_name": "search", "tool_args": {"query": "x"}}`\n'
    for call in ("await do_search(*[], **kwargs)", "await do_search(**{'limit': 1}, **kwargs)"):
        root = make_repo(
            {
                "helpers/searching.py": dedent(SEARCHING),
                "tools/search.py": _tool("search", call),
                "prompts/agent.system.tool.search.md": prompt,
            }
        )
        result = run_cli(root, "inspect", "tools/search.py", "--json")
        (tool,) = json.loads(result.output)[0]["tools"]
        assert tool["arguments"] == []
        assert [r["expression"] for r in tool["other_arguments"]] == [call[len("await ") :]]
        result = run_cli(root, "check", "--select", "PRM003")
        assert result.exit_code == 0, result.output


OWN = """\
    from helpers.tool import Response, Tool


    def _search(agent, query: str, limit: int = 5):
        return f"{agent} {query} {limit}"


    class Search(Tool):
        async def execute(self, **kwargs) -> Response:
            return Response(message=CALL, break_loop=False)
    """


def test_a_function_of_the_module_takes_the_splat_in_the_parameters_left(
    make_repo, run_cli
) -> None:
    root = make_repo({"tools/search.py": dedent(OWN).replace("CALL", "_search(None, **kwargs)")})
    assert _arguments(run_cli, root, "tools/search.py") == {
        "query": (True, "string", None, "_search"),
        "limit": (False, "integer", 5, "_search"),
    }  # not ``agent``, filled by position
    root = make_repo({"tools/search.py": dedent(OWN).replace("CALL", "_search(*[], **kwargs)")})
    result = run_cli(root, "inspect", "tools/search.py", "--json")
    (tool,) = json.loads(result.output)[0]["tools"]
    assert tool["arguments"] == []
    assert [r["expression"] for r in tool["other_arguments"]] == ["_search(*[], **kwargs)"]


ANSWERS = """\
    from helpers.errors import RepairableException


    def require_text(args: dict) -> str:
        text = {value}
        if not text:
            raise RepairableException("The final answer must not be empty.")
        return text
    """

RESPONSE = """\
    from helpers.answers import require_text
    from helpers.tool import Response, Tool


    class ResponseTool(Tool):
        async def execute(self, **kwargs) -> Response:
            return Response(message=require_text(self.args), break_loop=True)
    """


def test_an_or_of_two_keys_a_helper_refuses_empty_makes_alternatives(make_repo, run_cli) -> None:
    """As in the tool's module: one of the two is needed, neither alone."""
    for value in (
        '(args.get("text") or args.get("message") or "").strip()',
        'args.get("text") or args.get("message")',
        'str(args.get("text") or args.get("message") or "")',
    ):
        root = make_repo(
            {
                "helpers/answers.py": dedent(ANSWERS).replace("{value}", value),
                "tools/response.py": dedent(RESPONSE),
                "prompts/agent.system.tool.response.md": (
                    '### response\nAnswer.\n~~~json\n{"tool_name": "response", '
                    '"tool_args": {"message": "done"}}\n~~~\n'
                ),
            }
        )
        result = run_cli(root, "inspect", "tools/response.py", "--json")
        (module,) = json.loads(result.output)
        (tool,) = module["tools"]
        found = {a["name"]: (a["required"], a["alternatives"]) for a in tool["arguments"]}
        assert found == {"text": (False, ["message"]), "message": (False, ["text"])}, value
        result = run_cli(root, "check", "--no-cache", "--select", "PRM004")
        assert result.output == "All checks passed.\n", (value, result.output)


def test_an_or_with_a_fallback_the_check_passes_needs_neither(make_repo, run_cli) -> None:
    root = make_repo(
        {
            "helpers/answers.py": dedent(ANSWERS).replace(
                "{value}", 'args.get("text") or args.get("message") or "(empty)"'
            ),
            "tools/response.py": dedent(RESPONSE),
        }
    )
    result = run_cli(root, "inspect", "tools/response.py", "--json")
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    assert {a["name"]: (a["required"], a["alternatives"]) for a in tool["arguments"]} == {
        "text": (False, []),
        "message": (False, []),
    }


SEARCH_OPTS = """\
    def parse_options(args: dict) -> dict:
        query = str(args.get("query", "")).strip()
        engine = args.get("engine", "ddg"){fold}
        if engine not in ("ddg", "brave"):
            raise ValueError(f"unsupported engine {engine}")
        opts = {"query": query, "engine": engine}
        if (limit := args.get("limit")) is not None:
            opts["limit"] = max(1, min(int(limit), 50))
        mode = args.get("mode", "fast")
        if mode == "deep":
            opts["deep"] = True
        return opts
    """

WEB_SEARCH = """\
    from helpers.errors import RepairableException
    from helpers.search_opts import parse_options
    from helpers.tool import Response, Tool


    class WebSearch(Tool):
        async def execute(self, **kwargs) -> Response:
            try:
                opts = parse_options(self.args)
            except ValueError as e:
                raise RepairableException(str(e)) from e
            return Response(message=str(opts), break_loop=False)
    """


def _values(run_cli, root: Path) -> dict[str, tuple[Any, ...]]:
    result = run_cli(root, "inspect", "tools/web_search.py", "--json")
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    return {
        a["name"]: (a["type"], a.get("enum"), a.get("values_unknown", False))
        for a in tool["arguments"]
    }


def test_values_and_conversions_a_helper_checks_cross_the_module_boundary(
    make_repo, run_cli
) -> None:
    """A closed check in a helper names the values accepted; another test
    of the value leaves them unknown (never "any value"); a conversion of a
    name bound to a read types it."""
    root = make_repo(
        {
            "helpers/search_opts.py": dedent(SEARCH_OPTS).replace("{fold}", ".lower()"),
            "tools/web_search.py": dedent(WEB_SEARCH),
            "tools/web_search.py.dox.md": (
                "# DOX\n\n## Runtime Contracts\n- Arguments of `WebSearch`:\n"
                '  - `query`: optional string, default `""`.\n'
                '  - `engine`: optional string, default `"ddg"`, one of `ddg`, `brave`.\n'
                "  - `limit`: optional integer.\n"
                '  - `mode`: optional string, default `"fast"`, one of `fast`, `deep`.\n'
            ),
        }
    )
    assert _values(run_cli, root) == {
        "query": ("string", None, False),
        "engine": ("string", ["ddg", "brave"], False),
        "limit": ("integer", None, False),
        "mode": ("string", None, True),
    }
    result = run_cli(root, "check", "--no-cache", "--select", "DOX111")
    assert result.output == "All checks passed.\n", result.output
    # a reshaping no list holds: the values compared are not those accepted
    (root / "helpers/search_opts.py").write_text(
        dedent(SEARCH_OPTS).replace("{fold}", '.replace("-", "")'), encoding="utf-8"
    )
    assert _values(run_cli, root)["engine"] == ("string", None, True)
