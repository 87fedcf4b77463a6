"""A fill of ``self.args`` made by a method or function of the tool's module
that ``execute`` calls on every path, before a read that raises without the
key, guards that read as a fill in ``execute`` itself does: the argument is
optional, with the value filled as its default."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

HEAD = """\
from helpers.tool import Response, Tool

"""

METHOD_SETDEFAULT = """\
class Render(Tool):
    def _defaults(self):
        self.args.setdefault("fmt", "md")

    async def execute(self, **kwargs):
        self._defaults()
        fmt = self.args["fmt"]
        return Response(message=fmt, break_loop=False)
"""

METHOD_MISSING = """\
class Render(Tool):
    def _defaults(self):
        if "fmt" not in self.args:
            self.args["fmt"] = "md"

    async def execute(self, **kwargs):
        self._defaults()
        fmt = self.args["fmt"]
        return Response(message=fmt, break_loop=False)
"""

FUNCTION = """\
def apply_defaults(args):
    args.setdefault("fmt", "md")


class Render(Tool):
    async def execute(self, **kwargs):
        apply_defaults(self.args)
        fmt = self.args["fmt"]
        return Response(message=fmt, break_loop=False)
"""

PERSON = '  - `fmt`: optional string, default `"md"`.'


def _fmt_line(root: Path) -> str:
    text = (root / "tools/render.py.dox.md").read_text()
    (line,) = [line for line in text.splitlines() if line.startswith("  - `fmt`:")]
    return line


@pytest.mark.parametrize("body", [METHOD_SETDEFAULT, METHOD_MISSING, FUNCTION])
def test_a_fill_in_a_function_execute_calls_first_guards_the_later_read(
    run_cli, make_repo, body: str
) -> None:
    root: Path = make_repo({"tools/render.py": HEAD + body})
    run_cli(root, "check", "--fix", "--no-cache")
    assert _fmt_line(root) == PERSON
    result = run_cli(root, "check", "--no-cache", "--select", "DOX111")
    assert result.exit_code == 0, result.output
    result = run_cli(root, "schema", "--format", "jsonschema", "tools/render.py")
    (schema,) = json.loads(result.output)
    assert "fmt" not in schema.get("required", [])
    assert schema["properties"]["fmt"]["default"] == "md"


def test_a_fill_in_a_function_after_a_return_guards_nothing_after_the_call(
    run_cli, make_repo
) -> None:
    body = METHOD_SETDEFAULT.replace(
        "    def _defaults(self):\n",
        "    def _defaults(self):\n        if self.agent:\n            return\n",
    )
    root: Path = make_repo({"tools/render.py": HEAD + body})
    run_cli(root, "check", "--fix", "--no-cache")
    assert _fmt_line(root) == "  - `fmt`: required string."


def test_a_fill_in_a_function_called_on_some_calls_only_guards_nothing(run_cli, make_repo) -> None:
    body = METHOD_SETDEFAULT.replace(
        "        self._defaults()\n", "        if self.agent:\n            self._defaults()\n"
    )
    root: Path = make_repo({"tools/render.py": HEAD + body})
    run_cli(root, "check", "--fix", "--no-cache")
    assert _fmt_line(root) == "  - `fmt`: required string."


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # an ``async`` method not awaited runs nothing
        ("    def _defaults(self):\n", "    async def _defaults(self):\n"),
        # a generator runs nothing when called
        (
            '        self.args.setdefault("fmt", "md")\n',
            '        self.args.setdefault("fmt", "md")\n        yield 1\n',
        ),
        # a fill of a copy of the dict handed
        ("def apply_defaults(args):\n", "def apply_defaults(args):\n    args = dict(args)\n"),
    ],
)
def test_a_fill_that_does_not_run_or_fills_a_copy_guards_nothing(
    run_cli, make_repo, old: str, new: str
) -> None:
    body = FUNCTION if old.startswith("def apply") else METHOD_SETDEFAULT
    assert old in body
    root: Path = make_repo({"tools/render.py": HEAD + body.replace(old, new)})
    run_cli(root, "check", "--fix", "--no-cache")
    assert _fmt_line(root) == "  - `fmt`: required string."
