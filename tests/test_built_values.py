"""A value built into a class (``Mode(self.args.get("mode"))``, an enum that
refuses all but its members) accepts values doxtool does not know: it
claims neither a list nor "any value", and a companion's list is kept."""

from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent
from typing import Any

HEAD = """\
from enum import Enum

from helpers.tool import Response, Tool


class Mode(str, Enum):
    FAST = "fast"
    CAREFUL = "careful"


"""
TOOL = """\
class ModeTool(Tool):
    async def execute(self, **kwargs) -> Response:
        try:
            mode = Mode(self.args.get("mode", "fast"))
        except ValueError:
            return Response(message="mode must be fast or careful", break_loop=False)
        return Response(message=mode.value, break_loop=False)
"""
HELPER = """\
from enum import Enum


class Mode(str, Enum):
    FAST = "fast"
    CAREFUL = "careful"


def read_mode(args):
    return Mode(args.get("mode", "fast"))
"""
HELPED = """\
from helpers.modes import read_mode
from helpers.tool import Response, Tool


class ModeTool(Tool):
    async def execute(self, **kwargs) -> Response:
        return Response(message=read_mode(self.args).value, break_loop=False)
"""
COMPANION = """\
# mode.py DOX

## Runtime Contracts
- Arguments of `ModeTool`:
  - `mode`: optional string, default `"fast"`, one of `fast`, `careful`.
"""


def _mode(run_cli, root: Path) -> dict[str, Any]:
    result = run_cli(root, "inspect", "tools/mode.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    (argument,) = tool["arguments"]
    return argument  # type: ignore[no-any-return]


def _kept(run_cli, root: Path) -> None:
    (root / "tools/mode.py.dox.md").write_text(COMPANION, encoding="utf-8")
    assert run_cli(root, "check", "--no-cache", "--select", "DOX111").output == (
        "All checks passed.\n"
    )
    run_cli(root, "check", "--no-cache", "--select", "DOX111", "--fix")
    assert (root / "tools/mode.py.dox.md").read_text(encoding="utf-8") == COMPANION


def test_a_value_built_into_an_enum_has_values_no_one_states(run_cli, make_repo) -> None:
    root: Path = make_repo({"tools/mode.py": HEAD + TOOL})
    argument = _mode(run_cli, root)
    assert (argument["enum"], argument["values_unknown"]) == (None, True)
    _kept(run_cli, root)


def test_a_value_built_into_a_class_of_a_helper_has_values_no_one_states(
    run_cli, make_repo
) -> None:
    root: Path = make_repo({"helpers/modes.py": HELPER, "tools/mode.py": HELPED})
    argument = _mode(run_cli, root)
    assert (argument["enum"], argument["values_unknown"]) == (None, True)
    _kept(run_cli, root)


def test_a_value_used_unchecked_still_accepts_any_value(run_cli, make_repo) -> None:
    """Handing the value to the ``Response`` or converting it with ``str``
    tests nothing: the list the companion gives is stale."""
    source = dedent(
        """\
        class ModeTool(Tool):
            async def execute(self, **kwargs) -> Response:
                mode = str(self.args.get("mode", "fast"))
                return Response(message=mode, break_loop=False)
        """
    )
    root: Path = make_repo({"tools/mode.py": HEAD + source})
    argument = _mode(run_cli, root)
    assert (argument["enum"], argument["values_unknown"]) == (None, False)
    (root / "tools/mode.py.dox.md").write_text(COMPANION, encoding="utf-8")
    assert run_cli(root, "check", "--no-cache", "--select", "DOX111").output.splitlines()[0] == (
        "tools/mode.py.dox.md:5:1: DOX111 argument `mode` accepts any value in the code "
        "(read at tools/mode.py:13) [*]"
    )


def test_an_exception_built_from_the_value_leaves_the_closed_check_its_values(
    run_cli, make_repo
) -> None:
    """An exception takes the value only to show it: the closed check before
    it still gives the values (``raise ValueError(mode)``, an exception class
    of the module, in a tool and in a helper module)."""
    tool = dedent(
        """\
        class ToolFailure(Exception):
            pass


        class ModeTool(Tool):
            async def execute(self, **kwargs) -> Response:
                mode = self.args.get("mode", "fast")
                if mode not in ("fast", "careful"):
                    raise ToolFailure(mode)
                return Response(message=str(ValueError(mode)), break_loop=False)
        """
    )
    root: Path = make_repo({"tools/mode.py": HEAD + tool})
    argument = _mode(run_cli, root)
    assert (argument["enum"], argument["values_unknown"]) == (["fast", "careful"], False)
    helper = dedent(
        """\
        def read_mode(args):
            mode = args.get("mode", "fast")
            if mode not in ("fast", "careful"):
                raise ValueError(mode)
            return mode
        """
    )
    helped = HELPED.replace("read_mode(self.args).value", "read_mode(self.args)")
    root = make_repo({"helpers/modes.py": helper, "tools/mode.py": helped})
    argument = _mode(run_cli, root)
    assert (argument["enum"], argument["values_unknown"]) == (["fast", "careful"], False)
