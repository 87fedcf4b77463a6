"""``kwargs.get("model", self.args.get("model"))``: the default of the outer
read is a read of the same argument, so a missing key gives what the inner
read gives (its own default, or ``None``), not a value no one can state. A
check that refuses that value makes the argument required; a literal
default of the inner read is the argument's default."""

from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent, indent

import pytest

HEAD = """\
from helpers.tool import Response, Tool


class ModelTool(Tool):
    async def execute(self, **kwargs):
"""

TAIL = """\
return Response(message=str(model), break_loop=False)
"""


def _argument(run_cli, make_repo, body: str) -> dict:
    root: Path = make_repo({"tools/model_tool.py": HEAD + indent(dedent(body) + TAIL, " " * 8)})
    result = run_cli(root, "inspect", "tools/model_tool.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    return next(a for a in module["tools"][0]["arguments"] if a["name"] == "model")


REFUSED = [
    'model = kwargs.get("model", self.args.get("model"))\n'
    'if not model:\n    raise ValueError("model is required")\n',
    'model = kwargs.get("model", self.args.get("model", ""))\n'
    'if not model:\n    raise ValueError("model is required")\n',
    'model: str | None = kwargs.get("model", self.args.get("model"))\n'
    'if model is None:\n    raise ValueError("model is required")\n',
    'model = self.args.get("model", kwargs.get("model", None))\n'
    'if not model:\n    raise ValueError("model is required")\n',
]


@pytest.mark.parametrize("body", REFUSED)
def test_a_check_refusing_what_the_inner_read_gives_makes_it_required(
    run_cli, make_repo, body: str
) -> None:
    argument = _argument(run_cli, make_repo, body)
    assert argument["required"] is True
    assert argument["has_default"] is False


def test_the_inner_reads_literal_default_is_the_default(run_cli, make_repo) -> None:
    argument = _argument(
        run_cli, make_repo, 'model = kwargs.get("model", self.args.get("model", 10))\n'
    )
    assert argument["required"] is False
    assert (argument["has_default"], argument["default"]) == (True, 10)


def test_another_keys_read_or_an_attribute_still_states_no_default(run_cli, make_repo) -> None:
    for fallback in ('self.args.get("name")', "self.limit"):
        body = (
            f'model = kwargs.get("model", {fallback})\nif not model:\n    raise ValueError("no")\n'
        )
        argument = _argument(run_cli, make_repo, body)
        assert argument["required"] is False
        assert argument["has_default"] is False


def test_the_written_companion_calls_it_required(run_cli, make_repo) -> None:
    body = REFUSED[0]
    root: Path = make_repo({"tools/model_tool.py": HEAD + indent(dedent(body) + TAIL, " " * 8)})
    result = run_cli(root, "check", "--fix")
    assert "Traceback" not in result.output
    companion = (root / "tools/model_tool.py.dox.md").read_text()
    assert "  - `model`: required string." in companion
    again = run_cli(root, "check", "--fix")
    assert (root / "tools/model_tool.py.dox.md").read_text() == companion, again.output
