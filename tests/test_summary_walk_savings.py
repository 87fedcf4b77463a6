"""Walks a helper's summaries spare, through the real CLI (``inspect --json``):
what the module's functions test and its key literals' uses are read once per
module, and the statements that return once per function; the facts are
those the repeated walks gave."""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest
from bothwalks import kind, tool_module

from doxtool.python import astkeychecks, asttested, summaryscope


def _arguments(
    make_repo: Callable[[dict[str, str]], Path], run_cli: Any, helper: str, calls: list[str]
) -> dict[str, tuple[str, str | None]]:
    """Each argument of a tool whose ``execute`` calls ``calls`` of
    ``helpers/h.py`` (``helper``) with its arguments, as ``inspect --json``
    gives it: its kind and its type."""
    lines = "".join(f"        h.{name}(self.args)\n" for name in calls)
    tool = (
        "from helpers.tool import Response, Tool\n"
        "from helpers import h\n\n\n"
        "class T(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        f"{lines}"
        '        return Response(message="ok", break_loop=False)\n'
    )
    root = make_repo({"helpers/h.py": helper, "tools/t.py": tool})
    return {a["name"]: (kind(a), a["type"]) for a in tool_module(run_cli, root)["arguments"]}


NORM = (
    "def _norm(value):\n"
    "    if isinstance(value, list):\n"
    "        return value\n"
    "    return [value]\n\n\n"
    "def first(args):\n"
    '    limit = args.get("limit", 10)\n'
    "    return _norm(limit)\n\n\n"
    "def second(args):\n"
    '    tags = args.get("tags", "all")\n'
    "    return _norm(tags)\n\n\n"
    "def third(args):\n"
    "    other = len(args)\n"
    "    return _norm(other)\n"
)


def test_a_callee_is_searched_for_isinstance_once_per_module(
    make_repo: Callable[[dict[str, str]], Path],
    run_cli: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    searched: list[str] = []
    tested_names = asttested.tested_names

    def counting(nodes: Iterable[ast.AST]) -> dict[str, set[str]]:
        nodes = list(nodes)
        if nodes and isinstance(nodes[0], ast.FunctionDef):
            searched.append(nodes[0].name)
        return tested_names(nodes)

    monkeypatch.setattr(asttested, "tested_names", counting)
    found = _arguments(make_repo, run_cli, NORM, ["first", "second", "third"])
    # ``first`` and ``second`` hand it a read; ``third`` a value no read holds
    assert searched == ["_norm"]
    # ``isinstance(value, list)`` there: the default's type is not the only one taken
    assert found == {"limit": ("optional", None), "tags": ("optional", None)}
    plain = NORM.replace("isinstance(value, list)", "value")
    found = _arguments(make_repo, run_cli, plain, ["first", "second", "third"])
    assert found == {"limit": ("optional", "integer"), "tags": ("optional", "string")}


KEYS = (
    'FIRST = ("url", "selector")\n'
    'SECOND = ["query", "limit"]\n\n\n'
    "def need(args):\n"
    "    for key in FIRST:\n"
    "        if not args.get(key):\n"
    "            raise ValueError(key)\n\n\n"
    "def need_too(args):\n"
    "    for key in SECOND:\n"
    "        if not args.get(key):\n"
    "            raise ValueError(key)\n"
)


def test_the_module_is_walked_once_for_its_key_literals(
    make_repo: Callable[[dict[str, str]], Path],
    run_cli: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    walked: list[str] = []
    walk = summaryscope.walk

    def counting(node: ast.AST) -> list[ast.AST]:
        walked.append(type(node).__name__)
        return walk(node)

    monkeypatch.setattr(summaryscope, "walk", counting)
    found = _arguments(make_repo, run_cli, KEYS, ["need", "need_too"])
    assert walked.count("Module") == 1
    assert {name: kind for name, (kind, _) in found.items()} == {
        "url": "required",
        "selector": "required",
        "query": "required",
        "limit": "required",
    }


EXITS = (
    "def fetch(args):\n"
    '    if args.get("dry"):\n'
    "        return None\n"
    '    url = args["url"]\n'
    '    if not args.get("key"):\n'
    '        raise ValueError("key")\n'
    "    return url\n"
)


def test_the_statements_that_return_are_found_without_a_walk_per_statement(
    make_repo: Callable[[dict[str, str]], Path],
    run_cli: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    listed: list[int] = []
    statements = astkeychecks.statements

    def counting(body: list[ast.stmt]) -> Iterable[ast.stmt]:
        listed.append(len(body))
        return statements(body)

    monkeypatch.setattr(astkeychecks, "statements", counting)
    found = _arguments(make_repo, run_cli, EXITS, ["fetch"])
    # the body is listed whole, never one top statement at a time
    assert listed
    assert all(count > 1 for count in listed)
    # past ``if args.get("dry"): return``, what follows runs on some calls only
    assert found == {
        "dry": ("optional", None),
        "url": ("unknown", None),
        "key": ("unknown", None),
    }
