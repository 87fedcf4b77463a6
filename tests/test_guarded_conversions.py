"""A conversion that a test of the value or a caught error keeps some values
from: those pass by unconverted (or replaced), so PRM008 does not hold an
example's value to it; a value that reaches it and fails is still reported."""

from __future__ import annotations

import json

import pytest
from bothwalks import in_helper, in_tool, tool_module
from samples import clean_files, wait_example_findings

CODE = """\
from helpers.tool import Response, Tool


class WaitTool(Tool):
    async def execute(self, **kwargs) -> Response:
        x = self.args.get("x")
{body}
        return Response(message=f"{{x}}", break_loop=False)
"""

DIGITS = "        x = int(x) if str(x).isdigit() else x"
DIGITS_IF = "        if str(x).isdigit():\n            x = int(x)"
STRINGS = "        if isinstance(x, str):\n            x = int(x)"
STRINGS_EXP = "        x = int(x) if isinstance(x, str) else x"
OTHERS = "        x = x if isinstance(x, int) else int(x)"
CAUGHT = "        try:\n            x = int(x)\n        except ValueError:\n            x = 3"
REFUSED = (
    "        try:\n            x = int(x)\n        except ValueError:\n"
    '            return Response(message="x: a number", break_loop=False)'
)
BOTH = "        s = str(x)\n        x = int(x)"
CAUGHT_TYPE = "        try:\n            x = int(x)\n        except TypeError:\n            x = 3"
CAUGHT_BOTH = "        try:\n            x = int(x)\n        except (TypeError, ValueError):\n            x = 3"
#: the first handler that catches the ``TypeError`` ends with an error
TYPE_REFUSED = (
    "        try:\n            x = int(x)\n        except TypeError:\n"
    '            return Response(message="x: a number", break_loop=False)\n'
    "        except Exception:\n            x = 3"
)
NESTED = "        x = int(float(x))"
TYPE_IS = "        if type(x) is str:\n            x = int(x)"
TYPE_IS_NOT = "        if type(x) is not str:\n            x = int(x)"
TYPE_IN = "        x = int(x) if type(x) in (str, float) else x"


def _findings(make_repo, run_cli, body: str, value: object) -> list[str]:
    files = clean_files()
    files["tools/wait.py"] = CODE.format(body=body)
    return wait_example_findings(make_repo, run_cli, files, value)


@pytest.mark.parametrize(
    ("body", "value"),
    [
        (DIGITS, "10"),
        (DIGITS, "all"),
        (DIGITS_IF, "all"),
        (STRINGS, [1]),
        (STRINGS_EXP, [1]),
        (OTHERS, "7"),
        (CAUGHT, "ten"),
        (BOTH, "10"),
        (NESTED, "1.5"),
        (CAUGHT_TYPE, [1]),
        (CAUGHT_BOTH, "ten"),
        (CAUGHT_BOTH, [1]),
        (TYPE_REFUSED, "ten"),
        (TYPE_IS, [1]),
        (TYPE_IS_NOT, "ten"),
        (TYPE_IN, [1]),
    ],
)
def test_a_value_the_code_takes_is_no_contradiction(make_repo, run_cli, body, value) -> None:
    assert _findings(make_repo, run_cli, body, value) == []


@pytest.mark.parametrize(
    ("body", "value"),
    [
        (STRINGS, "five"),
        (OTHERS, [1]),
        (REFUSED, "ten"),
        ("        x = int(x)", "ten"),
        (TYPE_IS, "ten"),
        (TYPE_IS_NOT, [1]),
        (NESTED, "ten"),
        # ``except ValueError`` lets ``int([1])``'s ``TypeError`` by, and the other way round
        (CAUGHT, [1]),
        (CAUGHT_TYPE, "ten"),
        (TYPE_REFUSED, [1]),
        (TYPE_IN, "ten"),
    ],
)
def test_a_value_reaching_the_conversion_it_fails_is_reported(
    make_repo, run_cli, body, value
) -> None:
    (finding,) = _findings(make_repo, run_cli, body, value)
    assert "reads it as integer" in finding


BASE = """\
from helpers.tool import Response, Tool


class WaitBase(Tool):
    async def execute(self, **kwargs) -> Response:
        x = self.args.get("x")
{body}
        return Response(message=f"{{x}} {{self.amount()}}", break_loop=False)

    def amount(self):
        return 0
"""

SUBCLASS = """\
from helpers.waitbase import WaitBase


class WaitTool(WaitBase):
    def amount(self):
        x = self.args.get("x")
{body}
        return x
"""


def _inherited_findings(make_repo, run_cli, base: str, own: str, value: object) -> list[str]:
    files = clean_files()
    files["helpers/waitbase.py"] = BASE.format(body=base)
    files["tools/wait.py"] = SUBCLASS.format(body=own)
    return wait_example_findings(make_repo, run_cli, files, value)


