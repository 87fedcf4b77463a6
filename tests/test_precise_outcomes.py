"""Outcomes that go through other functions: calls that never return (DOX007),
Responses and raises from helpers of other modules (DOX120, DOX121), and the
forms of an emptiness test that guard a turn-ending answer (DOX303)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from samples import write_files

from doxtool.cli import cli
from doxtool.rules.examples import FRAMEWORK

HEAD = "from helpers.errors import RepairableException\nfrom helpers.tool import Response, Tool\n"


def check(root: Path, *args: str) -> str:
    result = CliRunner().invoke(cli, ["check", "--root", str(root), "--no-cache", *args])
    return result.stdout


def repo(root: Path, files: dict[str, str]) -> Path:
    write_files(root, {**FRAMEWORK, "helpers/__init__.py": "", **files})
    return root


# -- DOX007: a call that never returns ends the path ------------------------------

_NORETURN = {
    "function": (
        "from typing import NoReturn\n" + HEAD + "\n\n"
        "def _reject(what: str) -> NoReturn:\n"
        "    raise RepairableException(what)\n\n\n"
        "class PickTool(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        '        colour = str(self.args.get("colour", "red"))\n'
        '        if colour in ("red", "blue"):\n'
        "            return Response(message=colour, break_loop=False)\n"
        "        _reject(colour)\n"
    ),
    "method": (
        HEAD + "\n\nclass PickTool(Tool):\n"
        "    def _bad(self, what):\n"
        '        message = f"not {what}"\n'
        "        raise RepairableException(message)\n\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        '        colour = str(self.args.get("colour", "red"))\n'
        '        if colour in ("red", "blue"):\n'
        "            return Response(message=colour, break_loop=False)\n"
        "        self._bad(colour)\n"
    ),
    "match": (
        "import typing\n" + HEAD + "\n\n"
        "def _reject(what: str) -> typing.Never:\n"
        "    raise RepairableException(what)\n\n\n"
        "def _fail(what: str):\n"
        "    _reject(what)\n\n\n"
        "class PickTool(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        '        colour = str(self.args.get("colour", "red"))\n'
        "        match colour:\n"
        '            case "red":\n'
        "                return Response(message=colour, break_loop=False)\n"
        "            case _:\n"
        "                _fail(colour)\n"
    ),
    "exit": (
        "import sys\n" + HEAD + "\n\nclass PickTool(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        '        if self.args.get("colour"):\n'
        '            return Response(message="ok", break_loop=False)\n'
        "        sys.exit(1)\n"
    ),
}


@pytest.mark.parametrize("variant", sorted(_NORETURN))
def test_a_call_that_never_returns_ends_the_path(tmp_path: Path, variant: str) -> None:
    root = repo(tmp_path, {"tools/pick.py": _NORETURN[variant]})
    assert "DOX007" not in check(root)


@pytest.mark.parametrize(
    "helper",
    [
        # it may return
        "def _reject(what):\n    if what:\n        raise RepairableException(what)\n",
        # async, and not awaited: the call makes a coroutine only
        "async def _reject(what):\n    raise RepairableException(what)\n",
    ],
)
def test_a_call_that_may_return_does_not_end_the_path(tmp_path: Path, helper: str) -> None:
    source = (
        HEAD + "\n\n" + helper + "\n\nclass PickTool(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        '        colour = str(self.args.get("colour", "red"))\n'
        '        if colour == "red":\n'
        "            return Response(message=colour, break_loop=False)\n"
        "        _reject(colour)\n"
    )
    root = repo(tmp_path, {"tools/pick.py": source})
    assert "DOX007" in check(root)


# -- DOX303: the forms of an emptiness test guard the answer ---------------------

_READ = '        text = str(self.args.get("text", "")).strip()\n'
_ASK = '            return Response(message="Send the answer in `text`.", break_loop=False)\n'
_END = "        return Response(message=text, break_loop=True)\n"


def _answer_tool(body: str) -> str:
    return (
        HEAD + "\n\nclass AnswerTool(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n" + _READ + body
    )


@pytest.mark.parametrize(
    "body",
    [
        "        if text:\n            return Response(message=text, break_loop=True)\n"
        '        return Response(message="Send `text`.", break_loop=False)\n',
        "        if len(text) == 0:\n" + _ASK + _END,
        "        if len(text) < 1:\n" + _ASK + _END,
        "        if 0 == len(text):\n" + _ASK + _END,
        '        if text == "":\n' + _ASK + _END,
        "        if text.strip() == '':\n" + _ASK + _END,
        "        if not text.strip():\n" + _ASK + _END,
        '        if text is None or text.strip() == "":\n' + _ASK + _END,
        "        if not len(text):\n" + _ASK + _END,
        "        if len(text) == 0:\n" + _ASK + "        else:\n    " + _END,
        '        if text != "" and len(text) > 0:\n    ' + _END + _ASK.replace("    ", "", 1),
        "        if not text:\n"
        '            raise RepairableException("Send `text`.")\n'
        "        return Response(message=text, break_loop=True)\n",
    ],
)
def test_an_answer_tested_for_emptiness_is_not_reported(tmp_path: Path, body: str) -> None:
    root = repo(tmp_path, {"tools/answer.py": _answer_tool(body)})
    assert "DOX303" not in check(root)


@pytest.mark.parametrize(
    "body",
    [
        _END,
        # a None test does not tell an empty answer
        "        if text is None:\n" + _ASK + _END,
        # past ``if text: return ...`` the answer is empty
        '        if text:\n            return Response(message="ok", break_loop=False)\n' + _END,
        # the test holds in its body only
        "        if len(text) > 0:\n            pass\n" + _END,
        # ``a or b`` true says nothing of ``a``
        '        if text or self.args.get("other"):\n    ' + _END + _ASK.replace("    ", "", 1),
    ],
)
def test_an_untested_answer_is_reported(tmp_path: Path, body: str) -> None:
    root = repo(tmp_path, {"tools/answer.py": _answer_tool(body)})
    assert "DOX303" in check(root)
