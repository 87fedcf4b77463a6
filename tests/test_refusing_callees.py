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


SHOUT_PY = """\
from helpers.text_utils import shout
from helpers.tool import Response, Tool


class Shout(Tool):
    async def execute(self, **kwargs) -> Response:
        text = self.args.get("text", "")
        return Response(message=shout(text), break_loop=False)
"""

REFUSING_HELPER = """\
def shout(text: str) -> str:
    if not text:
        raise ValueError("text is required")
    return text.upper()
"""


def _shout_text(tmp_path: Path, helper: str, tool: str = SHOUT_PY) -> Argument:
    files = {"tools/shout.py": tool, "helpers/text_utils.py": helper}
    argument = only_tool(facts_of(tmp_path, "tools/shout.py", files)).argument("text")
    assert argument is not None
    return argument


def test_a_helper_elsewhere_refusing_the_value_makes_it_required(tmp_path: Path) -> None:
    text = _shout_text(tmp_path, REFUSING_HELPER)
    assert text.required and not text.has_default


@pytest.mark.parametrize(
    ("helper", "tool"),
    [
        # the check refuses None only: a missing key gives ""
        (REFUSING_HELPER.replace("if not text:", "if text is None:"), SHOUT_PY),
        # the helper may return before its check
        (
            REFUSING_HELPER.replace(
                "    if not text:",
                "    if text.startswith('#'):\n        return text\n    if not text:",
            ),
            SHOUT_PY,
        ),
        # the check does not raise
        (REFUSING_HELPER.replace('raise ValueError("text is required")', "return ''"), SHOUT_PY),
        # the parameter is bound anew before the check
        (
            REFUSING_HELPER.replace("    if not text:", "    text = text or 'x'\n    if not text:"),
            SHOUT_PY,
        ),
        # the tool calls the helper on some calls only
        (
            REFUSING_HELPER,
            SHOUT_PY.replace(
                "        return Response(message=shout(text), break_loop=False)",
                "        if self.args.get('loud'):\n"
                "            text = shout(text)\n"
                "        return Response(message=text, break_loop=False)",
            ),
        ),
        # a handler goes on after the helper's error
        (
            REFUSING_HELPER,
            SHOUT_PY.replace(
                "        return Response(message=shout(text), break_loop=False)",
                "        try:\n"
                "            text = shout(text)\n"
                "        except ValueError:\n"
                "            pass\n"
                "        return Response(message=text, break_loop=False)",
            ),
        ),
        # a value made from the argument, not the argument's value
        (REFUSING_HELPER, SHOUT_PY.replace("shout(text)", "shout(text + '!')")),
    ],
)
def test_a_helper_that_may_not_refuse_leaves_the_default(
    tmp_path: Path, helper: str, tool: str
) -> None:
    text = _shout_text(tmp_path, helper, tool)
    assert not text.required and text.has_default and text.default == ""


def test_check_keeps_the_required_line_of_a_refusing_helper(
    make_repo: Callable[[dict[str, str]], Path], run_cli: Callable[..., Result]
) -> None:
    root = make_repo({"tools/shout.py": SHOUT_PY, "helpers/text_utils.py": REFUSING_HELPER})
    run_cli(root, "check", "--fix", "--no-cache")
    companion = (root / "tools/shout.py.dox.md").read_text(encoding="utf-8")
    assert "  - `text`: required string.\n" in companion
    result = run_cli(root, "check", "--no-cache", "--select", "DOX111")
    assert "DOX111" not in result.output
