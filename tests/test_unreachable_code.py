"""Code no path reaches: after a ``return``, a ``raise``, a ``break`` or
``continue``, a call that never returns, or in a ``try`` whose ``finally``
always leaves. What it would return (DOX120), raise (DOX121) or do (DOX133)
cannot happen, so it is no fact; a ``with`` block whose context manager
swallows an exception, and a ``match`` whose only catch-all has a guard, may
go on past a body that returns (DOX007)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from doxtool.cli import cli

HEAD = (
    "import os\nimport subprocess\nimport sys\nfrom typing import NoReturn\n"
    "from helpers.errors import RepairableException\nfrom helpers.tool import Response, Tool\n"
)

#: the code no path reaches, at the end of each variant
DEAD = (
    '            subprocess.run(["rm", "-rf", "/tmp/x"])\n'
    '            raise RepairableException("never")\n'
    '            return Response(message="never", break_loop=True)\n'
)

_STOPPED = {
    "return": '            return Response(message="a", break_loop=False)\n',
    "raise": '            raise ValueError("a")\n',
    "sys-exit": "            sys.exit(1)\n",
    "os-exit": "            os._exit(1)\n",
    "noreturn": '            _reject("a")\n',
    "raising-method": '            self._fail("a")\n',
    "if-else": (
        "            if kwargs:\n"
        '                return Response(message="a", break_loop=False)\n'
        "            else:\n"
        '                raise ValueError("a")\n'
    ),
    "while-true": (
        "            while True:\n"
        "                if kwargs:\n"
        '                    return Response(message="a", break_loop=False)\n'
    ),
    "same-line": '            return Response(message="a", break_loop=False); os.remove("x")\n',
}


def _tool(body: str) -> str:
    return (
        HEAD + "\n\ndef _reject(what: str) -> NoReturn:\n"
        "    raise ValueError(what)\n\n\n"
        "class PickTool(Tool):\n"
        "    def _fail(self, what):\n"
        "        raise ValueError(what)\n\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        '        if self.args.get("mode") == "x":\n' + body + "        "
        'return Response(message="done", break_loop=False)\n'
    )


def _facts(run_cli: Callable[..., Result], root: Path) -> dict[str, Any]:
    result = run_cli(root, "inspect", "tools/pick.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    return tool


@pytest.mark.parametrize("variant", sorted(_STOPPED))
def test_code_after_what_leaves_the_block_is_no_fact(
    run_cli: Callable[..., Result], make_repo: Callable[..., Path], variant: str
) -> None:
    root = make_repo({"tools/pick.py": _tool(_STOPPED[variant] + DEAD)})
    tool = _facts(run_cli, root)
    assert {o["break_loop"] for o in tool["outcomes"]} == {False}
    assert not [r for r in tool["raises"] if r["repairable"]]
    assert "repairable" not in tool["unknown"]
    assert tool["side_effects"] == []
    assert tool["missing_responses"] == []


@pytest.mark.parametrize("leave", ["break", "continue"])
def test_code_after_a_break_or_continue_is_no_fact(
    run_cli: Callable[..., Result], make_repo: Callable[..., Path], leave: str
) -> None:
    body = (
        "            for item in [1, 2]:\n"
        "                if item:\n"
        f"                    {leave}\n"
        '                    subprocess.run(["ls"])\n'
        '                    return Response(message="never", break_loop=True)\n'
    )
    tool = _facts(run_cli, make_repo({"tools/pick.py": _tool(body)}))
    assert {o["break_loop"] for o in tool["outcomes"]} == {False}
    assert tool["side_effects"] == []


def test_a_finally_that_always_returns_overrides_the_returns_and_raises_before_it(
    run_cli: Callable[..., Result], make_repo: Callable[..., Path]
) -> None:
    body = (
        "            try:\n"
        "                if kwargs:\n"
        '                    raise RepairableException("swallowed")\n'
        '                return Response(message="overridden", break_loop=True)\n'
        "            finally:\n"
        '                return Response(message="final", break_loop=False)\n'
    )
    tool = _facts(run_cli, make_repo({"tools/pick.py": _tool(body)}))
    assert {o["break_loop"] for o in tool["outcomes"]} == {False}
    assert not [r for r in tool["raises"] if r["repairable"]]
    assert "repairable" not in tool["unknown"]


def test_a_finally_that_may_go_on_keeps_the_returns_before_it(
    run_cli: Callable[..., Result], make_repo: Callable[..., Path]
) -> None:
    body = (
        "            try:\n"
        '                return Response(message="kept", break_loop=True)\n'
        "            finally:\n"
        "                if kwargs:\n"
        '                    return Response(message="final", break_loop=False)\n'
    )
    tool = _facts(run_cli, make_repo({"tools/pick.py": _tool(body)}))
    assert {o["break_loop"] for o in tool["outcomes"]} == {True, False}


_GOES_ON = {
    "suppress": (
        "from contextlib import suppress\n" + HEAD + "\n\nclass PickTool(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        "        with suppress(KeyError):\n"
        '            return Response(message=self.args["text"], break_loop=False)\n'
    ),
    "contextlib-suppress": (
        "import contextlib\n" + HEAD + "\n\nclass PickTool(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        "        with contextlib.suppress(KeyError):\n"
        '            return Response(message=self.args["text"], break_loop=False)\n'
    ),
    "guarded-wildcard": (
        HEAD + "\n\nclass PickTool(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        '        match self.args.get("mode"):\n'
        '            case "a":\n'
        '                return Response(message="a", break_loop=False)\n'
        "            case _ if kwargs:\n"
        '                return Response(message="b", break_loop=False)\n'
    ),
}


@pytest.mark.parametrize("variant", sorted(_GOES_ON))
def test_a_block_that_may_go_on_past_its_return_falls_off_the_end(
    run_cli: Callable[..., Result], make_repo: Callable[..., Path], variant: str
) -> None:
    root = make_repo({"tools/pick.py": _GOES_ON[variant]})
    result = run_cli(root, "check", "--no-cache", "--select", "DOX007")
    assert "DOX007" in result.output, result.output
    assert "can reach its end without returning" in result.output


def _check(root: Path, *args: str) -> str:
    """What ``doxtool check`` prints; it must have run to the end."""
    result = CliRunner().invoke(cli, ["check", "--root", str(root), "--no-cache", *args])
    assert result.exit_code in (0, 1), result.output
    assert "Found" in result.stdout or "All checks passed" in result.stdout, result.stdout
    return result.stdout


def test_a_companion_is_not_judged_against_code_no_path_reaches(
    make_repo: Callable[..., Path],
) -> None:
    root = make_repo({"tools/pick.py": _tool("            pass\n"), "helpers/__init__.py": ""})
    _check(root, "--fix")
    companion = (root / "tools/pick.py.dox.md").read_text(encoding="utf-8")
    assert "always `false`" in companion
    assert "Observed side-effect areas: none." in companion
    (root / "tools/pick.py").write_text(_tool(_STOPPED["noreturn"] + DEAD), encoding="utf-8")
    assert "All checks passed" in _check(root, "--select", "DOX120,DOX121,DOX133")


_HELPER = (
    "import subprocess\nimport sys\n"
    "from helpers.errors import RepairableException\nfrom helpers.tool import Response\n\n\n"
    "def finish(text):\n"
    "    return Response(text, break_loop=False)\n"
    '    subprocess.run(["ls"])\n'
    "    return Response(text, break_loop=True)\n\n\n"
    "def check(value):\n"
    "    if not value:\n"
    "        sys.exit(1)\n"
    '        raise RepairableException("never")\n'
    "    try:\n"
    '        raise RepairableException("swallowed")\n'
    "    finally:\n"
    "        return value\n"
)


def test_a_helper_of_another_module_is_read_up_to_where_its_paths_end(
    run_cli: Callable[..., Result], make_repo: Callable[..., Path]
) -> None:
    source = (
        "from helpers import fin\nfrom helpers.tool import Response, Tool\n\n\n"
        "class PickTool(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        '        fin.check(self.args.get("mode"))\n'
        '        return fin.finish("done")\n'
    )
    root = make_repo(
        {"tools/pick.py": source, "helpers/fin.py": _HELPER, "helpers/__init__.py": ""}
    )
    tool = _facts(run_cli, root)
    assert {o["break_loop"] for o in tool["outcomes"]} == {False}
    assert tool["raises"] == []
    assert "repairable" not in tool["unknown"]
    assert tool["side_effects"] == []


def test_a_break_loop_name_rebound_in_the_same_block_is_not_both_values(
    run_cli: Callable[..., Result], make_repo: Callable[..., Path]
) -> None:
    """``done = False`` then ``done = True`` in one branch: the first never
    reaches the ``Response``; which value is given is not claimed."""
    body = (
        "        done = True\n"
        '        if self.args.get("mode"):\n'
        "            done = False\n"
        '            self.args["seen"] = 1\n'
        "            done = True\n"
        '        return Response(message="x", break_loop=done)\n'
    )
    source = (
        HEAD + "\n\nclass PickTool(Tool):\n    async def execute(self, **kwargs) -> Response:\n"
    )
    tool = _facts(run_cli, make_repo({"tools/pick.py": source + body}))
    assert [o["break_loop"] for o in tool["outcomes"]] == ["dynamic"]


def test_a_raise_a_suppress_block_swallows_is_not_claimed(
    run_cli: Callable[..., Result], make_repo: Callable[..., Path]
) -> None:
    source = (
        "import contextlib\n" + HEAD + "\n\nclass PickTool(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        "        with contextlib.suppress(Exception):\n"
        "            self._validate()\n"
        '        return Response(message="ok", break_loop=False)\n\n'
        "    def _validate(self):\n"
        '        if not self.args.get("mode"):\n'
        '            raise RepairableException("bad")\n'
    )
    tool = _facts(run_cli, make_repo({"tools/pick.py": source}))
    assert not [r for r in tool["raises"] if r["repairable"]]


def test_a_helper_ends_its_path_at_a_call_of_a_noreturn_function_of_its_module(
    run_cli: Callable[..., Result], make_repo: Callable[..., Path]
) -> None:
    helper = (
        "import subprocess\nfrom typing import NoReturn\nfrom helpers.tool import Response\n\n\n"
        "def fail(message) -> NoReturn:\n"
        "    raise ValueError(message)\n\n\n"
        "def finish(text):\n"
        "    if not text:\n"
        '        fail("empty")\n'
        '        subprocess.run(["ls"])\n'
        "        return Response(text, break_loop=True)\n"
        "    return Response(text, break_loop=False)\n"
    )
    source = (
        "from helpers import fin\nfrom helpers.tool import Response, Tool\n\n\n"
        "class PickTool(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        '        return fin.finish(self.args.get("text", ""))\n'
    )
    root = make_repo({"tools/pick.py": source, "helpers/fin.py": helper, "helpers/__init__.py": ""})
    tool = _facts(run_cli, root)
    assert {o["break_loop"] for o in tool["outcomes"]} == {False}
    assert tool["side_effects"] == []
