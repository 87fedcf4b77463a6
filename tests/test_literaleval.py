"""Literals evaluated as ``ast.literal_eval`` does, leaving no cyclic garbage."""

from __future__ import annotations

import ast
import gc
from pathlib import Path
from typing import Any

import pytest

from doxtool.core.literaleval import literal_eval
from doxtool.python.extract import extract_module

LITERALS = [
    "1",
    "-1",
    "+2.5",
    "1+2j",
    "-1-2j",
    "'text'",
    "b'bytes'",
    "None",
    "True",
    "(1, 'a', None)",
    "[1, [2, (3,)]]",
    "{1, 2}",
    "set()",
    "{'a': 1, 'b': [True, None]}",
    "{}",
    "()",
    "  \t  42",
    "'a' 'b'",
    "-(1)",
]

NOT_LITERALS = [
    "x",
    "f()",
    "set(1)",
    "{**a}",
    "1 + 2",
    "1 + 'a'",
    "2j + 1",
    "-'a'",
    "not True",
    "[x for x in y]",
    "a.b",
    "1 if x else 2",
    "lambda: 1",
    "1 +",
    "import os",
    "{[1]: 2}",
    "{{1}}",
    "[" * 200 + "]" * 200,
]


def _outcome(evaluate: Any, text: str) -> tuple[str, Any]:
    try:
        return "value", evaluate(text)
    except Exception as error:  # the kind of error is compared
        return "error", type(error)


@pytest.mark.parametrize("text", LITERALS + NOT_LITERALS)
def test_same_outcome_as_ast_literal_eval_on_text(text: str) -> None:
    assert _outcome(literal_eval, text) == _outcome(ast.literal_eval, text)


def _expression(text: str) -> ast.expr | None:
    try:
        return ast.parse(text, mode="eval").body
    except SyntaxError:
        return None


#: the texts that parse as expressions (``1 +`` and ``import os`` do not)
EXPRESSIONS = [text for text in LITERALS + NOT_LITERALS[:-1] if _expression(text) is not None]


@pytest.mark.parametrize("text", EXPRESSIONS)
def test_same_outcome_as_ast_literal_eval_on_nodes(text: str) -> None:
    node = _expression(text)
    assert _outcome(literal_eval, node) == _outcome(ast.literal_eval, node)


def test_literals_are_evaluated() -> None:
    assert literal_eval("{'a': (1, -2.5), 'b': {None}}") == {"a": (1, -2.5), "b": {None}}
    with pytest.raises(ValueError, match="malformed"):
        literal_eval("open('x')")


def _garbage_after(work: Any) -> int:
    """How many objects only the cyclic collector would free after ``work``."""
    was_enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        work()
        return gc.collect()
    finally:
        if was_enabled:
            gc.enable()


def test_evaluating_leaves_no_cycles() -> None:
    texts = LITERALS + NOT_LITERALS[:5]
    assert _garbage_after(lambda: [_outcome(literal_eval, t) for t in texts]) == 0
    # the library function does leave cycles: the test can tell
    assert _garbage_after(lambda: [_outcome(ast.literal_eval, t) for t in texts]) > 0


TOOL = """
from helpers.tool import Tool, Response

LIMITS = {"small": 10, "large": (100, 200)}
MODES = ("fast", "slow")


class Fetch(Tool):
    async def execute(self, **kwargs):
        mode = self.args.get("mode", "fast")
        if mode not in ("fast", "slow"):
            return Response(message="bad mode", break_loop=False)
        limit = int(self.args.get("limit", 10))
        tags = self.args.get("tags", ["a", "b"])
        flags = self.args.get("flags", {"x": -1, "y": 2.5})
        sep = self.args.get("sep", "\\t")
        items = ["all"]
        if mode == "slow":
            items = self.args.get("items")
        if not items:
            return Response(message="no items", break_loop=False)
        while 1:
            break
        return Response(message=f"{mode} {limit} {tags} {flags} {sep}", break_loop=False)
"""


def test_extracting_a_module_leaves_no_cycles(tmp_path: Path) -> None:
    """Pool workers never collect: extraction must leave nothing for the
    cyclic collector, or their memory grows with every module."""
    path = tmp_path / "tools" / "fetch.py"
    path.parent.mkdir()
    path.write_text(TOOL, encoding="utf-8")
    extract_module(TOOL, str(path), ["helpers", "tools"])  # imports, caches
    facts: list[Any] = []
    garbage = _garbage_after(
        lambda: facts.extend(
            extract_module(TOOL, str(path), ["helpers", "tools"]) for _ in range(3)
        )
    )
    names = {a.name for a in facts[0].candidates[0].arguments}
    assert names == {"mode", "limit", "tags", "flags", "sep", "items"}
    assert garbage == 0
