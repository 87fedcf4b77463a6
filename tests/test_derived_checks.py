"""A name bound to an argument's read, then bound again to what a call or a
slice makes of its own value (``name = unquote(name)``, ``name = name[1:]``),
then checked (``if not name: raise ...``): whether that check refuses what a
missing key gives, the code does not say. The argument is neither claimed
optional with the read's default nor required: ``required or optional``,
as when the result is bound to another name (a tool's ``execute``; the
``ast`` walk of a helper's summary does not tell these apart yet)."""

from __future__ import annotations

from textwrap import dedent

import pytest
from bothwalks import UNKNOWN, arguments, in_tool, tool_module

CHECKED = """\
from helpers.quoting import unquote
name = A.get("name", "")
{rebind}
if not name:
    raise ValueError("name is required")
print(name)
"""

QUOTING = 'def unquote(text):\n    return text.strip("\\"")\n'


@pytest.mark.parametrize(
    "rebind",
    ["name = unquote(name)", "name = name[1:]", "other = unquote(name)", "name = name[:40]"],
)
def test_a_check_of_what_a_call_or_a_slice_made_of_the_value_leaves_it_unknown(
    run_cli, make_repo, rebind: str
) -> None:
    files = in_tool(
        dedent(CHECKED.format(rebind=rebind)).replace(
            "if not name", "if not " + rebind.split(" =")[0]
        )
    )
    root = make_repo({**files, "helpers/quoting.py": QUOTING})
    argument = {a["name"]: a for a in tool_module(run_cli, root)["arguments"]}["name"]
    assert arguments(run_cli, root)["name"] == UNKNOWN, argument
    assert argument["has_default"] is False, argument
