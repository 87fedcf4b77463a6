"""A read that raises without a key, run on every call where no fill of the
key guards it, makes the argument required: a default read (``.get(k, d)``,
``or d``) fills nothing, before the read or after it, and a fill after it is
never what a missing key gets. A fill that comes first makes it optional;
where the order is not known (a method ``execute`` does not call fills the
key), nothing is claimed. A read that runs on some calls only, or not where
it stands (in an ``except`` handler, a closure), is not one run on every
call; one that may run no time (a loop's body, a comprehension's element)
leaves the need unknown, as one in a branch does."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

HEAD = """\
from helpers.tool import Response, Tool


class Tail(Tool):
"""


def _tool(run_cli, make_repo, body: str) -> dict[str, Any]:
    root: Path = make_repo({"tools/tail.py": HEAD + body})
    result = run_cli(root, "inspect", "tools/tail.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    return tool  # type: ignore[no-any-return]


def _facts(tool: dict[str, Any], name: str = "k") -> tuple[Any, ...]:
    """(required, required_unknown, has_default, default, default_unknown)"""
    (arg,) = [a for a in tool["arguments"] if a["name"] == name]
    return (
        arg["required"],
        arg["required_unknown"],
        arg["has_default"],
        arg["default"],
        arg["default_unknown"],
    )


def _execute(*lines: str, extra: str = "") -> str:
    body = "".join(f"        {line}\n" for line in lines)
    return (
        "    async def execute(self, **kwargs) -> Response:\n"
        f"{body}"
        "        return Response(message=str(v), break_loop=False)\n"
        f"{extra}"
    )


LIMIT = '\n    def _limit(self):\n        return self.args.get("k", 20)\n'
REQUIRED = (True, False, False, None, False)
OPTIONAL = (False, False, True, 20, False)
UNKNOWN = (False, True, False, None, True)


@pytest.mark.parametrize(
    "lines",
    [
        ('v = self.args["k"]', 'n = self.args.get("k", 20)'),
        ('v = self.args["k"]', "if v:", '    self.args.setdefault("k", 20)'),
        ('v = self.args["k"]', 'if "k" not in self.args:', '    self.args["k"] = 20'),
        ('v = self.args.pop("k")', 'n = self.args.get("k", 20)'),
        ('v = self.args["k"]', 'n = self.args.get("k") or 20'),
        ('v = self.args["k"]', "n = self._limit()"),
        # a default read first fills nothing: the raising read still needs the key
        ('n = self.args.get("k", 20)', 'v = self.args["k"]'),
        ('if self.args.get("k", 20) == "debug":', "    n = 1", 'v = self.args["k"].upper()'),
        ("if kwargs:", '    n = self.args.get("k", 20)', 'v = self.args["k"]'),
        ("n = self._limit()", 'v = self.args["k"]'),
        # a fill of a copy fills nothing of self.args
        ("args = self.args.copy()", 'args.setdefault("k", 20)', 'v = int(self.args["k"])'),
        ("args = dict(self.args)", 'args.setdefault("k", 20)', 'v = int(self.args["k"])'),
        ("args = {**self.args}", 'args.setdefault("k", 20)', 'v = int(self.args["k"])'),
    ],
)
def test_a_raising_read_before_any_default_makes_the_argument_required(
    run_cli, make_repo, lines: tuple[str, ...]
) -> None:
    extra = LIMIT if "n = self._limit()" in lines else ""
    tool = _tool(run_cli, make_repo, _execute(*lines, extra=extra))
    assert _facts(tool) == REQUIRED


def test_a_fill_on_some_calls_leaves_a_later_read_in_doubt(run_cli, make_repo) -> None:
    """The calls the fill runs on work without the key, the others do not:
    whether it is needed is not known (it was called required before)."""
    lines = ("if kwargs:", '    self.args.setdefault("k", 20)', 'v = self.args["k"]')
    assert _facts(_tool(run_cli, make_repo, _execute(*lines))) == UNKNOWN


def test_a_parameter_without_default_comes_before_any_default(run_cli, make_repo) -> None:
    source = (
        "    async def execute(self, k, **kwargs) -> Response:\n"
        '        v = self.args.get("k", 20)\n'
        "        return Response(message=str(v), break_loop=False)\n"
    )
    assert _facts(_tool(run_cli, make_repo, source)) == REQUIRED


@pytest.mark.parametrize(
    "lines",
    [
        ('self.args.setdefault("k", 20)', 'v = self.args["k"]'),
        ('if "k" not in self.args:', '    self.args["k"] = 20', 'v = self.args["k"]'),
        ("args = self.args", 'args.setdefault("k", 20)', 'v = int(self.args["k"])'),
    ],
)
def test_a_default_or_fill_before_the_raising_read_still_makes_it_optional(
    run_cli, make_repo, lines: tuple[str, ...]
) -> None:
    extra = LIMIT if "n = self._limit()" in lines else ""
    tool = _tool(run_cli, make_repo, _execute(*lines, extra=extra))
    assert _facts(tool) == OPTIONAL


def test_a_raising_read_on_some_calls_leaves_the_need_unknown(run_cli, make_repo) -> None:
    tool = _tool(
        run_cli,
        make_repo,
        _execute("v = 0", "if kwargs:", '    v = self.args["k"]', 'n = self.args.get("k", 20)'),
    )
    assert _facts(tool) == UNKNOWN


def test_a_raising_read_a_handler_recovers_from_is_no_need(run_cli, make_repo) -> None:
    tool = _tool(
        run_cli,
        make_repo,
        _execute(
            "try:",
            '    v = self.args["k"]',
            "except KeyError:",
            '    v = self.args.get("k", 20)',
        ),
    )
    assert _facts(tool)[0] is False


def test_a_fill_before_execute_runs_comes_first(run_cli, make_repo) -> None:
    """``before_execution`` runs before ``execute``: what it (or a method it
    calls) fills comes before ``execute``'s reads, though read after them."""
    hook = (
        "\n    async def before_execution(self, **kwargs):\n"
        "        self._prepare()\n"
        "\n    def _prepare(self):\n"
        '        self.args.setdefault("k", 20)\n'
    )
    tool = _tool(run_cli, make_repo, _execute('v = self.args["k"]', extra=hook))
    assert _facts(tool) == OPTIONAL


