"""Spellings of the same argument facts: a key popped without a default, a
check on an assignment expression, a default a check refuses, a fallback
after ``or``, two keys joined by ``or``, keys read in a comprehension, values
looked up in a dict constant, ``getattr(self, "args")``. Each spelling says
what its plainer form says."""

from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent
from typing import Any

HEAD = """\
from helpers.errors import RepairableException
from helpers.tool import Response, Tool


"""


def _tool(run_cli, make_repo, source: str) -> dict[str, Any]:
    root: Path = make_repo({"tools/notes.py": HEAD + dedent(source)})
    result = run_cli(root, "inspect", "tools/notes.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    return tool  # type: ignore[no-any-return]


def _facts(tool: dict[str, Any]) -> dict[str, tuple[Any, ...]]:
    """name -> (required, has_default, default, alternatives)"""
    return {
        a["name"]: (a["required"], a["has_default"], a["default"], a["alternatives"])
        for a in tool["arguments"]
    }


def test_a_key_popped_without_a_default_is_required(run_cli, make_repo) -> None:
    source = """\
        class NotesTool(Tool):
            async def execute(self, **kwargs) -> Response:
                b = kwargs.pop("b")
                c = self.args.pop("c", None)
                return Response(message=f"{b}{c}", break_loop=False)
        """
    assert _facts(_tool(run_cli, make_repo, source)) == {
        "b": (True, False, None, []),
        "c": (False, True, None, []),
    }


def test_a_key_popped_without_a_default_in_a_helper_is_required(run_cli, make_repo) -> None:
    source = """\
        def take(args):
            return args.pop("b")


        class NotesTool(Tool):
            async def execute(self, **kwargs) -> Response:
                return Response(message=str(take(self.args)), break_loop=False)
        """
    assert _facts(_tool(run_cli, make_repo, source)) == {"b": (True, False, None, [])}


def test_a_check_on_an_assignment_expression_makes_the_argument_required(
    run_cli, make_repo
) -> None:
    source = """\
        class NotesTool(Tool):
            async def execute(self, **kwargs) -> Response:
                if not (c := self.args.get("c")):
                    raise RepairableException("send `c`")
                return Response(message=c, break_loop=False)
        """
    assert _facts(_tool(run_cli, make_repo, source)) == {"c": (True, False, None, [])}


def test_a_none_default_the_check_refuses_is_no_default(run_cli, make_repo) -> None:
    source = """\
        class NotesTool(Tool):
            async def execute(self, **kwargs) -> Response:
                f = self.args.get("f", None)
                if f is None:
                    return Response(message="send `f`", break_loop=False)
                g = self.args.get("g", "")
                if not g:
                    raise RepairableException("send `g`")
                h = self.args.get("h", "x")
                if not h:
                    raise RepairableException("`h` must not be blank")
                return Response(message=f"{f}{g}{h}", break_loop=False)
        """
    tool = _tool(run_cli, make_repo, source)
    assert _facts(tool) == {
        "f": (True, False, None, []),
        # a default the code spells stays one; the check makes it needed
        "g": (True, True, "", []),
        # a missing `h` is `"x"`, which the check lets pass
        "h": (False, True, "x", []),
    }
    assert {a["name"]: a["type"] for a in tool["arguments"]} == {
        "f": None,
        "g": "string",
        "h": "string",
    }


def test_a_default_a_helper_check_refuses_is_no_default(run_cli, make_repo) -> None:
    source = """\
        def need(args, key):
            value = args.get(key, None)
            if value is None:
                raise RepairableException(f"send `{key}`")
            return value


        def soft(args):
            value = args.get("soft", "abc")
            if not value:
                raise RepairableException("`soft` must not be blank")
            return value


        class NotesTool(Tool):
            async def execute(self, **kwargs) -> Response:
                a = need(self.args, "a")
                return Response(message=f"{a}{soft(self.args)}", break_loop=False)
        """
    assert _facts(_tool(run_cli, make_repo, source)) == {
        "a": (True, False, None, []),
        "soft": (False, True, "abc", []),
    }
