"""A conversion that runs on some paths only gives no type: the code compares
the value with one the conversion does not convert (``if timeout != "auto":
timeout = int(timeout)``, ``if limit == "all": ... else: int(limit)``, ``case
"max":``), or a missing key gives one (``"auto"`` never reaches ``int()``).
``inspect`` states no type (the coercion stays), ``schema`` none either, and
PRM008 takes the value the code handles. A conversion on every path
(``int(args.get("n", 5))``, ``n = int(n)``), a default or a compared value it
converts (``"30"``, ``0``) keep the type. The libcst walk of a tool and the
``ast`` walk of a helper of another module say the same."""

from __future__ import annotations

import json
from typing import Any

import pytest
from bothwalks import HELPER_TOOL, as_helper, as_tool, tool_module

#: (code reading the dict ``A``, the argument, its type and coercion)
SHAPES: dict[str, tuple[str, str, str | None, str | None]] = {
    "compared with a string, then converted": (
        """\
        timeout = A.get("timeout", "auto")
        if timeout != "auto":
            timeout = int(timeout)
        """,
        "timeout",
        None,
        "int",
    ),
    "converted in the else of a string test": (
        """\
        limit = A.get("limit", 10)
        if limit == "all":
            count = None
        else:
            count = int(limit)
        """,
        "limit",
        None,
        "int",
    ),
    "tested against strings in a tuple": (
        """\
        limit = A.get("limit", 10)
        if limit in ("all", "any"):
            count = None
        else:
            count = int(limit)
        """,
        "limit",
        None,
        "int",
    ),
    "a case of a string before the conversion": (
        """\
        level = A.get("level", 10)
        match level:
            case "max":
                count = 99
            case _:
                count = int(level)
        """,
        "level",
        None,
        "int",
    ),
    "converted in a conditional expression": (
        """\
        n = A.get("n", 10)
        count = int(n) if n != "all" else None
        """,
        "n",
        None,
        "int",
    ),
    "a string folded, then converted past its test": (
        """\
        page = A.get("page", 1)
        if isinstance(page, str) and page.lower() == "last":
            page = -1
        page = int(page)
        """,
        "page",
        None,
        None,
    ),
    "a literal default compared with a string, never converted": (
        """\
        limit = A.get("limit", 10)
        if limit == "all":
            print("every row")
        """,
        "limit",
        None,
        None,
    ),
    "a literal default in a match with a string case": (
        """\
        level = A.get("level", 3)
        match level:
            case "max":
                print("top")
        """,
        "level",
        None,
        None,
    ),
    # the conversion on every path, or what it converts: the type holds
    "converted as read": ('count = int(A.get("count", 5))\n', "count", "integer", "int"),
    "a name converted": ('n = A.get("n", 5)\nn = int(n)\n', "n", "integer", "int"),
    "a name converted as used": ('n = A.get("n", 5)\ncount = int(n)\n', "n", "integer", "int"),
    "a default of digits": ('n = A.get("n", "30")\nn = int(n)\n', "n", "integer", "int"),
    "compared with what the conversion converts": (
        """\
        n = A.get("n", 5)
        if n == 0 or n == "0":
            print("none")
        count = int(n)
        """,
        "n",
        "integer",
        "int",
    ),
    "a literal default compared with its own type": (
        'limit = A.get("limit", 10)\nif limit == 0:\n    print("none")\n',
        "limit",
        "integer",
        None,
    ),
    "a number compared with an integer": (
        'ratio = A.get("ratio", 0.5)\nif ratio == 0:\n    print("none")\nr = float(ratio)\n',
        "ratio",
        "number",
        "float",
    ),
}

#: the coercion the helper's walk states where the tool's states none: the
#: tool's walk does not take the conversion of a name a branch rebinds before
#: it (``page = -1``); the helper's takes every conversion of a name bound to
#: the read and otherwise only to literals and its own conversions
_HELPER_COERCION = {"a string folded, then converted past its test": "int"}


def _argument(tool: dict[str, Any], name: str) -> tuple[Any, ...]:
    (arg,) = [a for a in tool["arguments"] if a["name"] == name]
    return arg["type"], arg["coercion"]


@pytest.mark.parametrize("shape", list(SHAPES))
def test_a_tool_states_a_type_only_where_the_conversion_always_runs(
    run_cli, make_repo, shape: str
) -> None:
    code, name, kind, coercion = SHAPES[shape]
    root = make_repo({"tools/t.py": as_tool(code, "A")})
    assert _argument(tool_module(run_cli, root), name) == (kind, coercion)


@pytest.mark.parametrize("shape", list(SHAPES))
def test_a_helper_of_another_module_states_the_same(run_cli, make_repo, shape: str) -> None:
    code, name, kind, coercion = SHAPES[shape]
    root = make_repo({"helpers/fmt.py": as_helper(code, "A"), "tools/t.py": HELPER_TOOL})
    assert _argument(tool_module(run_cli, root), name) == (
        kind,
        _HELPER_COERCION.get(shape, coercion),
    )


