"""A closed check of an argument in one method of a tool (``if kind not in
("slack", "email"): return Response(error)`` in ``_configure``) says nothing
of a read of the same key in a method that runs without it (``_test``,
which hands any value on): the values accepted are not known there, so no
list is claimed and a prompt example giving another value on that path is
not reported (PRM008). A read in ``execute`` or in a hook that shows the
call, a check every call runs, or a read in the method holding the check
keep the list. Through the real CLI.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from bothwalks import tool_module


def tool(test_body: str, head: str = "", extra: str = "") -> str:
    return (
        "from helpers.tool import Response, Tool\n\n\n"
        "class T(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        f"{head}"
        '        action = self.args.get("action", "configure")\n'
        '        if action == "test":\n'
        "            return await self._test()\n"
        "        return await self._configure()\n\n"
        "    async def _test(self):\n"
        f"{test_body}"
        '        return Response(message="tested", break_loop=False)\n\n'
        "    async def _configure(self):\n"
        '        kind = self.args.get("kind", "").lower()\n'
        '        if kind not in ["slack", "email"]:\n'
        '            return Response(message="unsupported kind", break_loop=False)\n'
        '        return Response(message="configured", break_loop=False)\n'
        f"{extra}"
    )


PROMPT = (
    "### t\n"
    "Test a channel.\n\n"
    "~~~json\n"
    '{"thoughts": ["test"], "headline": "Testing", "tool_name": "t",\n'
    ' "tool_args": {"action": "test", "kind": "cli"}}\n'
    "~~~\n"
)

UNCHECKED = '        connect(self.args.get("kind"))\n'


def kind_of(run_cli: Any, root: Path) -> dict[str, Any]:
    args = {a["name"]: a for a in tool_module(run_cli, root)["arguments"]}
    return args["kind"]  # type: ignore[no-any-return]


def test_a_read_in_a_method_without_the_check_leaves_the_values_unknown(
    make_repo: Any, run_cli: Any
) -> None:
    root = make_repo({"tools/t.py": tool(UNCHECKED), "prompts/agent.system.tool.t.md": PROMPT})
    kind = kind_of(run_cli, root)
    assert kind["enum"] is None
    assert kind["values_unknown"] is True
    result = run_cli(root, "check", "--select", "PRM008")
    assert "PRM008" not in result.output, result.output
    assert result.exit_code == 0, result.output


KEPT = [
    # no read of the key outside the checking method
    ('        connect("x")\n', "", ""),
    # a read in a hook that shows the call
    (
        '        connect("x")\n',
        "",
        "\n    def get_log_object(self):\n"
        '        return self.agent.context.log.log(type="tool", heading=self.args.get("kind"))\n',
    ),
    # the check runs on every call, at the top of execute
    (
        UNCHECKED,
        '        if self.args.get("kind", "").lower() not in ["slack", "email"]:\n'
        '            return Response(message="unsupported kind", break_loop=False)\n',
        "",
    ),
]


@pytest.mark.parametrize(("test_body", "head", "extra"), KEPT)
def test_the_values_are_kept_where_every_read_passes_the_check(
    make_repo: Any, run_cli: Any, test_body: str, head: str, extra: str
) -> None:
    root = make_repo(
        {"tools/t.py": tool(test_body, head, extra), "prompts/agent.system.tool.t.md": PROMPT}
    )
    assert kind_of(run_cli, root)["enum"] == ["slack", "email"]
    result = run_cli(root, "check", "--select", "PRM008")
    assert "PRM008" in result.output, result.output
