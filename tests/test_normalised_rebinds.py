"""A name rebound to its own value normalised (``content = content if
isinstance(content, str) else str(content)``, a conditional expression whose
arms are one value as it is or under conversions and string methods; or
``content = str(content)`` past ``if content is None: content = ""``) still
stands for the argument: a check past it (``if not content.strip(): return
error``) refuses what a missing key leaves there, so the argument is
required and its refused literal default no default (no false ``optional
string, default ""`` in a written companion)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

HEAD = """\
from helpers.tool import Response, Tool


class Note(Tool):
    async def execute(self, content: str = "", **kwargs):
"""
CHECK = """\
        if not content.strip():
            return Response(message="content is required", break_loop=False)
        return Response(message=content, break_loop=False)
"""
NONE_GUARD = '        if content is None:\n            content = ""\n'
SAME_ARMS = "        content = content if isinstance(content, str) else str(content)\n"

BODIES = {
    "same arms": SAME_ARMS,
    "a None guard, then same arms": NONE_GUARD + SAME_ARMS,
    "a None guard, then str": NONE_GUARD + "        content = str(content)\n",
    "a None guard, then strip": NONE_GUARD + "        content = content.strip()\n",
}

PROMPT = "### note\nsave a note\nargs: `content`\n"


def _arguments(make_repo, run_cli, source: str) -> dict[str, dict]:
    root: Path = make_repo({"tools/note.py": source, "prompts/agent.system.tool.note.md": PROMPT})
    result = run_cli(root, "inspect", "--json", "tools/note.py")
    assert result.exit_code == 0, result.output
    tool = json.loads(result.output)[0]["tools"][0]
    return {a["name"]: a for a in tool["arguments"]}


@pytest.mark.parametrize("body", sorted(BODIES))
def test_a_normalised_rebinding_keeps_the_check(make_repo, run_cli, body: str) -> None:
    content = _arguments(make_repo, run_cli, HEAD + BODIES[body] + CHECK)["content"]
    assert (content["required"], content["required_unknown"]) == (True, False)
    assert content["has_default"] is False


def test_arms_of_different_values_stand_for_nothing(make_repo, run_cli) -> None:
    # ``content if content else "none"``: a missing key leaves ``"none"``,
    # which the check passes; the arms are not one value
    body = '        content = content if content else "none"\n'
    content = _arguments(make_repo, run_cli, HEAD + body + CHECK)["content"]
    assert content["required"] is False


def test_a_none_default_made_text_passes_the_check(make_repo, run_cli) -> None:
    # ``str(None)`` is ``"None"``, which ``not content.strip()`` lets by
    source = HEAD.replace('content: str = ""', "content=None") + SAME_ARMS + CHECK
    content = _arguments(make_repo, run_cli, source)["content"]
    assert (content["required"], content["required_unknown"]) == (False, False)


def test_the_written_companion_says_required(make_repo, run_cli) -> None:
    root: Path = make_repo(
        {
            "tools/note.py": HEAD + NONE_GUARD + SAME_ARMS + CHECK,
            "prompts/agent.system.tool.note.md": PROMPT,
        }
    )
    result = run_cli(root, "check", "--fix")
    assert "Traceback" not in result.output
    text = (root / "tools/note.py.dox.md").read_text(encoding="utf-8")
    assert "  - `content`: required string.\n" in text
    assert 'default `""`' not in text
    assert run_cli(root, "check").exit_code == 0