PAGES = """\
from helpers.tool import Response, Tool


class Pages(Tool):
    async def execute(self, **kwargs):
        timeout = self.args.get("timeout", "auto")
        if timeout != "auto":
            timeout = int(timeout)
        limit = self.args.get("limit", 10)
        if limit == "all":
            count = None
        else:
            count = int(limit)
        size = int(self.args.get("size", 5))
        return Response(message=f"{timeout} {count} {size}", break_loop=False)
"""

PROMPT = """\
### pages
shows pages
args: `timeout` (seconds or `auto`), `limit` (number or `all`), `size` (number)
~~~json
{"thoughts": [], "headline": "x", "tool_name": "pages", "tool_args": EXAMPLE}
~~~
"""


def _prm008(run_cli, make_repo, example: dict[str, Any]) -> list[str]:
    root = make_repo(
        {
            "tools/pages.py": PAGES,
            "prompts/agent.system.tool.pages.md": PROMPT.replace("EXAMPLE", json.dumps(example)),
        }
    )
    result = run_cli(root, "check", "--select", "PRM008", ".")
    return [line for line in result.output.splitlines() if "PRM008" in line]


def test_an_example_of_the_value_the_code_handles_is_not_misread(run_cli, make_repo) -> None:
    assert _prm008(run_cli, make_repo, {"timeout": "auto", "limit": "all", "size": 3}) == []
    assert _prm008(run_cli, make_repo, {"timeout": 30, "limit": "5", "size": "4"}) == []


def test_a_value_the_conversion_on_every_path_refuses_is_still_reported(run_cli, make_repo) -> None:
    (line,) = _prm008(run_cli, make_repo, {"timeout": "auto", "size": "many"})
    assert "`size`" in line
    assert "reads it as integer" in line


def test_the_schema_states_no_type_for_a_value_of_two_types(run_cli, make_repo) -> None:
    root = make_repo({"tools/pages.py": PAGES})
    result = run_cli(root, "schema", "tools/pages.py")
    assert result.exit_code == 0, result.output
    (schema,) = json.loads(result.output)
    properties = schema["function"]["parameters"]["properties"]
    assert properties["timeout"] == {"default": "auto"}
    assert properties["limit"] == {"default": 10}
    assert properties["size"] == {"type": "integer", "default": 5}


#: a helper that compares the value with a string it never converts
_ALL_ROWS = """\
def pick(items, args):
    limit = args.get("limit", 10)
    if limit == "all":
        return items
    return items[:limit]
"""

_LISTER = """\
from helpers.rows import pick
from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, **kwargs):
        limit = self.args.get("limit", 10)
        rows = pick([1, 2, 3], self.args)
        return Response(message=f"{limit} {rows}", break_loop=False)
"""


def test_a_helper_comparing_with_another_type_leaves_the_tool_s_default_untyped(
    run_cli, make_repo
) -> None:
    root = make_repo({"helpers/rows.py": _ALL_ROWS, "tools/t.py": _LISTER})
    assert _argument(tool_module(run_cli, root), "limit") == (None, None)
    # the same helper comparing with an integer leaves the integer
    same = _ALL_ROWS.replace('"all"', "0")
    root = make_repo({"helpers/rows.py": same, "tools/t.py": _LISTER})
    assert _argument(tool_module(run_cli, root), "limit") == ("integer", None)


#: a base tool of another module converts the value on some paths only
_TIMED = """\
from helpers.tool import Response, Tool


class TimedTool(Tool):
    async def execute(self, **kwargs):
        timeout = self.args.get("timeout", "auto")
        if timeout != "auto":
            timeout = int(timeout)
        body = await self.run()
        return Response(message=f"{timeout} {body}", break_loop=False)

    async def run(self):
        return ""
"""

_FETCH = """\
from helpers.timed import TimedTool


class T(TimedTool):
    async def run(self):
        return str(int(self.args.get("timeout", 5)))
"""


def test_a_subclass_converting_does_not_type_what_its_base_holds_back(run_cli, make_repo) -> None:
    root = make_repo({"helpers/timed.py": _TIMED, "tools/t.py": _FETCH})
    tool = tool_module(run_cli, root)
    (arg,) = [a for a in tool["arguments"] if a["name"] == "timeout"]
    # (the base's ``"auto"`` and the subclass's ``5``: no one default either)
    assert (arg["type"], arg["default"], arg["has_default"]) == (None, None, False)
    # a base that converts on every path too: both sides say integer
    both = _TIMED.replace(
        '"auto")\n        if timeout != "auto":\n    ', "30)\n        if True:\n    "
    )
    assert "30" in both
    root = make_repo({"helpers/timed.py": both, "tools/t.py": _FETCH})
    (arg,) = [a for a in tool_module(run_cli, root)["arguments"] if a["name"] == "timeout"]
    assert arg["type"] == "integer"
