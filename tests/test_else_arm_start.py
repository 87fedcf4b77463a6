"""The ``else`` of an ``if`` runs instead of its body, not after it: a name
the body bound again still holds, in the ``else``, what it held before the
``if``. ``if name.startswith("*"): name = name[1:]`` / ``else: name =
name.strip()`` then ``if not name: return error`` refuses an empty ``name``
whichever arm ran; ``else: action = str(action or self.method or "state")``
gives ``action`` a fallback no one can state, whatever the body did."""

from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent, indent
from typing import Any

import pytest

HEAD = """\
from helpers.tool import Response, Tool


def lookup(value):
    return value or "default"


class NameTool(Tool):
    async def execute(self, **kwargs):
"""

CHECK = """\
if not name:
    return Response(message="name is required", break_loop=False)
return Response(message=f"hi {name}", break_loop=False)
"""


def _arguments(run_cli, make_repo, body: str, check: str = "") -> dict[str, dict[str, Any]]:
    source = HEAD + indent(dedent(body) + check, " " * 8)
    root: Path = make_repo({"tools/name_tool.py": source})
    result = run_cli(root, "inspect", "tools/name_tool.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    return {a["name"]: a for a in tool["arguments"]}


def _stated(argument: dict[str, Any]) -> tuple[object, object]:
    """(requiredness, default): ``"unknown"`` for either doxtool does not state."""
    required = "unknown" if argument["required_unknown"] else argument["required"]
    default = argument["default"] if argument["has_default"] else "unknown"
    if not argument["has_default"] and not argument["default_unknown"]:
        default = None
    return required, default


BOTH_ARMS = [
    # a slice on one arm, a string method on the other: empty either way
    """\
    name = self.args.get("name", "")
    if name.startswith("*"):
        name = name[1:]
    else:
        name = name.strip()
    """,
    # the arm chosen by something else than the name
    """\
    name = self.args.get("name", "")
    if self.method == "exact":
        name = name[1:]
    else:
        name = name.strip()
    """,
]


@pytest.mark.parametrize("body", BOTH_ARMS)
def test_a_check_past_arms_that_each_remake_the_name_refuses_the_empty_value(
    run_cli, make_repo, body: str
) -> None:
    arguments = _arguments(run_cli, make_repo, body, CHECK)
    assert _stated(arguments["name"]) == (True, "unknown")


def test_slices_on_both_arms_claim_no_default(run_cli, make_repo) -> None:
    body = """\
    name = self.args.get("name", "")
    if name.startswith("*"):
        name = name[1:]
    else:
        name = name[2:]
    """
    arguments = _arguments(run_cli, make_repo, body, CHECK)
    # what a slice leaves of a value the code does not say: needed on some calls
    assert _stated(arguments["name"]) == ("unknown", "unknown")


def test_a_name_bound_to_another_argument_on_one_arm_stands_for_each(run_cli, make_repo) -> None:
    body = """\
    name = self.args.get("name", "")
    if self.method == "alias":
        name = self.args.get("alias", "")
    else:
        name = name.strip()
    """
    arguments = _arguments(run_cli, make_repo, body, CHECK)
    # ``alias`` is needed on the ``alias`` calls only
    assert _stated(arguments["alias"]) == ("unknown", "unknown")


def test_a_fallback_in_the_else_gives_no_default(run_cli, make_repo) -> None:
    source = """\
from helpers.tool import Response, Tool


class Browser(Tool):
    async def execute(self, action: str = "", **kwargs):
        method_action = str(self.method or "").strip().lower().replace("-", "_")
        requested = str(action or "").strip().lower().replace("-", "_")
        clipboard_action = ""
        if method_action == "clipboard" and requested in {"copy", "cut", "paste"}:
            clipboard_action = requested
            action = "clipboard"
        else:
            action = str(action or self.method or "state").strip().lower().replace("-", "_")
        if action == "open":
            return Response(message="opened", break_loop=False)
        elif action == "clipboard":
            return Response(message=f"clipboard {clipboard_action}", break_loop=False)
        return Response(message=f"ran {action}", break_loop=False)
"""
    root: Path = make_repo({"tools/browser.py": source})
    result = run_cli(root, "inspect", "tools/browser.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (argument,) = module["tools"][0]["arguments"]
    # absent, it is whatever the method or ``"state"`` makes it, not ``""``
    assert _stated(argument) == (False, "unknown")
    # and the dispatch past the ``if`` compares it
    assert {"open", "clipboard"} <= set(argument["compared"])


def test_an_arm_binding_a_literal_leaves_the_argument_optional(run_cli, make_repo) -> None:
    body = """\
    name = self.args.get("name", "")
    if self.method == "fixed":
        name = "fixed"
    else:
        name = name.strip()
    """
    arguments = _arguments(run_cli, make_repo, body, CHECK)
    assert _stated(arguments["name"])[0] is not True
