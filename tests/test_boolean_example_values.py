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


#: the value compared, as read, with a string spelling a boolean: a JSON
#: boolean never equals it
RAW_EQUAL = '        if self.args.get("verbose") == "true":\n            text = "y"'
RAW_NAMED = (
    '        verbose = self.args.get("verbose", "false")\n'
    '        if verbose not in ("true", "false"):\n'
    '            return Response(message="bad", break_loop=False)\n'
    '        if verbose == "true":\n            text = "y"'
)
RAW_DEFAULT_FALSE = '        if self.args.get("verbose", False) == "true":\n            text = "y"'
#: the value compared, as read, with ``True``: a string never is it
RAW_IDENTITY = '        if self.args.get("verbose") is True:\n            text = "y"'
#: another use decides as well: a test of truth, a normalisation, a second read
ALSO_TRUTH = (
    '        verbose = self.args.get("verbose")\n'
    '        if verbose == "true":\n            text = "y"\n'
    '        if verbose:\n            text = "z"'
)
ALSO_IDENTITY = (
    '        verbose = self.args.get("verbose")\n'
    '        if verbose is True or verbose == "true":\n            text = "y"'
)
LOWERED = '        if self.args.get("verbose", "").lower() == "true":\n            text = "y"'
READ_AGAIN = (
    '        if self.args.get("verbose") == "true":\n            text = "y"\n'
    '        text = text + str(self.args.get("verbose"))'
)
SHOWN = (
    '        verbose = self.args.get("verbose")\n'
    '        if verbose == "true":\n            text = "y"\n'
    '        text = f"{text} {verbose}"'
)
REBOUND = (
    '        verbose = self.args.get("verbose")\n'
    '        if verbose == "true":\n            text = "y"\n'
    "        verbose = True"
)


@pytest.mark.parametrize(
    ("use", "value", "flagged"),
    [
        (RAW_EQUAL, "true", True),
        (RAW_EQUAL, "false", True),
        (RAW_EQUAL, '"true"', False),
        (RAW_NAMED, "true", True),
        (RAW_NAMED, '"false"', False),
        (RAW_DEFAULT_FALSE, "true", True),
        (RAW_IDENTITY, '"true"', True),
        (RAW_IDENTITY, "true", False),
        (ALSO_TRUTH, "true", False),
        (ALSO_IDENTITY, "true", False),
        (ALSO_IDENTITY, '"true"', False),
        # ``.lower()`` on the value as read fails on a JSON boolean: a string
        (LOWERED, "true", True),
        (LOWERED, '"true"', False),
        (READ_AGAIN, "true", False),
        (SHOWN, "true", False),
        (REBOUND, "true", False),
    ],
)
def test_a_value_only_compared_as_read_takes_the_type_compared(
    make_repo, run_cli, use: str, value: str, flagged: bool
) -> None:
    findings = _check(make_repo, run_cli, use, value)
    assert bool(findings) == flagged, findings


def test_a_helper_reading_the_value_too_decides_as_well(make_repo, run_cli) -> None:
    use = RAW_EQUAL + "\n        text = text + str(enabled(self.args))"
    files = clean_files()
    files["tools/wait.py"] = "from helpers.flags import enabled\n" + CODE.format(use=use)
    files["helpers/flags.py"] = 'def enabled(args):\n    return bool(args.get("verbose"))\n'
    files[PROMPT] = (
        "### wait\nPause.\nargs: `verbose`\n"
        '~~~json\n{"tool_name": "wait", "tool_args": {"verbose": true}}\n~~~\n'
    )
    root = make_repo(files)
    result = run_cli(root, "check", "--no-cache", "--select", "PRM008")
    assert " PRM008 " not in result.output, result.output
    # a helper reading another key leaves the comparison alone to decide
    make_repo({"helpers/flags.py": 'def enabled(args):\n    return bool(args.get("x"))\n'})
    result = run_cli(root, "check", "--no-cache", "--select", "PRM008")
    assert "only compares it with strings" in result.output, result.output
