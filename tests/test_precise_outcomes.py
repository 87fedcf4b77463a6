"""Outcomes that go through other functions: calls that never return (DOX007),
Responses and raises from helpers of other modules (DOX120, DOX121), and the
forms of an emptiness test that guard a turn-ending answer (DOX303)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from samples import write_files

from doxtool.cli import cli
from doxtool.python.exits import function_exits
from doxtool.rules.examples import FRAMEWORK

HEAD = "from helpers.errors import RepairableException\nfrom helpers.tool import Response, Tool\n"


def check(root: Path, *args: str) -> str:
    """What ``doxtool check`` prints; it must have run to the end (exit 0:
    clean, 1: findings), so a finding's absence means something."""
    result = CliRunner().invoke(cli, ["check", "--root", str(root), "--no-cache", *args])
    assert result.exit_code in (0, 1), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Found" in result.stdout or "All checks passed" in result.stdout, result.stdout
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


_REPLY = (
    "def reply(msg, end=True):\n    return Response(message=msg, break_loop=end)\n\n\n"
    "class AnswerTool(Tool):"
)


@pytest.mark.parametrize(
    ("body", "reported"),
    [
        ("        if not text:\n" + _ASK + "        return reply(text)\n", False),
        (
            '        if not text:\n            return reply("Send `text`.", end=False)\n'
            "        return reply(text)\n",
            False,
        ),
        ("        if text:\n            return reply(text)\n" + _ASK.replace("    ", "", 1), False),
        # the guard holds in the caller only where it is tested
        ("        return reply(text)\n", True),
        ("        if text is None:\n" + _ASK + "        return reply(text)\n", True),
    ],
)
def test_an_answer_a_helper_of_the_module_returns_is_guarded_at_the_call(
    tmp_path: Path, body: str, reported: bool
) -> None:
    source = _answer_tool(body).replace("class AnswerTool(Tool):", _REPLY)
    root = repo(tmp_path, {"tools/answer.py": source})
    found = [line for line in check(root).splitlines() if "DOX303" in line]
    expected = (
        "tools/answer.py:6:5: DOX303 `AnswerTool` (answer.py) ends the turn with the answer"
        " exactly as the model sent it, which may be empty; raise"
        " `RepairableException` when there is no answer (`reply`)"
    )
    assert found == ([expected] if reported else [])


# -- DOX120, DOX121: Responses and raises in helpers of other modules -------------


def _companion(cls: str, contract: str) -> str:
    return (
        f"# t.py DOX\n\n## Purpose\n- A tool.\n\n## Ownership\n- Classes:\n- `{cls}` (`Tool`)\n"
        "  - `async execute(self, **kwargs) -> Response`\n\n## Runtime Contracts\n"
        f"- `{cls}` is a `Tool`.\n- `{cls}` defines `execute(...)`.\n{contract}"
        "\n## Key Concepts\n- Keep.\n\n## Work Guidance\n- Keep.\n\n"
        "## Verification\n- Run the tests.\n\n## Child DOX Index\nNo child DOX files.\n"
    )


_REPORT = (
    "{imports}\nfrom helpers.tool import Response, Tool\n\n\n"
    "class ReportTool(Tool):\n"
    "    async def execute(self, **kwargs) -> Response:\n"
    '        text = str(self.args.get("text", ""))\n'
    '        if self.args.get("partial"):\n'
    "            return Response(message=text, break_loop=False)\n"
    "        return {returned}\n"
)
_FINAL = (
    "from helpers.tool import Response\n\n\n"
    "def final(text: str) -> Response:\n"
    "    return Response(message=text, break_loop=True)\n"
)
_FINISH = (
    "from helpers.tool import Response, Tool\n\n\n"
    "class FinishingTool(Tool):\n"
    "    def finish(self, text: str) -> Response:\n"
    "        return Response(message=text, break_loop=True)\n"
)


def _report(root: Path, imports: str, returned: str, line: str, **files: str) -> Path:
    contract = f"- `break_loop` of `ReportTool`: {line}\n"
    return repo(
        root,
        {
            "tools/report.py": _REPORT.format(imports=imports, returned=returned),
            "tools/report.py.dox.md": _companion("ReportTool", contract),
            **files,
        },
    )


