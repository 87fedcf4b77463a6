"""A helper of another module that raises on a value of its parameter as one
part of an ``or`` (``not items or len(items) > 64``), or by its type (``not
isinstance(items, list)``), refuses what a missing argument gives, as the
same check in the tool's own module does: the argument the tool hands it is
needed. A type the missing value has refuses nothing. A part of an ``and``
(``action == "dm" and not target``) needs it on the calls the other parts take."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

TOOL_PY = """\
from helpers.tool import Response, Tool
from helpers.shapes import check


class Show(Tool):
    async def execute(self, items=None, limit=10, **kwargs):
        check(items, limit)
        return Response(message="shown", break_loop=False)
"""

CHECKS = {
    "type": "    if not isinstance(items, list):\n",
    "type, or a length": "    if not isinstance(items, (list, tuple)) or not 1 <= len(items) <= 64:\n",
    "a length, or empty": "    if len(items) > 64 or not items:\n",
}

PROMPT = "### show\nshow items\nargs: `items`, `limit`\n"


def _arguments(make_repo, run_cli, check: str, limit_check: str = "") -> dict[str, dict]:
    helper = "def check(items, limit):\n" + check + "        raise ValueError('bad items')\n"
    root: Path = make_repo(
        {
            "helpers/shapes.py": helper + limit_check + "    return items\n",
            "tools/show.py": TOOL_PY,
            "prompts/agent.system.tool.show.md": PROMPT,
        }
    )
    result = run_cli(root, "inspect", "--json", "tools/show.py")
    assert result.exit_code == 0, result.output
    tool = json.loads(result.output)[0]["tools"][0]
    return {a["name"]: a for a in tool["arguments"]}


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_a_part_refusing_the_missing_value_makes_it_required(make_repo, run_cli, check) -> None:
    items = _arguments(make_repo, run_cli, CHECKS[check])["items"]
    assert (items["required"], items["required_unknown"]) == (True, False)
    assert items["has_default"] is False


def test_a_type_the_default_has_refuses_nothing(make_repo, run_cli) -> None:
    limit_check = (
        "    if not isinstance(limit, int) or limit > 99:\n        raise ValueError('bad')\n"
    )
    arguments = _arguments(make_repo, run_cli, CHECKS["type"], limit_check)
    assert arguments["limit"]["required"] is False
    assert (arguments["limit"]["default"], arguments["limit"]["has_default"]) == (10, True)


SEND_TOOL_PY = """\
from helpers.tool import Response, Tool
from helpers.sending import send


class Send(Tool):
    async def execute(self, **kwargs):
        return Response(message=send(self.args), break_loop=False)
"""

SEND_HEAD = (
    'def send(args):\n    action = args.get("action", "")\n    target = args.get("target")\n'
)


def _send_arguments(make_repo, run_cli, check: str) -> dict[str, dict]:
    helper = SEND_HEAD + check + "        raise ValueError('bad target')\n    return action\n"
    root: Path = make_repo(
        {
            "helpers/sending.py": helper,
            "tools/send.py": SEND_TOOL_PY,
            "prompts/agent.system.tool.send.md": "### send\nsend\nargs: `action`, `target`\n",
        }
    )
    result = run_cli(root, "inspect", "--json", "tools/send.py")
    assert result.exit_code == 0, result.output
    tool = json.loads(result.output)[0]["tools"][0]
    return {a["name"]: a for a in tool["arguments"]}


def test_a_part_of_an_and_needs_it_on_some_calls(make_repo, run_cli) -> None:
    check = '    if action == "dm" and not target:\n'
    target = _send_arguments(make_repo, run_cli, check)["target"]
    assert (target["required"], target["required_unknown"]) == (False, True)


def test_a_part_of_an_and_naming_it_twice_refuses_nothing(make_repo, run_cli) -> None:
    check = "    if target and not target.strip():\n"
    target = _send_arguments(make_repo, run_cli, check)["target"]
    assert (target["required"], target["required_unknown"]) == (False, False)


def test_an_and_of_checks_only_needs_one_of_them_not_each(make_repo, run_cli) -> None:
    """``if not items and not limit: raise`` refuses the two missing at once
    only: neither is needed on some calls of its own."""
    arguments = _arguments(make_repo, run_cli, "    if not items and not limit:\n")
    for name in ("items", "limit"):
        assert arguments[name]["required_unknown"] is False, name
        assert arguments[name]["required"] is False, name
