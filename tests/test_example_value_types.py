"""The type of an argument that the code tests with ``isinstance``: more than
one type is taken, so the literal default's is not claimed, and an example
value of another type is no contradiction (PRM008)."""

from __future__ import annotations

import json

from samples import clean_files

PROMPT = "prompts/agent.system.tool.wait.md"

CODE = """\
from helpers.tool import Response, Tool


class WaitTool(Tool):
    async def execute(self, **kwargs) -> Response:
        tags = self.args.get("tags", [])
        if isinstance(tags, str):
            tags = [t.strip() for t in tags.split(",")]
        reset = self.args.get("reset", False)
        if isinstance(reset, str):
            reset = reset.lower() in ("1", "true", "yes")
        size = self.args.get("size", [])
        if isinstance(str(size), str):
            size = size
        limit = self.args.get("limit", 10)
        return Response(message=f"{tags} {reset} {size} {limit}", break_loop=False)
"""

EXAMPLE = (
    '~~~json\n{"tool_name": "wait", "tool_args": '
    '{"tags": "deploy, runbook", "reset": "true", "size": "big", "limit": "all"}}\n~~~\n'
)


def test_an_argument_whose_type_is_tested_takes_more_than_its_defaults(make_repo, run_cli) -> None:
    files = clean_files()
    files["tools/wait.py"] = CODE
    files[PROMPT] = "### wait\nPause.\nargs: `tags`, `reset`, `size`, `limit`\n" + EXAMPLE
    root = make_repo(files)
    result = run_cli(root, "inspect", "tools/wait.py", "--json")
    (module,) = json.loads(result.output)
    types = {a["name"]: a.get("type") for a in module["tools"][0]["arguments"]}
    # a type test on a conversion (``str(size)``) tests no value as read
    assert types == {"tags": None, "reset": None, "size": "array", "limit": "integer"}
    # ``size`` and ``limit`` are only formatted: their literal defaults say
    # what a missing key gives, not what the code takes, so ``"big"`` and
    # ``"all"`` are taken
    result = run_cli(root, "check", "--select", "PRM008")
    assert result.output.splitlines()[:-1] == []


def test_a_type_test_takes_no_type_from_a_read_with_no_default(make_repo, run_cli) -> None:
    """With no literal default, no type comes from one: the type the code's
    other uses give stays (``not isinstance(url, str)`` refuses the rest)."""
    files = clean_files()
    files["tools/wait.py"] = """\
from helpers.tool import Response, Tool


class WaitTool(Tool):
    async def execute(self, **kwargs) -> Response:
        url = kwargs.get("url")
        if not url or not isinstance(url, str):
            return Response(message="url argument missing", break_loop=False)
        return Response(message=url.strip(), break_loop=False)
"""
    root = make_repo(files)
    result = run_cli(root, "inspect", "tools/wait.py", "--json")
    (module,) = json.loads(result.output)
    (url,) = module["tools"][0]["arguments"]
    assert (url["name"], url.get("type"), url.get("required")) == ("url", "string", True)