@pytest.mark.parametrize(
    ("imports", "returned", "files"),
    [
        ("from helpers.responses import final", "final(text)", {"helpers/responses.py": _FINAL}),
        (
            "from helpers import responses",
            "responses.final(text)",
            {"helpers/responses.py": _FINAL},
        ),
        (
            "from helpers.finishing import FinishingTool",
            "self.finish(text)",
            {"helpers/finishing.py": _FINISH},
        ),
        (
            "from helpers.finishing import FinishingTool",
            "super().finish(text)",
            {"helpers/finishing.py": _FINISH},
        ),
    ],
)
def test_a_response_returned_by_a_helper_of_another_module_counts(
    tmp_path: Path, imports: str, returned: str, files: dict[str, str]
) -> None:
    if "FinishingTool" in imports:
        files = {**files}
        source = _REPORT.format(imports=imports, returned=returned).replace(
            "(Tool)", "(FinishingTool)"
        )
        files["tools/report.py"] = source
    root = _report(tmp_path, imports, returned, "`true` or `false`.", **files)
    if "FinishingTool" in imports:
        (root / "tools/report.py").write_text(files["tools/report.py"], encoding="utf-8")
    assert "DOX120" not in check(root)
    # "always `false`" is wrong: the helper's Response ends the turn
    dox = root / "tools/report.py.dox.md"
    dox.write_text(dox.read_text().replace("`true` or `false`", "always `false`"))
    assert "DOX120 `break_loop` of `ReportTool` is documented wrongly" in check(root)


@pytest.mark.parametrize(
    ("imports", "returned"),
    [
        # a library doxtool does not read
        ("import somelib", "somelib.finish(text)"),
        # a repository module that is not there
        ("from helpers.gone import final", "final(text)"),
        # a value of unknown kind
        ("", "self.agent.answer"),
    ],
)
def test_a_returned_value_that_cannot_be_followed_makes_break_loop_unknown(
    tmp_path: Path, imports: str, returned: str
) -> None:
    root = _report(tmp_path, imports, returned, "`true` or `false`.")
    before = (root / "tools/report.py.dox.md").read_text()
    assert "DOX120" not in check(root)
    check(root, "--fix")
    fixed = (root / "tools/report.py.dox.md").read_text()
    assert "- `break_loop` of `ReportTool`: `true` or `false`.\n" in fixed
    # what is known is still checked: the line leaves out the `false` the code returns
    dox = root / "tools/report.py.dox.md"
    dox.write_text(before.replace("`true` or `false`", "always `true`"))
    out = check(root)
    assert "DOX120 `break_loop` line for `ReportTool` leaves out what the code does" in out
    assert "DOX120" in out and "[*]" not in out.split("DOX120", 1)[1].split("\n", 1)[0]


_RENAME = (
    "{imports}\nfrom helpers.tool import Response, Tool\n\n\n"
    "class RenameTool(Tool):\n"
    "    async def execute(self, **kwargs) -> Response:\n"
    '        title = {call}(str(self.args.get("title", "")))\n'
    '        return Response(message=f"Renamed to {{title}}.", break_loop=False)\n'
)
_ENSURE = (
    "from helpers.errors import RepairableException\n\n\n"
    "def _check(value: str) -> str:\n"
    "    if not value.strip():\n"
    '        raise RepairableException("blank")\n'
    "    return value\n\n\n"
    "def ensure(value: str) -> str:\n"
    "    return _check(value)\n"
)
_REPAIRABLE_LINE = "- Repairable errors raised by `RenameTool`: `RepairableException`.\n"


def _rename(root: Path, imports: str, call: str) -> Path:
    contract = "- `break_loop` of `RenameTool`: always `false`.\n" + _REPAIRABLE_LINE
    return repo(
        root,
        {
            "tools/rename.py": _RENAME.format(imports=imports, call=call),
            "tools/rename.py.dox.md": _companion("RenameTool", contract),
            "helpers/args.py": _ENSURE,
        },
    )


