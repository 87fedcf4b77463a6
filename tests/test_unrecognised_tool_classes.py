"""A class doxtool does not know as a tool is not a class gone.

A tool module whose class derives from the configured base through a name a
helper re-exports, or a module-level alias, is a tool like any other. When no
class of a module is known as a tool (a `tool-bases` that does not fit the
repository), the lines a companion writes for a class the module still
defines are neither called stale nor removed: `DOX004` tells what is wrong.
Nor are those of a class defined under a module-level `try` or `if`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from click.testing import Result
from samples import TRY_WAIT_PY, clean_files

from doxtool.rules.examples import WAIT_DOX, WAIT_PY

COMPAT_PY = '''\
"""Names tools import."""

from helpers import tool
from helpers.tool import Response, Tool

BaseTool = tool.Tool

__all__ = ["BaseTool", "Response", "Tool"]
'''

#: the wait tool importing its base from a helper that re-exports it
COMPAT_WAIT_PY = WAIT_PY.replace("from helpers.tool import", "from helpers.compat import")
COMPAT_WAIT_DOX = WAIT_DOX.replace("include: `helpers.tool`.", "include: `helpers.compat`.")

#: the wait tool deriving from a module-level alias of the base
ALIAS_WAIT_PY = WAIT_PY.replace(
    "from helpers.tool import Response, Tool\n",
    "from helpers import tool\nfrom helpers.tool import Response\n\nBase = tool.Tool\n",
).replace("class WaitTool(Tool):", "class WaitTool(Base):")
ALIAS_WAIT_DOX = (
    WAIT_DOX.replace("(`Tool`)", "(`Base`)")
    .replace("is a `Tool`", "is a `Base`")
    .replace("include: `helpers.tool`.", "include: `helpers`, `helpers.tool`.")
)

Make = Callable[[dict[str, str]], Path]


def test_a_tool_deriving_from_a_re_exported_base_is_a_tool(
    make_repo: Make, run_cli: Callable[..., Result]
) -> None:
    repo = make_repo(
        {
            **clean_files(),
            "helpers/compat.py": COMPAT_PY,
            "tools/wait.py": COMPAT_WAIT_PY,
            "tools/wait.py.dox.md": COMPAT_WAIT_DOX,
        }
    )

    result = run_cli(repo, "check", "--no-cache")
    assert result.exit_code == 0, result.output
    assert result.output == "All checks passed.\n"


def test_a_tool_deriving_from_a_module_level_alias_of_the_base_is_a_tool(
    make_repo: Make, run_cli: Callable[..., Result]
) -> None:
    repo = make_repo(
        {**clean_files(), "tools/wait.py": ALIAS_WAIT_PY, "tools/wait.py.dox.md": ALIAS_WAIT_DOX}
    )

    result = run_cli(repo, "check", "--no-cache")
    assert result.exit_code == 0, result.output
    assert result.output == "All checks passed.\n"


def test_lines_of_a_class_the_module_still_defines_are_kept_when_no_tool_is_known(
    make_repo: Make, run_cli: Callable[..., Result]
) -> None:
    config = '[tool.doxtool]\ntool-bases = ["python.helpers.tool.Tool"]\n'
    repo = make_repo({**clean_files(), "pyproject.toml": config})
    companion = repo / "tools" / "wait.py.dox.md"

    result = run_cli(repo, "check", "--no-cache")
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "tools/wait.py:1:1: DOX004 tool module has no class deriving from "
        "`python.helpers.tool.Tool`",
        "Found 1 finding.",
    ]
    run_cli(repo, "check", "--no-cache", "--fix")
    assert companion.read_text(encoding="utf-8") == WAIT_DOX
    run_cli(repo, "check", "--no-cache", "--fix", "--unsafe-fixes")
    assert companion.read_text(encoding="utf-8") == WAIT_DOX


def test_lines_of_a_class_gone_are_still_stale_when_no_tool_is_known(
    make_repo: Make, run_cli: Callable[..., Result]
) -> None:
    config = '[tool.doxtool]\ntool-bases = ["python.helpers.tool.Tool"]\n'
    dox = WAIT_DOX.replace(
        "- `break_loop` of `WaitTool`: always `false`.\n",
        "- `break_loop` of `WaitTool`: always `false`.\n"
        "- `break_loop` of `SleepTool`: always `true`.\n",
    )
    repo = make_repo({**clean_files(), "pyproject.toml": config, "tools/wait.py.dox.md": dox})

    result = run_cli(repo, "check", "--no-cache", "--select", "DOX120")
    assert result.output.splitlines() == [
        "tools/wait.py.dox.md:17:1: DOX120 fact line `break-loop` documents `SleepTool`, "
        "which the module no longer has [*]",
        "Found 1 finding (1 fixable with `doxtool check --fix`).",
    ]


VENDOR_BASE_PY = '''\
"""A base of the repository's over an installed package's class."""

from vendor_sdk.tools import VendorTool


class Base(VendorTool):
    pass
'''


def test_a_module_whose_tool_may_come_from_code_not_read_is_not_called_toolless(
    make_repo: Make, run_cli: Callable[..., Result]
) -> None:
    repo = make_repo(
        {
            **clean_files(),
            "helpers/vendor_base.py": VENDOR_BASE_PY,
            "helpers/reexport.py": "from vendor_sdk.tools import Lookup\n",
            # through a base of the repository, a re-export, or directly
            "tools/through_base.py": "from helpers.vendor_base import Base\n\n\n"
            "class Fetch(Base):\n    pass\n",
            "tools/through_reexport.py": "from helpers.reexport import Lookup\n",
            "tools/plugin_shim.py": "from plugins.stomper.tools.scan import Scan  # noqa: F401\n",
            "tools/starred.py": "from vendor_sdk.tools import *\n",
            # what doxtool reads all of: the repository and the standard library
            "tools/options.py": "import abc\nfrom dataclasses import dataclass\n\n\n"
            "@dataclass\nclass Options(abc.ABC):\n    page: int = 1\n",
            "tools/notes.py": "from helpers.vendor_base import VENDOR\n\nNOTES = 1\n",
            "tools/shim.py": "from tools.options import Options  # noqa: F401\n",
        }
    )
    result = run_cli(repo, "check", "--no-cache", "--select", "DOX004")
    assert result.exit_code == 1, result.output
    assert [line.split(":")[0] for line in result.output.splitlines() if "DOX004" in line] == [
        "tools/notes.py",
        "tools/options.py",
        "tools/shim.py",
    ]
    # once the package is part of the repository, what it holds is known
    (repo / "vendor_sdk").mkdir()
    (repo / "vendor_sdk" / "__init__.py").write_text("")
    (repo / "vendor_sdk" / "tools.py").write_text(
        "class VendorTool:\n    pass\n\n\nclass Lookup:\n    pass\n"
    )
    result = run_cli(repo, "check", "--no-cache", "--select", "DOX004")
    flagged = [line.split(":")[0] for line in result.output.splitlines() if "DOX004" in line]
    assert flagged == [
        "tools/notes.py",
        "tools/options.py",
        "tools/shim.py",
        "tools/starred.py",
        "tools/through_base.py",
        "tools/through_reexport.py",
    ], result.output


def test_a_module_that_makes_a_class_at_run_time_is_not_called_toolless(
    make_repo: Make, run_cli: Callable[..., Result]
) -> None:
    """``type("T", (Tool,), {...})`` makes a class from bases doxtool does not read."""
    repo = make_repo(
        {
            **clean_files(),
            "tools/made.py": "from helpers.tool import Response, Tool\n\n\n"
            "async def _execute(self, **kwargs):\n"
            '    return Response(message="done", break_loop=False)\n\n\n'
            'Made = type("Made", (Tool,), {"execute": _execute})\n',
            "tools/derived.py": "from helpers.tool import Tool\n\n"
            'Base = type("Base", (Tool,), {})\n\n\n'
            "class Derived(Base):\n    pass\n",
            "tools/new.py": "import types\n\nfrom helpers.tool import Tool\n\n"
            'New = types.new_class("New", (Tool,))\n',
        }
    )
    result = run_cli(repo, "check", "--no-cache", "--select", "DOX004")
    flagged = [line.split(":")[0] for line in result.output.splitlines() if "DOX004" in line]
    assert flagged == [], result.output


def test_lines_of_a_class_defined_under_a_module_level_try_are_not_called_gone(
    make_repo: Make, run_cli: Callable[..., Result]
) -> None:
    repo = make_repo({**clean_files(), "tools/wait.py": TRY_WAIT_PY})
    companion = repo / "tools" / "wait.py.dox.md"

    result = run_cli(repo, "check", "--no-cache", "--select", "DOX111,DOX120")
    assert result.exit_code == 0, result.output
    assert result.output == "All checks passed.\n"
    run_cli(repo, "check", "--no-cache", "--fix", "--unsafe-fixes")
    assert companion.read_text(encoding="utf-8") == WAIT_DOX
