"""A loop or comprehension over a literal the function binds once
(``allowed = {"a", "b"}`` then ``{k: values[k] for k in allowed if k in
values}``) reads those keys, in the tool's module (libcst's walk) and in a
helper module (the summaries); a name that may change is a key no one can name."""

from __future__ import annotations

from pathlib import Path

from test_extract import arguments
from test_resolve import write_repo

PICK_PY = """\
def picked(values):
    allowed = {"title", "owner"}
    return {key: values[key] for key in allowed if key in values}


def changed(values):
    allowed = ["a"]
    allowed.append("b")
    return {key: values[key] for key in allowed if key in values}


def handed(values):
    allowed = ("c", "d")
    log(allowed)
    return {key: values[key] for key in allowed if key in values}
"""

TOOL_PY = """\
from helpers.pick import {helper}
from helpers.tool import Response, Tool


def _local(values):
    allowed = ("mode", "depth")
    return {{key: values[key] for key in allowed if key in values}}


class GoalTool(Tool):
    async def execute(self, **kwargs):
        a = {helper}(kwargs)
        b = _local(kwargs)
        return Response(message=str((a, b)), break_loop=False)
"""


def _tool(tmp_path: Path, helper: str):  # type: ignore[no-untyped-def]
    files = {"tools/goal.py": TOOL_PY.format(helper=helper), "helpers/pick.py": PICK_PY}
    (tool,) = write_repo(tmp_path, files).tools("tools/goal.py")
    return tool


def test_a_literal_bound_once_gives_its_keys_each_optional(tmp_path: Path) -> None:
    tool = _tool(tmp_path, "picked")
    found = arguments(tool)
    assert list(found) == ["mode", "depth", "title", "owner"]
    assert not any(argument["required"] for argument in found.values())
    assert tool.dynamic_reads == []


def test_a_literal_that_may_change_is_a_computed_key(tmp_path: Path) -> None:
    for helper in ("changed", "handed"):
        tool = _tool(tmp_path, helper)
        assert list(arguments(tool)) == ["mode", "depth"]
        assert tool.dynamic_reads, helper  # a key no one can name