@pytest.mark.parametrize(
    ("imports", "call"),
    [
        ("from helpers.args import ensure", "ensure"),
        ("from helpers import args", "args.ensure"),
        # a module of the repository that is not there: what it raises is unknown
        ("from helpers.gone import ensure", "ensure"),
    ],
)
def test_a_raise_in_a_helper_of_another_module_counts(
    tmp_path: Path, imports: str, call: str
) -> None:
    root = _rename(tmp_path, imports, call)
    assert "DOX121" not in check(root)
    check(root, "--fix")
    assert _REPAIRABLE_LINE in (root / "tools/rename.py.dox.md").read_text()


@pytest.mark.parametrize(
    "init",
    [
        "",  # a name the package's __init__.py does not bind
        "from .gone import *\n",  # nor a star import of a module not there gives
        "def __getattr__(name):\n    return name\n",
    ],
)
def test_what_a_name_the_package_does_not_bind_raises_is_unknown(tmp_path: Path, init: str) -> None:
    root = _rename(tmp_path, "from helpers import ensure", "ensure")
    (root / "helpers/__init__.py").write_text(init, encoding="utf-8")
    assert "DOX121" not in check(root)
    check(root, "--fix")
    assert _REPAIRABLE_LINE in (root / "tools/rename.py.dox.md").read_text()
    # a name the package binds itself is read as before
    (root / "helpers/__init__.py").write_text("def ensure(value):\n    return value\n")
    assert "no `RepairableException` is raised in the code it runs" in check(root)


def test_a_repairable_line_of_a_tool_that_raises_none_names_the_raise(tmp_path: Path) -> None:
    root = _rename(tmp_path, "", "str")
    out = check(root)
    assert "which the module no longer has" not in out
    assert (
        "DOX121 repairable errors line of `RenameTool` states what its code does not do: "
        "no `RepairableException` is raised in the code it runs"
    ) in out
    # doxtool may miss a raise: removing the line is not a safe fix
    check(root, "--fix")
    assert _REPAIRABLE_LINE in (root / "tools/rename.py.dox.md").read_text()


def test_a_missing_repairable_line_is_reported_when_some_helper_cannot_be_read(
    tmp_path: Path,
) -> None:
    source = _RENAME.format(imports="from helpers.gone import ensure", call="ensure").replace(
        "        return Response(",
        "        if not title:\n"
        '            raise RepairableException("title?")\n'
        "        return Response(",
    )
    root = _rename(tmp_path, "", "str")
    (root / "tools/rename.py").write_text(
        "from helpers.errors import RepairableException\n" + source, encoding="utf-8"
    )
    dox = root / "tools/rename.py.dox.md"
    dox.write_text(dox.read_text().replace(_REPAIRABLE_LINE, ""))
    out = check(root)
    # the errors seen raised are raised: the line that lists them is due
    assert "DOX121 repairable errors line is missing" in out
    check(root, "--fix")
    assert _REPAIRABLE_LINE in dox.read_text()


# -- what the generated companion says of values followed into other modules ----


def _generated(root: Path, files: dict[str, str], tool: str) -> str:
    """The companion ``--fix`` writes for ``tools/<tool>.py``, checked clean after."""
    repo(root, files)
    check(root, "--fix")
    assert "All checks passed" in check(root, "--select", "DOX120,DOX121"), tool
    return (root / f"tools/{tool}.py.dox.md").read_text(encoding="utf-8")


def test_an_override_of_the_tool_answers_self_calls_of_its_base(tmp_path: Path) -> None:
    base = (
        "from helpers.tool import Response, Tool\n\n\n"
        "class FinishingTool(Tool):\n"
        "    def finish(self, text):\n"
        "        return self.done(text)\n\n"
        "    def done(self, text):\n"
        "        return Response(message=text, break_loop=False)\n"
    )
    tool = (
        "from helpers.finishing import FinishingTool\n"
        "from helpers.tool import Response\n\n\n"
        "class CloserTool(FinishingTool):\n"
        "    async def execute(self, **kwargs):\n"
        '        text = str(self.args.get("text", "")) or "Closed."\n'
        '        if self.args.get("quick"):\n'
        "            return Response(message=text, break_loop=True)\n"
        "        return self.finish(text)\n\n"
        "    def done(self, text):\n"
        "        return Response(message=text, break_loop=True)\n"
    )
    text = _generated(tmp_path, {"helpers/finishing.py": base, "tools/closer.py": tool}, "closer")
    assert "- `break_loop` of `CloserTool`: always `true`." in text, text


