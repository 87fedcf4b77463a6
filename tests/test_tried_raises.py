"""A raise in a method a class overrides, where the ``execute`` it inherits
from a base in another module calls that method inside a ``try``: the base's
handlers may catch it, so it is not claimed to get out of the tool."""

from __future__ import annotations

from pathlib import Path

from test_resolve import facts_of, only_tool

from doxtool.core.facts import REPAIRABLE

BASE_PY = """\
from helpers.tool import Response, Tool


class ContractError(Exception):
    pass


class ContractTool(Tool):
    def _validate(self, args):
        raise NotImplementedError

    async def execute(self, **kwargs):
        try:
            request = self._validate(self.args)
        except ContractError as e:
            return Response(message=f"invalid: {e}", break_loop=False)
        return Response(message=str(request), break_loop=False)
"""

#: the same base, calling the hook once more outside its ``try``
BASE_UNGUARDED_PY = BASE_PY.replace(
    "        return Response(message=str(request), break_loop=False)",
    "        self._validate({})\n        return Response(message=str(request), break_loop=False)",
)

TRADE_PY = """\
from tools.contract import ContractError, ContractTool


def _number(text):
    if not text.isdigit():
        raise ContractError("not a number")
    return int(text)


class GetTrade(ContractTool):
    def _validate(self, args):
        if "trade_id" not in args:
            raise ContractError("trade_id is required")
        return self._parse(args)

    def _parse(self, args):
        return _number(args["trade_id"])

    def _unused(self, args):
        raise ContractError("never called by any code")
"""


def _raises(
    root: Path, base: str, tool: str = TRADE_PY, **more: str
) -> list[tuple[str, int, str, bool]]:
    files = {"tools/__init__.py": "", "tools/contract.py": base, "tools/get_trade.py": tool}
    files.update({f"tools/{name}.py": text for name, text in more.items()})
    facts = only_tool(facts_of(root, "tools/get_trade.py", files))
    return [(r.exception, r.line, r.function, r.in_try) for r in facts.raises]


def test_raises_of_an_override_the_base_calls_in_a_try_may_be_caught(tmp_path: Path) -> None:
    # ``_validate`` is called in the base's ``try``; ``_parse`` and ``_number``
    # only from it; ``_unused`` from nowhere (the framework, or a computed name)
    assert sorted(_raises(tmp_path, BASE_PY)) == [
        ("ContractError", 6, "_number", True),
        ("ContractError", 13, "GetTrade._validate", True),
        ("ContractError", 20, "GetTrade._unused", False),
    ]


def test_a_call_of_the_override_outside_the_try_lets_its_raises_out(tmp_path: Path) -> None:
    assert sorted(_raises(tmp_path, BASE_UNGUARDED_PY)) == [
        ("ContractError", 6, "_number", False),
        ("ContractError", 13, "GetTrade._validate", False),
        ("ContractError", 20, "GetTrade._unused", False),
    ]


def test_a_repairable_error_the_base_may_catch_is_not_claimed(tmp_path: Path) -> None:
    base = BASE_PY.replace(
        "from helpers.tool import Response, Tool",
        "from helpers.tool import Response, Tool\nfrom helpers.errors import RepairableException",
    ).replace("except ContractError as e:", "except (ContractError, RepairableException) as e:")
    tool = """\
from helpers.errors import RepairableException
from tools.contract import ContractTool


class GetTrade(ContractTool):
    def _validate(self, args):
        if "trade_id" not in args:
            raise RepairableException("trade_id is required")
        return args["trade_id"]
"""
    files = {
        "helpers/errors.py": "class RepairableException(Exception):\n    pass\n",
        "tools/__init__.py": "",
        "tools/contract.py": base,
        "tools/get_trade.py": tool,
    }
    facts = only_tool(facts_of(tmp_path, "tools/get_trade.py", files))
    assert facts.raises == []
    assert REPAIRABLE in facts.unknown


def test_a_method_the_framework_calls_keeps_its_raises(tmp_path: Path) -> None:
    # the base's ``execute`` calls ``get_log_object`` in its ``try``, but the
    # framework calls it too (``before_execution``), outside any ``try``
    base = BASE_PY.replace(
        "request = self._validate(self.args)",
        "request = self._validate(self.args)\n            self.get_log_object()",
    )
    tool = TRADE_PY.replace(
        "    def _unused(self, args):",
        "    def get_log_object(self):\n"
        '        raise ContractError("no log")\n\n'
        "    def _unused(self, args):",
    )
    assert ("ContractError", 20, "GetTrade.get_log_object", False) in _raises(tmp_path, base, tool)


