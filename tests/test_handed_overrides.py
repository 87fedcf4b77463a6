"""A base's ``execute`` that hands the arguments to a method of its class
(``payload = await self.run(**kwargs)``) hands them to a subclass's override
of that method, in whatever module the subclass is: the override's
parameters and what it reads of its ``**kwargs`` are the subclass's
arguments, as when base and subclass share a module."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from test_resolve import facts_of, only_tool

from doxtool.core.facts import ToolFacts

BASE_PY = """\
import json

from helpers.tool import Response, Tool


class JsonTool(Tool):
    async def execute(self, **kwargs) -> Response:
        payload = await self.run(**kwargs)
        return Response(message=json.dumps(payload), break_loop=False)

    async def run(self, **kwargs) -> dict:
        raise NotImplementedError
"""

LOOKUP_PY = """\
from helpers.base_tools import JsonTool


class Lookup(JsonTool):
    async def run(self, word: str, lang: str = "en", **kwargs) -> dict:
        return {"word": word, "lang": lang, "limit": int(kwargs.get("limit", 3))}
"""

#: the base's method as it comes: its reads are the base's
PLAIN_PY = """\
from helpers.base_tools import JsonTool


class Plain(JsonTool):
    def describe(self, word: str = "") -> str:
        return word
"""


def _arguments(tool: ToolFacts) -> dict[str, tuple[bool, bool, object]]:
    return {a.name: (a.required, a.has_default, a.default) for a in tool.arguments}


def _tool(tmp_path: Path, rel: str, files: dict[str, str]) -> ToolFacts:
    return only_tool(facts_of(tmp_path, rel, files))


@pytest.mark.parametrize(
    "base",
    [
        BASE_PY,
        BASE_PY.replace(
            "        payload = await self.run(**kwargs)\n"
            "        return Response(message=json.dumps(payload), break_loop=False)\n",
            "        return await self.run(**self.args)\n",
        ),
    ],
)
def test_the_override_in_another_module_takes_the_arguments(tmp_path: Path, base: str) -> None:
    files = {"helpers/base_tools.py": base, "tools/lookup.py": LOOKUP_PY}
    tool = _tool(tmp_path, "tools/lookup.py", files)
    assert _arguments(tool) == {
        "word": (True, False, None),
        "lang": (False, True, "en"),
        "limit": (False, True, 3),
    }
    # lines of the module under inspection
    assert {r.path for a in tool.arguments for r in a.reads} == {None}


def test_the_same_arguments_as_with_the_base_in_the_module(tmp_path: Path) -> None:
    together = BASE_PY + "\n\n" + LOOKUP_PY.replace("from helpers.base_tools import JsonTool\n", "")
    facts = facts_of(tmp_path / "a", "tools/lookup.py", {"tools/lookup.py": together})
    (same,) = [t for t in facts.tools if t.class_name == "Lookup"]
    files = {"helpers/base_tools.py": BASE_PY, "tools/lookup.py": LOOKUP_PY}
    apart = _tool(tmp_path / "b", "tools/lookup.py", files)
    assert _arguments(apart) == _arguments(same)


def test_a_method_the_base_does_not_hand_the_arguments_to_takes_none(tmp_path: Path) -> None:
    files = {"helpers/base_tools.py": BASE_PY, "tools/plain.py": PLAIN_PY}
    assert _arguments(_tool(tmp_path, "tools/plain.py", files)) == {}


def test_the_base_itself_keeps_its_own_reading(tmp_path: Path) -> None:
    base = BASE_PY.replace(
        "async def run(self, **kwargs)", "async def run(self, q: str = '', **kwargs)"
    )
    files = {"tools/json_tool.py": base}
    tool = _tool(tmp_path, "tools/json_tool.py", files)
    assert _arguments(tool) == {"q": (False, True, "")}


def test_check_and_fix_keep_the_arguments_of_the_override(
    make_repo: Callable[[dict[str, str]], Path], run_cli: Callable[..., Result]
) -> None:
    prompt = "### lookup\nLook a word up.\nargs: `word`, `lang`, `limit`\n"
    root = make_repo(
        {
            "helpers/base_tools.py": BASE_PY,
            "tools/lookup.py": LOOKUP_PY,
            "prompts/agent.system.tool.lookup.md": prompt,
        }
    )
    run_cli(root, "check", "--fix", "--no-cache")
    companion = (root / "tools/lookup.py.dox.md").read_text(encoding="utf-8")
    assert "Arguments of `Lookup`: none." not in companion
    assert "  - `word`: required string.\n" in companion
    result = run_cli(root, "check", "--no-cache")
    assert "PRM003" not in result.output and "DOX111" not in result.output
