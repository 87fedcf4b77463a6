"""A membership check against a class attribute read through the instance
(``ALLOWED = {"a", "b"}`` in the class body, then ``if mode not in
self.ALLOWED: return ...``) lists those values, as a module-level constant
does; none when another class of the module binds the name too, when a
method sets it on the instance, or when the module may change it."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_extract import arguments
from test_resolve import write_repo

TOOL_PY = """\
from helpers.tool import Response, Tool


class ExportTool(Tool):
    ALLOWED = {{"stl", "step"}}
{members}
    async def execute(self, **kwargs):
        fmt = self.args.get("format", "stl").lower()
        if fmt not in self.ALLOWED:
            return Response(message=f"use one of {{sorted(self.ALLOWED)}}", break_loop=False)
{between}        return Response(message=fmt, break_loop=False)
{after}"""


def _format(tmp_path: Path, members: str = "", between: str = "", after: str = "") -> dict:  # type: ignore[type-arg]
    text = TOOL_PY.format(members=members, between=between, after=after)
    (tool,) = write_repo(tmp_path, {"tools/export.py": text}).tools("tools/export.py")
    return arguments(tool)["format"]  # the subclass, where there is one


def test_a_class_body_constant_lists_the_values(tmp_path: Path) -> None:
    found = _format(tmp_path)
    assert found["enum"] == ["stl", "step"]
    assert found["default"] == "stl" and not found["required"]


@pytest.mark.parametrize(
    ("members", "between", "after"),
    [
        ("", "        self.ALLOWED.add('obj')\n", ""),
        ("", "        self.ALLOWED = {'obj'}\n", ""),
        ("", "        type(self).ALLOWED |= {'obj'}\n", ""),
        ("    def ALLOWED(self):\n        return ()\n", "", ""),
        ("    ALLOWED = {'obj'}\n", "", ""),
        ("", "", "\n\nclass Wider(ExportTool):\n    ALLOWED = {'obj'}\n"),
        ("", "", "\n\nExportTool.ALLOWED = {'obj'}\n"),
    ],
)
def test_a_class_constant_that_may_change_lists_no_values(
    tmp_path: Path, members: str, between: str, after: str
) -> None:
    assert _format(tmp_path, members, between, after)["enum"] is None


def test_an_attribute_of_another_class_lists_no_values(tmp_path: Path) -> None:
    text = (
        TOOL_PY.format(members="", between="", after="").replace(
            'ALLOWED = {"stl", "step"}', "pass"
        )
        + '\n\nclass Other:\n    ALLOWED = ("stl", "step")\n'
    )
    (tool,) = write_repo(tmp_path, {"tools/export.py": text}).tools("tools/export.py")
    assert arguments(tool)["format"]["enum"] is None