#: a mixin of a third module that calls the hook itself, outside any ``try``
PRECHECK_PY = """\
class PrecheckMixin:
    async def before_execution(self, **kwargs):
        await super().before_execution(**kwargs)
        self._validate(self.args)
"""


def test_a_base_of_another_module_may_call_the_override_outside_the_try(tmp_path: Path) -> None:
    tool = TRADE_PY.replace(
        "from tools.contract import ContractError, ContractTool",
        "from tools.contract import ContractError, ContractTool\nfrom tools.precheck import PrecheckMixin",
    ).replace("class GetTrade(ContractTool):", "class GetTrade(PrecheckMixin, ContractTool):")
    assert ("ContractError", 14, "GetTrade._validate", False) in _raises(
        tmp_path / "mixin", BASE_PY, tool, precheck=PRECHECK_PY
    )
    # the base's own base of a third module, the same
    base = BASE_PY.replace(
        "from helpers.tool import Response, Tool",
        "from helpers.tool import Response\nfrom tools.validating import Validating as Tool",
    )
    validating = "from helpers.tool import Tool\n\n\n" + PRECHECK_PY.replace(
        "PrecheckMixin:", "Validating(Tool):"
    )
    assert ("ContractError", 13, "GetTrade._validate", False) in _raises(
        tmp_path / "based", base, validating=validating
    )


def test_the_tool_handed_to_other_code_may_have_the_override_called(tmp_path: Path) -> None:
    base = BASE_PY.replace(
        "        return Response(message=str(request), break_loop=False)",
        "        return Response(message=run_checked(self), break_loop=False)",
    ).replace(
        "from helpers.tool import Response, Tool",
        "from helpers.tool import Response, Tool\nfrom tools.runner import run_checked",
    )
    runner = "def run_checked(tool):\n    return str(tool._validate(tool.args))\n"
    assert ("ContractError", 13, "GetTrade._validate", False) in _raises(
        tmp_path, base, runner=runner
    )


def test_a_call_through_the_class_or_super_outside_a_try_lets_raises_out(tmp_path: Path) -> None:
    hook = (
        "    async def before_execution(self, **kwargs):\n"
        "        await super().before_execution(**kwargs)\n"
        "        {call}(self.args)\n\n"
        "    def _unused(self, args):"
    )
    named = TRADE_PY.replace(
        "    def _unused(self, args):", hook.format(call="GetTrade._validate(self, ")
    ).replace("(self, (self.args)", "(self, self.args)")
    assert ("ContractError", 13, "GetTrade._validate", False) in _raises(
        tmp_path / "named", BASE_PY, named
    )
    # ``super()._validate`` in a subclass reaches the class's own, outside the try
    sub = TRADE_PY + (
        "\n\nclass GetStrictTrade(GetTrade):\n"
        "    def _validate(self, args):\n"
        "        return args\n\n" + hook.format(call="super()._validate").split("\n\n")[0] + "\n"
    )
    files = {"tools/__init__.py": "", "tools/contract.py": BASE_PY, "tools/get_trade.py": sub}
    tools = facts_of(tmp_path / "super", "tools/get_trade.py", files).tools
    strict = next(t for t in tools if t.class_name == "GetStrictTrade")
    assert ("ContractError", 13, "GetTrade._validate", False) in [
        (r.exception, r.line, r.function, r.in_try) for r in strict.raises
    ]


def test_base_code_an_override_runs_through_super_calls_the_hook_too(tmp_path: Path) -> None:
    # the base's ``before_execution`` calls the hook outside its ``try``; the
    # tool overrides it, but runs it through ``super()``
    base = BASE_PY + (
        "\n    async def before_execution(self, **kwargs):\n"
        "        await super().before_execution(**kwargs)\n"
        "        self._validate(self.args)\n"
    )
    tool = TRADE_PY.replace(
        "    def _unused(self, args):",
        "    async def before_execution(self, **kwargs):\n"
        "        await super().before_execution(**kwargs)\n"
        "        self.agent.context.log.log(type='info', content='trade')\n\n"
        "    def _unused(self, args):",
    )
    assert ("ContractError", 13, "GetTrade._validate", False) in _raises(tmp_path, base, tool)