def test_a_break_loop_a_helper_computes_is_not_known(tmp_path: Path) -> None:
    helper = (
        "from helpers.tool import Response\n\n\n"
        "def respond(message, break_loop=False):\n"
        "    return Response(message=message, break_loop=break_loop)\n"
    )
    tool = (
        HEAD + "from helpers.responses import respond\n\n\n"
        "class ReplyTool(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        '        if self.args.get("quiet"):\n'
        '            return Response(message="", break_loop=False)\n'
        '        return respond("noted")\n'
    )
    text = _generated(tmp_path, {"helpers/responses.py": helper, "tools/reply.py": tool}, "reply")
    assert "`break_loop` of `ReplyTool`" not in text or "`break_loop`." not in text, text
    assert "or `break_loop`" not in text, text


def test_a_helper_raise_inside_the_tool_s_try_is_not_claimed(tmp_path: Path) -> None:
    helper = (
        "from helpers.errors import RepairableException\n\n\n"
        "def render(title):\n"
        "    if not title:\n"
        '        raise RepairableException("title is required")\n'
        "    return title.upper()\n"
    )
    tool = (
        HEAD + "from helpers.util import render\n\n\n"
        "class AskTool(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        "        try:\n"
        '            text = render(self.args.get("title", ""))\n'
        "        except RepairableException:\n"
        '            return Response(message="A title is needed.", break_loop=False)\n'
        "        return Response(message=text, break_loop=False)\n"
    )
    text = _generated(tmp_path, {"helpers/util.py": helper, "tools/ask.py": tool}, "ask")
    assert "Repairable errors raised by" not in text, text


def test_a_break_loop_nothing_is_known_of_is_not_asked_for(tmp_path: Path) -> None:
    tool = (
        HEAD + "import somelib\n\n\n"
        "class FinTool(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        "        return await somelib.finish(self)\n"
    )
    repo(tmp_path, {"tools/fin.py": tool})
    check(tmp_path, "--fix")
    companion = tmp_path / "tools/fin.py.dox.md"
    text = companion.read_text(encoding="utf-8")
    lines = [line for line in text.splitlines(keepends=True) if "`break_loop` of" not in line]
    companion.write_text("".join(lines), encoding="utf-8")
    assert "DOX120" not in check(tmp_path, "--select", "DOX120")


def test_a_helper_summary_ends_at_an_exit_call() -> None:
    def falls_off(source: str) -> bool:
        (node,) = ast.parse(source).body
        assert isinstance(node, ast.FunctionDef)
        return function_exits(node, lambda dotted: None, None)[2]

    assert not falls_off("def f():\n    sys.exit(1)\n")
    assert not falls_off("def f(x):\n    if x:\n        os._exit(2)\n    raise ValueError(x)\n")
    assert falls_off("def f():\n    print('bye')\n")
    assert falls_off("def f(x):\n    if x:\n        sys.exit(1)\n")


def test_a_repairable_raise_inside_the_tool_s_own_try_is_not_claimed(tmp_path: Path) -> None:
    tool = (
        HEAD + "\n\n"
        "class AskTool(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        '        title = self.args.get("title", "")\n'
        "        try:\n"
        "            if not title:\n"
        '                raise RepairableException("title is required")\n'
        "            text = self._render(title)\n"
        "        except RepairableException:\n"
        '            return Response(message="A title is needed.", break_loop=False)\n'
        "        return Response(message=text, break_loop=False)\n\n"
        "    def _render(self, title):\n"
        "        if len(title) > 80:\n"
        '            raise RepairableException("title is too long")\n'
        "        return title.upper()\n"
    )
    text = _generated(tmp_path, {"tools/ask.py": tool}, "ask")
    assert "Repairable errors raised by" not in text, text


