"""An argument value a tool hands to a function that refuses it when empty
is required: ``return _reply(text)`` where ``_reply`` returns an error
``Response`` for an empty ``text`` ends ``execute`` with that error, as a
check in ``execute`` itself would; a function that raises does so wherever
its result goes. A check in a function whose result ``execute`` does not
return, or that runs on some calls only, needs nothing on every call."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from test_resolve import facts_of, only_tool

from doxtool.core.facts import Argument

REPLY_FUNCTION_PY = """\
from helpers.tool import Response, Tool


def _reply(text: str) -> Response:
    if not text:
        return Response(message="`text` is required.", break_loop=False)
    return Response(message=text.upper(), break_loop=False)


class Reply(Tool):
    async def execute(self, **kwargs) -> Response:
        text = self.args.get("text", "")
        return _reply(text)
"""

REPLY_METHOD_PY = """\
from helpers.tool import Response, Tool


class Reply(Tool):
    async def execute(self, **kwargs) -> Response:
        return await self._reply(self.args.get("text", ""))

    async def _reply(self, text: str) -> Response:
        if not text:
            return Response(message="`text` is required.", break_loop=False)
        return Response(message=text.upper(), break_loop=False)
"""

#: the function's result is not what ``execute`` returns: its refusal ends nothing
NOT_RETURNED_PY = """\
from helpers.tool import Response, Tool


def _reply(text: str) -> Response:
    if not text:
        return Response(message="`text` is required.", break_loop=False)
    return Response(message=text.upper(), break_loop=False)


class Reply(Tool):
    async def execute(self, **kwargs) -> Response:
        text = self.args.get("text", "")
        _reply(text)
        return Response(message="done", break_loop=False)
"""

#: the function runs on some calls only
CONDITIONAL_PY = """\
from helpers.tool import Response, Tool


def _reply(text: str) -> Response:
    if not text:
        return Response(message="`text` is required.", break_loop=False)
    return Response(message=text.upper(), break_loop=False)


class Reply(Tool):
    async def execute(self, **kwargs) -> Response:
        text = self.args.get("text", "")
        if self.args.get("loud"):
            return _reply(text)
        return Response(message=text, break_loop=False)
"""


def _text(tmp_path: Path, source: str) -> Argument:
    tool = only_tool(facts_of(tmp_path, "tools/reply.py", {"tools/reply.py": source}))
    argument = tool.argument("text")
    assert argument is not None
    return argument


@pytest.mark.parametrize("source", [REPLY_FUNCTION_PY, REPLY_METHOD_PY])
def test_a_returned_function_refusing_the_value_makes_it_required(
    tmp_path: Path, source: str
) -> None:
    text = _text(tmp_path, source)
    assert text.required and not text.has_default


@pytest.mark.parametrize("source", [NOT_RETURNED_PY, CONDITIONAL_PY])
def test_a_refusal_that_does_not_end_every_call_needs_nothing(tmp_path: Path, source: str) -> None:
    text = _text(tmp_path, source)
    assert not text.required


def test_check_keeps_the_required_line_of_a_refusing_function(
    make_repo: Callable[[dict[str, str]], Path], run_cli: Callable[..., Result]
) -> None:
    root = make_repo({"tools/reply.py": REPLY_FUNCTION_PY})
    run_cli(root, "check", "--fix", "--no-cache")
    companion = (root / "tools/reply.py.dox.md").read_text(encoding="utf-8")
    assert "  - `text`: required string.\n" in companion
    result = run_cli(root, "check", "--no-cache", "--select", "DOX111")
    assert "DOX111" not in result.output
