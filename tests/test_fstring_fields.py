"""A tool module with a Python 3.12 f-string (a replacement field spanning
lines, PEP 701) keeps its outline under an older Python: its companion is
still compared with its methods, and its class's docstring still states its
purpose."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from doxtool.python.fstrings import fields_spanning_lines_tripled

REPORT_PY = '''\
import json

from helpers.tool import Response, Tool


class Report(Tool):
    """Report what the query found."""

    async def execute(self, **kwargs) -> Response:
        query = self.args.get("query", "")
        return Response(
            message=f"Data: {json.dumps({
                'query': query,
                'status': 'ok',
            })}",
            break_loop=False,
        )

    def _format(self, text: str) -> str:
        return text.strip()
'''

PROMPT = (
    "### report\nReport what a query found.\n\n"
    '`{"tool_name": "report", "tool_args": {"query": "..."}}`\n'
)


def test_a_field_spanning_lines_keeps_the_modules_outline(
    make_repo: Callable[[dict[str, str]], Path], run_cli: Callable[..., Result]
) -> None:
    root = make_repo({"tools/report.py": REPORT_PY, "prompts/agent.system.tool.report.md": PROMPT})
    assert run_cli(root, "check", "--fix").exit_code == 0
    companion = root / "tools" / "report.py.dox.md"
    text = companion.read_text(encoding="utf-8")
    assert "- Report what the query found." in text  # the class's docstring
    assert "  - `_format(self, text: str) -> str`\n" in text
    companion.write_text(
        text.replace(
            "  - `_format(self, text: str) -> str`\n",
            "  - `_format(self, text: str) -> str`\n  - `_render(self, text: str) -> str`\n",
        ),
        encoding="utf-8",
    )
    result = run_cli(root, "check")
    assert result.exit_code == 1
    assert "DOX105 `Report` no longer has method `_render`" in result.output


@pytest.mark.parametrize(
    "source",
    [
        'x = f"a {b(\n1)} c"\n',
        "x = f'{d[\n0]}' + f\"{e}\"\n",
        'x = rf"\\d {g(\n)}"\n',
        'x = f"{h}\\"" + F"{i(\n)}"\n',
        'x = f"{{literal}} {j(\n)}"\n',
        "x = f\"{k(f'{m(\n)}')}\"\n",
    ],
)
def test_only_the_quotes_change(source: str) -> None:
    rewritten = fields_spanning_lines_tripled(source)
    assert rewritten is not None
    assert rewritten.count("\n") == source.count("\n")
    assert rewritten.replace('"""', '"').replace("'''", "'") == source
    ast.parse(rewritten)


@pytest.mark.parametrize(
    "source",
    [
        'x = f"{a}"\ny = "b"\n',  # nothing spans lines
        'x = f"""{a(\n)}"""\n',  # triple quotes already
        "# f'{a(\n",  # a comment
        'x = "{a(\n)}"\n',  # not an f-string: a string that never ends
        'x = f"{a # note\n}"\n',  # a comment in a field
    ],
)
def test_nothing_to_rewrite(source: str) -> None:
    assert fields_spanning_lines_tripled(source) is None