_TRIED = (
    "    try:\n"
    "        if not title:\n"
    '            raise RepairableException("title is required")\n'
    "        text = title.upper()\n"
    "    except {handler}\n"
    "    return text\n"
)
#: handlers that take the raise for good / that let it (or another) out
_CAUGHT = {
    "Exception": "Exception:\n        return None",
    "BaseException": "BaseException:\n        return None",
    "bare": ":\n        return None",
    "its class": "RepairableException:\n        return None",
    "a tuple": "(ValueError, RepairableException):\n        text = None",
}
_LEFT = {
    "re-raised": "Exception:\n        raise",
    "re-raised by name": "Exception as exc:\n        raise exc",
    "raised anew": "Exception as exc:\n        raise RepairableException('bad title') from exc",
    "another class": "ValueError:\n        return None",
    "re-raised before": "ValueError:\n        raise\n    except Exception:\n        return None",
}


def _tried_helper(handler: str) -> str:
    body = _TRIED.replace(
        "except {handler}", "except" + ("" if handler[0] == ":" else " ") + handler
    )
    return "from helpers.errors import RepairableException\n\n\ndef render(title):\n" + body


@pytest.mark.parametrize("handler", sorted(_CAUGHT))
def test_a_raise_its_own_try_catches_is_not_claimed(tmp_path: Path, handler: str) -> None:
    """In a helper of another module, as in a method of the tool, a raise
    the ``try`` around it catches for good is raised by neither."""
    helper = _tried_helper(_CAUGHT[handler])
    tool = (
        HEAD + "from helpers.util import render\n\n\n"
        "class AskTool(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        '        text = render(self.args.get("title", ""))\n'
        "        return Response(message=str(text), break_loop=False)\n"
    )
    text = _generated(tmp_path / "a", {"helpers/util.py": helper, "tools/ask.py": tool}, "ask")
    assert "Repairable errors raised by" not in text, text
    method = helper.split("\n\n\n", 1)[1].replace("def render(title)", "def _render(self, title)")
    own = (
        HEAD + "\n\n"
        "class AskTool(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        '        text = self._render(self.args.get("title", ""))\n'
        "        return Response(message=str(text), break_loop=False)\n\n"
        + "".join(f"    {line}\n" if line else "\n" for line in method.splitlines())
    )
    text = _generated(tmp_path / "b", {"tools/ask.py": own}, "ask")
    assert "Repairable errors raised by" not in text, text


@pytest.mark.parametrize("leave", ["sys.exit(1)", "os._exit(1)", "return None"])
def test_a_re_raise_past_what_always_leaves_the_handler_is_not_claimed(
    tmp_path: Path, leave: str
) -> None:
    """``except Exception: sys.exit(1)`` then a bare ``raise``: the
    ``raise`` never runs, so the handler passes nothing on (a helper of
    another module, a method of the tool)."""
    imports = "import os\nimport sys\n\n"
    helper = imports + _tried_helper(f"Exception:\n        {leave}\n        raise")
    tool = (
        HEAD + "from helpers.util import render\n\n\n"
        "class AskTool(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        '        text = render(self.args.get("title", ""))\n'
        "        return Response(message=str(text), break_loop=False)\n"
    )
    text = _generated(tmp_path / "a", {"helpers/util.py": helper, "tools/ask.py": tool}, "ask")
    assert "Repairable errors raised by" not in text, text
    method = helper.split("\n\n\n", 1)[1].replace("def render(title)", "def _render(self, title)")
    own = (
        imports + HEAD + "\n\n"
        "class AskTool(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        '        text = self._render(self.args.get("title", ""))\n'
        "        return Response(message=str(text), break_loop=False)\n\n"
        + "".join(f"    {line}\n" if line else "\n" for line in method.splitlines())
    )
    text = _generated(tmp_path / "b", {"tools/ask.py": own}, "ask")
    assert "Repairable errors raised by" not in text, text


@pytest.mark.parametrize("handler", sorted(_LEFT))
def test_a_raise_its_own_try_lets_out_is_claimed(tmp_path: Path, handler: str) -> None:
    helper = _tried_helper(_LEFT[handler])
    root = _rename(tmp_path, "from helpers.util import render", "render")
    (root / "helpers/util.py").write_text(helper, encoding="utf-8")
    assert "DOX121" not in check(root)


