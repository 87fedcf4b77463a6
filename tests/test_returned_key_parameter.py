"""The value a function of the tool's module returns, read from the
arguments dict under a key its parameter holds (left at a literal default,
or handed a literal), stands for that argument as a literal key does: a
check of it that answers an empty value with an error makes it required."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

LITERAL_IN_FUNCTION = """\
from helpers.tool import Response, Tool


def _get(args):
    return args.get("path")


class Stat(Tool):
    async def execute(self, **kwargs):
        path = _get(self.args)
        if not path:
            return Response(message="path is required", break_loop=False)
        return Response(message=f"stat {path}", break_loop=False)
"""

PARAMETER_DEFAULT = LITERAL_IN_FUNCTION.replace(
    'def _get(args):\n    return args.get("path")',
    'def _get(args, key="path"):\n    return args.get(key)',
)
PARAMETER_PASSED = LITERAL_IN_FUNCTION.replace(
    'def _get(args):\n    return args.get("path")', "def _get(args, key):\n    return args.get(key)"
).replace("_get(self.args)", '_get(self.args, "path")')
METHOD_DEFAULT = (
    LITERAL_IN_FUNCTION.replace('def _get(args):\n    return args.get("path")\n\n\n', "")
    .replace(
        "    async def execute",
        '    def _get(self, key="path"):\n'
        "        return self.args.get(key)\n\n    async def execute",
    )
    .replace("_get(self.args)", "self._get()")
)


@pytest.mark.parametrize(
    "source", [LITERAL_IN_FUNCTION, PARAMETER_DEFAULT, PARAMETER_PASSED, METHOD_DEFAULT]
)
def test_a_key_held_by_a_parameter_carries_the_check_of_what_is_returned(
    run_cli, make_repo, source: str
) -> None:
    assert source.count("_get(") == 2
    root: Path = make_repo({"tools/stat.py": source})
    run_cli(root, "check", "--fix", "--no-cache")
    text = (root / "tools/stat.py.dox.md").read_text()
    assert "  - `path`: required.\n" in text
    person = text.replace("  - `path`: required.\n", "  - `path`: required string.\n")
    (root / "tools/stat.py.dox.md").write_text(person)
    result = run_cli(root, "check", "--no-cache", "--select", "DOX111")
    assert result.exit_code == 0, result.output
    result = run_cli(root, "schema", "--format", "jsonschema", "tools/stat.py")
    (schema,) = json.loads(result.output)
    assert schema["required"] == ["path"]
