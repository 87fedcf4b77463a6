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


NOTES_PY = """\
from helpers.h2 import read_text
from helpers.tool import Response, Tool


class Notes(Tool):
    async def execute(self, **kwargs) -> Response:
        text = read_text(self.args)
        if not text:
            return Response(message="A note needs `text`.", break_loop=False)
        return Response(message="Saved.", break_loop=False)
"""

PAIRS_PY = """\
from helpers.h2 import read_pair
from helpers.tool import Response, Tool


class Notes(Tool):
    async def execute(self, **kwargs) -> Response:
        text, tags = read_pair(self.args)
        if not text:
            return Response(message="A note needs `text`.", break_loop=False)
        return Response(message=f"{text} {tags}", break_loop=False)
"""

READERS = """\
def read_text(args: dict) -> str:
    return args.get("text", "").strip()


def read_pair(args: dict) -> tuple[str, list]:
    return args.get("text", ""), args.get("tags") or []
"""


def _notes(tmp_path: Path, tool: str, helper: str = READERS) -> dict[str, Argument]:
    files = {"tools/notes.py": tool, "helpers/h2.py": helper}
    return {a.name: a for a in only_tool(facts_of(tmp_path, "tools/notes.py", files)).arguments}


@pytest.mark.parametrize("tool", [NOTES_PY, PAIRS_PY])
def test_a_returned_read_the_tool_refuses_is_required(tmp_path: Path, tool: str) -> None:
    arguments = _notes(tmp_path, tool)
    assert arguments["text"].required and not arguments["text"].has_default
    if "tags" in arguments:  # the item not checked keeps what it is
        assert not arguments["tags"].required and not arguments["tags"].required_unknown


@pytest.mark.parametrize(
    "helper",
    [
        # another value on some path
        READERS.replace(
            '    return args.get("text", "").strip()',
            '    if args.get("draft"):\n        return "draft"\n    return args.get("text", "").strip()',
        ),
        # a value made from the read
        READERS.replace('args.get("text", "").strip()', 'args.get("text", "") + "\\\\n"'),
    ],
)
def test_a_returned_value_that_cannot_be_told_is_required_or_optional(
    tmp_path: Path, helper: str
) -> None:
    text = _notes(tmp_path, NOTES_PY, helper)["text"]
    assert not text.required and text.required_unknown and not text.has_default


@pytest.mark.parametrize(
    "tool",
    [
        # the check lets the default through
        NOTES_PY.replace("if not text:", "if text is None:"),
        # the result is bound anew before the check
        NOTES_PY.replace(
            "        if not text:", '        text = text or "empty"\n        if not text:'
        ),
        # the check runs on some calls only
        NOTES_PY.replace(
            "        if not text:", '        if self.args.get("strict") and not text:'
        ),
    ],
)
def test_a_returned_read_not_refused_on_every_call_keeps_its_default(
    tmp_path: Path, tool: str
) -> None:
    text = _notes(tmp_path, tool)["text"]
    assert not text.required and not text.required_unknown and text.has_default


def test_check_keeps_the_required_line_of_a_returned_read(
    make_repo: Callable[[dict[str, str]], Path], run_cli: Callable[..., Result]
) -> None:
    root = make_repo({"tools/notes.py": NOTES_PY, "helpers/h2.py": READERS})
    run_cli(root, "check", "--fix", "--no-cache")
    companion = (root / "tools/notes.py.dox.md").read_text(encoding="utf-8")
    assert "  - `text`: required string.\n" in companion
    result = run_cli(root, "check", "--no-cache", "--select", "DOX111")
    assert "DOX111" not in result.output


def test_a_helper_called_on_some_calls_only_leaves_requiredness_in_doubt(tmp_path: Path) -> None:
    # needed when ``loud`` is set, as the same check in the tool's own module
    # or inline makes it: required or optional, the default not claimed
    tool = SHOUT_PY.replace(
        "        return Response(message=shout(text), break_loop=False)",
        "        if self.args.get('loud'):\n"
        "            text = shout(text)\n"
        "        return Response(message=text, break_loop=False)",
    )
    text = _shout_text(tmp_path, REFUSING_HELPER, tool)
    assert not text.required and text.required_unknown and not text.has_default


@pytest.mark.parametrize(
    "read",
    [
        # handed straight to the helper, its result kept in a name: what a
        # missing key gives is not known
        'self.args.get("text")',
        'self.args.get("text", self.fallback)',
    ],
)
def test_a_helper_refusing_a_value_whose_missing_value_is_not_known_leaves_it_in_doubt(
    tmp_path: Path, read: str
) -> None:
    # the helper may refuse what a missing key gives, or not: never "optional"
    tool = SHOUT_PY.replace(
        '        text = self.args.get("text", "")\n'
        "        return Response(message=shout(text), break_loop=False)",
        f"        loud = shout({read})\n        return Response(message=loud, break_loop=False)",
    )
    assert tool != SHOUT_PY
    text = _shout_text(tmp_path, REFUSING_HELPER, tool)
    assert not text.required and text.required_unknown and not text.has_default


