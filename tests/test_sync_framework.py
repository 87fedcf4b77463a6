"""DOX006 against the framework a repository holds: early Agent Zero declared
``Tool.execute`` a plain ``def`` and its agent called ``tool.execute(**tool_args)``
without awaiting it, so a tool's plain ``execute`` there is what the framework
runs; under a base whose ``execute`` is ``async`` it is still reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from doxtool.cli import cli
from tests.samples import write_files

BASE_PY = """\
from abc import abstractmethod
from dataclasses import dataclass


@dataclass
class Response:
    message: str
    break_loop: bool


class Tool:
    def __init__(self, agent, name: str, args: dict, message: str, **kwargs) -> None:
        self.agent = agent
        self.name = name
        self.args = args
        self.message = message

    @abstractmethod
    def execute(self, **kwargs) -> Response:
        pass
"""

ECHO_PY = """\
from python.helpers.tool import Tool, Response


class Echo(Tool):
    def execute(self, text="", **kwargs):
        return Response(message=text, break_loop=False)
"""

PROMPT = '### echo:\nSay text.\n~~~json\n{"tool_name": "echo", "tool_args": {"text": "hi"}}\n~~~\n'


@pytest.mark.parametrize("base_async", [False, True])
def test_a_plain_execute_is_reported_only_under_an_awaiting_base(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, base_async: bool
) -> None:
    base = BASE_PY.replace("    def execute", "    async def execute") if base_async else BASE_PY
    result = _dox006(tmp_path, monkeypatch, base)
    reported = "DOX006 `Echo.execute` is not async; the framework awaits it" in result.output
    assert reported is base_async
    assert result.exit_code == (1 if base_async else 0)


def _dox006(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, base: str) -> Result:
    """``check --select DOX006`` of the echo tool under the tool base ``base``."""
    write_files(
        tmp_path,
        {
            "python/helpers/tool.py": base,
            "python/tools/echo.py": ECHO_PY,
            "prompts/agent.tools.md": PROMPT,
        },
    )
    monkeypatch.chdir(tmp_path)
    return CliRunner().invoke(cli, ["check", "--select", "DOX006"], catch_exceptions=False)


# a parameter named twice: the parser reads the module, CPython's compiler refuses it
DUPLICATE = "message: str, **kwargs) -> None:", "message: str, args) -> None:"


@pytest.mark.parametrize(
    ("base", "reported"),
    [
        (BASE_PY.replace(*DUPLICATE), False),
        (BASE_PY.replace(*DUPLICATE).replace("    def execute", "    async def execute"), True),
        # no parser reads it: how the framework calls ``execute`` is not known
        (BASE_PY.replace("class Tool:", "class Tool(:"), False),
    ],
)
def test_a_base_module_that_does_not_compile_is_read_from_its_outline(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, base: str, reported: bool
) -> None:
    result = _dox006(tmp_path, monkeypatch, base)
    found = "DOX006 `Echo.execute` is not async; the framework awaits it" in result.output
    assert found is reported, result.output
