"""A key whose presence a test refuses with a raise (``if "debug" in
self.args: raise ValueError(...)``), read nowhere else, is no argument the
tool takes. A ``try`` that recovers from the raise, or a ``Response``
returned instead (an answer, maybe: ``if "help" in self.args: return
Response(usage)``), leaves it an argument."""

from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent, indent

import pytest

HEAD = """\
from helpers.tool import Response, Tool


class Run(Tool):
    async def execute(self, **kwargs):
"""


def _names(run_cli, make_repo, body: str) -> list[str]:
    root: Path = make_repo({"tools/run.py": HEAD + indent(dedent(body), " " * 8)})
    result = run_cli(root, "inspect", "tools/run.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    return [a["name"] for a in tool["arguments"]]


def test_a_key_refused_when_present_is_not_taken(run_cli, make_repo) -> None:
    body = """\
        if "debug" in self.args:
            raise ValueError("debug is not accepted")
        return Response(message=self.args.get("text", ""), break_loop=False)
        """
    assert _names(run_cli, make_repo, body) == ["text"]


@pytest.mark.parametrize(
    "body",
    [
        """\
        try:
            if "debug" in self.args:
                raise ValueError("debug is not accepted")
        except ValueError:
            pass
        return Response(message="ran", break_loop=False)
        """,
        """\
        if "debug" in self.args:
            return Response(message="usage: run", break_loop=False)
        return Response(message="ran", break_loop=False)
        """,
        """\
        if "debug" in self.args:
            raise ValueError("debug is not accepted")
        return Response(message=f"{self.args.get('debug')}", break_loop=False)
        """,
    ],
)
def test_a_key_recovered_answered_or_read_elsewhere_stays_an_argument(
    run_cli, make_repo, body: str
) -> None:
    assert _names(run_cli, make_repo, body) == ["debug"]
