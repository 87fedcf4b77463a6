"""The arguments dict a followed function hands whole to code no one follows
(``Request(**args)`` of a library's model, in a subclass's override a base's
``execute`` calls, or in a helper module) is taken whole: the tool takes
arguments no one can name, as when its own method does the same; that is no
read with a computed key (no ``DOX008`` "computed key `Request(**args)`").
A key the function computes is still one."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from click.testing import Result

BASE_PY = """\
from abc import abstractmethod

from helpers.tool import Response, Tool


class ContractTool(Tool):
    @abstractmethod
    def _validate_request(self, args: dict):
        pass

    async def execute(self, **kwargs) -> Response:
        request = self._validate_request(self.args)
        return Response(message=str(request), break_loop=False)
"""

OVERRIDE_PY = """\
from contracts_lib import TradeRequest

from tools.lib.base import ContractTool


class TradeContext(ContractTool):
    def _validate_request(self, args: dict):
        return TradeRequest(**args)
"""

COMPUTED_PY = """\
from tools.lib.base import ContractTool


class Picked(ContractTool):
    def _validate_request(self, args: dict):
        key = self.agent.config.key_name
        return args.get(key)
"""

HELPER_PY = """\
from contracts_lib import TradeRequest


def validate(args: dict):
    return TradeRequest(**args)
"""

HELPER_TOOL_PY = """\
from helpers.tool import Response, Tool
from helpers.valid import validate


class Validated(Tool):
    async def execute(self, **kwargs) -> Response:
        return Response(message=str(validate(self.args)), break_loop=False)
"""


def _prompt(name: str) -> str:
    return f"### {name}\nFetch a trade.\nargs:\n- `trade_id`: the trade\n"


def _repo(make_repo: Callable[[dict[str, str]], Path]) -> Path:
    return make_repo(
        {
            "tools/lib/__init__.py": "",
            "tools/lib/base.py": BASE_PY,
            "tools/trade_context.py": OVERRIDE_PY,
            "tools/picked.py": COMPUTED_PY,
            "helpers/valid.py": HELPER_PY,
            "tools/validated.py": HELPER_TOOL_PY,
            "prompts/agent.system.tool.trade_context.md": _prompt("trade_context"),
            "prompts/agent.system.tool.picked.md": _prompt("picked"),
            "prompts/agent.system.tool.validated.md": _prompt("validated"),
        }
    )


def test_a_dict_handed_whole_is_no_computed_key(
    make_repo: Callable[[dict[str, str]], Path], run_cli: Callable[..., Result]
) -> None:
    root = _repo(make_repo)
    result = run_cli(root, "check", "--no-cache")
    assert "TradeRequest(**args)" not in result.output
    dox008 = [line for line in result.output.splitlines() if "DOX008" in line]
    # the key the override computes is still one no one can document
    assert dox008 == [
        "tools/picked.py:7:16: DOX008 `Picked._validate_request` reads an argument with"
        " the computed key `key`; it cannot be documented or checked"
    ]
    # the prompt's argument is not reported as one the tool never reads
    assert "PRM003" not in result.output


def test_the_dict_handed_whole_is_taken_whole_in_the_facts(
    make_repo: Callable[[dict[str, str]], Path], run_cli: Callable[..., Result]
) -> None:
    root = _repo(make_repo)
    result = run_cli(root, "inspect", "--json", ".")
    tools = {t["name"]: t for m in json.loads(result.output) for t in m["tools"]}
    for name in ("trade_context", "validated"):
        assert tools[name]["dynamic_reads"] == []
        handed = [o["expression"] for o in tools[name]["other_arguments"]]
        assert "TradeRequest(**args)" in handed
    assert [r["expression"] for r in tools["picked"]["dynamic_reads"]] == ["key"]
