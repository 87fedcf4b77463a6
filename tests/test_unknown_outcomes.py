"""An imported base under an alias (DOX105)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from samples import write_files

from doxtool.cli import cli
from doxtool.rules.examples import FRAMEWORK

HEAD = "from helpers.tool import Response, Tool\n"


def check(root: Path, *args: str) -> str:
    """What ``doxtool check`` prints (it must have run to the end)."""
    result = CliRunner().invoke(cli, ["check", "--root", str(root), "--no-cache", *args])
    assert result.exit_code in (0, 1), result.output
    assert "Found" in result.stdout or "All checks passed" in result.stdout, result.stdout
    return result.stdout


def generated(root: Path, files: dict[str, str], tool: str) -> Path:
    """The repository with the companion ``--fix`` writes for ``tools/<tool>.py``."""
    write_files(root, {**FRAMEWORK, "helpers/__init__.py": "", **files})
    check(root, "--fix")
    return root / f"tools/{tool}.py.dox.md"


# -- DOX105: a base imported under an alias --------------------------------------

_MEMORY_BASE = (
    HEAD + "\n\nclass MemorySave(Tool):\n"
    "    async def execute(self, **kwargs) -> Response:\n"
    '        return Response(message="saved", break_loop=False)\n'
)
_MEMORY_SAVE = (
    "from helpers.memory_base import MemorySave as _Base\n"
    "from helpers.tool import Response\n\n\n"
    "class MemorySave(_Base):\n"
    "    async def execute(self, **kwargs) -> Response:\n"
    "        return await super().execute(**kwargs)\n"
)


@pytest.mark.parametrize(
    "spelling", ["helpers.memory_base.MemorySave", "memory_base.MemorySave", "MemorySave"]
)
def test_an_aliased_base_is_accepted_by_its_real_name(tmp_path: Path, spelling: str) -> None:
    files = {"helpers/memory_base.py": _MEMORY_BASE, "tools/memory_save.py": _MEMORY_SAVE}
    companion = generated(tmp_path, files, "memory_save")
    text = companion.read_text(encoding="utf-8")
    # the generator writes the base as the module spells it
    assert "- `MemorySave` (`_Base`)\n" in text, text
    assert "All checks passed" in check(tmp_path, "--select", "DOX105")
    companion.write_text(
        text.replace("- `MemorySave` (`_Base`)", f"- `MemorySave` (`{spelling}`)"),
        encoding="utf-8",
    )
    assert "All checks passed" in check(tmp_path, "--select", "DOX105")
    companion.write_text(
        text.replace("- `MemorySave` (`_Base`)", "- `MemorySave` (`Tool`)"), encoding="utf-8"
    )
    assert "DOX105 class `MemorySave` derives from `_Base` in the code, not `Tool`" in check(
        tmp_path, "--select", "DOX105"
    )
