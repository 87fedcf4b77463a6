"""A name the module unbinds at its top after importing it (``del
ZuluTool``, ``ZuluTool = None``) is no member of the module once it has run:
of a shim re-exporting two tool classes, the framework's loader runs the
other one."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from samples import write_files

from doxtool.cli import cli
from doxtool.rules.examples import FRAMEWORK

_IMPL = (
    "from helpers.tool import Response, Tool\n\n\n"
    "class {name}(Tool):\n"
    "    async def execute(self, **kwargs):\n"
    "        return Response(message=self.args.get('{arg}', ''), break_loop=False)\n"
)
_IMPORTS = "from .zulu_impl import ZuluTool\nfrom .alpha_impl import AlphaTool\n"


def _run_class(tmp_path: Path, shim: str, monkeypatch: pytest.MonkeyPatch) -> str:
    write_files(
        tmp_path,
        {
            **FRAMEWORK,
            "tools/zulu_impl.py": _IMPL.format(name="ZuluTool", arg="zone"),
            "tools/alpha_impl.py": _IMPL.format(name="AlphaTool", arg="topic"),
            "tools/x.py": shim,
        },
    )
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["inspect", "tools/x.py"])
    assert result.exit_code == 0, result.output
    (line,) = [line for line in result.output.splitlines() if line.startswith("  tool x:")]
    return line.split()[3].partition("(")[0]


@pytest.mark.parametrize(
    "shim",
    [
        _IMPORTS + "\ndel ZuluTool\n",
        "from .zulu_impl import ZuluTool; from .alpha_impl import AlphaTool; del ZuluTool\n",
        _IMPORTS + "\ndel (ZuluTool,)\n",
        _IMPORTS + "\nZuluTool = None\n",
    ],
)
def test_a_name_unbound_at_the_top_is_no_member(
    tmp_path: Path, shim: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _run_class(tmp_path, shim, monkeypatch) == "AlphaTool"


@pytest.mark.parametrize(
    "shim",
    [
        _IMPORTS,
        _IMPORTS + "\ndel ZuluTool\nfrom .zulu_impl import ZuluTool\n",  # bound again
        _IMPORTS + "\nif False:\n    del ZuluTool\n",  # a block that may not run
        _IMPORTS + "\n\ndef f():\n    global ZuluTool\n    del ZuluTool\n",  # not run
    ],
)
def test_a_name_bound_again_or_unbound_in_a_block_is_the_import(
    tmp_path: Path, shim: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _run_class(tmp_path, shim, monkeypatch) == "ZuluTool"
