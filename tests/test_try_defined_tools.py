"""A tool class defined in the body of a module-level ``try``.

A tool module that also runs as a script outside Agent Zero may guard the
import of the tool base and define its tool class beside it, in the ``try``
body (``try: from helpers.tool import Tool ... class Doctor(Tool): ...
except ImportError: pass``). Under Agent Zero the import succeeds and the
class is there: it is the module's tool, with the facts it would have at the
top of the module. A class a handler defines (a stand-in for a missing
package) is no tool.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from click.testing import Result
from samples import TRY_WAIT_PY, clean_files

from doxtool.rules.examples import WAIT_PY

Make = Callable[[dict[str, str]], Path]

#: stand-ins a handler defines when the package is missing, beside the tool
HANDLER_STUBS_PY = (
    "try:\n"
    "    from helpers.tool import Response, Tool\n"
    "except ImportError:\n\n"
    "    class Helper(Tool):\n"
    "        async def execute(self, **kwargs):\n"
    "            return None\n\n\n"
) + WAIT_PY.split("\n\n\n", 1)[1]


def _tools(repo: Path, run_cli: Callable[..., Result]) -> list[str]:
    result = run_cli(repo, "inspect", "--json", "tools/wait.py")
    assert result.exit_code == 0, result.output
    return [tool["class"] for module in json.loads(result.output) for tool in module["tools"]]


def test_a_tool_class_in_the_body_of_a_module_level_try_is_the_modules_tool(
    make_repo: Make, run_cli: Callable[..., Result]
) -> None:
    files = clean_files()
    top = make_repo({k: v for k, v in files.items() if k != "tools/wait.py.dox.md"})
    run_cli(top, "check", "--no-cache", "--fix")
    expected = (top / "tools" / "wait.py.dox.md").read_text(encoding="utf-8")
    (top / "tools" / "wait.py.dox.md").unlink()
    (top / "tools" / "wait.py").write_text(TRY_WAIT_PY, encoding="utf-8")

    assert _tools(top, run_cli) == ["WaitTool"]
    result = run_cli(top, "check", "--no-cache", "--fix")
    assert result.output == "Fixed 1 finding.\nAll checks passed.\n"
    generated = (top / "tools" / "wait.py.dox.md").read_text(encoding="utf-8")
    assert generated == expected
    assert "- Arguments of `WaitTool`:\n  - `seconds`: optional integer, default `0`." in generated

    # untaught, it is reported as any tool is
    (top / "prompts" / "agent.system.tool.wait.md").unlink()
    result = run_cli(top, "check", "--no-cache", "--select", "PRM001")
    assert result.output.splitlines()[0].startswith(
        "tools/wait.py:4:1: PRM001 tool `wait` has no prompt"
    ), result.output


def test_a_class_a_handler_of_the_try_defines_is_no_tool(
    make_repo: Make, run_cli: Callable[..., Result]
) -> None:
    repo = make_repo({**clean_files(), "tools/wait.py": HANDLER_STUBS_PY})
    assert _tools(repo, run_cli) == ["WaitTool"]
