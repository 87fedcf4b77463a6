"""``if pid in (None, ""): return Response("needs pid")`` refuses what
``pid is None or pid == ""`` refuses: a missing key, and an empty one, in
``execute`` and in a handler a dispatch table gives; a default outside the
tuple passes. A tuple holding any other value is no such check. ``None in
(pid, name)`` refuses what ``pid is None or name is None`` refuses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

HEAD = "from helpers.tool import Response, Tool\n\n\n"

DIRECT = HEAD + (
    "class P(Tool):\n"
    "    async def execute(self, **kwargs):\n"
    '        pid = self.args.get("pid"DEFAULT)\n'
    "        if pid in MEMBERS:\n"
    '            return Response(message="needs pid", break_loop=False)\n'
    "        return Response(message=str(pid), break_loop=False)\n"
)

DISPATCHED = HEAD + (
    "class P(Tool):\n"
    '    async def execute(self, action="", **kwargs):\n'
    '        handlers = {"scroll": self._scroll, "list": self._list}\n'
    "        handler = handlers.get(action)\n"
    "        if handler is None:\n"
    '            return Response(message="unknown action", break_loop=False)\n'
    "        return await handler(**kwargs)\n\n"
    "    async def _scroll(self, pid=None, **kwargs):\n"
    '        if pid in (None, ""):\n'
    '            return Response(message="scroll needs pid", break_loop=False)\n'
    "        return Response(message=str(pid), break_loop=False)\n\n"
    "    async def _list(self, **kwargs):\n"
    '        return Response(message="list", break_loop=False)\n'
)


def _pid(make_repo, run_cli, source: str) -> dict:
    root: Path = make_repo({"tools/p.py": source})
    result = run_cli(root, "inspect", "--json", "tools/p.py")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    return {a["name"]: a for a in module["tools"][0]["arguments"]}["pid"]


@pytest.mark.parametrize("members", ['(None, "")', '[None, ""]', "(None,)", "{''}"])
def test_a_tuple_of_missing_values_refuses_a_missing_key(make_repo, run_cli, members) -> None:
    source = DIRECT.replace("DEFAULT", "").replace("MEMBERS", members)
    if members == "{''}":
        source = source.replace('self.args.get("pid")', 'self.args.get("pid", "")')
    pid = _pid(make_repo, run_cli, source)
    assert (pid["required"], pid["required_unknown"]) == (True, False)


def test_a_default_outside_the_tuple_passes(make_repo, run_cli) -> None:
    source = DIRECT.replace("DEFAULT", ", 0").replace("MEMBERS", '(None, "")')
    pid = _pid(make_repo, run_cli, source)
    assert (pid["required"], pid["required_unknown"]) == (False, False)
    assert (pid["has_default"], pid["default"]) == (True, 0)


def test_a_tuple_holding_another_value_refuses_nothing(make_repo, run_cli) -> None:
    source = DIRECT.replace("DEFAULT", "").replace("MEMBERS", '(None, "auto")')
    pid = _pid(make_repo, run_cli, source)
    assert (pid["required"], pid["required_unknown"]) == (False, False)


def test_a_handler_a_dispatch_table_gives_needs_it_on_its_calls(make_repo, run_cli) -> None:
    pid = _pid(make_repo, run_cli, DISPATCHED)
    assert (pid["required"], pid["required_unknown"]) == (False, True)


PAIR = HEAD + (
    "class P(Tool):\n"
    "    async def execute(self, **kwargs):\n"
    '        pid = self.args.get("pid"DEFAULT)\n'
    '        name = self.args.get("name")\n'
    "        if BLANK in (pid, name):\n"
    '            return Response(message="needs pid and name", break_loop=False)\n'
    '        return Response(message=f"{pid} {name}", break_loop=False)\n'
)


@pytest.mark.parametrize("blank", ["None", '""'])
def test_a_blank_among_the_values_refuses_each(make_repo, run_cli, blank) -> None:
    # ``None in (pid, name)`` is ``pid is None or name is None``
    default = "" if blank == "None" else ', ""'
    source = PAIR.replace("DEFAULT", default).replace("BLANK", blank)
    pid = _pid(make_repo, run_cli, source)
    assert (pid["required"], pid["required_unknown"], pid["has_default"]) == (True, False, False)


def test_a_default_the_blank_is_not_passes(make_repo, run_cli) -> None:
    source = PAIR.replace("DEFAULT", ', ""').replace("BLANK", "None")
    pid = _pid(make_repo, run_cli, source)
    assert (pid["required"], pid["required_unknown"]) == (False, False)
    assert (pid["has_default"], pid["default"]) == (True, "")
