"""The Purpose line a written companion takes from the tool's prompt is a
sentence: a first line broken off mid-sentence (the prompt wraps its prose)
is cut after the last sentence it ends, or, when the next line carries the
sentence on in lower case, taken on to where it ends (no ``a separate
checkout that does not.``); a line of terse phrases stays whole and alone."""

from __future__ import annotations

from pathlib import Path

import pytest

TOOL = """\
from helpers.tool import Response, Tool


class Worktree(Tool):
    async def execute(self, **kwargs):
        return Response(message="ok", break_loop=False)
"""

CASES = {
    "a sentence wrapped onto the next line": (
        "Work on a repository in an isolated worktree, a separate checkout that does not\n"
        "touch the user's main working copy. The worktree is registered as a project\n"
        "and activated.\n",
        "Work on a repository in an isolated worktree, a separate checkout that does not "
        "touch the user's main working copy.",
    ),
    "a line breaking off after a sentence": (
        "Structured working notes for long tasks. Use it as a scratchpad for\n"
        "plans and findings.\n",
        "Structured working notes for long tasks.",
    ),
    "a sentence ending after a code span": (
        "Compatibility alias for `call_subordinate`. Use `tool_name` with\nthe same arguments.\n",
        "Compatibility alias for `call_subordinate`.",
    ),
    "terse phrases": (
        "final answer to user\nends task processing use only when done\n",
        "Final answer to user.",
    ),
    "a whole sentence on the first line": (
        "Manage worktrees. Use them for experiments.\nMore text follows here.\n",
        "Manage worktrees. Use them for experiments.",
    ),
    "an abbreviation is no sentence end": (
        "Create branches for work, e.g. fixes and trials, without touching\n"
        "the main checkout. More follows.\n",
        "Create branches for work, e.g. fixes and trials, without touching the main checkout.",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_purpose_line_is_a_sentence(make_repo, run_cli, case: str) -> None:
    prose, expected = CASES[case]
    root: Path = make_repo(
        {
            "tools/worktree.py": TOOL,
            "prompts/agent.system.tool.worktree.md": "### worktree\n" + prose,
        }
    )
    result = run_cli(root, "check", "--fix")
    assert result.exit_code == 0, result.output
    text = (root / "tools/worktree.py.dox.md").read_text(encoding="utf-8")
    purpose = text.split("## Purpose\n", 1)[1].splitlines()[1]
    assert purpose == f"- {expected}"
