"""A check whose test also selects a value of an argument (``if action ==
"servers" or not server: return Response(...)``) runs its block for that
value, here the default, as well as for a missing ``server``: the
``Response`` is the tool's answer to a request it takes (a listing) as much
as an error. The arguments it would refuse are needed on some calls at most
(``required or optional``, no default claimed) and are no alternatives to
one another (no false ``required``, no false ``anyOf`` in the schema); a
check of a missing value alone still refuses it."""

from __future__ import annotations

import json
from pathlib import Path

TOP = "from helpers.tool import Response, Tool\n\n\nclass Servers(Tool):\n"
PROMPT = "### servers\nlist or query servers\nargs: `action`, `server`, `url`\n"


def _arguments(make_repo, run_cli, body: str) -> dict[str, dict]:
    root: Path = make_repo(
        {"tools/servers.py": TOP + body, "prompts/agent.system.tool.servers.md": PROMPT}
    )
    result = run_cli(root, "inspect", "--json", "tools/servers.py")
    assert result.exit_code == 0, result.output
    tool = json.loads(result.output)[0]["tools"][0]
    return {a["name"]: a for a in tool["arguments"]}


def test_a_check_selecting_a_value_hedges_the_other(make_repo, run_cli) -> None:
    body = (
        '    async def execute(self, action: str = "servers", server: str = "", **kwargs):\n'
        '        if action == "servers" or not server:\n'
        '            return Response(message="all servers: a, b", break_loop=False)\n'
        '        return Response(message=f"{server}: up", break_loop=False)\n'
    )
    args = _arguments(make_repo, run_cli, body)
    server = args["server"]
    assert (server["required"], server["required_unknown"]) == (False, True)
    assert server["has_default"] is False
    assert (args["action"]["has_default"], args["action"]["default"]) == (True, "servers")


def test_a_joint_check_selecting_a_value_makes_no_alternatives(make_repo, run_cli) -> None:
    body = (
        "    async def execute(self, **kwargs):\n"
        '        action = self.args.get("action", "servers")\n'
        '        server = self.args.get("server", "")\n'
        '        url = self.args.get("url", "")\n'
        '        if action in ("servers", "all") or (not server and not url):\n'
        '            return Response(message="all servers: a, b", break_loop=False)\n'
        '        return Response(message=f"{server or url}: up", break_loop=False)\n'
    )
    args = _arguments(make_repo, run_cli, body)
    for name in ("server", "url"):
        assert args[name]["alternatives"] == []
        assert args[name]["required"] is False


def test_a_test_of_an_empty_value_selects_nothing(make_repo, run_cli) -> None:
    # ``mode == ""`` tests a missing mode: the check refuses, as ``not mode`` does
    body = (
        "    async def execute(self, **kwargs):\n"
        '        mode = self.args.get("mode", "")\n'
        '        server = self.args.get("server", "")\n'
        '        if mode == "" or not server:\n'
        '            return Response(message="mode and server are required", break_loop=False)\n'
        '        return Response(message=f"{server}: {mode}", break_loop=False)\n'
    )
    args = _arguments(make_repo, run_cli, body)
    assert (args["server"]["required"], args["server"]["required_unknown"]) == (True, False)


def test_a_plain_check_still_refuses(make_repo, run_cli) -> None:
    body = (
        '    async def execute(self, server: str = "", **kwargs):\n'
        "        if not server:\n"
        '            return Response(message="server is required", break_loop=False)\n'
        '        return Response(message=f"{server}: up", break_loop=False)\n'
    )
    args = _arguments(make_repo, run_cli, body)
    assert (args["server"]["required"], args["server"]["required_unknown"]) == (True, False)


def test_a_later_refusal_of_what_the_check_answered_refuses_nothing(make_repo, run_cli) -> None:
    # past the listing no call missing both ``server`` and ``url`` comes: the
    # ``else`` of the chain never runs for them, and makes no alternatives
    body = (
        '    async def execute(self, action: str = "servers", server: str = "", url: str = "", **kwargs):\n'
        '        if action == "servers" or (not server and not url):\n'
        '            return Response(message="all servers: a, b", break_loop=False)\n'
        "        if url:\n"
        "            target = url\n"
        "        elif server:\n"
        "            target = server\n"
        "        else:\n"
        '            return Response(message="give server or url", break_loop=False)\n'
        '        return Response(message=f"{target}: up", break_loop=False)\n'
    )
    args = _arguments(make_repo, run_cli, body)
    for name in ("server", "url"):
        assert args[name]["alternatives"] == []
        assert args[name]["required"] is False


def test_a_refusal_of_more_than_was_answered_still_refuses(make_repo, run_cli) -> None:
    # only ``server`` alone is answered: a call with ``url`` and no ``token`` gets to the check
    body = (
        "    async def execute(self, **kwargs):\n"
        '        action = self.args.get("action", "servers")\n'
        '        server = self.args.get("server", "")\n'
        '        token = self.args.get("token", "")\n'
        '        if action == "servers" or not server:\n'
        '            return Response(message="all servers: a, b", break_loop=False)\n'
        "        if not token:\n"
        '            return Response(message="token is required", break_loop=False)\n'
        '        return Response(message=f"{server}: {token}", break_loop=False)\n'
    )
    args = _arguments(make_repo, run_cli, body)
    assert (args["token"]["required"], args["token"]["required_unknown"]) == (True, False)
