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
