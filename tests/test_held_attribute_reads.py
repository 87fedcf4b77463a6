"""An argument's value read into an attribute of ``self`` and checked in the
same method reads as the same value held in a local name, where nothing
between the binding and the use can change the attribute; anywhere else
the attribute stays what it was (its checks say nothing of the argument)."""

from __future__ import annotations

import json
from textwrap import dedent, indent
from typing import Any

import pytest

HEAD = """\
from helpers.tool import Response, Tool


async def other():
    return None


def prepare(tool):
    return tool


class Column:
    def __get__(self, obj, owner=None):
        return "select 1"

    def __set__(self, obj, value):
        pass


class QueryTool(Tool):
"""

#: method bodies in which ``VALUE`` is the name or the attribute
SOUND = {
    "a falsy check returns an error": """
        async def execute(self, **kwargs):
            VALUE = self.args.get("sql")
            if not VALUE:
                return Response(message="sql is required", break_loop=False)
            return Response(message=str(VALUE), break_loop=False)
    """,
    "a falsy check of a read with a default raises": """
        async def execute(self, **kwargs):
            VALUE = self.args.get("sql", "")
            if not VALUE:
                raise ValueError("sql is required")
            return Response(message=VALUE, break_loop=False)
    """,
    "a read with an or fallback is stripped and checked": """
        async def execute(self, **kwargs):
            VALUE = self.args.get("sql") or ""
            if not VALUE.strip():
                return Response(message="sql is required", break_loop=False)
            return Response(message=VALUE, break_loop=False)
    """,
    "a value outside a list is refused": """
        async def execute(self, **kwargs):
            VALUE = self.args.get("mode", "fast")
            if VALUE not in ("fast", "slow"):
                return Response(message="unknown mode", break_loop=False)
            return Response(message=VALUE, break_loop=False)
    """,
    "a folded value is dispatched on": """
        async def execute(self, **kwargs):
            VALUE = self.args.get("mode", "").strip().lower()
            if VALUE == "fast":
                return Response(message="fast", break_loop=False)
            elif VALUE == "slow":
                return Response(message="slow", break_loop=False)
            return Response(message="unknown mode", break_loop=False)
    """,
    "a converted value with a default": """
        async def execute(self, **kwargs):
            VALUE = int(self.args.get("count", 5))
            if VALUE < 1:
                return Response(message="count must be positive", break_loop=False)
            return Response(message=str(VALUE), break_loop=False)
    """,
    "the refusing branch calls a method of self before it returns": """
        async def execute(self, **kwargs):
            VALUE = self.args.get("sql")
            if not VALUE:
                await self.agent.handle_intervention()
                return Response(message="sql is required", break_loop=False)
            return Response(message=str(VALUE), break_loop=False)
    """,
}

#: the attribute form with a class-level default that an instance's value hides
CLASS_DEFAULT = """
    sql: str | None = None

    async def execute(self, **kwargs):
        self.sql = self.args.get("sql")
        if not self.sql:
            return Response(message="sql is required", break_loop=False)
        return Response(message=self.sql, break_loop=False)
"""

#: method bodies whose attribute form keeps today's reading
UNSOUND = {
    "a method of self runs between": """
        async def execute(self, **kwargs):
            VALUE = self.args.get("sql")
            self.reset()
            if not VALUE:
                return Response(message="sql is required", break_loop=False)
            return Response(message=str(VALUE), break_loop=False)

        def reset(self):
            pass
    """,
    "a call is handed self between": """
        async def execute(self, **kwargs):
            VALUE = self.args.get("sql")
            prepare(self)
            if not VALUE:
                return Response(message="sql is required", break_loop=False)
            return Response(message=str(VALUE), break_loop=False)
    """,
    "an await runs between": """
        async def execute(self, **kwargs):
            VALUE = self.args.get("sql")
            await other()
            if not VALUE:
                return Response(message="sql is required", break_loop=False)
            return Response(message=str(VALUE), break_loop=False)
    """,
    "an async with runs between": """
        async def execute(self, **kwargs):
            VALUE = self.args.get("sql")
            async with other_context():
                pass
            if not VALUE:
                return Response(message="sql is required", break_loop=False)
            return Response(message=str(VALUE), break_loop=False)
    """,
    "an async for runs between": """
        async def execute(self, **kwargs):
            VALUE = self.args.get("sql")
            async for _ in other_rows():
                pass
            if not VALUE:
                return Response(message="sql is required", break_loop=False)
            return Response(message=str(VALUE), break_loop=False)
    """,
    "bound in a branch": """
        async def execute(self, **kwargs):
            if kwargs:
                VALUE = self.args.get("sql")
            if not VALUE:
                return Response(message="sql is required", break_loop=False)
            return Response(message=str(VALUE), break_loop=False)
    """,
    "bound twice": """
        async def execute(self, **kwargs):
            VALUE = self.args.get("sql")
            VALUE = self.args.get("query")
            if not VALUE:
                return Response(message="sql is required", break_loop=False)
            return Response(message=str(VALUE), break_loop=False)
    """,
    "augmented": """
        async def execute(self, **kwargs):
            VALUE = self.args.get("sql")
            VALUE += ";"
            if not VALUE:
                return Response(message="sql is required", break_loop=False)
            return Response(message=str(VALUE), break_loop=False)
    """,
    "deleted past the check": """
        async def execute(self, **kwargs):
            VALUE = self.args.get("sql")
            if not VALUE:
                return Response(message="sql is required", break_loop=False)
            del VALUE
            return Response(message="done", break_loop=False)
    """,
    "bound and checked in a loop": """
        async def execute(self, **kwargs):
            for _ in range(2):
                VALUE = self.args.get("sql")
                if not VALUE:
                    return Response(message="sql is required", break_loop=False)
            return Response(message="done", break_loop=False)
    """,
}

