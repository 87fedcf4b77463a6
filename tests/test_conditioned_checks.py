"""A check of a missing argument joined by ``and`` to a test of something
else (``if not packages and action != "list": return Response(error)``)
refuses it on the calls the other test lets through only, as the same check
nested under ``if action != "list":`` does: the argument is needed on some
calls (``required or optional``, no default claimed). Parts testing the
same argument, or all parts tests of absence (alternatives), are as before."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

HEAD = """\
from helpers.tool import Response, Tool


class Pkg(Tool):
    async def execute(self, **kwargs):
        action = kwargs.get("action", "install")
        force = kwargs.get("force", False)
        packages = kwargs.get("packages", [])
"""

REFUSE = """\
            return Response(message="Please specify packages", break_loop=False)
"""

DONE = """\
        return Response(message=f"{action} {packages} {force}", break_loop=False)
"""


def _packages(run_cli, root: Path) -> dict:
    result = run_cli(root, "inspect", "tools/pkg.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    return {a["name"]: a for a in tool["arguments"]}["packages"]


@pytest.mark.parametrize(
    "test",
    [
        'not packages and action != "list"',
        'action == "install" and not packages',
        "not packages and force",
        "not packages and self.agent.config.strict",
    ],
)
def test_a_check_joined_to_another_test_needs_the_argument_on_some_calls(
    run_cli, make_repo, test: str
) -> None:
    source = HEAD + f"        if {test}:\n" + REFUSE + DONE
    root = make_repo({"tools/pkg.py": source})
    packages = _packages(run_cli, root)
    assert (packages["required"], packages["required_unknown"]) == (False, True)
    assert "default" not in packages or packages["default"] is None


def test_the_same_check_in_a_branch_of_a_dispatch_needs_it_there(run_cli, make_repo) -> None:
    source = (
        HEAD
        + '        if action == "install":\n'
        + "            if not packages and force:\n"
        + "    "
        + REFUSE
        + "            return Response(message=str(packages), break_loop=False)\n"
        + '        elif action == "list":\n'
        + '            return Response(message="list", break_loop=False)\n'
        + "        else:\n"
        + '            return Response(message="unknown action", break_loop=False)\n'
    )
    root = make_repo({"tools/pkg.py": source})
    packages = _packages(run_cli, root)
    assert (packages["required"], packages["required_unknown"]) == (False, True)


@pytest.mark.parametrize(
    "test, required, unknown",
    [
        ("packages is not None and not packages", False, False),  # a missing one passes
        ("not packages", True, False),
    ],
)
def test_checks_of_the_argument_alone_are_as_before(
    run_cli, make_repo, test: str, required: bool, unknown: bool
) -> None:
    source = HEAD + f"        if {test}:\n" + REFUSE + DONE
    root = make_repo({"tools/pkg.py": source})
    packages = _packages(run_cli, root)
    assert (packages["required"], packages["required_unknown"]) == (required, unknown)
