"""A ``Response`` whose ``break_loop`` is changed after it is built
(``resp.break_loop = True`` under an ``if``, ``|=``, ``setattr``): the value
it was built with is not the one ``execute`` returns on every call, so the
returned ``break_loop`` is what either may be, never the first alone."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from samples import write_files
from test_extract import tool

from doxtool.cli import cli
from doxtool.core.facts import BREAK_LOOP
from doxtool.rules.examples import FRAMEWORK

HEAD = "from helpers.tool import Response, Tool\n\n\nclass MutateResp(Tool):\n"
EXECUTE = "    async def execute(self, **kwargs) -> Response:\n"
BUILT = '        resp = Response(message="done", break_loop=False)\n'

#: the change after ``BUILT`` -> the outcome at ``return resp``
CHANGES = {
    "conditional true": (
        '        if self.args.get("final"):\n            resp.break_loop = True\n',
        ("dynamic", "resp.break_loop"),
    ),
    "in a loop": (
        '        for item in self.args.get("items", []):\n            resp.break_loop = True\n',
        ("dynamic", "resp.break_loop"),
    ),
    "a value not known": (
        '        resp.break_loop = self.args.get("final") == "yes"\n',
        ("dynamic", 'self.args.get("final") == "yes"'),
    ),
    "or-assigned": (
        '        resp.break_loop |= bool(self.args.get("final"))\n',
        ("dynamic", "resp.break_loop"),
    ),
    "setattr": (
        '        if self.args.get("final"):\n            setattr(resp, "break_loop", True)\n',
        ("dynamic", "resp.break_loop"),
    ),
    "setattr of a name not known": (
        '        setattr(resp, self.args.get("field", "x"), True)\n',
        ("dynamic", "resp.break_loop"),
    ),
    "an alias changed": (
        "        other = resp\n        other.break_loop = True\n",
        ("dynamic", "resp.break_loop"),
    ),
    "the same value again": (
        '        if self.args.get("final"):\n            resp.break_loop = False\n',
        (False, None),
    ),
    "another attribute": (
        '        resp.message = "changed"\n        setattr(resp, "message", "again")\n',
        (False, None),
    ),
}


@pytest.mark.parametrize("case", sorted(CHANGES))
def test_a_changed_break_loop_is_never_the_built_value_alone(tmp_path: Path, case: str) -> None:
    change, outcome = CHANGES[case]
    source = HEAD + EXECUTE + BUILT + change + "        return resp\n"
    facts = tool(tmp_path, source)
    assert [(o.break_loop, o.expression) for o in facts.outcomes] == [outcome]
    assert facts.knows(BREAK_LOOP) is (outcome[0] is False)


def check(root: Path, *args: str) -> str:
    result = CliRunner().invoke(cli, ["check", "--root", str(root), "--no-cache", *args])
    assert result.exit_code in (0, 1), result.output
    assert "Found" in result.stdout or "All checks passed" in result.stdout, result.stdout
    return result.stdout


def test_a_true_line_about_a_changed_response_is_kept(tmp_path: Path) -> None:
    source = (
        HEAD
        + EXECUTE
        + BUILT
        + '        if self.args.get("final"):\n            resp.break_loop = True\n'
        + "        return resp\n"
    )
    write_files(tmp_path, {**FRAMEWORK, "helpers/__init__.py": "", "tools/mutate.py": source})
    check(tmp_path, "--fix")
    companion = tmp_path / "tools/mutate.py.dox.md"
    text = companion.read_text(encoding="utf-8")
    # nothing known to write: no line claims one value
    assert "`break_loop` of `MutateResp`" not in text, text
    line = "- `break_loop` of `MutateResp`: `true` or `false`.\n"
    text = text.replace("- Observed side-effect", line + "- Observed side-effect")
    companion.write_text(text, encoding="utf-8")
    assert "All checks passed" in check(tmp_path, "--select", "DOX120")
    check(tmp_path, "--fix")
    assert companion.read_text(encoding="utf-8") == text
