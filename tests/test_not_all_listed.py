"""``if not all([title, space]): return Response(error)`` (or ``if not
(title and space)``) refuses a call missing any of the values listed, as
``if not title or not space`` does: each
argument is required (a falsy default it reads with is refused, not claimed),
in a branch of a dispatch needed on some calls only."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from samples import clean_files

PAGE_PY = """\
from helpers.tool import Response, Tool


class Page(Tool):
    async def execute(self, **kwargs) -> Response:
        title = kwargs.get("title")
        space = kwargs.get("space", "")
        note = kwargs.get("note", "")
        if TEST:
            return Response(message="title and space are required", break_loop=False)
        return Response(message=f"{title} {space} {note}", break_loop=False)
"""

PROMPT = "### page\nWrite a page.\nargs: `title`, `space`, `note`\n"


def _facts(make_repo, run_cli, test: str) -> dict[str, Any]:
    root: Path = make_repo(
        {
            **clean_files(),
            "tools/page.py": PAGE_PY.replace("TEST", test),
            "prompts/agent.system.tool.page.md": PROMPT,
        }
    )
    result = run_cli(root, "inspect", "tools/page.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    return {
        a["name"]: (a["required"], a["has_default"], a["default"])
        for a in module["tools"][0]["arguments"]
    }


def test_not_all_of_a_list_refuses_each_value(make_repo, run_cli) -> None:
    expected = {
        "title": (True, False, None),
        "space": (True, False, None),
        "note": (False, True, ""),
    }
    assert _facts(make_repo, run_cli, "not all([title, space])") == expected
    assert _facts(make_repo, run_cli, "not all((title, space))") == expected
    # the same facts as the chain it stands for
    assert _facts(make_repo, run_cli, "not title or not space") == expected


def test_not_of_a_conjunction_refuses_each_value(make_repo, run_cli) -> None:
    expected = {
        "title": (True, False, None),
        "space": (True, False, None),
        "note": (False, True, ""),
    }
    # ``not (a and b)`` is ``not a or not b``
    assert _facts(make_repo, run_cli, "not (title and space)") == expected
    assert _facts(make_repo, run_cli, "not (title and space.strip())") == expected
    # a negated part tests what it negates: ``not (not note)`` refuses no ``note``
    assert _facts(make_repo, run_cli, "not (title and space and not note)") == {
        **expected,
        "note": (False, True, ""),
    }


ARM_PY = """\
from helpers.tool import Response, Tool


class Pages(Tool):
    async def execute(self, action: str = "", **kwargs) -> Response:
        if action == "update":
            title = kwargs.get("title")
            version = kwargs.get("version")
            if not all([title, version]):
                raise ValueError("title and version are required")
            return Response(message=f"{title} v{version}", break_loop=False)
        elif action == "list":
            return Response(message="pages", break_loop=False)
        raise ValueError("unknown action")
"""


def test_in_a_branch_each_value_is_needed_on_some_calls(make_repo, run_cli) -> None:
    root: Path = make_repo(
        {
            **clean_files(),
            "tools/pages.py": ARM_PY,
            "prompts/agent.system.tool.pages.md": "### pages\nPages.\nargs: `action`, `title`, `version`\n",
        }
    )
    result = run_cli(root, "inspect", "tools/pages.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    facts = {a["name"]: a["required_unknown"] for a in module["tools"][0]["arguments"]}
    assert facts == {"action": False, "title": True, "version": True}
