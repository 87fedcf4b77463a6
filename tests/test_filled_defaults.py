"""A container a missing argument gives that the branch its emptiness test
takes fills in place (``if not ids: ids.append(x)``, ``ids.extend(...)``,
``ids[k] = v``) is replaced there as binding the name again would be: what
a missing argument gives is not known, never the empty literal. Filled on
every call (``ids.append("x")`` with no test), a passed value goes the same
way and the literal stays the default. On both walks, the tool's and a
helper module's summary."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

HEAD = "from helpers.tool import Response, Tool\n\n\n"


def _defaults(run_cli, make_repo, files: dict[str, str]) -> dict[str, tuple[Any, ...]]:
    root: Path = make_repo(files)
    result = run_cli(root, "inspect", "tools/plan.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    return {
        a["name"]: (a["required"], a["has_default"], a["default"], a["default_unknown"])
        for a in tool["arguments"]
    }


def _tool(*lines: str) -> str:
    body = "".join(f"        {line}\n" for line in lines)
    return (
        HEAD + "class Plan(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        f"{body}"
        "        return Response(message=str(locals()), break_loop=False)\n"
    )


NOT_KNOWN = (False, False, None, True)


@pytest.mark.parametrize(
    "lines",
    [
        (
            "ids = kwargs.get('ids', [])",
            "if not ids:",
            "    for item in self.agent.pool:",
            "        ids.append(item)",
        ),
        ("ids = self.args.get('ids', [])", "if not ids:", "    ids.extend(self.agent.pool)"),
        ("ids = self.args.get('ids', {})", "if ids:", "    pass", "else:", "    ids['a'] = 1"),
        ("ids = self.args.get('ids', [])", "if ids == []:", "    ids.insert(0, 'a')"),
    ],
)
def test_a_container_filled_where_it_is_empty_gives_no_default(
    run_cli, make_repo, lines: tuple[str, ...]
) -> None:
    found = _defaults(run_cli, make_repo, {"tools/plan.py": _tool(*lines)})
    assert found["ids"] == NOT_KNOWN


def test_a_container_filled_on_every_call_keeps_its_default(run_cli, make_repo) -> None:
    source = _tool(
        "ids = self.args.get('ids', [])",
        "ids.append('x')",
        "tags = self.args.get('tags', [])",
        "if not tags:",
        "    print(len(tags))",
    )
    found = _defaults(run_cli, make_repo, {"tools/plan.py": source})
    assert found["ids"] == (False, True, [], False)
    assert found["tags"] == (False, True, [], False)


def test_a_helper_module_fills_them_as_a_tool_does(run_cli, make_repo) -> None:
    helper = (
        "def pick(args, pool):\n"
        "    ids = args.get('ids', [])\n"
        "    if not ids:\n"
        "        for item in pool:\n"
        "            ids.append(item)\n"
        "    return ids\n\n\n"
        "def keep(args):\n"
        "    tags = args.get('tags', [])\n"
        "    tags.append('x')\n"
        "    return tags\n"
    )
    tool = (
        HEAD.replace("\n\n\n", "\nfrom helpers.plan import keep, pick\n\n\n")
        + "class Plan(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        "        text = str(pick(self.args, self.agent.pool)) + str(keep(self.args))\n"
        "        return Response(message=text, break_loop=False)\n"
    )
    found = _defaults(run_cli, make_repo, {"helpers/plan.py": helper, "tools/plan.py": tool})
    assert found["ids"] == NOT_KNOWN
    assert found["tags"] == (False, True, [], False)
