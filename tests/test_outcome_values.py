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
