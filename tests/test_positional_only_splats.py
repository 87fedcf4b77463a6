"""A positional-only parameter (before ``/``) is never filled by a keyword:
neither a ``**`` splat of the tool's arguments nor ``path=...`` binds it (the
key lands in the function's ``**`` parameter), so a file written at it is no
path the tool's arguments name. A keyword-only parameter is filled by them."""

from __future__ import annotations

import json
from typing import Any

import pytest

_FILES = """\
def wipe(path, /, **kw):
    with open(path, "w") as handle:
        handle.write("")


def wipe_named(*, path, **kw):
    with open(path, "w") as handle:
        handle.write("")
"""


def _destructive(run_cli: Any, root: Any) -> list[str]:
    inspected = run_cli(root, "inspect", "tools/t.py", "--json")
    assert inspected.exit_code == 0, inspected.output
    (tool,) = json.loads(inspected.output)[0]["tools"]
    return [effect["area"] for effect in tool["destructive"]]


@pytest.mark.parametrize(
    ("call", "destructive"),
    [
        ("wipe(**self.args)", []),
        ("wipe('/tmp/x', path=self.args['path'])", []),
        ("wipe(self.args['path'])", ["file overwrite"]),
        ("wipe_named(**self.args)", ["file overwrite"]),
        ("wipe_named(path=self.args['path'])", ["file overwrite"]),
    ],
)
def test_a_keyword_fills_no_positional_only_parameter(
    make_repo, run_cli, call: str, destructive: list[str]
) -> None:
    module = (
        "from helpers.files import wipe, wipe_named\n"
        "from helpers.tool import Response, Tool\n\n\n"
        "class T(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        f"        {call}\n"
        "        return Response(message='ok', break_loop=False)\n"
    )
    root = make_repo({"tools/t.py": module, "helpers/files.py": _FILES})
    assert _destructive(run_cli, root) == destructive


@pytest.mark.parametrize(
    ("signature", "arguments"),
    [
        # the framework calls ``execute(**tool_args)``: a key ``path`` lands
        # in ``**kwargs``, never in the positional-only ``path``
        ("self, path, /, *args, mode='r', **kwargs", ["mode"]),
        ("self, path='.', /, **kwargs", []),
        ("self, /, path, **kwargs", ["path"]),
        ("self, *, path, **kwargs", ["path"]),
    ],
)
def test_execute_takes_no_argument_in_a_positional_only_parameter(
    make_repo, run_cli, signature: str, arguments: list[str]
) -> None:
    module = (
        "from helpers.tool import Response, Tool\n\n\n"
        "class T(Tool):\n"
        f"    async def execute({signature}):\n"
        "        return Response(message='ok', break_loop=False)\n"
    )
    root = make_repo({"tools/t.py": module})
    inspected = run_cli(root, "inspect", "tools/t.py", "--json")
    assert inspected.exit_code == 0, inspected.output
    (tool,) = json.loads(inspected.output)[0]["tools"]
    assert [a["name"] for a in tool["arguments"]] == arguments
    schema = json.loads(run_cli(root, "schema", "--format", "jsonschema", "tools/t.py").output)
    assert sorted(schema[0]["properties"]) == sorted(arguments)
