"""A tool that refuses every key past the ones it names (``if kwargs:
return Response(f"x does not take {', '.join(kwargs)}")``) takes no other
argument: naming the keys in the error is no use of them. A body that does
anything else with them (hands them to a call) still takes them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest


def _inspect(run_cli, root: Path) -> dict[str, Any]:
    result = run_cli(root, "inspect", "tools/setting.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    return tool  # type: ignore[no-any-return]


def _tool(refusal: str) -> str:
    return (
        "from helpers.tool import Response, Tool\n"
        "from helpers import store\n\n\n"
        "class Setting(Tool):\n"
        '    async def execute(self, action: str = "list", value: str = "", **kwargs):\n'
        f"{refusal}"
        '        return Response(message=f"{action} {value}", break_loop=False)\n\n'
        "    def _msg(self, text):\n"
        "        return Response(message=text, break_loop=False)\n\n"
        "    def _kept(self, text):\n"
        "        return Response(message=store.save(text), break_loop=False)\n"
    )


@pytest.mark.parametrize(
    "refusal",
    [
        "        if kwargs:\n"
        "            return Response(message=f\"takes no {', '.join(map(repr, kwargs))}\", break_loop=False)\n",
        '        if kwargs:\n            return Response(message=f"takes no {sorted(kwargs)}", break_loop=False)\n',
        '        if len(kwargs):\n            raise ValueError("takes no " + ", ".join(kwargs))\n',
        '        if kwargs:\n            return self._msg(f"takes no {sorted(kwargs)}")\n',
    ],
)
def test_keys_refused_all_at_once_are_not_taken(make_repo, run_cli, refusal: str) -> None:
    root = make_repo({"tools/setting.py": _tool(refusal)})

    tool = _inspect(run_cli, root)
    assert tool["other_arguments"] == []
    assert [a["name"] for a in tool["arguments"]] == ["action", "value"]


@pytest.mark.parametrize(
    "body",
    [
        "        if kwargs:\n"
        "            return Response(message=store.save(kwargs), break_loop=False)\n",
        "        if kwargs:\n"
        "            store.save(kwargs)\n"
        '            return Response(message="saved", break_loop=False)\n',
        '        if not kwargs:\n            return Response(message=f"no {sorted(kwargs)}", break_loop=False)\n'
        "        store.save(kwargs)\n",
        "        if kwargs:\n            return self._kept(store.save(kwargs))\n",
    ],
)
def test_keys_a_branch_hands_on_are_taken(make_repo, run_cli, body: str) -> None:
    root = make_repo({"tools/setting.py": _tool(body)})

    tool = _inspect(run_cli, root)
    taken = [r["expression"] for r in tool["other_arguments"]]
    assert any("store.save(" in expression for expression in taken), taken