def test_a_default_offered_where_the_order_is_not_known_claims_nothing(run_cli, make_repo) -> None:
    """A method ``execute`` does not call may run before it (the framework
    calls some) or never: whether its fill comes first is not known."""
    other = '\n    def reset(self):\n        self.args.setdefault("k", 20)\n'
    tool = _tool(run_cli, make_repo, _execute('v = self.args["k"]', extra=other))
    assert _facts(tool) == UNKNOWN


def test_the_companion_and_the_schema_follow(run_cli, make_repo) -> None:
    root: Path = make_repo(
        {"tools/tail.py": HEAD + _execute('v = self.args["k"]', 'n = self.args.get("k", 20)')}
    )
    result = run_cli(root, "schema", "tools/tail.py")
    assert result.exit_code == 0, result.output
    (schema,) = json.loads(result.output)
    assert schema["function"]["parameters"]["required"] == ["k"]
    assert "default" not in schema["function"]["parameters"]["properties"]["k"]
    for _ in range(2):  # the companion, then its fact lines
        run_cli(root, "check", "--fix", "tools/tail.py")
    companion = root / "tools/tail.py.dox.md"
    assert "  - `k`: required.\n" in companion.read_text()
    companion.write_text(
        companion.read_text().replace("`k`: required.", "`k`: optional, default `20`.")
    )
    result = run_cli(root, "check", "tools/tail.py")
    assert "DOX111 argument `k` is documented as optional" in result.output
    run_cli(root, "check", "--fix", "tools/tail.py")
    assert "  - `k`: required.\n" in companion.read_text()


@pytest.mark.parametrize(
    "lines",
    [
        # an ``except`` handler runs when the body raises, its ``else`` when it does not
        (
            "try:",
            '    n = float(self.args.get("x", 0))',
            "except ValueError:",
            '    return Response(message=self.args["k"], break_loop=False)',
            'v = self.args.get("k", 20)',
        ),
        (
            "try:",
            "    n = 1",
            "except ValueError:",
            "    n = 2",
            "else:",
            '    n = self.args["k"]',
            'v = self.args.get("k", 20)',
        ),
        # a closure runs when called, here only where the key is there
        (
            "def label():",
            '    return self.args["k"]',
            'v = self.args.get("k", 20)',
            'n = label() if "k" in self.args else ""',
        ),
    ],
)
def test_a_raising_read_not_run_on_every_call_keeps_the_default(
    run_cli, make_repo, lines: tuple[str, ...]
) -> None:
    tool = _tool(run_cli, make_repo, _execute(*lines))
    assert _facts(tool) == OPTIONAL


@pytest.mark.parametrize(
    "lines",
    [
        # a loop's body may run no time, or once and raise: the default after
        # it is what a missing key gets on some calls only
        ("for line in self.lines():", '    v = self.args["k"]', 'n = self.args.get("k", 20)'),
        ("while self.busy():", '    v = self.args["k"]', 'n = self.args.get("k", 20)'),
        ("for line in self.lines():", '    v = self.args["k"]'),
        # a comprehension's element is evaluated per item, if any
        ('n = [self.args["k"] for _ in kwargs]', 'v = self.args.get("k", 20)'),
        ('v = [self.args["k"] for _ in kwargs]',),
    ],
)
def test_a_raising_read_that_may_run_no_time_leaves_the_need_unknown(
    run_cli, make_repo, lines: tuple[str, ...]
) -> None:
    tool = _tool(run_cli, make_repo, _execute(*lines))
    assert _facts(tool) == UNKNOWN


