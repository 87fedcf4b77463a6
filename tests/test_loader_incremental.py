"""An incremental check after an edit of the framework's tool loader gives the
findings of a full run: which class a tool module runs turns on the loader's
code (DOX010, :mod:`doxtool.run.loaders`)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from samples import write_files
from test_imported_run_class import BASE, OLD_AGENT, WEB

from doxtool.cli import cli
from doxtool.rules.examples import FRAMEWORK, LOADER_LAST_PY


def _age(root: Path) -> None:
    """Every file a minute old: none is racy for the next snapshot."""
    for directory, _, names in os.walk(root):
        for name in names:
            path = os.path.join(directory, name)
            stat = os.lstat(path)
            os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns - 60 * 10**9))


def _dox010(root: Path, monkeypatch: pytest.MonkeyPatch, *extra: str) -> tuple[list[str], str]:
    """The DOX010 findings' paths, and how many modules the check re-checked."""
    monkeypatch.chdir(root)
    result = CliRunner().invoke(cli, ["check", "-v", "--format", "json", *extra])
    assert result.exit_code in (0, 1), result.output
    found = [f["path"] for f in json.loads(result.stdout) if f["code"] == "DOX010"]
    counted = re.search(r"(\d+ modules? re-checked)", result.stderr)
    return found, counted.group(1) if counted else "full"


def _repo(root: Path, loaders: dict[str, str]) -> None:
    write_files(
        root,
        {
            **FRAMEWORK,
            **loaders,
            "helpers/search_base.py": BASE,
            "tools/ddg.py": WEB,
            # another tool module reaching the loader's module through its imports
            "tools/listing.py": "from helpers import modules\nfrom helpers.tool import Response, Tool\n\n\n"
            "class Listing(Tool):\n"
            "    async def execute(self, **kwargs) -> Response:\n"
            "        return Response(message=str(modules), break_loop=False)\n",
        },
    )
    _age(root)


def test_an_edit_of_the_loader_rechecks_every_tool_module(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _repo(tmp_path, {"helpers/modules.py": LOADER_LAST_PY})
    assert _dox010(tmp_path, monkeypatch)[0] == []
    # the loader now walks the names forwards: `SearchBase` sorts before `WebSearch`
    write_files(
        tmp_path,
        {"helpers/modules.py": LOADER_LAST_PY.replace("reversed(class_list)", "class_list")},
    )
    assert _dox010(tmp_path, monkeypatch)[0] == ["tools/ddg.py"]
    assert _dox010(tmp_path, monkeypatch, "--no-cache")[0] == ["tools/ddg.py"]


def test_a_loader_written_into_a_module_no_check_read_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    agent = "class Agent:\n    pass\n"
    _repo(tmp_path, {"helpers/modules.py": "VERSION = 1\n", "agent.py": agent})
    assert _dox010(tmp_path, monkeypatch)[0] == []
    write_files(tmp_path, {"agent.py": OLD_AGENT})
    assert _dox010(tmp_path, monkeypatch)[0] == ["tools/ddg.py"]
