"""``ctxid = args.get("ctxid") or args.get("context_id") or <fallback>``, then a
check refusing an empty ``ctxid``: with both keys missing the code gets the
fallback. One that is not an empty literal (``self.agent.context.id``,
``"default"``) may pass the check, so neither key is needed; an empty one
(``""``) is refused there, so one of them is."""

from __future__ import annotations

import json

import pytest

TOOL = """\
from helpers.tool import Response, Tool


class Roles(Tool):
    async def execute(self, **kwargs):
        ctxid = kwargs.get("ctxid") or kwargs.get("context_id") or {fallback}
        if not isinstance(ctxid, str) or not ctxid.strip():
            return Response(message="Unable to determine the context id.", break_loop=False)
        return Response(message=ctxid, break_loop=False)
"""
PROMPT = "### roles\nList the roles.\nargs: none\n"


def _run(make_repo, run_cli, fallback: str) -> tuple[dict[str, dict], list[str]]:
    root = make_repo(
        {
            "tools/roles.py": TOOL.format(fallback=fallback),
            "prompts/agent.system.tool.roles.md": PROMPT,
        }
    )
    result = run_cli(root, "inspect", "tools/roles.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    arguments = {a["name"]: a for a in tool["arguments"]}
    found = run_cli(root, "check", "--select", "PRM004")
    lines = [line for line in found.output.splitlines() if "PRM004" in line]
    return arguments, lines


@pytest.mark.parametrize("fallback", ["self.agent.context.id", '"default"'])
def test_a_fallback_that_may_pass_the_check_needs_neither_key(
    make_repo, run_cli, fallback: str
) -> None:
    arguments, findings = _run(make_repo, run_cli, fallback)
    assert list(arguments) == ["ctxid", "context_id"]
    for name, other in (("ctxid", "context_id"), ("context_id", "ctxid")):
        argument = arguments[name]
        assert (argument["required"], argument["required_unknown"]) == (False, False), name
        assert argument["alternatives"] == [other]
        assert argument["alternatives_optional"] is True
        assert argument["has_default"] is False  # the fallback is no default of either
    assert findings == []


def test_an_empty_fallback_the_check_refuses_needs_one_of_them(make_repo, run_cli) -> None:
    arguments, findings = _run(make_repo, run_cli, '""')
    assert arguments["ctxid"]["alternatives"] == ["context_id"]
    assert arguments["ctxid"]["alternatives_optional"] is False
    assert findings == [
        "prompts/agent.system.tool.roles.md:1:5: PRM004 one of `ctxid`, `context_id` of "
        "`roles` is required (read at tools/roles.py) but none is taught"
    ]


def test_the_companion_says_optional(make_repo, run_cli) -> None:
    root = make_repo(
        {
            "tools/roles.py": TOOL.format(fallback="self.agent.context.id"),
            "prompts/agent.system.tool.roles.md": PROMPT,
        }
    )
    run_cli(root, "check", "--fix", "--select", "DOX")
    text = (root / "tools/roles.py.dox.md").read_text()
    assert "  - `ctxid`: optional string, alternative to `context_id`.\n" in text, text
    assert "  - `context_id`: optional, alternative to `ctxid`.\n" in text, text