#: the attribute form in other shapes, each kept as today
ATTRIBUTE_ONLY = {
    "bound in before_execution, checked in execute": """
        async def before_execution(self, **kwargs):
            self.sql = self.args.get("sql")

        async def execute(self, **kwargs):
            if not self.sql:
                return Response(message="sql is required", break_loop=False)
            return Response(message="done", break_loop=False)
    """,
    "the class defines a property of that name": """
        @property
        def sql(self):
            return "select 1"

        @sql.setter
        def sql(self, value):
            pass

        async def execute(self, **kwargs):
            self.sql = self.args.get("sql")
            if not self.sql:
                return Response(message="sql is required", break_loop=False)
            return Response(message="done", break_loop=False)
    """,
    "the class hooks attribute stores": """
        def __setattr__(self, name, value):
            object.__setattr__(self, name, "select 1")

        async def execute(self, **kwargs):
            self.sql = self.args.get("sql")
            if not self.sql:
                return Response(message="sql is required", break_loop=False)
            return Response(message="done", break_loop=False)
    """,
    "the class holds a descriptor of that name": """
        sql = Column()

        async def execute(self, **kwargs):
            self.sql = self.args.get("sql")
            if not self.sql:
                return Response(message="sql is required", break_loop=False)
            return Response(message="done", break_loop=False)
    """,
    "the class has slots": """
        __slots__ = ("sql",)

        async def execute(self, **kwargs):
            self.sql = self.args.get("sql")
            if not self.sql:
                return Response(message="sql is required", break_loop=False)
            return Response(message="done", break_loop=False)
    """,
    "an alias of self sets it": """
        async def execute(self, **kwargs):
            tool = self
            self.sql = self.args.get("sql")
            tool.sql = "select 1"
            if not self.sql:
                return Response(message="sql is required", break_loop=False)
            return Response(message="done", break_loop=False)
    """,
    "a call of the base class runs between": """
        async def execute(self, **kwargs):
            self.sql = self.args.get("sql")
            super().before_execution()
            if not self.sql:
                return Response(message="sql is required", break_loop=False)
            return Response(message="done", break_loop=False)
    """,
    "a nested function may set it": """
        async def execute(self, **kwargs):
            self.sql = self.args.get("sql")

            def fill():
                setattr(self, "sql", "select 1")

            fill()
            if not self.sql:
                return Response(message="sql is required", break_loop=False)
            return Response(message="done", break_loop=False)
    """,
}


def _source(body: str, spelling: str) -> str:
    return HEAD + indent(dedent(body).strip("\n").replace("VALUE", spelling), "    ") + "\n"


def _tools(run_cli, make_repo, files: dict[str, str]) -> dict[str, dict[str, Any]]:
    root = make_repo(files)
    found: dict[str, dict[str, Any]] = {}
    for path in files:
        result = run_cli(root, "inspect", path, "--json")
        assert result.exit_code == 0, result.output
        (module,) = json.loads(result.output)
        (tool,) = module["tools"]
        found[path] = tool
    return found


def _positionless(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _positionless(v) for k, v in value.items() if k not in ("line", "column")}
    if isinstance(value, list):
        return [_positionless(v) for v in value]
    return value


def _facts(tool: dict[str, Any]) -> dict[str, Any]:
    return _positionless({k: v for k, v in tool.items() if k not in ("name", "execute")})


def _summary(tool: dict[str, Any]) -> dict[str, tuple[Any, ...]]:
    return {
        a["name"]: (a["required"], a["required_unknown"], a["default"], a["enum"])
        for a in tool["arguments"]
    }


@pytest.mark.parametrize("body", SOUND.values(), ids=list(SOUND))
def test_an_attribute_holding_a_read_is_read_as_a_local_name(run_cli, make_repo, body) -> None:
    tools = _tools(
        run_cli,
        make_repo,
        {"tools/local.py": _source(body, "value"), "tools/held.py": _source(body, "self.value")},
    )
    assert _facts(tools["tools/held.py"]) == _facts(tools["tools/local.py"])


