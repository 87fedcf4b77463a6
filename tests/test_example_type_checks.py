"""A check of an argument's type that ends ``execute`` with an error (``if
not isinstance(size, int): return Response(...)``, or a raise) refuses values
of other types: PRM008 holds an example's value to it, as Python tests it (a
JSON ``true`` is an ``int``). A test that converts or wraps the other types
instead (``if isinstance(size, str): size = int(size)``, ``if not
isinstance(x, list): x = [x]``) refuses nothing."""

from __future__ import annotations

import json
from typing import Any

CHECKED = """\
from helpers.tool import Response, Tool


class Resize(Tool):
    async def execute(self, **kwargs) -> Response:
        size = self.args.get("size", 10)
        if not isinstance(size, int):
            return Response(message="size must be an integer", break_loop=False)
        return Response(message=f"size {size}", break_loop=False)
"""


def _check(make_repo, run_cli, code: str, args: dict[str, Any]) -> tuple[list[str], Any]:
    """The PRM008 lines for an example of ``tools/resize.py``, and the
    argument ``size`` as ``inspect`` gives it."""
    call = json.dumps({"tool_name": "resize", "tool_args": args})
    root = make_repo(
        {
            "tools/resize.py": code,
            "prompts/agent.system.tool.resize.md": (
                f"### resize\nResizes.\nargs: optional `size`\n~~~json\n{call}\n~~~\n"
            ),
        }
    )
    result = run_cli(root, "check", "--no-cache", "--select", "PRM008")
    lines = [
        line.split(" PRM008 ", 1)[1] for line in result.output.splitlines() if " PRM008 " in line
    ]
    (module,) = json.loads(run_cli(root, "inspect", "tools/resize.py", "--json").output)
    sizes = [a for a in module["tools"][0]["arguments"] if a["name"] == "size"]
    return lines, sizes[0]


def test_a_type_check_that_refuses_holds_the_example_to_its_type(make_repo, run_cli) -> None:
    lines, size = _check(make_repo, run_cli, CHECKED, {"size": "10"})
    assert lines == [
        'example gives `size` the value `"10"`, but tools/resize.py:6 reads it as integer'
    ]
    assert (size.get("type"), size.get("type_used")) == ("integer", True)
    assert _check(make_repo, run_cli, CHECKED, {"size": 20})[0] == []
    # ``isinstance(True, int)`` holds: the check takes a JSON boolean
    assert _check(make_repo, run_cli, CHECKED, {"size": True})[0] == []
    # a raise refuses as a returned ``Response`` does
    raised = CHECKED.replace(
        'return Response(message="size must be an integer", break_loop=False)',
        'raise ValueError("size must be an integer")',
    )
    assert len(_check(make_repo, run_cli, raised, {"size": [10]})[0]) == 1


def test_a_check_of_several_types_takes_each(make_repo, run_cli) -> None:
    code = CHECKED.replace("isinstance(size, int)", "isinstance(size, (int, float))")
    assert _check(make_repo, run_cli, code, {"size": 1.5})[0] == []
    lines, _ = _check(make_repo, run_cli, code, {"size": "1.5"})
    assert lines == [
        'example gives `size` the value `"1.5"`, but tools/resize.py:6 reads it as number'
    ]
    # ``isinstance(x, float)`` alone refuses ``5``: no JSON type says so
    code = CHECKED.replace("isinstance(size, int)", "isinstance(size, float)")
    assert _check(make_repo, run_cli, code, {"size": "1.5"})[0] == []


def test_a_test_that_converts_or_wraps_refuses_nothing(make_repo, run_cli) -> None:
    # the other type is made into the checked one before the check
    split = CHECKED.replace(
        "        if not isinstance(size, int):\n",
        "        if isinstance(size, str):\n"
        '            size = size.split(",")\n'
        "        if not isinstance(size, list):\n",
    )
    assert _check(make_repo, run_cli, split, {"size": "10,20"})[0] == []
    wrapped = CHECKED.replace(
        '            return Response(message="size must be an integer", break_loop=False)\n',
        "            size = [size]\n",
    ).replace("isinstance(size, int)", "isinstance(size, list)")
    assert _check(make_repo, run_cli, wrapped, {"size": "10"})[0] == []
    # a fallback for another type, no error
    fallback = CHECKED.replace(
        'return Response(message="size must be an integer", break_loop=False)', "size = 10"
    )
    assert _check(make_repo, run_cli, fallback, {"size": "10"})[0] == []


def test_a_check_a_handler_recovers_from_refuses_nothing(make_repo, run_cli) -> None:
    code = CHECKED.replace(
        "        if not isinstance(size, int):\n"
        '            return Response(message="size must be an integer", break_loop=False)\n',
        "        try:\n"
        "            if not isinstance(size, int):\n"
        '                raise ValueError("size must be an integer")\n'
        "        except ValueError:\n"
        "            size = 10\n",
    )
    lines, size = _check(make_repo, run_cli, code, {"size": "10"})
    assert lines == []
    assert size.get("type_used") is not True


def test_a_false_value_an_or_may_replace_is_not_judged(make_repo, run_cli) -> None:
    code = CHECKED.replace('self.args.get("size", 10)', 'self.args.get("size") or 10')
    # ``"" or 10`` is 10, which passes the check
    assert _check(make_repo, run_cli, code, {"size": ""})[0] == []
    assert len(_check(make_repo, run_cli, code, {"size": "10"})[0]) == 1