@pytest.mark.parametrize(
    "read",
    [
        'self.args.get("text", "")',
        'self.args.get("text", self.fallback)',
        'self.args.get("text", self.fallback).strip()',
    ],
)
def test_a_value_handed_past_an_or_of_a_non_empty_literal_is_never_refused(
    tmp_path: Path, read: str
) -> None:
    # ``shout(text or "hello")``: the helper never gets an empty value, so the
    # argument stays optional, whatever a missing key gives
    tool = SHOUT_PY.replace(
        '        text = self.args.get("text", "")\n'
        "        return Response(message=shout(text), break_loop=False)",
        f'        text = {read}\n        return Response(message=shout(text or "hello"), break_loop=False)',
    )
    assert tool != SHOUT_PY
    text = _shout_text(tmp_path, REFUSING_HELPER, tool)
    assert not text.required and not text.required_unknown


#: ``shout`` leaves the check to ``require`` of a third module
HANDING_HELPER = """\
from helpers.checks import require


def shout(text: str) -> str:
    require(text)
    return text.upper()
"""

CHECKS_PY = """\
def require(value):
    if not value:
        raise ValueError("a value is required")
    return value


async def arequire(value):
    if not value:
        raise ValueError("a value is required")
"""


def _handed_text(tmp_path: Path, helper: str) -> Argument:
    files = {
        "tools/shout.py": SHOUT_PY,
        "helpers/text_utils.py": helper,
        "helpers/checks.py": CHECKS_PY,
    }
    argument = only_tool(facts_of(tmp_path, "tools/shout.py", files)).argument("text")
    assert argument is not None
    return argument


@pytest.mark.parametrize(
    "helper",
    [
        HANDING_HELPER,
        HANDING_HELPER.replace("require(text)", "checked = require(value=text)"),
        # through one more helper of the same module
        HANDING_HELPER.replace(
            "def shout(", "def inner(text):\n    return require(text)\n\n\ndef shout("
        ).replace("    require(text)", "    inner(text)"),
    ],
)
def test_a_helper_handing_the_value_to_one_that_refuses_it_makes_it_required(
    tmp_path: Path, helper: str
) -> None:
    assert helper.count("require(") >= 1
    text = _handed_text(tmp_path, helper)
    assert text.required and not text.has_default


@pytest.mark.parametrize(
    "helper",
    [
        # a value made from the parameter, not the parameter as handed
        HANDING_HELPER.replace("require(text)", 'require(text or "all")'),
        # on some calls only
        HANDING_HELPER.replace("    require(text)", "    if len(text) > 3:\n        require(text)"),
        HANDING_HELPER.replace(
            "    require(text)", "    if text == '':\n        return ''\n    require(text)"
        ),
        HANDING_HELPER.replace(
            "    require(text)",
            "    try:\n        require(text)\n    except ValueError:\n        pass",
        ),
        # the parameter bound anew
        HANDING_HELPER.replace("    require(text)", "    text = text or 'x'\n    require(text)"),
        # a coroutine made, never run
        HANDING_HELPER.replace("import require", "import arequire").replace(
            "require(text)", "arequire(text)"
        ),
    ],
)
def test_a_helper_handing_the_value_on_that_may_not_refuse_leaves_the_default(
    tmp_path: Path, helper: str
) -> None:
    assert helper != HANDING_HELPER
    text = _handed_text(tmp_path, helper)
    assert not text.required and text.has_default and text.default == ""


@pytest.mark.parametrize(
    ("helper", "required"),
    [
        # the arguments splatted into a helper that hands ``text`` to ``require``
        ("def shout(text='', **rest):\n    require(text)\n    return text.upper()\n", True),
        # ... as a value made from it: never empty
        ("def shout(text='', **rest):\n    require(text or 'x')\n    return text.upper()\n", False),
        # ... on some calls only
        (
            "def shout(text='', loud=False, **rest):\n"
            "    if loud:\n        require(text)\n    return text.upper()\n",
            False,
        ),
    ],
)
def test_a_splatted_parameter_a_further_helper_refuses_is_required(
    tmp_path: Path, helper: str, required: bool
) -> None:
    tool = SHOUT_PY.replace(
        '        text = self.args.get("text", "")\n'
        "        return Response(message=shout(text), break_loop=False)",
        "        return Response(message=shout(**kwargs), break_loop=False)",
    )
    assert tool != SHOUT_PY
    files = {
        "tools/shout.py": tool,
        "helpers/text_utils.py": "from helpers.checks import require\n\n\n" + helper,
        "helpers/checks.py": CHECKS_PY,
    }
    text = only_tool(facts_of(tmp_path, "tools/shout.py", files)).argument("text")
    assert text is not None
    assert text.required is required
    assert not (required and text.has_default)