def test_a_checked_attribute_makes_the_argument_required(run_cli, make_repo) -> None:
    body = SOUND["a falsy check returns an error"]
    source = _source(body, "self.sql")
    (tool,) = _tools(run_cli, make_repo, {"tools/held.py": source}).values()
    assert _summary(tool) == {"sql": (True, False, None, None)}
    read = tool["arguments"][0]["reads"][0]
    (line,) = [n for n, text in enumerate(source.splitlines(), 1) if ".get(" in text]
    assert (read["line"], read["column"]) == (line, 20)


def test_a_class_level_default_does_not_stop_the_reading(run_cli, make_repo) -> None:
    (tool,) = _tools(
        run_cli, make_repo, {"tools/held.py": HEAD + indent(dedent(CLASS_DEFAULT), "    ")}
    ).values()
    assert _summary(tool) == {"sql": (True, False, None, None)}


def test_the_values_an_attribute_check_refuses_are_listed(run_cli, make_repo) -> None:
    body = SOUND["a value outside a list is refused"]
    (tool,) = _tools(run_cli, make_repo, {"tools/held.py": _source(body, "self.mode")}).values()
    assert _summary(tool) == {"mode": (False, False, "fast", ["fast", "slow"])}


@pytest.mark.parametrize("body", UNSOUND.values(), ids=list(UNSOUND))
def test_an_attribute_that_may_change_keeps_its_reading(run_cli, make_repo, body) -> None:
    (tool,) = _tools(run_cli, make_repo, {"tools/held.py": _source(body, "self.sql")}).values()
    assert {name: facts[:2] for name, facts in _summary(tool).items()}.get("sql") == (False, False)


@pytest.mark.parametrize("body", ATTRIBUTE_ONLY.values(), ids=list(ATTRIBUTE_ONLY))
def test_an_attribute_in_other_shapes_keeps_its_reading(run_cli, make_repo, body) -> None:
    (tool,) = _tools(run_cli, make_repo, {"tools/held.py": _source(body, "self.sql")}).values()
    assert _summary(tool)["sql"][:2] == (False, False)


def test_a_companion_calling_the_checked_attribute_required_agrees(run_cli, make_repo) -> None:
    body = SOUND["a falsy check returns an error"]
    root = make_repo({"tools/held.py": _source(body, "sql")})
    fixed = run_cli(root, "check", "--fix", "--select", "DOX001")
    assert fixed.exit_code == 0, fixed.output
    assert "`sql`: required" in (root / "tools/held.py.dox.md").read_text()
    (root / "tools/held.py").write_text(_source(body, "self.sql"))
    result = run_cli(root, "check", "--select", "DOX111")
    assert result.exit_code == 0, result.output


def test_methods_of_self_called_past_the_check_leave_the_reading(run_cli, make_repo) -> None:
    body = """
        async def execute(self, **kwargs):
            self.sql = self.args.get("sql")
            if not self.sql:
                return Response(message="sql is required", break_loop=False)
            super().before_execution()
            return await self.run_query(self.sql)

        async def run_query(self, query):
            return Response(message=query, break_loop=False)
    """
    (tool,) = _tools(run_cli, make_repo, {"tools/held.py": _source(body, "")}).values()
    assert _summary(tool) == {"sql": (True, False, None, None)}


def test_a_base_class_of_another_module_keeps_the_reading(run_cli, make_repo) -> None:
    """A base defined elsewhere may hold a property of that name."""
    base = dedent(
        """\
        from helpers.tool import Tool


        class BaseTool(Tool):
            @property
            def sql(self):
                return self._sql

            @sql.setter
            def sql(self, value):
                self._sql = value or "select 1"
        """
    )
    body = SOUND["a falsy check returns an error"].replace("VALUE", "self.sql")
    source = (
        "from helpers.tool import Response\nfrom helpers.basetool import BaseTool\n\n\n"
        "class QueryTool(BaseTool):\n" + indent(dedent(body).strip("\n"), "    ") + "\n"
    )
    root = make_repo({"helpers/basetool.py": base, "tools/held.py": source})
    result = run_cli(root, "inspect", "tools/held.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    assert _summary(tool)["sql"][:2] == (False, False)


def test_attributes_bound_one_after_another_are_each_read_as_a_local_name(
    run_cli, make_repo
) -> None:
    """``self.path = ...; self.mode = ...`` then checks of both: binding or
    using another attribute that holds an argument's value changes neither."""
    body = """
        async def execute(self, **kwargs):
            VALUE = self.args.get("path", "")
            MODE = self.args.get("mode", "w").strip().lower()
            if not VALUE:
                return Response(message="path is required", break_loop=False)
            if MODE not in ("w", "a"):
                raise ValueError(f"bad mode {MODE} for {VALUE}")
            return Response(message=f"{MODE} {VALUE}", break_loop=False)
    """
    local = _source(body, "value").replace("MODE", "mode")
    held = _source(body, "self.value").replace("MODE", "self.mode")
    tools = _tools(run_cli, make_repo, {"tools/local.py": local, "tools/held.py": held})
    assert _facts(tools["tools/held.py"]) == _facts(tools["tools/local.py"])
    assert _summary(tools["tools/held.py"]) == {
        "path": (True, False, None, None),
        "mode": (False, False, "w", ["w", "a"]),
    }
