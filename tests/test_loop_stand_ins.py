"""A loop over literal keys whose pass may end the call or the loop with
the value it found (``for key in ("text", "message"): ... return
Response(message=value)``) takes the first key present: the keys stand in
for one another, so a companion that says so is right (no DOX111 "needed on
its own"), and the facts name them alternatives. A loop whose only exits
are checks' errors (``if not self.args.get(key): return error``) still
needs every key, and a loop over the keys of another dict makes none.
Through the real CLI.
"""

from __future__ import annotations

from typing import Any

from bothwalks import tool_module

FIRST_FOUND = (
    "from helpers.tool import Response, Tool\n"
    "from helpers.errors import RepairableException\n\n\n"
    "class T(Tool):\n"
    "    async def execute(self, **kwargs):\n"
    '        for key in ("text", "message"):\n'
    "            value = self.args.get(key)\n"
    "            if isinstance(value, str) and value.strip():\n"
    "                return Response(message=value, break_loop=True)\n"
    '        raise RepairableException("text or message is required")\n'
)

EVERY_NEEDED = (
    "from helpers.tool import Response, Tool\n\n\n"
    "class T(Tool):\n"
    "    async def execute(self, **kwargs):\n"
    '        for key in ("url", "selector"):\n'
    "            if not self.args.get(key):\n"
    '                return Response(message=f"{key} is required", break_loop=False)\n'
    '        return Response(message="clicked", break_loop=False)\n'
)

OTHER_DICT = (
    "from helpers.tool import Response, Tool\n\n\n"
    "class T(Tool):\n"
    "    async def execute(self, **kwargs):\n"
    '        name = self.args.get("name", "")\n'
    '        selector = self.args.get("selector", "")\n'
    '        node = {"name": name, "selector": selector}\n'
    '        for key in ("name", "selector"):\n'
    "            value = node.get(key)\n"
    "            if value:\n"
    "                break\n"
    '        return Response(message=f"{name} {selector}", break_loop=False)\n'
)

COMPANION = """# t.py DOX

## Purpose
- Own the `t.py` agent tool.

## Runtime Contracts
- `T` is a `Tool`.
- `T` defines `execute(...)`.
- Arguments of `T`:
  - `text`: optional, alternative to `message`.
  - `message`: optional, alternative to `text`.
"""


def arguments(run_cli: Any, root: Any) -> dict[str, dict[str, Any]]:
    return {a["name"]: a for a in tool_module(run_cli, root)["arguments"]}


def test_keys_of_a_loop_ending_on_the_first_found_stand_in_for_one_another(
    make_repo: Any, run_cli: Any
) -> None:
    root = make_repo({"tools/t.py": FIRST_FOUND, "tools/t.py.dox.md": COMPANION})
    args = arguments(run_cli, root)
    assert args["text"]["alternatives"] == ["message"]
    assert args["message"]["alternatives"] == ["text"]
    result = run_cli(root, "check", "--no-cache", "--select", "DOX111", "tools/t.py")
    assert "DOX111" not in result.output, result.output


def test_keys_of_a_loop_of_checks_are_each_required(make_repo: Any, run_cli: Any) -> None:
    root = make_repo({"tools/t.py": EVERY_NEEDED})
    args = arguments(run_cli, root)
    for name in ("url", "selector"):
        assert args[name]["required"] is True, args[name]
        assert args[name]["alternatives"] == [], args[name]


def test_a_loop_over_keys_of_another_dict_makes_no_alternatives(
    make_repo: Any, run_cli: Any
) -> None:
    root = make_repo({"tools/t.py": OTHER_DICT})
    args = arguments(run_cli, root)
    assert args["name"]["alternatives"] == []
    assert args["selector"]["alternatives"] == []
