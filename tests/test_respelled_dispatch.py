"""A value re-spelled before a closed dispatch tests it (``action =
str(args.get("action") or "").replace("-", "_")``, then an ``if``/``elif``
chain whose ``else`` is the error): the values accepted are not those
listed (``list-tasks`` is taken too), so none is claimed, but a missing key's
``""`` stays ``""``, which the dispatch refuses: the argument is required.
``replace("", "_")`` makes something else of ``""``: nothing is claimed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest


def _tool(read: str) -> str:
    return (
        "from helpers.tool import Response, Tool\n\n\n"
        "class Sched(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        f"        action = {read}\n"
        '        if action == "list_tasks":\n'
        '            return Response(message="listed", break_loop=False)\n'
        '        elif action == "show_task":\n'
        '            return Response(message="shown", break_loop=False)\n'
        "        else:\n"
        '            return Response(message="Unknown action", break_loop=False)\n'
    )


def _action(run_cli, root: Path) -> dict[str, Any]:
    result = run_cli(root, "inspect", "tools/sched.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    (action,) = [a for a in tool["arguments"] if a["name"] == "action"]
    return action


@pytest.mark.parametrize(
    "read",
    [
        'str(kwargs.get("action") or "").strip().lower().replace("-", "_")',
        'kwargs.get("action", "").replace("-", "_")',
        'self.args.get("action", "").title()',
    ],
)
def test_a_respelled_value_a_closed_dispatch_refuses_is_required(
    run_cli, make_repo, read: str
) -> None:
    root = make_repo({"tools/sched.py": _tool(read)})
    action = _action(run_cli, root)
    assert (action["required"], action["required_unknown"]) == (True, False)
    assert (action["has_default"], action["enum"], action["values_unknown"]) == (
        False,
        None,
        True,
    )
    run_cli(root, "check", "--fix", "--select", "DOX")
    text = (root / "tools/sched.py.dox.md").read_text()
    assert "  - `action`: required string.\n" in text, text


def test_a_replace_that_fills_the_empty_string_claims_nothing_required(run_cli, make_repo) -> None:
    root = make_repo({"tools/sched.py": _tool('kwargs.get("action", "").replace("", "_")')})
    action = _action(run_cli, root)
    assert action["required"] is False
    assert action["enum"] is None


@pytest.mark.parametrize("shown", ["action.upper()", 'action.replace("_", " ")'])
def test_a_value_respelled_only_in_an_f_string_keeps_the_values_listed(
    run_cli, make_repo, shown: str
) -> None:
    text = _tool('self.args.get("action", "list_tasks")').replace(
        '            return Response(message="listed"',
        f'            self.log(f"{{{shown}}}")\n            return Response(message="listed"',
    )
    root = make_repo({"tools/sched.py": text})
    action = _action(run_cli, root)
    assert action["enum"] == ["list_tasks", "show_task"]
    assert action["values_unknown"] is False