EXCEPT_PY = """\
from helpers.tool import Response, Tool


class Convert(Tool):
    async def execute(self, **kwargs) -> Response:
        try:
            value = float(self.args.get("value", 0))
        except ValueError:
            return Response(message=f"bad value for {self.args['unit']}", break_loop=False)
        unit = self.args.get("unit", "m")
        return Response(message=f"{value} {unit}", break_loop=False)
"""

LEVEL_PY = """\
from helpers.tool import Response, Tool


class Convert(Tool):
    async def execute(self, **kwargs) -> Response:
        if self.args.get("unit", "m") == "debug":
            await self.agent.handle_intervention()
        unit = self.args["unit"].upper()
        return Response(message=f"{unit}", break_loop=False)
"""

COPY_PY = """\
from helpers.tool import Response, Tool


class Convert(Tool):
    async def execute(self, **kwargs) -> Response:
        args = self.args.copy()
        args.setdefault("unit", "m")
        unit = self.args["unit"].upper()
        return Response(message=f"{unit}", break_loop=False)
"""

OPTIONAL_LINE = '  - `unit`: optional string, default `"m"`.\n'
REQUIRED_LINE = "  - `unit`: required string.\n"


@pytest.mark.parametrize(
    ("source", "right", "wrong"),
    [
        (EXCEPT_PY, OPTIONAL_LINE, REQUIRED_LINE),
        (LEVEL_PY, REQUIRED_LINE, OPTIONAL_LINE),
        (COPY_PY, REQUIRED_LINE, OPTIONAL_LINE),
    ],
)
def test_the_companion_line_and_the_schema_say_what_a_missing_key_gets(
    run_cli, make_repo, source: str, right: str, wrong: str
) -> None:
    root: Path = make_repo({"tools/convert.py": source})
    for _ in range(2):  # the companion, then its fact lines
        run_cli(root, "check", "--fix", "tools/convert.py")
    companion = root / "tools/convert.py.dox.md"
    assert right in companion.read_text()
    result = run_cli(root, "check", "--select", "DOX111", "tools/convert.py")
    assert result.exit_code == 0, result.output
    companion.write_text(companion.read_text().replace(right, wrong))
    result = run_cli(root, "check", "--select", "DOX111", "tools/convert.py")
    assert "DOX111 argument `unit`" in result.output
    schema = json.loads(run_cli(root, "schema", "tools/convert.py").output)[0]
    parameters = schema["function"]["parameters"]
    assert ("unit" in parameters.get("required", [])) == (right == REQUIRED_LINE)
    assert ("default" in parameters["properties"]["unit"]) == (right == OPTIONAL_LINE)


def test_a_default_read_where_the_order_is_not_known_fills_nothing(run_cli, make_repo) -> None:
    other = '\n    def reset(self):\n        return self.args.get("k", 20)\n'
    tool = _tool(run_cli, make_repo, _execute('v = self.args["k"]', extra=other))
    assert _facts(tool) == REQUIRED


BASE_TOOL_PY = """\
from helpers.lim_base import LimBase
from helpers.tool import Response


class LimitTool(LimBase):
    async def execute(self, **kwargs) -> Response:
        return Response(message=str(self._limit()), break_loop=False)
"""

BASE_PY = """\
from helpers.tool import Tool


class LimBase(Tool):
    def _limit(self) -> int:
{fill}
        return int(self.args["limit"])
"""


@pytest.mark.parametrize(
    ("fill", "line"),
    [
        ('        self.args.setdefault("limit", 5)', "optional integer, default `5`"),
        (
            '        if "limit" not in self.args:\n            self.args["limit"] = 5',
            "optional integer, default `5`",
        ),
        # filled on some calls only: a default is seen, the need is not known
        (
            '        if self.agent:\n            self.args.setdefault("limit", 5)',
            "required or optional integer",
        ),
    ],
)
def test_a_fill_in_a_base_method_elsewhere_guards_its_read_as_in_the_tool(
    run_cli, make_repo, fill: str, line: str
) -> None:
    root: Path = make_repo(
        {"tools/limit_tool.py": BASE_TOOL_PY, "helpers/lim_base.py": BASE_PY.format(fill=fill)}
    )
    for _ in range(2):  # the companion, then its fact lines
        run_cli(root, "check", "--fix", "tools/limit_tool.py")
    companion = root / "tools/limit_tool.py.dox.md"
    text = companion.read_text()
    assert f"  - `limit`: {line}.\n" in text
    assert "required integer, default" not in text
    schema = json.loads(run_cli(root, "schema", "tools/limit_tool.py").output)[0]
    assert "limit" not in schema["function"]["parameters"].get("required", [])
    result = run_cli(root, "check", "--select", "DOX111", "tools/limit_tool.py")
    assert result.exit_code == 0, result.output
    companion.write_text(text.replace(f"`limit`: {line}.", "`limit`: required integer."))
    result = run_cli(root, "check", "--select", "DOX111", "tools/limit_tool.py")
    if line.startswith("required or optional"):  # a person's word is kept
        assert result.exit_code == 0, result.output
    else:
        assert "DOX111 argument `limit`" in result.output
