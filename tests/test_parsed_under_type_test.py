"""A string a base parses (``int(mode, 8)``) under a test that the value
is a string (``if isinstance(mode, str):``) says nothing of values of
other types, which the code takes as they are (``os.chmod(path, mode)``
with an integer): a prompt example giving an integer is not reported as
read as a string (PRM008). Where every value reaches the parse, an
integer is still reported. Through the real CLI.
"""

from __future__ import annotations

from typing import Any

import pytest


def tool(body: str) -> str:
    return (
        "import os\n"
        "from helpers.tool import Response, Tool\n\n\n"
        "class Perm(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        '        path = self.args.get("path", "")\n'
        '        mode = self.args.get("mode")\n'
        f"{body}"
        "        os.chmod(path, mode)\n"
        '        return Response(message="done", break_loop=False)\n'
    )


PROMPT = (
    "### perm\n"
    "Change a file's mode.\n\n"
    "~~~json\n"
    '{"thoughts": ["x"], "headline": "h", "tool_name": "perm",\n'
    ' "tool_args": {"path": "/tmp/a", "mode": 493}}\n'
    "~~~\n"
)


def check(make_repo: Any, run_cli: Any, body: str) -> str:
    root = make_repo({"tools/perm.py": tool(body), "prompts/agent.system.tool.perm.md": PROMPT})
    return str(run_cli(root, "check", "--no-cache", "--select", "PRM008").output)


@pytest.mark.parametrize(
    "body",
    [
        "        if isinstance(mode, str):\n            mode = int(mode, 8)\n",
        "        mode = int(mode, 8) if isinstance(mode, str) else mode\n",
    ],
)
def test_an_integer_skipping_the_parse_is_not_reported(
    make_repo: Any, run_cli: Any, body: str
) -> None:
    output = check(make_repo, run_cli, body)
    assert "PRM008" not in output, output


def test_an_integer_every_call_parses_is_reported(make_repo: Any, run_cli: Any) -> None:
    output = check(make_repo, run_cli, "        mode = int(mode, 8)\n")
    assert "PRM008 example gives `mode` the value `493`" in output, output
