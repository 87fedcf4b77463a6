"""A decorator doxtool does not follow on ``execute``, or on a function the
walk reaches from it: the wrapper may return a ``Response`` of its own
(``@stop_on_error``), raise, or act (``@audited`` writing a log), so the
``break_loop`` outcomes, side-effect areas and repairable errors are not
known. Decorators that hand back the function itself do not make them so."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from samples import write_files
from test_extract import tool

from doxtool.cli import cli
from doxtool.core.facts import BREAK_LOOP, REPAIRABLE, SIDE_EFFECTS
from doxtool.rules.examples import FRAMEWORK

DECO_PY = """\
import functools

from helpers.tool import Response


def stop_on_error(fn):
    @functools.wraps(fn)
    async def wrapper(self, **kwargs):
        try:
            return await fn(self, **kwargs)
        except Exception as e:
            return Response(message=f"fatal: {e}", break_loop=True)
    return wrapper


def audited(fn):
    @functools.wraps(fn)
    async def wrapper(self, **kwargs):
        with open("audit.log", "a") as fh:
            fh.write(f"{self.name}\\n")
        return await fn(self, **kwargs)
    return wrapper
"""

HEAD = "from helpers.tool import Tool, Response\nfrom helpers.deco import audited, stop_on_error\n"

#: the tool's class body -> the fact kinds not known
DECORATED = {
    "execute": (
        "    @stop_on_error\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        '        return Response(message="ok", break_loop=False)\n',
        {BREAK_LOOP, SIDE_EFFECTS, REPAIRABLE},
    ),
    "execute, a decorator called": (
        '    @audited(level="info")\n'
        "    async def execute(self, **kwargs) -> Response:\n"
        '        return Response(message="ok", break_loop=False)\n',
        {BREAK_LOOP, SIDE_EFFECTS, REPAIRABLE},
    ),
    "a method whose result execute returns": (
        "    async def execute(self, **kwargs) -> Response:\n"
        "        return await self._run()\n\n"
        "    @stop_on_error\n"
        "    async def _run(self) -> Response:\n"
        '        return Response(message="ok", break_loop=False)\n',
        {BREAK_LOOP, SIDE_EFFECTS, REPAIRABLE},
    ),
    "a method execute calls": (
        "    async def execute(self, **kwargs) -> Response:\n"
        "        await self._log()\n"
        '        return Response(message="ok", break_loop=False)\n\n'
        "    @audited\n"
        "    async def _log(self) -> None:\n"
        "        pass\n",
        {SIDE_EFFECTS, REPAIRABLE},
    ),
    "transparent decorators": (
        "    @override\n"
        "    @typing.override\n"
        "    @abstractmethod\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        "        return Response(message=self._text(), break_loop=self._stop)\n\n"
        "    @staticmethod\n"
        "    def _text() -> str:\n"
        '        return "ok"\n\n'
        "    @classmethod\n"
        "    def _name(cls) -> str:\n"
        '        return "x"\n\n'
        "    @property\n"
        "    def _stop(self) -> bool:\n"
        "        return False\n",
        set(),
    ),
}


@pytest.mark.parametrize("case", sorted(DECORATED))
def test_a_decorator_not_followed_makes_the_facts_unknown(tmp_path: Path, case: str) -> None:
    body, unknown = DECORATED[case]
    head = HEAD + "import typing\nfrom abc import abstractmethod\nfrom typing import override\n"
    if case == "transparent decorators":
        body = body.replace("break_loop=self._stop", "break_loop=False")
    facts = tool(tmp_path, head + "\n\nclass DecoTool(Tool):\n" + body, helpers__deco=DECO_PY)
    assert {k for k in (BREAK_LOOP, SIDE_EFFECTS, REPAIRABLE) if not facts.knows(k)} == unknown


def check(root: Path, *args: str) -> str:
    result = CliRunner().invoke(cli, ["check", "--root", str(root), "--no-cache", *args])
    assert result.exit_code in (0, 1), result.output
    assert "Found" in result.stdout or "All checks passed" in result.stdout, result.stdout
    return result.stdout


def test_no_line_is_derived_for_a_decorated_execute(tmp_path: Path) -> None:
    source = HEAD + "\n\nclass DecoTool(Tool):\n" + DECORATED["execute"][0]
    files = {**FRAMEWORK, "helpers/__init__.py": "", "helpers/deco.py": DECO_PY}
    write_files(tmp_path, {**files, "tools/deco.py": source})
    check(tmp_path, "--fix")
    companion = tmp_path / "tools/deco.py.dox.md"
    text = companion.read_text(encoding="utf-8")
    assert "`break_loop` of `DecoTool`" not in text, text
    assert "Observed side-effect areas" not in text, text
    # a person's true lines are kept, with no finding
    lines = (
        "- `break_loop` of `DecoTool`: `true` or `false`.\n"
        "- Observed side-effect areas: filesystem writes.\n"
    )
    text = text.replace("- Imported dependency", lines + "- Imported dependency")
    companion.write_text(text, encoding="utf-8")
    assert "All checks passed" in check(tmp_path, "--select", "DOX120,DOX133")
    check(tmp_path, "--fix")
    assert companion.read_text(encoding="utf-8") == text
