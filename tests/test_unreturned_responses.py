"""Returns that hand the framework no ``Response`` although they look like
they might (DOX007): a name still bound to ``None`` on a path that reaches
``return name``, and the coroutine of an ``async`` function returned without
``await``. What such a return would give is no outcome of the tool."""

from __future__ import annotations

import ast
import json
from pathlib import Path
from textwrap import dedent, indent
from typing import Any

import pytest
from samples import write_files

from doxtool.python.exits import function_exits
from doxtool.rules.examples import FRAMEWORK

HEAD = "import asyncio\n\nfrom helpers.tool import Response, Tool\n\n\n"


def tool(body: str, rest: str = "") -> str:
    """A tool whose ``execute`` (its body from line 8) is ``body``; ``rest``: what follows
    in the class (methods) and at module level after it (after a blank line)."""
    return (
        HEAD
        + "class T(Tool):\n"
        + "    async def execute(self, **kwargs):\n"
        + indent(dedent(body), " " * 8)
        + rest
    )


def dox007(run_cli: Any, root: Path) -> list[str]:
    result = run_cli(root, "check", "--no-cache", "--select", "DOX007")
    assert result.exit_code in (0, 1), result.output
    return [line for line in result.output.splitlines() if "DOX007" in line]


def facts(run_cli: Any, root: Path) -> dict[str, Any]:
    result = run_cli(root, "inspect", "tools/t.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (found,) = module["tools"]
    return found  # type: ignore[no-any-return]


def repo(root: Path, source: str, **more: str) -> Path:
    write_files(
        root,
        {**FRAMEWORK, "helpers/__init__.py": "", "tools/t.py": source, **more},
    )
    return root


_A = 'response = Response(message="a", break_loop=False)\n'
_B = 'response = Response(message="b", break_loop=False)\n'


# -- a name still bound to None ----------------------------------------------------


@pytest.mark.parametrize(
    "body",
    [
        # no ``else``: when neither test holds, ``response`` is None
        'response = None\nif self.args.get("a"):\n    '
        + _A
        + 'elif self.args.get("b"):\n    '
        + _B
        + "return response\n",
        'response = None\nif self.args.get("a"):\n    ' + _A + "return response\n",
        # bound to None in a branch
        'if self.args.get("a"):\n    response = None\nelse:\n    ' + _A + "return response\n",
        'response: Response | None = None\nwith open("f") as handle:\n'
        "    if handle.read():\n        " + _A + "return response\n",
    ],
)
def test_a_name_still_bound_to_none_is_reported(run_cli: Any, tmp_path: Path, body: str) -> None:
    root = repo(tmp_path, tool(body))
    (line,) = dox007(run_cli, root)
    returned = 8 + body.splitlines().index("return response")
    assert line == (
        f"tools/t.py:{returned}:9: DOX007 `T.execute` can return a name still bound to"
        " `None` instead of a `Response`"
    )
    # the Responses it returns on the other paths are still its outcomes
    assert [o["break_loop"] for o in facts(run_cli, root)["outcomes"]] == [False]


@pytest.mark.parametrize(
    "body",
    [
        # every branch, the ``else`` too, binds a Response
        'response = None\nif self.args.get("a"):\n    '
        + _A
        + "else:\n    "
        + _B
        + "return response\n",
        'response = None\nif self.args.get("a"):\n    '
        + _A
        + 'elif self.args.get("b"):\n    '
        + _B
        + "else:\n    "
        + _B
        + "return response\n",
        # bound again on every path before the return
        "response = None\n" + _A + "return response\n",
        # a test before may rule out the path that skips the branches
        'if not self.args.get("a") and not self.args.get("b"):\n'
        '    return Response(message="none", break_loop=False)\n'
        'response = None\nif self.args.get("a"):\n    '
        + _A
        + 'elif self.args.get("b"):\n    '
        + _B
        + "return response\n",
        # the second test binds it where it is still None
        'response = None\nif self.args.get("a"):\n    '
        + _A
        + "if response is None:\n    "
        + _B
        + "return response\n",
        # the other branch never returns
        'response = None\nif self.args.get("a"):\n    ' + _A + "else:\n"
        '    raise ValueError("a")\nreturn response\n',
        'response = None\nif self.args.get("a"):\n    ' + _A + "else:\n"
        "    self._fail()\nreturn response\n",
        # a loop, a try, a with target, a walrus, a closure: not walked
        'response = None\nfor item in self.args.get("items", []):\n    ' + _A + "return response\n",
        "response = None\ntry:\n    " + _A + "except ValueError:\n    pass\nreturn response\n",
        'response = None\nwith open("f") as response:\n    pass\nreturn response\n',
        "response = None\nif (response := self._make()):\n    pass\nreturn response\n",
        "response = None\n\ndef fill():\n    nonlocal response\n    "
        + _A
        + "fill()\nreturn response\n",
        # an assert may end the path
        'response = None\nif self.args.get("a"):\n    ' + _A + "assert response\nreturn response\n",
        # a constant test: the branch that runs is known
        "response = None\nif True:\n    " + _A + "return response\n",
    ],
)
def test_a_name_bound_again_or_not_known_is_not_reported(
    run_cli: Any, tmp_path: Path, body: str
) -> None:
    rest = (
        "\n    def _fail(self):\n        raise ValueError('x')\n"
        "\n    def _make(self):\n        return Response(message='m', break_loop=False)\n"
    )
    root = repo(tmp_path, tool(body, rest))
    assert dox007(run_cli, root) == []


# -- a coroutine returned without await -----------------------------------------------

_DO = """
    async def _do(self, x):
        return Response(message="small", break_loop=True)
"""


@pytest.mark.parametrize(
    ("body", "rest", "where"),
    [
        ('return self._do(self.args.get("x", 1))\n', _DO, ("T.execute", 8)),
        # in one branch
        (
            'if self.args.get("x"):\n    return self._do(1)\n'
            'return Response(message="plain", break_loop=False)\n',
            _DO,
            ("T.execute", 9),
        ),
        # a module function, returned by an async helper execute awaits
        (
            "return await self._pick()\n",
            "\n    async def _pick(self):\n        return _do(1)\n\n\n"
            'async def _do(x):\n    return Response(message="small", break_loop=True)\n',
            ("T._pick", 11),
        ),
    ],
)
def test_a_coroutine_returned_without_await_is_reported(
    run_cli: Any, tmp_path: Path, body: str, rest: str, where: tuple[str, int]
) -> None:
    root = repo(tmp_path, tool(body, rest))
    function, line = where
    column = 13 if "if " in body else 9
    assert dox007(run_cli, root) == [
        f"tools/t.py:{line}:{column}: DOX007 `{function}` returns a coroutine it never"
        " awaits instead of a `Response`"
    ]
    # the coroutine's body never runs: what it would return is no outcome
    assert True not in [o["break_loop"] for o in facts(run_cli, root)["outcomes"]]


@pytest.mark.parametrize(
    ("body", "rest"),
    [
        ("return await self._do(1)\n", _DO),
        ("return await asyncio.create_task(self._do(1))\n", _DO),
        # a plain function hands its caller the coroutine, which awaits it
        (
            "return await self._pick()\n",
            "\n    def _pick(self):\n        return self._do(1)\n" + _DO,
        ),
        # a plain helper
        ("return self._do(1)\n", _DO.replace("async def", "def")),
        # a decorator may change what the function returns
        (
            "return self._do(1)\n",
            _DO.replace("    async def", "    @some_decorator\n    async def"),
        ),
    ],
)
def test_an_awaited_or_plain_call_is_not_reported(
    run_cli: Any, tmp_path: Path, body: str, rest: str
) -> None:
    root = repo(tmp_path, tool(body, rest))
    assert dox007(run_cli, root) == []


def test_an_awaited_coroutine_gives_its_outcomes(run_cli: Any, tmp_path: Path) -> None:
    root = repo(
        tmp_path,
        tool(
            "return await self._pick()\n",
            "\n    def _pick(self):\n        return self._do(1)\n" + _DO,
        ),
    )
    assert [o["break_loop"] for o in facts(run_cli, root)["outcomes"]] == [True]


_HELPER = """\
from helpers.tool import Response


async def run(tool):
    return {inner}


async def inner():
    return Response(message="x", break_loop=True)
"""


@pytest.mark.parametrize(
    ("body", "inner", "known"),
    [
        ("return await helpers.h.run(self)\n", "await inner()", True),
        # another module's async function returns a coroutine not awaited
        ("return await helpers.h.run(self)\n", "inner()", False),
        # the tool returns another module's coroutine, not awaited
        ("return helpers.h.inner()\n", "inner()", False),
    ],
)
def test_a_coroutine_of_another_module_gives_no_outcome(
    run_cli: Any, tmp_path: Path, body: str, inner: str, known: bool
) -> None:
    source = tool(body).replace("import asyncio\n", "import asyncio\n\nimport helpers.h\n")
    root = repo(tmp_path, source, **{"helpers/h.py": _HELPER.format(inner=inner)})
    found = facts(run_cli, root)
    if known:
        assert [o["break_loop"] for o in found["outcomes"]] == [True]
        assert "break-loop" not in found["unknown"]
    else:
        assert found["outcomes"] == []
        assert "break-loop" in found["unknown"]
    assert dox007(run_cli, root) == []  # another module's: not told as a finding


def test_the_ast_walk_tells_an_awaited_call() -> None:
    tree = ast.parse("async def run():\n    if x:\n        return await a()\n    return b()\n")
    node = tree.body[0]
    assert isinstance(node, ast.AsyncFunctionDef)
    returns, _, _ = function_exits(node, lambda dotted: None, None)
    assert [(r.call, r.awaited) for r in returns] == [("a", True), ("b", False)]
