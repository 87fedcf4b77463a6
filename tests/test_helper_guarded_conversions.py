"""A conversion in a helper the tool hands its arguments, which a test of
the value or a caught error keeps some values from, as the tool's own
(:mod:`test_guarded_conversions`): those pass by unconverted or replaced, so
PRM008 does not hold an example's value to it; one that reaches it and
fails is still reported."""

from __future__ import annotations

import pytest
from samples import clean_files, wait_example_findings

TOOL = """\
from helpers.conv import run
from helpers.tool import Response, Tool


class WaitTool(Tool):
    async def execute(self, **kwargs) -> Response:
{body}
        run(self.args)
        return Response(message="done", break_loop=False)
"""

HELPER = "def run(args):\n{body}\n    return 1\n"

CAUGHT = '    try:\n        n = int(args.get("x"))\n    except ValueError:\n        return 0'
CAUGHT_TYPE = '    try:\n        n = int(args.get("x"))\n    except TypeError:\n        return 0'
CAUGHT_BOTH = '    try:\n        n = int(args.get("x"))\n    except (TypeError, ValueError):\n        return 0'
CAUGHT_NAMED = (
    '    x = args.get("x")\n    try:\n        x = int(x)\n    except ValueError:\n        x = 3'
)
REFUSED = (
    '    try:\n        n = int(args.get("x"))\n    except ValueError:\n'
    '        raise ValueError("x: a number")'
)
#: the handler answers with the tool's ``Response``: the call ends in an error
ANSWERED = (
    '    try:\n        n = int(args.get("x"))\n    except ValueError:\n'
    '        return Response(message="x: a number", break_loop=False)'
)
TYPE_IS = '    x = args.get("x")\n    if type(x) is str and x.isdigit():\n        x = int(x)'
TYPE_EQ = '    x = args.get("x")\n    if type(x) == str and x.isdigit():\n        x = int(x)'
TYPE_IS_ONLY = '    x = args.get("x")\n    if type(x) is str:\n        x = int(x)'
TYPE_IS_NOT = '    x = args.get("x")\n    if type(x) is not str:\n        x = int(x)'
ISINSTANCE = '    x = args.get("x")\n    if isinstance(x, str) and x.isdigit():\n        x = int(x)'
PLAIN = '    x = int(args.get("x"))'


def _findings(
    make_repo, run_cli, helper: str, value: object, tool: str = "        pass"
) -> list[str]:
    files = clean_files()
    files["helpers/conv.py"] = HELPER.format(body=helper)
    files["tools/wait.py"] = TOOL.format(body=tool)
    return wait_example_findings(make_repo, run_cli, files, value)


@pytest.mark.parametrize(
    ("helper", "value"),
    [
        (CAUGHT, "all"),
        (CAUGHT_NAMED, "all"),
        (CAUGHT_TYPE, [5]),
        (CAUGHT_BOTH, "all"),
        (CAUGHT_BOTH, [5]),
        (TYPE_IS, "all"),
        (TYPE_IS, [5]),
        (TYPE_EQ, "all"),
        (TYPE_IS_ONLY, [5]),
        (TYPE_IS_NOT, "all"),
        (ISINSTANCE, "all"),
        (PLAIN, "10"),
    ],
)
def test_a_value_the_helper_takes_is_no_contradiction(make_repo, run_cli, helper, value) -> None:
    assert _findings(make_repo, run_cli, helper, value) == []


@pytest.mark.parametrize(
    ("helper", "value"),
    [
        # ``except ValueError`` lets ``int([5])``'s ``TypeError`` by, and the other way round
        (CAUGHT, [5]),
        (CAUGHT_NAMED, [5]),
        (CAUGHT_TYPE, "all"),
        (REFUSED, "all"),
        (ANSWERED, "all"),
        (TYPE_IS_ONLY, "all"),
        (TYPE_IS_NOT, [5]),
        (PLAIN, "all"),
    ],
)
def test_a_value_reaching_the_helpers_conversion_it_fails_is_reported(
    make_repo, run_cli, helper, value
) -> None:
    (finding,) = _findings(make_repo, run_cli, helper, value)
    assert "reads it as integer" in finding, finding


STRINGIFIED = '        print(str(self.args.get("x")))'


@pytest.mark.parametrize(("value", "reported"), [("10", False), ("all", True), ([5], True)])
def test_a_string_the_tool_makes_of_the_value_converts_nothing_to_the_helpers_type(
    make_repo, run_cli, value, reported
) -> None:
    """The tool's ``str(x)`` (for a log line) takes every value, the
    helper's ``int(x)`` does not: the value is read as an integer, and the
    finding names the helper's read."""
    findings = _findings(make_repo, run_cli, PLAIN, value, tool=STRINGIFIED)
    if not reported:
        assert findings == [], findings
    else:
        (finding,) = findings
        assert "helpers/conv.py:2 reads it as integer" in finding, finding


DIGITS_IF = '        x = self.args.get("x")\n        if str(x).isdigit():\n            x = int(x)'


@pytest.mark.parametrize(("value", "reported"), [("all", False), ("10", False), ([5], True)])
def test_the_tools_and_the_helpers_guarded_conversions_are_reached_together(
    make_repo, run_cli, value, reported
) -> None:
    """The tool converts strings of digits alone, the helper catches the
    ``ValueError`` of strings: ``[5]`` still reaches the helper's and fails."""
    findings = _findings(make_repo, run_cli, CAUGHT, value, tool=DIGITS_IF)
    assert bool(findings) == reported, findings
