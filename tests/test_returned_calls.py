"""A call of a module function whose result the tool returns is walked once,
collecting outcomes where the expression walk meets it
(:mod:`doxtool.python.returnedcalls`), and the facts are those of walking it
twice (first for what it reads and calls, then for its outcomes)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result

from doxtool.python.returnedcalls import ReturnedCalls
from doxtool.python.toolscan import ToolScan
from doxtool.python.walkstate import Target

TOOL = """\
from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, **kwargs):
        mode = self.args.get("mode", "fast")
        if mode == "a":
            return await self._run(self.args.get("path"))
        if mode == "b":
            return self._sync(mode) if self.args.get("x") else await self._run(None)
        if mode == "c":
            return self._plain()
        if mode == "d":
            return await self._run(n := self.args.get("n"))
        if mode == "e":
            def inner():
                return self.args.get("inner")
            return self._sync(inner())
        return Response(message="unknown mode", break_loop=False)

    async def _run(self, path):
        if not self.args.get("title"):
            return Response(message="title is required", break_loop=False)
        if path:
            return Response(message=str(path), break_loop=True)
        return Response(message="ok", break_loop=False)

    def _sync(self, mode):
        if not self.args.get("body"):
            raise ValueError("body is required")
        return Response(message=self.args["body"] + str(mode), break_loop=False)

    async def _plain(self):
        return Response(message=self.args.get("c", ""), break_loop=False)
"""


def _inspect(
    run_cli: Callable[..., Result], root: Path, monkeypatch: pytest.MonkeyPatch, once: bool
) -> tuple[Any, Counter[str]]:
    """The facts of ``tools/t.py`` and how many times each function was walked."""
    walks: Counter[str] = Counter()
    scan = ToolScan._scan

    def counted(self: ToolScan, target: Target, collect: bool) -> None:
        if (target.fn.qualname, collect, target) not in self.done:
            walks[target.fn.qualname] += 1
        scan(self, target, collect)

    monkeypatch.setattr(ToolScan, "_scan", counted)
    if not once:  # every call walked twice, as before
        monkeypatch.setattr(ReturnedCalls, "_collects_here", lambda *_: False)
    result = run_cli(root, "inspect", "tools/t.py", "--json")
    monkeypatch.undo()
    assert result.exit_code == 0, result.output
    return json.loads(result.output), walks


def test_a_returned_call_is_walked_once_and_the_facts_are_those_of_two_walks(
    make_repo: Callable[[dict[str, str]], Path],
    run_cli: Callable[..., Result],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    root = make_repo({"tools/t.py": TOOL})
    once, walked_once = _inspect(run_cli, root, monkeypatch, once=True)
    twice, walked_twice = _inspect(run_cli, root, monkeypatch, once=False)
    assert once == twice
    (tool,) = once[0]["tools"]
    assert {a["name"] for a in tool["arguments"]} >= {"mode", "path", "title", "body", "c"}
    # ``_run(path)`` and ``_run(None)`` are two targets, each walked once;
    # ``_run(n := ...)`` binds a name first: walked twice, as before
    assert walked_twice["T._run"] - walked_once["T._run"] == 2
    # ``_sync(mode)`` is walked once; ``_sync(inner())`` runs a nested function first
    assert walked_twice["T._sync"] - walked_once["T._sync"] == 1
    # ``self._plain()`` hands back a coroutine: its body is never walked for outcomes
    assert walked_once["T._plain"] == walked_twice["T._plain"] == 1
