"""A name holding what a call that may read the arguments returned (one
handed them, or a method of the tool) and returned when set (``res =
check(self.args)`` then ``if res: return res``): the call may end there,
answered on some values of the arguments, so what follows runs on some
calls only and a key read after it is ``required or optional``. A key the
callee answers on when given stays optional, with no value or type claimed."""

from __future__ import annotations

import json
from typing import Any

import pytest

_HELPER = """\
from helpers.tool import Response


def check(args):
    if args.get("scope"):
        return Response(message="scoped", break_loop=False)
    return None
"""

_METHOD = """

    def _check(self):
        if self.args.get("scope"):
            return Response(message="scoped", break_loop=False)
        return None
"""

_LOCAL = """

def check(args):
    if args.get("scope"):
        return Response(message="scoped", break_loop=False)
    return None
"""


def _tool(held: str, test: str = "if res:", imports: str = "", after: str = "") -> str:
    return (
        f"{imports}from helpers.tool import Response, Tool\n"
        f"{after if after == _LOCAL else ''}\n\n"
        "class T(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        f"        res = {held}\n"
        f"        {test}\n"
        "            return res\n"
        "        name = self.args['name']\n"
        "        return Response(message=name, break_loop=False)\n"
        f"{after if after == _METHOD else ''}"
    )


def _arguments(run_cli: Any, root: Any) -> dict[str, dict[str, Any]]:
    inspected = run_cli(root, "inspect", "tools/t.py", "--json")
    assert inspected.exit_code == 0, inspected.output
    (tool,) = json.loads(inspected.output)[0]["tools"]
    return {a["name"]: a for a in tool["arguments"]}


@pytest.mark.parametrize(
    "module",
    [
        _tool("check(self.args)", imports="from helpers.checks import check\n"),
        _tool("check(self.args)", "if res is not None:", "from helpers.checks import check\n"),
        _tool("self._check()", after=_METHOD),
        _tool("check(self.args)", after=_LOCAL),
    ],
)
def test_a_held_answer_returned_when_set_leaves_later_reads_some_calls_only(
    make_repo, run_cli, module: str
) -> None:
    root = make_repo({"tools/t.py": module, "helpers/checks.py": _HELPER})
    arguments = _arguments(run_cli, root)
    assert arguments["name"]["required"] is False
    assert arguments["name"]["required_unknown"] is True
    scope = arguments["scope"]
    assert (scope["required"], scope["required_unknown"]) == (False, False)
    assert scope["type"] is None and scope["enum"] is None and scope["default"] is None


def test_a_held_value_no_argument_makes_answers_nothing_of_them(make_repo, run_cli) -> None:
    module = _tool("len('x')", "if res > 5:")
    root = make_repo({"tools/t.py": module})
    name = _arguments(run_cli, root)["name"]
    assert (name["required"], name["required_unknown"]) == (True, False)


_REFUSING = """

    {kind}def _check(self):
        if "scope" not in self.args:
            raise ValueError("scope is required")
        {ending}
"""


@pytest.mark.parametrize(
    ("held", "kind", "ending"),
    [
        ("self._check()", "", "return None"),
        ("self._check()", "", "self.scope = self.args['scope']"),
        ("await self._check()", "async ", "return"),
    ],
)
def test_a_held_call_that_only_refuses_answers_nothing(
    make_repo, run_cli, held: str, kind: str, ending: str
) -> None:
    module = _tool(held, after=_METHOD).replace(_METHOD, _REFUSING.format(kind=kind, ending=ending))
    root = make_repo({"tools/t.py": module})
    name = _arguments(run_cli, root)["name"]
    assert (name["required"], name["required_unknown"]) == (True, False)


@pytest.mark.parametrize(
    ("kind", "ending"),
    [("", "yield None"), ("async ", "return None")],
)
def test_a_held_generator_or_coroutine_of_a_refusing_method_may_answer(
    make_repo, run_cli, kind: str, ending: str
) -> None:
    module = _tool("self._check()", after=_METHOD).replace(
        _METHOD, _REFUSING.format(kind=kind, ending=ending)
    )
    root = make_repo({"tools/t.py": module})
    name = _arguments(run_cli, root)["name"]
    assert name["required_unknown"] is True


_CACHED = """

    def _check(self):
        text = self.agent.get_data("last")
        if text:
            return Response(message=text, break_loop=False)
        return None
"""


@pytest.mark.parametrize(
    ("reading", "unknown"),
    [("", False), ("self.mode", True), ("self.args", True), ("self._other()", True)],
)
def test_a_held_answer_of_a_method_using_only_the_agent_answers_nothing_of_them(
    make_repo, run_cli, reading: str, unknown: bool
) -> None:
    """``self._cached()`` reading ``self.agent`` alone ends the call as the
    same code in place would: on no value of the arguments."""
    method = _CACHED.replace("        return None", f"        return {reading or 'None'}")
    module = _tool("self._check()", after=_METHOD).replace(_METHOD, method)
    root = make_repo({"tools/t.py": module})
    name = _arguments(run_cli, root)["name"]
    assert (name["required"], name["required_unknown"]) == (not unknown, unknown)