@pytest.mark.parametrize(
    ("base", "own", "value", "reported"),
    [
        # only the subclass converts, past a test: "all" passes by unconverted
        ("        pass", DIGITS, "all", False),
        ("        pass", STRINGS, [1], False),
        ("        pass", STRINGS, "five", True),
        # the base lets strings by, the subclass converts every value
        (DIGITS, "        x = int(x)", "ten", True),
        (DIGITS, DIGITS_IF, "all", False),
    ],
)
def test_a_subclass_in_another_module_is_judged_as_its_base_and_own_code_convert(
    make_repo, run_cli, base, own, value, reported
) -> None:
    findings = _inherited_findings(make_repo, run_cli, base, own, value)
    assert bool(findings) == reported, findings


def test_a_helper_converting_every_value_is_reached_past_the_tools_test(make_repo, run_cli) -> None:
    """The tool converts strings alone, a helper of another module it hands
    the arguments converts every value: ``[1]`` reaches that one and fails."""
    files = clean_files()
    files["helpers/conv.py"] = 'def run(args):\n    return int(args.get("x", 0))\n'
    files["tools/wait.py"] = (
        CODE.format(body=STRINGS)
        .replace("from helpers.tool", "from helpers.conv import run\nfrom helpers.tool")
        .replace("        return Response", "        run(self.args)\n        return Response")
    )
    (finding,) = wait_example_findings(make_repo, run_cli, files, [1])
    assert "reads it as integer" in finding


def test_an_integer_made_of_what_float_reads_stays_an_integer(make_repo, run_cli) -> None:
    """``int(float(x))`` takes what ``float`` takes (``"1.5"``) and gives an
    integer: a companion's ``integer`` is no disagreement."""
    files = clean_files()
    files["tools/wait.py"] = CODE.format(body=NESTED)
    root = make_repo(files)
    result = run_cli(root, "inspect", "tools/wait.py", "--json")
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    (x,) = tool["arguments"]
    assert (x["type"], x["coercion"]) == ("integer", "float")


@pytest.mark.parametrize("where", [in_tool, in_helper])
@pytest.mark.parametrize(
    ("code", "typed"),
    [
        ('print(int(float(A.get("x", 1))))\n', ("integer", "float")),
        ('print(int(float(A.get("x") or 0)))\n', ("integer", "float")),
        ('print(float(A.get("x", 1)))\n', ("number", "float")),
        ('print(int(A.get("x", 1)))\n', ("integer", "int")),
    ],
)
def test_both_walks_type_an_integer_made_of_what_float_reads_alike(
    make_repo, run_cli, where, code: str, typed: tuple[str, str]
) -> None:
    """A helper the tool hands its arguments gives the type a conversion
    makes as the tool's own ``execute`` does: ``int(float(x))`` an integer."""
    (x,) = tool_module(run_cli, make_repo(where(code)))["arguments"]
    assert (x["type"], x["coercion"]) == typed


def test_a_helper_converting_under_its_own_type_test_keeps_the_tools_reach(
    make_repo, run_cli
) -> None:
    """The tool converts digits alone, a helper of another module converts
    strings alone: ``[1]`` reaches neither conversion."""
    files = clean_files()
    files["helpers/conv.py"] = (
        'def run(args):\n    x = args.get("x", 0)\n    return int(x) if isinstance(x, str) else 0\n'
    )
    files["tools/wait.py"] = (
        CODE.format(body=DIGITS_IF)
        .replace("from helpers.tool", "from helpers.conv import run\nfrom helpers.tool")
        .replace("        return Response", "        run(self.args)\n        return Response")
    )
    assert wait_example_findings(make_repo, run_cli, files, [1]) == []


#: the base reads ``x`` with ``0`` for a default (the integer type) and
#: only makes a string of it
STRINGIFIED = '        x = self.args.get("x", 0)\n        s = str(x)'
DIGITS_ELSE = "        x = int(x) if str(x).isdigit() else 0"


@pytest.mark.parametrize(
    ("own", "value", "where"),
    [
        # ``str(x)`` converts nothing to an integer: only the subclass's
        # conversion, past a test, says which values reach one
        (DIGITS_ELSE, "all", None),
        (STRINGS, [1], None),
        (STRINGS, "five", "tools/wait.py:6"),
        # the subclass converts every value: the finding names its read
        ("        x = int(x)", "ten", "tools/wait.py:6"),
    ],
)
def test_a_string_made_of_the_value_converts_nothing_to_its_type(
    make_repo, run_cli, own, value, where
) -> None:
    findings = _inherited_findings(make_repo, run_cli, STRINGIFIED, own, value)
    if where is None:
        assert not findings, findings
    else:
        (finding,) = findings
        assert f"{where} reads it as integer" in finding, finding
