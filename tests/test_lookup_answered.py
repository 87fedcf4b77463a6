"""A lookup of the value in a dict whose miss is answered by a call
(``handler = handlers.get(action)``, then ``if not handler: return
self._msg(...)``) closes the dispatch when that call only wraps the message
in a ``Response``, as ``if action not in (...)`` does; a call that may
handle the value leaves the requiredness unknown, never "optional"."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

TOOL = """\
from helpers.tool import Response, Tool

HANDLERS = {{"a": "run_a", "b": "run_b"}}


class Pick(Tool):
    async def execute(self, action: str = "", **kwargs):
        action = str(action or "").strip().lower()
        {lookup}
        if not handler:
            return {answer}
        return Response(message=handler, break_loop=False)

    def _msg(self, text):
        return Response(message=text, break_loop=False)

    async def _fallback(self, action):
        return Response(message=await self.agent.run(action), break_loop=False)
"""

LOCAL_NAME = 'handlers = {"a": "run_a", "b": "run_b"}\n        handler = handlers.get(action)'
CONSTANT = "handler = HANDLERS.get(action)"


def _action(run_cli, root: Path) -> dict[str, Any]:
    result = run_cli(root, "inspect", "tools/pick.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    (action,) = [a for a in tool["arguments"] if a["name"] == "action"]
    return action  # type: ignore[no-any-return]


@pytest.mark.parametrize("lookup", [LOCAL_NAME, CONSTANT])
def test_a_miss_answered_by_a_wrapper_refuses_as_a_response(make_repo, run_cli, lookup) -> None:
    source = TOOL.format(lookup=lookup, answer='self._msg(f"unknown action {action!r}")')
    root = make_repo({"tools/pick.py": source})

    action = _action(run_cli, root)
    assert (action["required"], action["required_unknown"], action["enum"]) == (
        True,
        False,
        ["a", "b"],
    )


@pytest.mark.parametrize("lookup", [LOCAL_NAME, CONSTANT])
def test_a_miss_answered_by_a_call_that_may_handle_it_is_not_optional(
    make_repo, run_cli, lookup
) -> None:
    source = TOOL.format(lookup=lookup, answer="await self._fallback(action)")
    root = make_repo({"tools/pick.py": source})

    action = _action(run_cli, root)
    assert (action["required"], action["required_unknown"]) == (False, True)
    assert not action["enum"]


@pytest.mark.parametrize(
    "named",
    ["sorted(handlers)", "', '.join(handlers)", "list(handlers)", "len(handlers)"],
)
def test_a_local_dict_whose_keys_the_error_names_keeps_its_values(
    make_repo, run_cli, named: str
) -> None:
    answer = f'Response(message=f"unknown action; use {{{named}}}", break_loop=False)'
    source = TOOL.format(lookup=LOCAL_NAME, answer=answer)
    root = make_repo({"tools/pick.py": source})

    action = _action(run_cli, root)
    assert (action["required"], action["enum"]) == (True, ["a", "b"])


def test_a_local_dict_handed_to_a_call_holds_keys_not_known(make_repo, run_cli) -> None:
    source = TOOL.format(
        lookup=LOCAL_NAME + "\n        self.agent.register(handlers)",
        answer='Response(message="unknown action", break_loop=False)',
    )
    root = make_repo({"tools/pick.py": source})

    action = _action(run_cli, root)
    assert not action["enum"]
