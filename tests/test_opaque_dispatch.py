"""A check that refuses every value outside a collection: one whose values
doxtool does not know (``if tool not in READ_TOOLS``, a name imported from
code it cannot read) may or may not take what a missing key gives, so the
argument is neither required nor optional; one after a call the value was
handed to (``log(tool=tool)``) refuses what it refuses all the same."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

OPAQUE_PY = """\
from helpers.tool import Response, Tool
from remote_catalog import READ_TOOLS


class Relay(Tool):
    async def execute(self, **kwargs) -> Response:
        tool = self.args.get("tool") or ""
        if tool not in READ_TOOLS:
            return Response(message=f"unknown tool {tool!r}", break_loop=False)
        return Response(message=f"ran {tool}", break_loop=False)
"""

LOGGED_PY = """\
from helpers.tool import Response, Tool
from remote_log import log


class Relay(Tool):
    async def execute(self, **kwargs) -> Response:
        tool = self.args.get("tool") or ""
        log("invoked", tool=tool)
        if tool not in ("customers.find", "routes.get"):
            return Response(message=f"unknown tool {tool!r}", break_loop=False)
        return Response(message=f"ran {tool}", break_loop=False)
"""

COMPANION = """\
# relay.py DOX

## Runtime Contracts
- Arguments of `Relay`:
  - `tool`: {word}. Which server tool to run.
- `break_loop` of `Relay`: always `false`.
"""


def _argument(run_cli: Any, root: Path) -> dict[str, Any]:
    result = run_cli(root, "inspect", "--json", "tools/relay.py")
    ((tool,),) = [m["tools"] for m in json.loads(result.output)]
    (argument,) = tool["arguments"]
    return argument  # type: ignore[no-any-return]


def test_a_check_against_values_not_known_leaves_requiredness_unknown(
    make_repo: Any, run_cli: Any
) -> None:
    root = make_repo({"tools/relay.py": OPAQUE_PY})
    tool = _argument(run_cli, root)
    assert (tool["required"], tool["required_unknown"]) == (False, True)
    assert not tool["has_default"]


def test_a_companion_calling_it_required_is_not_contradicted(make_repo: Any, run_cli: Any) -> None:
    for word in ("required", "optional"):
        root = make_repo(
            {
                "tools/relay.py": OPAQUE_PY,
                "tools/relay.py.dox.md": COMPANION.format(word=word),
            }
        )
        result = run_cli(root, "check", "--no-cache", "tools/relay.py")
        assert "`tool`" not in result.output, result.output


def test_a_rejecting_check_after_a_call_handed_the_value_still_refuses(
    make_repo: Any, run_cli: Any
) -> None:
    root = make_repo({"tools/relay.py": LOGGED_PY})
    tool = _argument(run_cli, root)
    assert tool["required"]
    assert tool["enum"] == ["customers.find", "routes.get"]


BESIDE_PY = """\
from helpers.tool import Response, Tool
from remote_catalog import READ_ACTIONS

HANDLERS = {{"open": 1, "close": 2}}


class Relay(Tool):
    async def execute(self, action: str = "", **kwargs) -> Response:
        action = str(action or "").strip().lower()
        {check}
            return Response(message=f"unknown action {{action!r}}", break_loop=False)
        if action not in READ_ACTIONS:
            if self.agent.locked:
                return Response(message="locked", break_loop=False)
        return Response(message=f"ran {{action}}", break_loop=False)
"""


@pytest.mark.parametrize(
    "check",
    [
        'if action not in ("open", "close"):',
        "handler = HANDLERS.get(action)\n        if not handler:",
    ],
)
def test_a_listed_check_beside_a_test_against_values_not_known_is_not_optional(
    make_repo: Any, run_cli: Any, check: str
) -> None:
    # the listed check refuses the missing value on every call; the other
    # test leaves the values taken unknown, and with them whether it is refused
    root = make_repo({"tools/relay.py": BESIDE_PY.format(check=check)})

    argument = _argument(run_cli, root)
    assert (argument["required"], argument["required_unknown"]) == (False, True)
