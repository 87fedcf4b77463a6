"""What an example may give a boolean argument (PRM008) follows how the code
uses the value: a test of its truth (``if flag:``, ``bool(flag)``) takes any
value, a comparison of a converted value takes the spellings it compares
(and ``"false"``), a comparison of the value itself with ``True`` takes a
JSON boolean only."""

from __future__ import annotations

import json

import pytest
from samples import clean_files

PROMPT = "prompts/agent.system.tool.wait.md"

CODE = """\
from helpers.tool import Response, Tool


class WaitTool(Tool):
    async def execute(self, **kwargs) -> Response:
        text = "x"
{use}
        return Response(message=text, break_loop=False)
"""


def _check(make_repo, run_cli, use: str, value: str) -> list[str]:
    files = clean_files()
    files["tools/wait.py"] = CODE.format(use=use)
    files[PROMPT] = (
        "### wait\nPause.\nargs: `verbose`\n"
        '~~~json\n{"tool_name": "wait", "tool_args": {"verbose": ' + value + "}}\n~~~\n"
    )
    root = make_repo(files)
    result = run_cli(root, "check", "--no-cache", "--select", "PRM008")
    return [line for line in result.output.splitlines() if " PRM008 " in line]


TRUTH = '        if self.args.get("verbose", False):\n            text = "y"'
BOOL = '        text = str(bool(self.args.get("verbose", False)))'
SPELLED = (
    '        if str(self.args.get("verbose", False)).lower() in ("true", "1"):\n'
    '            text = "y"'
)
EQUAL = '        if str(self.args.get("verbose", False)).lower() == "true":\n            text = "y"'
IDENTITY = '        if self.args.get("verbose", False) is True:\n            text = "y"'


@pytest.mark.parametrize(
    ("use", "value", "flagged"),
    [
        (TRUTH, '"yes"', False),
        (TRUTH, '"no"', False),
        (TRUTH, '"1"', False),
        (TRUTH, '"on"', False),
        (TRUTH, "1", False),
        (BOOL, '"yes"', False),
        (SPELLED, '"1"', False),
        (SPELLED, '"True"', False),
        (SPELLED, '"false"', False),
        (SPELLED, "true", False),
        (SPELLED, '"yes"', True),
        (EQUAL, '"true"', False),
        (EQUAL, '"1"', True),
        (EQUAL, '"on"', True),
        (IDENTITY, "true", False),
        (IDENTITY, '"true"', True),
        (IDENTITY, "1", True),
    ],
)
def test_a_boolean_takes_what_its_use_takes(
    make_repo, run_cli, use: str, value: str, flagged: bool
) -> None:
    findings = _check(make_repo, run_cli, use, value)
    assert bool(findings) == flagged, findings


def test_the_facts_say_how_a_boolean_is_read(make_repo, run_cli) -> None:
    files = clean_files()
    files["tools/wait.py"] = CODE.format(
        use=SPELLED.replace('"verbose"', '"a"') + "\n" + IDENTITY.replace('"verbose"', '"b"')
    )
    root = make_repo(files)
    result = run_cli(root, "inspect", "tools/wait.py", "--json")
    (module,) = json.loads(result.output)
    arguments = {a["name"]: a for a in module["tools"][0]["arguments"]}
    assert arguments["a"]["spellings"] == ["1", "true"]
    assert not arguments["a"]["boolean_tested"]
    assert arguments["b"]["spellings"] is None and arguments["b"]["boolean_tested"]
