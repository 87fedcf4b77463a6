"""The values an argument accepts: a closed dispatch, and what leaves them
unknown (a value tested beside it by a branch that returns, which may accept
or refuse it; a test no list of values holds); how a companion's list of
values is compared with the code's."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from samples import write_files
from test_extract import arguments, tool

from doxtool.cli import cli
from doxtool.rules.examples import FRAMEWORK

SPLIT_DISPATCH = """\
    from helpers.tool import Response, Tool

    NOTES: dict[str, str] = {}


    class NotesTool(Tool):
        async def execute(self, **kwargs) -> Response:
            action = str(self.args.get("action", "list"))
            if action == "list":
                return Response(message=", ".join(NOTES), break_loop=False)
            if action == "get":
                return Response(message=NOTES.get("x", ""), break_loop=False)
            name = str(self.args.get("name", ""))
            if action == "delete":
                NOTES.pop(name, None)
                return Response(message=f"deleted {name}", break_loop=False)
            return Response(message=f"unknown action {action}", break_loop=False)
    """


ADJACENT_DISPATCH = SPLIT_DISPATCH.replace(
    """            name = str(self.args.get("name", ""))
            if action == "delete":""",
    """            if action == "delete":
                name = str(self.args.get("name", ""))""",
)


def enum_of(tmp_path: Path, source: str, name: str = "action") -> list[Any] | None:
    return arguments(tool(tmp_path, source))[name]["enum"]  # type: ignore[no-any-return]


def unknown(tmp_path: Path, source: str, name: str = "action") -> bool:
    (argument,) = [a for a in tool(tmp_path, source).arguments if a.name == name]
    return argument.values_unknown


def test_a_run_of_returning_tests_before_the_error_is_the_dispatch(tmp_path: Path) -> None:
    assert enum_of(tmp_path, ADJACENT_DISPATCH) == ["list", "get", "delete"]
    assert not unknown(tmp_path, ADJACENT_DISPATCH)


def test_values_tested_beside_the_closed_dispatch_leave_the_values_unknown(
    tmp_path: Path,
) -> None:
    """A branch that returns on a value may accept it or answer with an error
    (``return Response("purge is no longer supported")``): the code does not
    say which, so no list is claimed, nor any value."""
    refused = """\
        from helpers.tool import Response, Tool

        NOTES: dict[str, str] = {}


        class Purge(Tool):
            async def execute(self, **kwargs):
                action = self.args.get("action")
                if action == "purge":
                    return Response("purge is no longer supported", False)
                if action not in ("list", "clear"):
                    return Response("unknown action", False)
                if action == "list":
                    return Response(", ".join(NOTES), False)
                NOTES.clear()
                return Response("cleared", False)
        """
    matched = """\
        from helpers.tool import Response, Tool


        class Mixed(Tool):
            async def execute(self, **kwargs):
                action = self.args.get("action")
                match action:
                    case "list" | "show":
                        return Response("listed", False)
                    case "noop":
                        pass
                step = 1
                if action == "add":
                    return Response("added", False)
                return Response("unknown action", False)
        """
    for index, source in enumerate((SPLIT_DISPATCH, refused, matched)):
        assert enum_of(tmp_path / str(index), source) is None, source
        assert unknown(tmp_path / f"u{index}", source), source


def test_a_test_no_list_holds_leaves_the_values_unknown(tmp_path: Path) -> None:
    """``startswith``, a comparison with a value not known, a capture pattern:
    values are accepted that no list holds, so the argument has none."""
    returning_prefix = """\
        from helpers.tool import Response, Tool


        class Prefix(Tool):
            async def execute(self, **kwargs):
                action = self.args.get("action")
                if action.startswith("del"):
                    return Response("deleted", False)
                if action == "list":
                    return Response("listed", False)
                return Response("unknown action", False)
        """
    in_the_chain = """\
        from helpers.tool import Response, Tool


        class Chain(Tool):
            async def execute(self, **kwargs):
                action = self.args.get("action")
                if action == "list":
                    return Response("listed", False)
                elif action.endswith("_all"):
                    return Response("all", False)
                else:
                    return Response("unknown action", False)
        """
    compared_with_a_name = """\
        from helpers.tool import Response, Tool


        class Named(Tool):
            async def execute(self, **kwargs):
                action = self.args.get("action")
                if action == self.agent.default_action:
                    return Response("default", False)
                x = 1
                if action == "list":
                    return Response("listed", False)
                return Response("unknown action", False)
        """
    captured = """\
        from helpers.tool import Response, Tool


        class Captured(Tool):
            async def execute(self, **kwargs):
                match self.args.get("action"):
                    case "list":
                        return Response("listed", False)
                    case str(other) if other:
                        return Response(other, False)
                    case _:
                        return Response("unknown action", False)
        """
    everything_else = """\
        from helpers.tool import Response, Tool


        class Other(Tool):
            async def execute(self, **kwargs):
                action = self.args.get("action")
                if action != "list":
                    x = 1
                if action not in ("a", "b"):
                    return await self.run(action)
                step = 2
                if action == "a":
                    return Response("a", False)
                return Response("unknown action", False)
        """
    for index, source in enumerate(
        (returning_prefix, in_the_chain, compared_with_a_name, captured, everything_else)
    ):
        assert enum_of(tmp_path / str(index), source) is None, source
        assert unknown(tmp_path / f"u{index}", source), source


def test_tests_that_accept_no_value_keep_the_values(tmp_path: Path) -> None:
    """Absence, type checks, other arguments and branches that fall through
    accept nothing the dispatch does not."""
    source = """\
        from helpers.tool import Response, Tool


        class Checked(Tool):
            async def execute(self, **kwargs):
                action = self.args.get("action")
                if not action:
                    return Response("action is required", False)
                if action is None or not isinstance(action, str):
                    return Response("action must be text", False)
                if "action" not in self.args:
                    return Response("missing", False)
                if action.startswith("x"):
                    self.set_progress("x")
                if self.args.get("dry_run") == "yes":
                    return Response("dry run", False)
                if action == "":
                    return Response("empty", False)
                if action in ("start", "stop"):
                    return Response(action, False)
                return Response("unknown action", False)
        """
    assert enum_of(tmp_path, source) == ["start", "stop"]
    assert not unknown(tmp_path / "again", source)


def _repo(root: Path, item: str | None, source: str = ADJACENT_DISPATCH) -> None:
    """A project with the tool and the companion ``--fix`` writes for it,
    the item of ``action`` then written as ``item``."""
    files = {
        "pyproject.toml": "[project]\nname = 'notes'\n",
        "helpers/__init__.py": "",
        "helpers/tool.py": "class Tool: ...\nclass Response: ...\n",
        "tools/notes.py": source,
    }
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    runner = CliRunner()
    result = runner.invoke(cli, ["check", "--root", str(root), "--fix", "--no-cache"])
    assert result.exit_code in (0, 1), result.output
    companion = root / "tools/notes.py.dox.md"
    lines = companion.read_text(encoding="utf-8").splitlines(keepends=True)
    (index,) = [i for i, line in enumerate(lines) if line.startswith("  - `action`: ")]
    if item is not None:
        lines[index] = f"  - `action`: {item}\n"
    companion.write_text("".join(lines), encoding="utf-8")


def _findings(root: Path) -> list[dict[str, Any]]:
    result = CliRunner().invoke(
        cli, ["check", "--root", str(root), "--no-cache", "--format", "json", "--select", "DOX111"]
    )
    return json.loads(result.output)  # type: ignore[no-any-return]


def test_a_companion_may_list_the_values_in_any_order_and_as_json(tmp_path: Path) -> None:
    _repo(tmp_path / "generated", None)
    text = (tmp_path / "generated/tools/notes.py.dox.md").read_text(encoding="utf-8")
    assert 'default `"list"`, one of `list`, `get`, `delete`.' in text, text
    for index, written in enumerate(
        (
            'one of `"list"`, `"get"`, `"delete"`',
            "one of `delete`, `list`, `get`",
            'one of `"get"`, `delete`, `list`',
        )
    ):
        root = tmp_path / str(index)
        _repo(root, f'optional string, default `"list"`, {written}.')
        assert _findings(root) == [], written


def test_a_value_missing_from_the_companion_is_still_drift(tmp_path: Path) -> None:
    _repo(tmp_path, 'optional string, default `"list"`, one of `"list"`, `"get"`.')
    (finding,) = _findings(tmp_path)
    assert finding["code"] == "DOX111"
    assert "accepts `list`, `get`, `delete` in the code" in finding["message"]


def test_values_the_code_does_not_say_are_left_as_written(tmp_path: Path) -> None:
    """No finding on the companion's list; a fix of another part of the item
    keeps it."""
    listed = 'one of `"list"`, `"get"`, `"delete"`'
    _repo(tmp_path, f'optional string, default `"list"`, {listed}.', SPLIT_DISPATCH)
    assert _findings(tmp_path) == []
    _repo(tmp_path, f'optional string, default `"get"`, {listed}.', SPLIT_DISPATCH)
    (finding,) = _findings(tmp_path)
    assert 'has `"list"` in the code' in finding["message"], finding
    result = CliRunner().invoke(cli, ["check", "--root", str(tmp_path), "--fix", "--no-cache"])
    assert result.exit_code in (0, 1), result.output
    fixed = (tmp_path / "tools/notes.py.dox.md").read_text(encoding="utf-8")
    assert f'  - `action`: optional string, default `"list"`, {listed}.\n' in fixed, fixed


def test_branches_of_other_methods_do_not_end_execute(tmp_path: Path) -> None:
    """``before_execution`` returning early, or a closure, accepts nothing
    ``execute`` refuses."""
    source = """\
        from helpers.tool import Response, Tool


        class Hooked(Tool):
            async def before_execution(self, **kwargs):
                if self.args.get("action", "").startswith("lo"):
                    return
                if self.args.get("action") != "load":
                    return

            async def execute(self, **kwargs):
                def later():
                    if self.args.get("action") == "hidden":
                        return 1

                action = self.args.get("action")
                if action == "load":
                    return Response("loaded", False)
                if action == "list":
                    return Response("listed", False)
                return Response("unknown action", False)
        """
    assert enum_of(tmp_path, source) == ["load", "list"]


GETATTR_DISPATCH = """\
    from helpers.tool import Response, Tool


    class ShellOp(Tool):
        async def execute(self, **kwargs) -> Response:
            op = str(kwargs.get("op", "status")).lower().strip()
            method = {lookup}
            if method is None:
                return Response(message=f"unknown op {{op}}", break_loop=False)
            return await method(**kwargs)

        async def op_status(self, **kwargs) -> Response:
            return Response(message="idle", break_loop=False)

        async def op_echo(self, text: str = "", **kwargs) -> Response:
            return Response(message=text, break_loop=False)
    """


def test_a_method_looked_up_by_the_value_leaves_the_values_unknown(tmp_path: Path) -> None:
    """``getattr(self, f"op_{op}", None)``, then an error on None: the set is
    closed, but which methods a class and its bases in other modules hold is
    not known here, so neither a list nor "any value" is claimed."""
    for lookup in (
        'getattr(self, f"op_{op}", None)',
        'getattr(self, "op_" + op, None)',
        "getattr(self, op, None)",
    ):
        source = GETATTR_DISPATCH.format(lookup=lookup)
        assert enum_of(tmp_path, source, "op") is None, lookup
        assert unknown(tmp_path, source, "op"), lookup


def test_a_companion_list_of_a_method_lookup_is_kept(tmp_path: Path) -> None:
    write_files(
        tmp_path,
        {
            **FRAMEWORK,
            "tools/shell_op.py": textwrap.dedent(
                GETATTR_DISPATCH.format(lookup='getattr(self, f"op_{op}", None)')
            ),
        },
    )
    CliRunner().invoke(cli, ["check", "--root", str(tmp_path), "--fix", "--no-cache"])
    companion = tmp_path / "tools/shell_op.py.dox.md"
    text = companion.read_text(encoding="utf-8")
    line = '  - `op`: optional string, default `"status"`.\n'
    assert line in text, text
    listed = line.replace(".\n", ", one of `status`, `echo`.\n")
    companion.write_text(text.replace(line, listed), encoding="utf-8")
    assert _findings(tmp_path) == []


def _mode_enum(tmp_path: Path, body: str) -> list[Any] | None:
    source = (
        "from helpers.tool import Response, Tool\n\n\nclass RunnerTool(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        '        mode = str(self.args.get("mode", "fast"))\n'
        + textwrap.indent(textwrap.dedent(body), "        ")
    )
    (mode,) = tool(tmp_path, source).arguments
    return None if mode.values_unknown else mode.enum


def test_one_tested_value_then_a_response_is_no_closed_dispatch(tmp_path: Path) -> None:
    # the Response after the test may be the answer for every other mode, or
    # a refusal: which values the argument takes is not known
    assert (
        _mode_enum(
            tmp_path,
            """\
            if mode == "fast":
                return Response(message="ran fast", break_loop=False)
            return Response(message=f"ran in mode {mode}", break_loop=False)
            """,
        )
        is None
    )
    assert (
        _mode_enum(
            tmp_path,
            """\
            match mode:
                case "fast":
                    return Response(message="ran fast", break_loop=False)
                case other:
                    return Response(message=f"ran in mode {other}", break_loop=False)
            """,
        )
        is None
    )


@pytest.mark.parametrize(
    "body",
    [
        # a raise refuses every other value, however few the tests name
        """\
        if mode == "fast":
            return Response(message="ran fast", break_loop=False)
        raise ValueError(f"unknown mode {mode}")
        """,
        # two tested values, then a Response: the choice among them is closed
        """\
        if mode == "fast":
            return Response(message="ran fast", break_loop=False)
        if mode == "slow":
            return Response(message="ran slow", break_loop=False)
        return Response(message=f"unknown mode {mode}", break_loop=False)
        """,
        """\
        if mode in ("fast", "slow"):
            return Response(message=f"ran {mode}", break_loop=False)
        return Response(message=f"unknown mode {mode}", break_loop=False)
        """,
    ],
)
def test_a_closed_dispatch_of_one_value_needs_a_raise(tmp_path: Path, body: str) -> None:
    assert _mode_enum(tmp_path, body) in (["fast"], ["fast", "slow"])


@pytest.mark.parametrize(
    "body",
    [
        # a returning test of another value: the values not taken reach it,
        # and either of its answers may be the tool's for them
        """\
        if mode == "fast":
            return Response(message="ran fast", break_loop=False)
        if self.agent:
            return Response(message=f"ran {mode} for the agent", break_loop=False)
        return Response(message=f"ran {mode}", break_loop=False)
        """,
        """\
        if mode == "fast":
            return Response(message="ran fast", break_loop=False)
        elif self.agent:
            return Response(message=f"ran {mode} for the agent", break_loop=False)
        else:
            return Response(message=f"ran {mode}", break_loop=False)
        """,
        """\
        match mode:
            case "fast":
                return Response(message="ran fast", break_loop=False)
            case "slow":
                return Response(message="ran slow", break_loop=False)
        if self.agent:
            return Response(message=f"ran {mode} for the agent", break_loop=False)
        return Response(message=f"ran {mode}", break_loop=False)
        """,
    ],
)
def test_a_test_of_another_value_is_no_part_of_the_dispatch(tmp_path: Path, body: str) -> None:
    assert _mode_enum(tmp_path, body) is None


def test_tests_of_the_same_value_in_other_spellings_stay_one_dispatch(tmp_path: Path) -> None:
    body = """\
    if mode == "fast":
        return Response(message="ran fast", break_loop=False)
    if self.args.get("mode") == "slow":
        return Response(message="ran slow", break_loop=False)
    if not mode.strip():
        return Response(message="no mode", break_loop=False)
    return Response(message=f"unknown mode {mode}", break_loop=False)
    """
    assert _mode_enum(tmp_path, body) == ["fast", "slow"]
