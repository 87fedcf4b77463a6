"""Inputs that once crashed doxtool, stalled it or made it deny a true line:
defaults no JSON value states, a fallback given to a name on the statement
after its read, and long runs of blanks in lead lines."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from samples import write_files
from test_extract import NO_DEFAULT, arguments, tool

from doxtool.rules.examples import FRAMEWORK

HEADER = "from helpers.tool import Response, Tool\n\n\nclass LimitTool(Tool):\n"


def _tool_with(body: str) -> str:
    return HEADER + textwrap.indent(textwrap.dedent(body), "    ")


def _strict_json(text: str) -> object:
    def refuse(constant: str) -> object:
        raise ValueError(f"not JSON: {constant}")

    return json.loads(text, parse_constant=refuse)


@pytest.mark.parametrize(
    "literal",
    ["0x" + "f" * 4000, "1e999", "-1e999", 'b"raw\\xff"', '{1: "a"}', '("a", b"b")'],
)
def test_a_default_no_json_value_states_is_left_unknown(
    tmp_path: Path, run_cli, literal: str
) -> None:
    source = _tool_with(
        f"""\
        async def execute(self, **kwargs) -> Response:
            cap = self.args.get("cap", {literal})
            return Response(message=str(cap), break_loop=False)
        """
    )
    facts = tool(tmp_path, source)
    (cap,) = facts.arguments
    assert not cap.has_default and cap.default_unknown
    write_files(tmp_path, {**FRAMEWORK, "pyproject.toml": "[tool.doxtool]\n"})
    for command in (["schema", "tools/x.py"], ["inspect", "--json", "tools/x.py"]):
        result = run_cli(tmp_path, *command)
        assert result.exit_code == 0, result.output
        _strict_json(result.output)
    result = run_cli(tmp_path, "check", "--no-cache")
    assert result.exit_code in (0, 1) and "internal error" not in result.output


@pytest.mark.parametrize(
    ("replacement", "default"),
    [
        ('charset = charset or "utf-8"', "utf-8"),
        ('if charset is None:\n    charset = "utf-8"', "utf-8"),
        ('if not charset:\n    charset = "utf-8"', "utf-8"),
        ("charset = charset or 8", 8),
    ],
)
def test_a_fallback_given_on_the_next_statement_is_the_default(
    tmp_path: Path, replacement: str, default: object
) -> None:
    source = _tool_with(
        "async def execute(self, **kwargs) -> Response:\n"
        '    charset = self.args.get("charset")\n'
        + textwrap.indent(replacement, "    ")
        + "\n    return Response(message=str(charset), break_loop=False)\n"
    )
    assert arguments(tool(tmp_path, source))["charset"]["default"] == default


@pytest.mark.parametrize(
    "between",
    [
        'charset = charset or ""',  # an empty fallback only normalises a missing value
        "log(charset)\n    charset = charset or 'utf-8'",  # used before it is replaced
        "charset = charset or self.fallback",  # not a literal
    ],
)
def test_no_default_is_claimed_for_other_fallbacks(tmp_path: Path, between: str) -> None:
    source = _tool_with(
        "async def execute(self, **kwargs) -> Response:\n"
        '    charset = self.args.get("charset")\n'
        f"    {between}\n"
        "    return Response(message=str(charset), break_loop=False)\n"
    )
    assert arguments(tool(tmp_path, source))["charset"]["default"] is NO_DEFAULT


def test_the_documented_default_of_a_rebound_fallback_is_kept(tmp_path: Path, run_cli) -> None:
    source = _tool_with(
        """\
        async def execute(self, **kwargs) -> Response:
            charset = self.args.get("charset")
            charset = charset or "utf-8"
            return Response(message=charset, break_loop=False)
        """
    )
    write_files(
        tmp_path,
        {
            **FRAMEWORK,
            "pyproject.toml": "[tool.doxtool]\n",
            "tools/x.py": source,
            "prompts/agent.system.tool.x.md": "### x\nDecode.\nargs: `charset`\n",
        },
    )
    run_cli(tmp_path, "check", "--fix", "--no-cache")
    companion = (tmp_path / "tools/x.py.dox.md").read_text(encoding="utf-8")
    assert '  - `charset`: optional string, default `"utf-8"`.\n' in companion
    result = run_cli(tmp_path, "check", "--no-cache")
    assert result.output == "All checks passed.\n"


#: each checked in a process of its own, which a backtracking pattern would stall for hours
LONG_LINES = {
    "companion lead": (
        "from doxtool.companions.leads import _lead\n"
        "for lead in ('- Arguments of `X`', '- `break_loop` of `X`', '- `X` is a `Tool`',"
        " '- `X` defines `run(...)`', '- Repairable errors raised by `X`'):\n"
        "    for blank in ' \\t':\n"
        "        _lead(lead + blank * 200_000 + 'x')\n"
    ),
    "prompt lead": (
        "from doxtool.prompts.leads import ends_with_args_list_header, continued_lead\n"
        "from doxtool.prompts.reader import _ARGS_LINE_RE\n"
        "for blank in ' \\t':\n"
        "    _ARGS_LINE_RE.match('args' + blank * 200_000 + 'x')\n"
        "    ends_with_args_list_header('Optional arguments' + blank * 200_000 + 'x')\n"
        "    continued_lead('- a\\nrules' + blank * 200_000 + 'x', 'rules')\n"
    ),
}


@pytest.mark.parametrize("name", sorted(LONG_LINES))
def test_a_long_run_of_blanks_in_a_lead_line_takes_no_time(name: str) -> None:
    subprocess.run([sys.executable, "-c", LONG_LINES[name]], check=True, timeout=60)
