"""Code a fact shows (a computed key, a dynamic ``break_loop``) is shown on one line."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from doxtool.cli import cli
from doxtool.python.codeline import one_line

MODULE = """\
from helpers.tool import Response, Tool


class Spread(Tool):
    async def execute(self, **kwargs):
        value = self.args.get(
            self.name
            + "_suffix",
            0,
        )
        return Response(
            message=str(value),
            break_loop=(
                bool(value)  # stop once a value came
                and self.agent is not None
            ),
        )
"""


@pytest.mark.parametrize(
    ("code", "shown"),
    [
        ('self.name\n    + "_suffix"', 'self.name + "_suffix"'),
        ("(\n    done  # finished\n    and ready\n)", "(done and ready)"),
        ("f(\n    a,\n    b,\n)", "f(a, b,)"),
        ("a \\\n    + b", "a + b"),
        ("x[\n    key\n]", "x[key]"),
        ("  plain  ", "plain"),
        ("a  +  b", "a  +  b"),
        # a literal that spans lines is kept as written, and so is what does not tokenize
        ('"""one\ntwo""" + a', '"""one\ntwo""" + a'),
        ('f"""{a}\n{b}"""', 'f"""{a}\n{b}"""'),
        ("a +\n (", "a +\n ("),
    ],
)
def test_one_line(code: str, shown: str) -> None:
    assert one_line(code) == shown


def test_a_computed_key_over_lines_is_one_line_in_the_finding_and_the_facts(
    make_repo, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = make_repo({"tools/spread.py": MODULE})
    monkeypatch.chdir(root)
    result = CliRunner().invoke(cli, ["check", "--no-cache", "--select", "DOX008"])
    assert result.exit_code == 1, result.output
    assert result.stdout.splitlines()[0] == (
        "tools/spread.py:6:17: DOX008 `Spread.execute` reads an argument with the computed key "
        '`self.name + "_suffix"`; it cannot be documented or checked'
    )
    inspected = CliRunner().invoke(cli, ["inspect", "--json", "tools/spread.py"])
    assert inspected.exit_code == 0, inspected.output
    (tool,) = json.loads(inspected.stdout)[0]["tools"]
    assert [read["expression"] for read in tool["dynamic_reads"]] == ['self.name + "_suffix"']
    text = CliRunner().invoke(cli, ["inspect", "tools/spread.py"]).stdout
    assert "break_loop dynamic `(bool(value) and self.agent is not None)`" in text
    assert "\\n" not in text