_REJECTS = (
    "from typing import NoReturn\n\n"
    "from helpers.errors import RepairableException\n\n\n"
    "def reject(what):\n"
    "    raise RepairableException(what)\n\n\n"
    "async def refuse(what):\n"
    "    if what:\n"
    "        raise RepairableException(what)\n"
    "    raise ValueError(what)\n\n\n"
    "def typed(what) -> NoReturn:\n"
    "    log(what)\n\n\n"
    "def maybe(what):\n"
    "    if what:\n"
    "        raise RepairableException(what)\n\n\n"
    "def log(what):\n"
    "    print(what)\n"
)


def _picking(last: str) -> str:
    return (
        HEAD
        + "from helpers import rejects\nfrom helpers.rejects import maybe, refuse, reject\n\n\n"
        "class PickTool(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        '        colour = str(self.args.get("colour", "red"))\n'
        '        if colour in ("red", "blue"):\n'
        "            return Response(message=colour, break_loop=False)\n"
        f"        {last}\n"
    )


@pytest.mark.parametrize(
    "last", ["reject(colour)", "await refuse(colour)", "rejects.typed(colour)"]
)
def test_a_call_into_another_module_that_never_returns_ends_the_path(
    tmp_path: Path, last: str
) -> None:
    """A function of another module whose every path raises (or annotated
    ``NoReturn``), called (awaited when ``async``), ends the path as one of
    the module's own does: ``execute`` does not reach its end."""
    root = repo(tmp_path, {"helpers/rejects.py": _REJECTS, "tools/pick.py": _picking(last)})
    assert "DOX007" not in check(root)


@pytest.mark.parametrize(
    "last",
    [
        "maybe(colour)",
        "refuse(colour)",
        "rejects.log(colour)",
        "if colour:\n            reject(colour)",
    ],
)
def test_a_call_into_another_module_that_may_return_does_not_end_the_path(
    tmp_path: Path, last: str
) -> None:
    source = _picking(last).replace("import maybe,", "import log, maybe,")
    root = repo(tmp_path, {"helpers/rejects.py": _REJECTS, "tools/pick.py": source})
    assert "DOX007" in check(root)


def test_a_raise_a_helper_on_the_way_may_catch_is_not_claimed(tmp_path: Path) -> None:
    # ``runtime`` calls ``_open`` in a ``try`` whose handler may take what it
    # raises: the tool's repairable errors are not known, none is claimed
    helper = (
        "from helpers.errors import RepairableException\n\n\n"
        "def _open(value: str) -> str:\n"
        "    if not value.strip():\n"
        '        raise RepairableException("blank")\n'
        "    return value\n\n\n"
        "def runtime(value: str) -> str:\n"
        "    try:\n"
        "        return _open(value)\n"
        "    except Exception as exc:\n"
        '        return f"unavailable: {exc}"\n'
    )
    root = _rename(tmp_path, "from helpers.runtime import runtime", "runtime")
    (root / "helpers/runtime.py").write_text(helper, encoding="utf-8")
    result = CliRunner().invoke(
        cli, ["inspect", "--root", str(root), "--json", str(root / "tools/rename.py")]
    )
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.stdout)
    (tool,) = module["tools"]
    assert tool["raises"] == []
    assert "repairable" in tool["unknown"]


def test_alike_responses_of_a_helper_of_another_module_are_one_outcome(tmp_path: Path) -> None:
    # two Responses alike but for their lines, answered at the tool's one
    # ``return``: one outcome there, and the other ``break_loop`` its own
    helper = (
        "from helpers.tool import Response\n\n\n"
        "def answer(ok):\n"
        "    if ok:\n"
        '        return Response(message="fine", break_loop=False)\n'
        "    if ok is None:\n"
        '        return Response(message="none given", break_loop=True)\n'
        '    return Response(message="not fine", break_loop=False)\n'
    )
    tool = (
        HEAD + "from helpers.responses import answer\n\n\n"
        "class AnswerTool(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        '        return answer(self.args.get("ok"))\n'
    )
    root = repo(tmp_path, {"helpers/responses.py": helper, "tools/answer.py": tool})
    result = CliRunner().invoke(
        cli, ["inspect", "--root", str(root), "--json", str(root / "tools/answer.py")]
    )
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.stdout)
    (tool_facts,) = module["tools"]
    ends = [(o["break_loop"], o["line"]) for o in tool_facts["outcomes"]]
    assert ends == [(False, 8), (True, 8)]
