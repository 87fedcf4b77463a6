"""A membership check against a name the function binds once to a literal
(``allowed = ("a", "b")``, then ``if mode not in allowed: return ...``)
lists those values, as the literal written in place does; also when the
error message formats the name. A name that may change lists none."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_extract import arguments
from test_resolve import write_repo

TOOL_PY = """\
from helpers.tool import Response, Tool


class SizeTool(Tool):
    async def execute(self, ratio="1:1", **kwargs):
        allowed = ("1:1", "3:4")
{between}        if ratio not in allowed:
            {refusal}
        return Response(message=ratio, break_loop=False)
"""

_RETURN = 'return Response(message="bad ratio", break_loop=False)'


def _ratio(tmp_path: Path, refusal: str, between: str = "") -> dict:  # type: ignore[type-arg]
    text = TOOL_PY.format(refusal=refusal, between=between)
    (tool,) = write_repo(tmp_path, {"tools/size.py": text}).tools("tools/size.py")
    return arguments(tool)["ratio"]


@pytest.mark.parametrize(
    "refusal",
    [
        _RETURN,
        'return Response(message=f"ratio is one of {allowed}", break_loop=False)',
        'return Response(message="one of " + ", ".join(allowed), break_loop=False)',
        "return Response(message=f\"one of {', '.join(allowed)}\", break_loop=False)",
        'raise ValueError("bad ratio")',
    ],
)
def test_a_literal_bound_once_lists_the_values(tmp_path: Path, refusal: str) -> None:
    ratio = _ratio(tmp_path, refusal)
    assert ratio["enum"] == ["1:1", "3:4"]
    assert ratio["default"] == "1:1" and not ratio["required"]


@pytest.mark.parametrize(
    "between",
    [
        '        allowed = allowed + ("4:3",)\n',
        '        allowed += ("4:3",)\n',
        "        log(allowed)\n",
        "        sep.join(allowed)\n",
    ],
)
def test_a_name_that_may_change_lists_no_values(tmp_path: Path, between: str) -> None:
    assert _ratio(tmp_path, _RETURN, between)["enum"] is None
