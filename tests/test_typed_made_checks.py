"""A check of the type of what a call other than a conversion made of an
argument's value (``payload = json.loads(args.get("task", "{}"))``, then
``if not isinstance(payload, list): raise ...``): the call may make a value
of any type of the missing key's default, or of none, so the check may
refuse a missing key, or not. The argument is neither claimed optional with
the read's default nor required: ``required or optional``, as for ``if not
payload`` (in a tool's ``execute`` and in a helper of another module it
hands its arguments alike). What a conversion made (``str(x)``) is of the
type it names whatever the value: a check of it refuses nothing."""

from __future__ import annotations

import pytest
from bothwalks import OPTIONAL, UNKNOWN, WALKS, arguments, tool_module

PARSED = """\
import json
payload = json.loads(A.get("task", "{}"))
if not isinstance(payload, TYPES):
    raise ValueError("task must be a list")
print(payload)
"""


@pytest.mark.parametrize("walk", sorted(WALKS))
@pytest.mark.parametrize("types", ["list", "(list, tuple)"])
def test_a_type_check_of_what_a_call_made_of_the_value_leaves_it_unknown(
    run_cli, make_repo, walk: str, types: str
) -> None:
    root = make_repo(WALKS[walk](PARSED.replace("TYPES", types)))
    argument = {a["name"]: a for a in tool_module(run_cli, root)["arguments"]}["task"]
    assert arguments(run_cli, root)["task"] == UNKNOWN, argument
    assert argument["has_default"] is False, argument


@pytest.mark.parametrize("walk", sorted(WALKS))
def test_a_type_check_of_what_a_conversion_made_refuses_nothing(
    run_cli, make_repo, walk: str
) -> None:
    code = 'text = str(A.get("task", ""))\nif not isinstance(text, str):\n    raise ValueError("x")\nprint(text)\n'
    root = make_repo(WALKS[walk](code))
    assert arguments(run_cli, root)["task"] == OPTIONAL


PARAMETER_TOOL = """\
from helpers.dirty import parse
from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, task="", **kwargs):
        payload = parse(str(task))
        if not isinstance(payload, dict):
            return Response(message="task must be a JSON object", break_loop=False)
        return Response(message=str(payload), break_loop=False)
"""


def test_a_parameter_parsed_by_a_call_doxtool_cannot_read_then_type_checked(
    run_cli, make_repo
) -> None:
    # ``parse("")`` may give a dict, or None: whether a missing ``task`` is refused is not known
    root = make_repo({"tools/t.py": PARAMETER_TOOL})
    argument = {a["name"]: a for a in tool_module(run_cli, root)["arguments"]}["task"]
    assert arguments(run_cli, root)["task"] == UNKNOWN, argument
    assert argument["has_default"] is False, argument
