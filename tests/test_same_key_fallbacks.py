"""The same key read twice in an ``or`` chain (``kwargs.get("method") or
self.args.get("method") or <fallback>``) gives what a missing key leaves to
the fallback after it, as one read does: ``self.method`` (the method of a
``tool:method`` name) lets a call without the key through, and a literal is
the default."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

HEAD = """\
from helpers.tool import Response, Tool


class Skills(Tool):
    async def execute(self, **kwargs) -> Response:
"""


def _argument(run_cli, make_repo, body: str, name: str) -> dict[str, Any]:
    root: Path = make_repo({"tools/skills.py": HEAD + body})
    result = run_cli(root, "inspect", "tools/skills.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    (argument,) = [a for a in tool["arguments"] if a["name"] == name]
    return argument


def test_a_fallback_on_the_tool_method_leaves_the_key_optional(run_cli, make_repo) -> None:
    body = """\
        method = (kwargs.get("method") or self.args.get("method") or self.method or "").strip()
        if method == "list":
            return Response(message="listed", break_loop=False)
        if method == "load":
            return Response(message="loaded", break_loop=False)
        return Response(message="Error: missing/invalid 'method'.", break_loop=False)
"""
    argument = _argument(run_cli, make_repo, body, "method")
    assert argument["required"] is False
    assert argument["required_unknown"] is False
    assert argument["has_default"] is False
    assert argument["default_unknown"] is True


def test_a_literal_fallback_after_both_reads_is_the_default(run_cli, make_repo) -> None:
    body = """\
        mode = kwargs.get("mode") or self.args.get("mode") or "fast"
        return Response(message=mode, break_loop=False)
"""
    argument = _argument(run_cli, make_repo, body, "mode")
    assert (argument["required"], argument["has_default"], argument["default"]) == (
        False,
        True,
        "fast",
    )
