"""A string default the code converts to the argument's number type
(``int(self.args.get("width", "1024"))``) is the number the tool works with:
a companion line ``check --fix`` writes and the schema give ``1024`` (the
schema with its ``integer`` type), ``inspect`` keeps the code's ``"1024"``,
and a companion giving either agrees with the code."""

from __future__ import annotations

import json
from pathlib import Path

DOX = "tools/sizer.py.dox.md"

SIZER_PY = """\
from helpers.tool import Response, Tool


class Sizer(Tool):
    async def execute(self, **kwargs) -> Response:
        width = int(self.args.get("width", "1024"))
        ratio = float(self.args.get("ratio", "0.5"))
        timeout = float(self.args.get("timeout", "30"))
        label = self.args.get("label", "7")
        return Response(message=f"{width} {ratio} {timeout} {label}", break_loop=False)
"""

PROMPT = """\
### sizer
size things
~~~json
{"tool_name": "sizer", "tool_args": {"width": 1024, "ratio": 0.5, "timeout": 30, "label": "7"}}
~~~
"""


def _repo(make_repo) -> Path:
    return make_repo({"tools/sizer.py": SIZER_PY, "prompts/agent.system.tool.sizer.md": PROMPT})


def test_a_written_companion_gives_the_converted_number(make_repo, run_cli) -> None:
    root = _repo(make_repo)
    assert run_cli(root, "check", "--fix").exit_code == 0
    text = (root / DOX).read_text(encoding="utf-8")
    assert "  - `width`: optional integer, default `1024`.\n" in text
    assert "  - `ratio`: optional number, default `0.5`.\n" in text
    assert "  - `timeout`: optional number, default `30`.\n" in text
    # a string the code never converts stays a string
    assert '  - `label`: optional string, default `"7"`.\n' in text
    again = run_cli(root, "check", "--fix")
    assert again.exit_code == 0 and "All checks passed." in again.output
    assert (root / DOX).read_text(encoding="utf-8") == text


def test_the_schema_gives_the_type_and_the_number(make_repo, run_cli) -> None:
    root = _repo(make_repo)
    result = run_cli(root, "schema", "tools/sizer.py")
    assert result.exit_code == 0, result.output
    properties = json.loads(result.output)[0]["function"]["parameters"]["properties"]
    assert properties["width"] == {"type": "integer", "default": 1024}
    assert properties["ratio"] == {"type": "number", "default": 0.5}
    assert properties["label"] == {"type": "string", "default": "7"}


def test_inspect_keeps_the_default_the_code_writes(make_repo, run_cli) -> None:
    root = _repo(make_repo)
    result = run_cli(root, "inspect", "--json", "tools/sizer.py")
    width = next(
        a for a in json.loads(result.output)[0]["tools"][0]["arguments"] if a["name"] == "width"
    )
    assert (width["default"], width["coercion"], width["type"]) == ("1024", "int", "integer")


def test_either_spelling_agrees_and_another_number_does_not(make_repo, run_cli) -> None:
    root = _repo(make_repo)
    assert run_cli(root, "check", "--fix").exit_code == 0
    path = root / DOX
    fixed = path.read_text(encoding="utf-8")
    line = "  - `width`: optional integer, default `1024`.\n"
    for written in ('`"1024"`', "`1024`"):
        path.write_text(fixed.replace(line, line.replace("`1024`", written)), encoding="utf-8")
        result = run_cli(root, "check")
        assert result.exit_code == 0, result.output
    for written in ('`"1025"`', "`1025`"):
        path.write_text(fixed.replace(line, line.replace("`1024`", written)), encoding="utf-8")
        result = run_cli(root, "check")
        assert result.exit_code == 1
        assert 'DOX111 argument `width` has `"1024"` in the code' in result.output


GUARDED_PY = """\
from helpers.tool import Response, Tool


class Sizer(Tool):
    async def execute(self, **kwargs) -> Response:
        try:
            width = int(self.args.get("width", "10"))
        except ValueError:
            width = 10
        height = self.args.get("height", "20")
        if isinstance(height, (int, float)):
            height = int(height)
        return Response(message=f"{width} {height}", break_loop=False)
"""

GUARDED_PROMPT = """\
### sizer
size things
~~~json
{"tool_name": "sizer", "tool_args": {"width": 10, "height": "20"}}
~~~
"""


def test_a_caught_error_still_converts_the_default(make_repo, run_cli) -> None:
    # ``except ValueError`` takes what int() cannot convert; "10" it converts,
    # so the tool works with 10. A test of the value's type lets "20" by as it is.
    root = make_repo(
        {"tools/sizer.py": GUARDED_PY, "prompts/agent.system.tool.sizer.md": GUARDED_PROMPT}
    )
    assert run_cli(root, "check", "--fix").exit_code == 0
    text = (root / DOX).read_text(encoding="utf-8")
    assert "  - `width`: optional integer, default `10`.\n" in text
    assert '  - `height`: optional integer, default `"20"`.\n' in text
    result = run_cli(root, "schema", "tools/sizer.py")
    properties = json.loads(result.output)[0]["function"]["parameters"]["properties"]
    assert properties["width"] == {"type": "integer", "default": 10}
    inspected = run_cli(root, "inspect", "--json", "tools/sizer.py")
    width = next(
        a for a in json.loads(inspected.output)[0]["tools"][0]["arguments"] if a["name"] == "width"
    )
    assert (width["default"], width["coercion"]) == ("10", "int")
    assert "reach_caught_only" not in width
