"""A value a call makes of an argument (``code = self._coerce(args.get("code"))``,
a method whose ``return``s doxtool does not follow to the argument) is tested
under a string method (``if not code.strip(): return error``), or the call's
result is taken through one (``path = norm(args.get("path")).strip()``): the
test may refuse a missing value, so the argument is required or optional,
not optional."""

from __future__ import annotations

import json
from pathlib import Path

RUNNER_PY = """\
from helpers.tool import Response, Tool


def norm(value) -> str:
    if value is None:
        return ""
    return str(value)


class Runner(Tool):
    async def execute(self, **kwargs) -> Response:
        code = self._coerce(self.args.get("code"))
        if not code.strip():
            return Response(message="code is empty", break_loop=False)
        path = norm(self.args.get("path")).strip().lower()
        if not path:
            return Response(message="path is empty", break_loop=False)
        note = self._coerce(self.args.get("note"))
        label = self.args.get("label", "x").strip()
        if not label:
            return Response(message="label is empty", break_loop=False)
        return Response(message=code + path + note.strip() + label, break_loop=False)

    def _coerce(self, value) -> str:
        if value is None:
            return ""
        if isinstance(value, str):
            return value
        return str(value)
"""


def _arguments(make_repo, run_cli) -> dict[str, dict]:
    root: Path = make_repo({"tools/runner.py": RUNNER_PY})
    result = run_cli(root, "inspect", "--json", "tools/runner.py")
    assert result.exit_code == 0, result.output
    tool = json.loads(result.output)[0]["tools"][0]
    return {a["name"]: a for a in tool["arguments"]}


def test_a_string_method_on_a_called_value_leaves_the_argument_in_doubt(make_repo, run_cli) -> None:
    arguments = _arguments(make_repo, run_cli)
    for name in ("code", "path"):
        argument = arguments[name]
        assert (argument["required"], argument["required_unknown"]) == (False, True), name
        assert argument["default_unknown"] is True, name


def test_an_unchecked_called_value_and_a_plain_read_are_as_before(make_repo, run_cli) -> None:
    arguments = _arguments(make_repo, run_cli)
    # only stripped, never checked: optional
    note = arguments["note"]
    assert (note["required"], note["required_unknown"]) == (False, False)
    # a read's own default stripped and checked: the literal judges it
    label = arguments["label"]
    assert (label["required"], label["required_unknown"], label["default"]) == (False, False, "x")


def test_the_written_companion_claims_neither(make_repo, run_cli) -> None:
    root: Path = make_repo(
        {
            "tools/runner.py": RUNNER_PY,
            "prompts/agent.system.tool.runner.md": "### runner\nrun code\n"
            '~~~json\n{"tool_name": "runner", "tool_args": {"code": "ls", "path": "a"}}\n~~~\n',
        }
    )
    run_cli(root, "check", "--fix")
    text = (root / "tools/runner.py.dox.md").read_text(encoding="utf-8")
    assert "  - `code`: required or optional string.\n" in text
    assert "  - `path`: required or optional string.\n" in text
