"""``str(None)`` is ``"None"``: ``name = str(self.args.get("name"))`` then
``if not name: return error`` does not refuse a missing ``name`` (the tool
goes on with the text ``"None"``), so the argument is not required; with a
default or a fallback that gives ``""`` (``args.get("name", "")``,
``str(x or "")``) the check refuses the missing key as before. (In the tool's
own code; the walk of a helper module reads such a check as before.)"""

from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent, indent

import pytest

HEAD = """\
from helpers.tool import Response, Tool


class NameTool(Tool):
    async def execute(self, **kwargs):
"""

TAIL = """\
    return Response(message="name is required", break_loop=False)
return Response(message=f"hi {name}", break_loop=False)
"""


def _required(run_cli, make_repo, files: dict[str, str]) -> bool:
    root: Path = make_repo(files)
    result = run_cli(root, "inspect", "tools/name_tool.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (argument,) = module["tools"][0]["arguments"]
    assert argument["name"] == "name"
    return bool(argument["required"])


def _tool(body: str) -> dict[str, str]:
    return {"tools/name_tool.py": HEAD + indent(dedent(body) + TAIL, " " * 8)}


PASSES_MISSING = [
    'name = str(self.args.get("name"))\nif not name:\n',
    'name = str(self.args.get("name")).strip()\nif not name:\n',
    'name = self.args.get("name")\nif not str(name):\n',
]


@pytest.mark.parametrize("body", PASSES_MISSING)
def test_a_check_of_the_text_of_a_missing_value_does_not_refuse_it(
    run_cli, make_repo, body: str
) -> None:
    assert _required(run_cli, make_repo, _tool(body)) is False


REFUSES_MISSING = [
    'name = str(self.args.get("name", ""))\nif not name:\n',
    'name = str(self.args.get("name") or "")\nif not name:\n',
    'name = self.args.get("name")\nif not str(name or "").strip():\n',
    'name = self.args.get("name") or ""\nif not str(name):\n',
    'name = self.args.get("name")\nif not name:\n',
]


@pytest.mark.parametrize("body", REFUSES_MISSING)
def test_a_default_or_fallback_the_check_refuses_still_makes_it_required(
    run_cli, make_repo, body: str
) -> None:
    assert _required(run_cli, make_repo, _tool(body)) is True
