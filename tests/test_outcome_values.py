"""What a tool's outcomes are worth when they go through names, loops and
helpers: loops that end their block (DOX007), ``break_loop`` values bound to
names or passed to a helper (DOX120, DOX303), a delegate's result (DOX120) and
repairable errors built away from their ``raise`` (DOX121)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from click.testing import CliRunner
from samples import write_files

from doxtool.cli import cli
from doxtool.python.exits import function_exits
from doxtool.rules.examples import FRAMEWORK

HEAD = "from helpers.errors import RepairableException\nfrom helpers.tool import Response, Tool\n"


def check(root: Path, *args: str) -> str:
    """What ``doxtool check`` prints; it must have run to the end."""
    result = CliRunner().invoke(cli, ["check", "--root", str(root), "--no-cache", *args])
    assert result.exit_code in (0, 1), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Found" in result.stdout or "All checks passed" in result.stdout, result.stdout
    return result.stdout


def repo(root: Path, files: dict[str, str]) -> Path:
    write_files(root, {**FRAMEWORK, "helpers/__init__.py": "", **files})
    return root


def tool(body: str, name: str = "PickTool") -> str:
    return (
        HEAD + f"\n\nclass {name}(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        '        items = list(self.args.get("items", []))\n' + body
    )


_STOP = '                return Response(message="stopped", break_loop=False)\n'
_DONE = '            return Response(message="done", break_loop=False)\n'

# -- DOX007: a loop whose else ends the block, a loop that never stops -------------

_LOOPS_THAT_END = {
    "for-else": (
        "        for item in items:\n"
        '            if item == "stop":\n' + _STOP + "        else:\n" + _DONE
    ),
    "while-else": (
        "        while items:\n"
        '            if items.pop() == "stop":\n' + _STOP + "        else:\n" + _DONE
    ),
    "while-1": (
        "        while 1:\n"
        "            if not items:\n"
        '                return Response(message="done", break_loop=False)\n'
        "            items.pop()\n"
    ),
    "while-string": (
        '        while "forever":\n'
        "            if not items:\n"
        '                return Response(message="done", break_loop=False)\n'
        "            items.pop()\n"
    ),
    "inner-loop-break": (
        "        for item in items:\n"
        "            for letter in item:\n"
        "                break\n"
        "        else:\n" + _DONE
    ),
}

_LOOPS_THAT_MAY_NOT = {
    "for-no-else": "        for item in items:\n" + '            if item == "stop":\n' + _STOP,
    "for-else-break": (
        "        for item in items:\n"
        '            if item == "stop":\n'
        "                break\n"
        "        else:\n" + _DONE
    ),
    "inner-else-break": (
        "        for item in items:\n"
        "            for letter in item:\n"
        "                pass\n"
        "            else:\n"
        "                break\n"
        "        else:\n" + _DONE
    ),
    "while-0": (
        '        while 0:\n            return Response(message="done", break_loop=False)\n'
    ),
    "while-1-break": (
        "        while 1:\n"
        "            if not items:\n"
        "                break\n"
        "            items.pop()\n"
    ),
}


@pytest.mark.parametrize("variant", sorted(_LOOPS_THAT_END))
def test_a_loop_that_always_ends_the_block_ends_the_path(tmp_path: Path, variant: str) -> None:
    root = repo(tmp_path, {"tools/pick.py": tool(_LOOPS_THAT_END[variant])})
    assert "DOX007" not in check(root, "--select", "DOX007")


@pytest.mark.parametrize("variant", sorted(_LOOPS_THAT_MAY_NOT))
def test_a_loop_that_may_stop_does_not_end_the_path(tmp_path: Path, variant: str) -> None:
    root = repo(tmp_path, {"tools/pick.py": tool(_LOOPS_THAT_MAY_NOT[variant])})
    assert "DOX007 `PickTool.execute` can reach its end without returning a `Response`" in check(
        root, "--select", "DOX007"
    )


def _falls_off(body: str) -> bool:
    """Whether a function of ``body`` (a tool's lines) can end without a return."""
    source = "def f(items):\n" + "\n".join(line[4:] for line in body.splitlines()) + "\n"
    (node,) = ast.parse(source).body
    assert isinstance(node, ast.FunctionDef), source
    return function_exits(node, lambda dotted: None, None)[2]


def test_a_helper_summary_knows_which_loops_end_the_block() -> None:
    for variant, body in _LOOPS_THAT_END.items():
        assert not _falls_off(body), variant
    for variant, body in _LOOPS_THAT_MAY_NOT.items():
        assert _falls_off(body), variant


# -- DOX120: another tool's result is a break_loop doxtool does not know ----------

_POSITIONAL = (
    HEAD + "\n\nclass PositionalTool(Tool):\n"
    "    async def execute(self, **kwargs) -> Response:\n"
    '        return Response("Done.", True)\n'
)


@pytest.mark.parametrize(
    "returned",
    [
        "await PositionalTool(self.agent, 'p', None, self.args, '', None).execute(**kwargs)",
        "await other.execute(**kwargs)",
    ],
)
def test_a_delegate_s_break_loop_is_unknown(tmp_path: Path, returned: str) -> None:
    delegate = (
        HEAD + "from tools.positional import PositionalTool\n\n\n"
        "class DelegateTool(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        "        other = PositionalTool(self.agent, 'p', None, self.args, '', None)\n"
        f"        return {returned}\n"
    )
    root = repo(tmp_path, {"tools/positional.py": _POSITIONAL, "tools/delegate.py": delegate})
    check(root, "--fix")
    companion = root / "tools/delegate.py.dox.md"
    text = companion.read_text(encoding="utf-8")
    assert "`break_loop` of `DelegateTool`" not in text, text
    assert "- `break_loop` of `PositionalTool`: always `true`.\n" in (
        root / "tools/positional.py.dox.md"
    ).read_text(encoding="utf-8")
    # a line a person writes is neither confirmed nor contradicted, and kept
    for written in ("always `true`", "always `false`", "none"):
        line = f"- `break_loop` of `DelegateTool`: {written}.\n"
        companion.write_text(
            text.replace("- Observed side-effect", line + "- Observed side-effect")
        )
        assert "All checks passed" in check(root, "--select", "DOX120"), written
        check(root, "--fix")
        assert line in companion.read_text(encoding="utf-8"), written


# -- DOX120, DOX303: break_loop through names and a helper's parameters -----------


def _reply_tool(execute: str, helper: str = "", prelude: str = "") -> str:
    return (
        HEAD + prelude + "\n\nclass ReplyTool(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        '        text = str(self.args.get("text", "")).strip()\n'
        "        if not text:\n"
        '            raise RepairableException("Send `text`.")\n' + execute + helper
    )


_HELPER = (
    "\n    def _reply(self, message, stop=False):\n"
    "        return Response(message=message, break_loop=stop)\n"
)

_KNOWN = {
    "local": (
        "        stop = True\n        return Response(message=text, break_loop=stop)\n",
        "",
        "",
    ),
    "annotated": (
        "        stop: bool = False\n        return Response(message=text, break_loop=stop)\n",
        "",
        "",
    ),
    "module": (
        "        return Response(message=text, break_loop=END_TURN)\n",
        "",
        "END_TURN = True\n",
    ),
    "conditional": (
        '        final = bool(self.args.get("final"))\n'
        "        return Response(message=text, break_loop=True if final else False)\n",
        "",
        "",
    ),
    "helper-default": ("        return self._reply(text)\n", _HELPER, ""),
    "helper-both": (
        '        if text == "stop":\n'
        "            return self._reply(text, stop=True)\n"
        "        return self._reply(text)\n",
        _HELPER,
        "",
    ),
    "helper-positional": ("        return self._reply(text, True)\n", _HELPER, ""),
    "helper-module-default": (
        "        return self._reply(text)\n",
        _HELPER.replace("stop=False", "stop=END_TURN"),
        "END_TURN = True\n",
    ),
    "helper-through-helper": (
        "        return self._finish(text, stop=True)\n",
        _HELPER + "\n    def _finish(self, message, stop):\n"
        "        return self._reply(message, stop=stop)\n",
        "",
    ),
    "default-then-branch": (
        "        stop = True\n"
        '        if text == "go":\n'
        "            stop = False\n"
        "        return Response(message=text, break_loop=stop)\n",
        "",
        "",
    ),
    "branches": (
        '        if text == "go":\n'
        "            stop = False\n"
        "        else:\n"
        "            stop = True\n"
        "        return Response(message=text, break_loop=stop)\n",
        "",
        "",
    ),
    "module-function": (
        "        return reply(text)\n",
        "",
        "\n\ndef reply(message, stop=False):\n"
        "    return Response(message=message, break_loop=stop)\n",
    ),
}
_EXPECTED = {
    "local": "always `true`",
    "annotated": "always `false`",
    "module": "always `true`",
    "conditional": "`true` or `false`",
    "helper-default": "always `false`",
    "helper-both": "`true` or `false`",
    "helper-positional": "always `true`",
    "helper-module-default": "always `true`",
    "helper-through-helper": "always `true`",
    "module-function": "always `false`",
    "default-then-branch": "`true` or `false`",
    "branches": "`true` or `false`",
}


@pytest.mark.parametrize("variant", sorted(_KNOWN))
def test_a_break_loop_bound_to_a_known_boolean_is_that_boolean(
    tmp_path: Path, variant: str
) -> None:
    execute, helper, prelude = _KNOWN[variant]
    root = repo(tmp_path, {"tools/reply.py": _reply_tool(execute, helper, prelude)})
    check(root, "--fix")
    text = (root / "tools/reply.py.dox.md").read_text(encoding="utf-8")
    assert f"- `break_loop` of `ReplyTool`: {_EXPECTED[variant]}.\n" in text, text
    assert "All checks passed" in check(root, "--select", "DOX120")


_UNKNOWN = {
    "overridden": (
        '        if text == "go":\n'
        "            stop = False\n"
        "        stop = True\n"
        "        return Response(message=text, break_loop=stop)\n",
        "",
        "",
        "stop",
    ),
    "bound-twice": (
        "        stop = False\n"
        "        stop = True\n"
        "        return Response(message=text, break_loop=stop)\n",
        "",
        "",
        "stop",
    ),
    "bound-twice-in-a-with": (
        "        stop = False\n"
        "        with open(text):\n"
        "            stop = True\n"
        "        return Response(message=text, break_loop=stop)\n",
        "",
        "",
        "stop",
    ),
    "bound-to-another-value": (
        "        stop = False\n"
        '        if text == "go":\n'
        "            stop = text\n"
        "        return Response(message=text, break_loop=stop)\n",
        "",
        "",
        "stop",
    ),
    "augmented": (
        "        stop = False\n"
        '        stop |= text == "go"\n'
        "        return Response(message=text, break_loop=stop)\n",
        "",
        "",
        "stop",
    ),
    "loop-target": (
        "        stop = True\n"
        "        for stop in (False,):\n"
        "            pass\n"
        "        return Response(message=text, break_loop=stop)\n",
        "",
        "",
        "stop",
    ),
    "module-rebound": (
        "        return Response(message=text, break_loop=END_TURN)\n",
        "",
        "END_TURN = True\nif __debug__:\n    END_TURN = False\n",
        "END_TURN",
    ),
    "module-global": (
        "        return Response(message=text, break_loop=END_TURN)\n",
        "\n    def _off(self):\n        global END_TURN\n        END_TURN = False\n",
        "END_TURN = True\n",
        "END_TURN",
    ),
    "module-global-in-function": (
        "        return Response(message=text, break_loop=END_TURN)\n",
        "",
        "END_TURN = False\n\n\ndef end_turns():\n    global END_TURN\n    print(END_TURN)\n    END_TURN = True\n",
        "END_TURN",
    ),
    "module-star-import": (
        "        return Response(message=text, break_loop=END_TURN)\n",
        "",
        "END_TURN = True\nfrom helpers.flags import *\n",
        "END_TURN",
    ),
    "module-not-literal": (
        "        return Response(message=text, break_loop=END_TURN)\n",
        "",
        'END_TURN = bool("x")\n',
        "END_TURN",
    ),
    "parameter-rebound": (
        "        return self._reply(text)\n",
        "\n    def _reply(self, message, stop=False):\n"
        '        if message == "go":\n'
        "            stop = True\n"
        "        return Response(message=message, break_loop=stop)\n",
        "",
        "stop",
    ),
    "parameter-star": (
        "        return self._reply(*[text, True])\n",
        _HELPER,
        "",
        "stop",
    ),
    "parameter-unknown": (
        '        return self._reply(text, stop=text == "go")\n',
        _HELPER,
        "",
        "stop",
    ),
}


@pytest.mark.parametrize("variant", sorted(_UNKNOWN))
def test_a_break_loop_name_that_may_change_is_unknown(tmp_path: Path, variant: str) -> None:
    """Its value is not known: no line is written, and any line a person
    writes (words included) is kept as it is."""
    execute, helper, prelude, expression = _UNKNOWN[variant]
    files = {
        "tools/reply.py": _reply_tool(execute, helper, prelude),
        "helpers/flags.py": "END_TURN = False\n",
    }
    root = repo(tmp_path, files)
    check(root, "--fix")
    companion = root / "tools/reply.py.dox.md"
    text = companion.read_text(encoding="utf-8")
    assert "`break_loop` of `ReplyTool`" not in text, text
    assert "All checks passed" in check(root, "--select", "DOX120")
    for written in (
        "always `true`",
        "`true` or `false`",
        f"`{expression}`, which is `true` when the text says so",
    ):
        line = f"- `break_loop` of `ReplyTool`: {written}.\n"
        companion.write_text(
            text.replace("- Observed side-effect", line + "- Observed side-effect"),
            encoding="utf-8",
        )
        assert "All checks passed" in check(root, "--select", "DOX120"), written
        check(root, "--fix")
        assert line in companion.read_text(encoding="utf-8"), written


@pytest.mark.parametrize(
    ("execute", "helper", "prelude"),
    [
        ("        return Response(message=text, break_loop=END_TURN)\n", "", "END_TURN = False\n"),
        ("        return self._reply(text)\n", _HELPER, ""),
    ],
)
def test_a_tool_whose_break_loop_is_always_false_never_ends_the_turn(
    tmp_path: Path, execute: str, helper: str, prelude: str
) -> None:
    source = _reply_tool(execute, helper, prelude).replace(
        '        if not text:\n            raise RepairableException("Send `text`.")\n', ""
    )
    root = repo(tmp_path, {"tools/reply.py": source})
    assert "DOX303" not in check(root)
    # the same tool ending the turn is reported
    (root / "tools/reply.py").write_text(
        source.replace("END_TURN = False", "END_TURN = True").replace("stop=False", "stop=True")
    )
    assert "DOX303 `ReplyTool` (reply.py) ends the turn with the answer" in check(root)


def test_a_break_loop_of_either_boolean_can_end_the_turn(tmp_path: Path) -> None:
    execute, helper, prelude = _KNOWN["conditional"]
    source = _reply_tool(execute, helper, prelude).replace(
        '        if not text:\n            raise RepairableException("Send `text`.")\n', ""
    )
    root = repo(tmp_path, {"tools/reply.py": source})
    assert "DOX303 `ReplyTool` (reply.py) can end the turn with the answer" in check(root)


# -- DOX121: a repairable error built away from its raise --------------------------


def _raising_tool(raise_line: str, prelude: str = "", helper: str = "") -> str:
    return (
        HEAD + prelude + "\n\nclass AskTool(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        '        text = str(self.args.get("text", "")).strip()\n'
        "        if not text:\n"
        f"            {raise_line}\n"
        "        return Response(message=text, break_loop=False)\n" + helper
    )


def _with_line(root: Path, source: str, exception: str) -> Path:
    line = f"- Repairable errors raised by `AskTool`: `{exception}`.\n"
    repo(root, {"tools/ask.py": source})
    check(root, "--fix")
    companion = root / "tools/ask.py.dox.md"
    text = companion.read_text(encoding="utf-8")
    if line not in text:
        # before the areas line, or the imports line where no area is derived
        # (a call doxtool cannot see into leaves the areas unknown)
        anchor = "- Observed side-effect"
        if anchor not in text:
            anchor = "- Imported dependency areas"
        text = text.replace(anchor, line + anchor)
        companion.write_text(text, encoding="utf-8")
    return companion


_REPAIRABLE_RAISES = {
    "factory": (
        'raise _bad("text")',
        "\n\ndef _bad(name: str) -> RepairableException:\n"
        '    return RepairableException(f"`{name}` is required.")\n',
        "",
        "RepairableException",
    ),
    "method-factory": (
        'raise self._bad("text")',
        "",
        "\n    def _bad(self, name):\n        return RepairableException(name)\n",
        "RepairableException",
    ),
    "variable": (
        'err = RepairableException("`text` is required.")\n            raise err from None',
        "",
        "",
        "RepairableException",
    ),
    "subclass": (
        'raise MissingArgument("`text` is required.")',
        "\n\nclass MissingArgument(RepairableException):\n    pass\n",
        "",
        "MissingArgument",
    ),
    "sub-subclass": (
        'raise MissingText("`text` is required.")',
        "\n\nclass MissingArgument(RepairableException):\n    pass\n\n\n"
        "class MissingText(MissingArgument):\n    pass\n",
        "",
        "MissingText",
    ),
}


@pytest.mark.parametrize("variant", sorted(_REPAIRABLE_RAISES))
def test_a_repairable_error_built_elsewhere_is_raised(tmp_path: Path, variant: str) -> None:
    raise_line, prelude, helper, exception = _REPAIRABLE_RAISES[variant]
    source = _raising_tool(raise_line, prelude, helper)
    companion = _with_line(tmp_path, source, exception)
    assert "All checks passed" in check(tmp_path, "--select", "DOX121")
    check(tmp_path, "--fix", "--unsafe-fixes")
    text = companion.read_text(encoding="utf-8")
    assert f"- Repairable errors raised by `AskTool`: `{exception}`.\n" in text, text


@pytest.mark.parametrize(
    ("raise_line", "prelude"),
    [
        # a factory doxtool does not read
        ('raise errors.bad("text")', "import somelib as errors\n"),
        # a function of the module that returns something else on some path
        (
            'raise _bad("text")',
            "\n\ndef _bad(name):\n    if name:\n        return make(name)\n"
            "    return RepairableException(name)\n",
        ),
        # a variable bound twice
        ('err = ValueError("x")\n            err = make()\n            raise err', ""),
    ],
)
def test_a_raise_of_an_unknown_kind_makes_repairable_errors_unknown(
    tmp_path: Path, raise_line: str, prelude: str
) -> None:
    companion = _with_line(tmp_path, _raising_tool(raise_line, prelude), "RepairableException")
    assert "DOX121" not in check(tmp_path, "--select", "DOX121")
    check(tmp_path, "--fix", "--unsafe-fixes")
    assert "- Repairable errors raised by `AskTool`: `RepairableException`.\n" in (
        companion.read_text(encoding="utf-8")
    )


def test_re_raising_what_an_except_caught_raises_nothing_new(tmp_path: Path) -> None:
    raise_line = (
        "try:\n                int(text)\n"
        "            except ValueError as exc:\n                raise exc"
    )
    _with_line(tmp_path, _raising_tool(raise_line), "RepairableException")
    assert (
        "DOX121 repairable errors line of `AskTool` states what its code does not do: "
        "no `RepairableException` is raised in the code it runs"
    ) in check(tmp_path, "--select", "DOX121")
