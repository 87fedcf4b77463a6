"""An argument value a tool hands to a helper of another module whose check
hands back an error instead of raising: ``parsed, err = check_items(items)``
then ``if err: return Response(...)``, where ``check_items`` starts with
``if not items: return [], "items is required"``, refuses the value a
missing ``items`` gives, as a raise in the helper would. A helper that hands
back nothing the tool refuses, a check past a return of the helper, a check
that lets the missing value through, or a tool that lets the item through
leaves the argument as it is."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from test_resolve import facts_of, only_tool

from doxtool.core.facts import Argument

CHECKS = """\
def check_items(items):
    if not items or not isinstance(items, list):
        return [], "items is required"
    return list(items), ""


def check_one(items):
    if not items:
        return f"`items` is required, got {items!r}"
    return None


def lenient(items):
    if not items:
        return [], None
    return list(items), None


def late(items, mode):
    if mode == "x":
        return [], ""
    if not items:
        return [], "items is required"
    return list(items), ""


def only_none(items):
    if items is None:
        return [], "items is required"
    return list(items), ""


def summarize(items):
    if not items:
        return [], 0, "nothing to summarize", None
    return list(items), len(items), "", None


def strict_only(items, strict=False):
    if strict and not items:
        return [], "items is required"
    return list(items or []), ""
"""

PAIR_PY = """\
from helpers.checks import check_items
from helpers.tool import Response, Tool


class Items(Tool):
    async def execute(self, items=None, **kwargs) -> Response:
        parsed, err = check_items(items)
        if err:
            return Response(message=err, break_loop=False)
        return Response(message=str(len(parsed)), break_loop=False)
"""

#: the first item tested: the check hands back ``[]`` there
EMPTY_PY = PAIR_PY.replace("        if err:", "        if not parsed:")

ONE_PY = """\
from helpers.checks import check_one
from helpers.tool import Response, Tool


class Items(Tool):
    async def execute(self, **kwargs) -> Response:
        items = self.args.get("items")
        err = check_one(items)
        if err:
            return Response(message=err, break_loop=False)
        return Response(message="ok", break_loop=False)
"""


def _items(tmp_path: Path, tool: str) -> Argument:
    files = {"tools/items.py": tool, "helpers/checks.py": CHECKS}
    argument = only_tool(facts_of(tmp_path, "tools/items.py", files)).argument("items")
    assert argument is not None
    return argument


@pytest.mark.parametrize("tool", [PAIR_PY, EMPTY_PY, ONE_PY])
def test_an_error_the_helper_hands_back_and_the_tool_refuses_makes_it_required(
    tmp_path: Path, tool: str
) -> None:
    items = _items(tmp_path, tool)
    assert items.required and not items.has_default


@pytest.mark.parametrize(
    "tool",
    [
        # no error handed back for an empty value
        PAIR_PY.replace("check_items", "lenient"),
        # a check past a return of the helper
        PAIR_PY.replace("check_items(items)", 'late(items, "y")').replace(
            "import check_items", "import late"
        ),
        # the check refuses None only: a missing key gives []
        PAIR_PY.replace("check_items", "only_none").replace("items=None", "items=[]"),
        # past a starred target the item an error is bound to is not counted
        PAIR_PY.replace("check_items", "summarize").replace("parsed, err =", "parsed, *_, err ="),
        # the check refuses the value on some calls of the helper only
        PAIR_PY.replace("check_items", "strict_only"),
        # the item tested is not the one the check hands back an error in
        PAIR_PY.replace("        if err:", "        if parsed:"),
        # the error is bound anew before the test
        PAIR_PY.replace("        if err:", '        err = ""\n        if err:'),
        # the error is bound anew otherwise than by an assignment before the test
        PAIR_PY.replace(
            "        if err:",
            "        with self.agent.context() as err:\n            pass\n        if err:",
        ),
        PAIR_PY.replace(
            "        if err:",
            "        for err in self.agent.warnings:\n            pass\n        if err:",
        ),
        # the test runs on some calls only
        PAIR_PY.replace("        if err:", '        if err and self.args.get("strict"):'),
    ],
)
def test_an_error_the_tool_may_let_through_leaves_the_default(tmp_path: Path, tool: str) -> None:
    items = _items(tmp_path, tool)
    assert not items.required and not items.required_unknown


def test_a_helper_called_on_some_calls_only_leaves_requiredness_in_doubt(tmp_path: Path) -> None:
    tool = PAIR_PY.replace(
        "        parsed, err = check_items(items)\n",
        '        parsed, err = [], ""\n'
        '        if self.args.get("check"):\n'
        "            parsed, err = check_items(items)\n",
    )
    items = _items(tmp_path, tool)
    assert not items.required


def test_check_keeps_the_required_line_of_an_answering_helper(
    make_repo: Callable[[dict[str, str]], Path], run_cli: Callable[..., Result]
) -> None:
    root = make_repo({"tools/items.py": PAIR_PY, "helpers/checks.py": CHECKS})
    run_cli(root, "check", "--fix", "--no-cache")
    companion = (root / "tools/items.py.dox.md").read_text(encoding="utf-8")
    assert "  - `items`: required.\n" in companion
    result = run_cli(root, "check", "--no-cache", "--select", "DOX111")
    assert "DOX111" not in result.output


#: the tool answers through a method of its own: refused or handled, not known
FAIL_PY = PAIR_PY.replace(
    "            return Response(message=err, break_loop=False)",
    "            return self._fail(err)",
) + (
    "\n"
    "    def _fail(self, err):\n"
    '        return Response(message=f"error: {err}", break_loop=False)\n'
)

#: the check runs in a method a dispatch calls: on some calls only
DISPATCH_PY = """\
from helpers.checks import check_items
from helpers.tool import Response, Tool


