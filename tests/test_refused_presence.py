"""A key whose presence a test refuses with a raise (``if "debug" in
self.args: raise ValueError(...)``), read nowhere else, is no argument the
tool takes, nor is one read again only past that test in its block. A
``try`` that recovers from the raise, or a ``Response`` returned instead
(an answer, maybe: ``if "help" in self.args: return Response(usage)``),
or a read where the test did not run, leaves it an argument."""

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
        if self.args.get("mode") == "strict":
            if "debug" in self.args:
                raise ValueError("debug is not accepted")
        return Response(message=str(self.args.get("debug")), break_loop=False)
        """,
    ],
)
def test_a_key_recovered_answered_or_read_elsewhere_stays_an_argument(
    run_cli, make_repo, body: str
) -> None:
    assert "debug" in _names(run_cli, make_repo, body)


HELPER = """\
from helpers.tool import Response, Tool
from helpers.running import run


class Run(Tool):
    async def execute(self, **kwargs):
        return Response(message=run(self.args), break_loop=False)
"""


@pytest.mark.parametrize(
    "body, names",
    [
        (
            """\
            if "debug" in self.args:
                raise ValueError("debug is not accepted")
            name = self.args.get("name", "")
            return Response(message=f"{name} {self.args.get('debug')}", break_loop=False)
            """,
            ["name"],
        ),
        (
            """\
            name = self.args.get("name", "")
            if "debug" in self.args:
                raise ValueError("debug is not accepted")
            for _ in range(2):
                name += str(self.args.get("debug"))
            return Response(message=name, break_loop=False)
            """,
            ["name"],
        ),
        (
            """\
            def show():
                return str(self.args.get("debug"))

            first = show()
            if "debug" in self.args:
                raise ValueError("debug is not accepted")
            return Response(message=first + show(), break_loop=False)
            """,
            ["debug"],
        ),
    ],
)
@pytest.mark.parametrize("where", ["tool", "helper"])
def test_a_key_read_only_past_its_refusal_is_not_taken(
    run_cli, make_repo, body: str, names: list[str], where: str
) -> None:
    """Past ``if "debug" in args: raise ...`` in the same block, a read of
    ``debug`` never finds it: the key stays no argument, in the tool's own
    code and in a function of another module handed its arguments alike. A
    nested function also called before the test reads it where it is given."""
    if where == "tool":
        assert _names(run_cli, make_repo, body) == names
        return
    code = dedent(body).replace("self.args", "args").replace("Response(message=", "(")
    code = code.replace(", break_loop=False)", ")")
    helper = "def run(args):\n" + indent(code, " " * 4)
    root: Path = make_repo({"tools/run.py": HELPER, "helpers/running.py": helper})
    result = run_cli(root, "inspect", "tools/run.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    assert [a["name"] for a in tool["arguments"]] == names
