"""A name bound again from its own value with a fallback, as the first
statement using a parameter or a read's name (``action = (action or
"").strip().lower()``), gives a missing key the fallback known there: a
closed dispatch past it (``if action == "create": ... if action == "list":
...``, then an error) refuses that ``""``, so the argument is required, as
after ``action = (self.args.get("action") or "").strip().lower()`` (no false
``optional string, one of ...`` in a written companion). A fallback that
replaces no missing key's value (a later ``or`` after the name was used)
still hides what a missing key leads to."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

DISPATCH = """\
        if action == "create":
            return Response(message="created", break_loop=False)
        if action == "remove":
            return Response(message="removed", break_loop=False)
        if action == "list":
            return Response(message="listed", break_loop=False)
        return Response(message="action must be create, remove or list", break_loop=False)
"""

HEADS = {
    "a parameter": (
        "    async def execute(self, action: str | None = None, **kwargs):\n"
        '        action = (action or "").strip().lower()\n'
    ),
    "a read": (
        "    async def execute(self, **kwargs):\n"
        '        action = self.args.get("action")\n'
        '        action = (action or "").strip().lower()\n'
    ),
    "a read with a blank default": (
        "    async def execute(self, **kwargs):\n"
        '        action = kwargs.get("action", "")\n'
        '        action = action or ""\n'
    ),
}

TOP = "from helpers.tool import Response, Tool\n\n\nclass Worktree(Tool):\n"
PROMPT = "### worktree\nmanage worktrees\nargs: `action`\n"


def _action(make_repo, run_cli, source: str) -> dict:
    root: Path = make_repo(
        {"tools/worktree.py": source, "prompts/agent.system.tool.worktree.md": PROMPT}
    )
    result = run_cli(root, "inspect", "--json", "tools/worktree.py")
    assert result.exit_code == 0, result.output
    tool = json.loads(result.output)[0]["tools"][0]
    return {a["name"]: a for a in tool["arguments"]}["action"]


@pytest.mark.parametrize("head", sorted(HEADS))
def test_a_replacing_fallback_the_dispatch_refuses(make_repo, run_cli, head: str) -> None:
    action = _action(make_repo, run_cli, TOP + HEADS[head] + DISPATCH)
    assert (action["required"], action["required_unknown"]) == (True, False)
    assert action["enum"] == ["create", "remove", "list"]


def test_the_written_companion_says_required(make_repo, run_cli) -> None:
    root: Path = make_repo(
        {
            "tools/worktree.py": TOP + HEADS["a parameter"] + DISPATCH,
            "prompts/agent.system.tool.worktree.md": PROMPT,
        }
    )
    result = run_cli(root, "check", "--fix")
    assert result.exit_code == 0, result.output
    text = (root / "tools/worktree.py.dox.md").read_text(encoding="utf-8")
    assert "- `action`: required string, one of `create`, `remove`, `list`." in text


def test_a_fallback_the_dispatch_takes_is_the_default(make_repo, run_cli) -> None:
    head = (
        '    async def execute(self, action: str = "", **kwargs):\n'
        '        action = (action or "list").strip().lower()\n'
    )
    action = _action(make_repo, run_cli, TOP + head + DISPATCH)
    assert (action["required"], action["has_default"], action["default"]) == (False, True, "list")


def test_a_fallback_past_a_use_still_hides_the_missing_key(make_repo, run_cli) -> None:
    # the read's "" reaches ``print`` first: the later ``or`` is no
    # replacement the walk follows, and no refusal is claimed (a missing
    # key gives "list", which the dispatch takes)
    head = (
        "    async def execute(self, **kwargs):\n"
        '        action = self.args.get("action", "")\n'
        "        print(action)\n"
        '        action = action or "list"\n'
    )
    action = _action(make_repo, run_cli, TOP + head + DISPATCH)
    assert action["required"] is False
