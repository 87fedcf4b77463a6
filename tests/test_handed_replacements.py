"""A method of the tool handed an argument's value that replaces it when
missing (``if not events: events = list(EVENTS)``) gives a missing key
another value than the ``None`` ``execute`` holds, as the same replacement
in ``execute`` does: no default is claimed. A method that only uses the
value, or an argument whose default is a value a caller may pass, keeps
the default."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

HEAD = """\
from helpers.tool import Response, Tool

EVENTS = {"a": 1, "b": 2}


class Hooks(Tool):
    async def execute(self, action="", events=None, limit="all", **kwargs):
        if action == "setup":
            return await self._setup(events, limit)
        return Response(message="nothing", break_loop=False)

    async def _setup(self, events, limit):
"""


def _argument(run_cli, root: Path, name: str) -> dict:
    result = run_cli(root, "inspect", "tools/hooks.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    return {a["name"]: a for a in tool["arguments"]}[name]


@pytest.mark.parametrize(
    "replacement",
    [
        "        if not events:\n            events = list(EVENTS)\n",
        "        events = events or list(EVENTS)\n",
        '        if events is None:\n            events = ["a"]\n',
    ],
)
def test_a_replacement_in_a_method_handed_the_value_claims_no_default(
    run_cli, make_repo, replacement: str
) -> None:
    source = (
        HEAD
        + replacement
        + '        return Response(message=f"{events} {limit}", break_loop=False)\n'
    )
    root = make_repo({"tools/hooks.py": source})
    events = _argument(run_cli, root, "events")
    assert events["required"] is False
    assert events["has_default"] is False and events["default_unknown"] is True


def test_a_method_that_only_uses_the_value_keeps_the_default(run_cli, make_repo) -> None:
    source = HEAD + '        return Response(message=f"{events} {limit}", break_loop=False)\n'
    root = make_repo({"tools/hooks.py": source})
    events = _argument(run_cli, root, "events")
    assert events["has_default"] is True and events["default"] is None


def test_a_default_a_caller_may_pass_is_kept(run_cli, make_repo) -> None:
    source = (
        HEAD
        + '        if limit == "all":\n            limit = 10\n'
        + '        return Response(message=f"{events} {limit}", break_loop=False)\n'
    )
    root = make_repo({"tools/hooks.py": source})
    limit = _argument(run_cli, root, "limit")
    assert limit["has_default"] is True and limit["default"] == "all"


RESOLVE = """\
from helpers.tool import Response, Tool


class Hooks(Tool):
    async def execute(self, action="", selector="", **kwargs):
        if action == "click":
            return await self._resolve(selector)
        return Response(message=f"nothing {selector}", break_loop=False)

    async def _resolve(self, selector=""):
        selector = str(selector or "").strip()
        if selector:
            return Response(message=f"clicked {selector}", break_loop=False)
        return Response(message="clicked the page", break_loop=False)
"""


def test_a_normalisation_giving_the_missing_value_again_keeps_the_default(
    run_cli, make_repo
) -> None:
    """``selector = str(selector or "").strip()`` makes ``""`` of ``""``: the
    default stays ``""``."""
    root = make_repo({"tools/hooks.py": RESOLVE})
    selector = _argument(run_cli, root, "selector")
    assert selector["has_default"] is True and selector["default"] == ""