class Items(Tool):
    async def execute(self, **kwargs) -> Response:
        if self.method == "add":
            return await self._add(**kwargs)
        return Response(message="unknown method", break_loop=False)

    async def _add(self, items=None, **kwargs) -> Response:
        parsed, err = check_items(items)
        if err:
            return Response(message=err, break_loop=False)
        return Response(message=str(len(parsed)), break_loop=False)
"""


@pytest.mark.parametrize("tool", [FAIL_PY, DISPATCH_PY])
def test_an_error_refused_on_some_calls_or_in_doubt_leaves_requiredness_in_doubt(
    tmp_path: Path, tool: str
) -> None:
    items = _items(tmp_path, tool)
    assert not items.required and items.required_unknown and not items.has_default


@pytest.mark.parametrize("tool", [FAIL_PY, DISPATCH_PY])
def test_an_error_let_through_on_some_calls_keeps_the_default(tmp_path: Path, tool: str) -> None:
    items = _items(tmp_path, tool.replace("check_items", "lenient"))
    assert not items.required and not items.required_unknown


RAISING = """\
def check_text(text):
    if not text:
        return "", "text is required"
    return text, ""


def need_items(items):
    if not items:
        raise ValueError("items is required")
    return list(items)
"""

CONVERTED_PY = """\
from helpers.checks import check_text, need_items
from helpers.tool import Response, Tool


class Items(Tool):
    async def execute(self, items=None, **kwargs) -> Response:
        parsed, err = check_text(str(items))
        if err:
            return Response(message=err, break_loop=False)
        return Response(message=str(len(parsed)), break_loop=False)
"""


def _converted(tmp_path: Path, tool: str) -> Argument:
    files = {"tools/items.py": tool, "helpers/checks.py": CHECKS + "\n\n" + RAISING}
    argument = only_tool(facts_of(tmp_path, "tools/items.py", files)).argument("items")
    assert argument is not None
    return argument


@pytest.mark.parametrize(
    "tool",
    [
        CONVERTED_PY,
        # through a name bound once to the conversion
        CONVERTED_PY.replace(
            "        parsed, err = check_text(str(items))\n",
            "        text = str(items)\n        parsed, err = check_text(text)\n",
        ),
        # a check that raises
        CONVERTED_PY.replace(
            "        parsed, err = check_text(str(items))\n",
            "        parsed, err = need_items(str(items)), None\n",
        ),
    ],
)
def test_a_value_handed_converted_is_refused_as_the_conversion_makes_it(
    tmp_path: Path, tool: str
) -> None:
    """``str(None)`` is ``"None"``, which the check lets through: the
    argument stays optional; ``str("")`` is ``""``, which it refuses."""
    items = _converted(tmp_path / "none", tool)
    assert not items.required and not items.required_unknown
    assert items.has_default and items.default is None
    empty = _converted(tmp_path / "empty", tool.replace("items=None", 'items=""'))
    assert empty.required


def test_a_conversion_that_fails_on_the_missing_value_leaves_requiredness_in_doubt(
    tmp_path: Path,
) -> None:
    tool = CONVERTED_PY.replace("str(items)", "int(items)").replace("items=None", 'items=""')
    items = _converted(tmp_path, tool)
    assert not items.required and items.required_unknown
