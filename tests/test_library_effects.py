"""Standard-library calls that start a program, write, change or read a
file: a tool that calls only them has those side effects, not none; an
archive opened by a mode that is not read leaves them not known."""

from __future__ import annotations

import pytest
from bothwalks import tool_module

READ, WRITE, SUBPROCESS, NETWORK = (
    "filesystem read",
    "filesystem write",
    "subprocess",
    "network",
)


def _tool(imports: str, line: str) -> str:
    return (
        f"{imports}\nfrom helpers.tool import Response, Tool\n\n\n"
        "class T(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        f"        {line}\n"
        "        return Response(message='done', break_loop=False)\n"
    )


@pytest.mark.parametrize(
    ("imports", "line", "areas"),
    [
        ("import webbrowser", "webbrowser.open(self.args['url'])", [NETWORK, SUBPROCESS]),
        ("import webbrowser", "webbrowser.open_new(self.args['url'])", [NETWORK, SUBPROCESS]),
        ("import webbrowser", "webbrowser.open_new_tab(self.args['url'])", [NETWORK, SUBPROCESS]),
        ("import os", "os.startfile(self.args['path'])", [SUBPROCESS]),
        ("import os", "os.truncate(self.args['path'], 0)", [WRITE]),
        ("import os", "os.link(self.args['path'], 'b')", [WRITE]),
        ("import os", "os.mkfifo(self.args['path'])", [WRITE]),
        ("import os", "os.chown(self.args['path'], 1, 1)", [WRITE]),
        ("import os", "os.utime(self.args['path'])", [WRITE]),
        ("import os", "os.renames(self.args['path'], 'b/c')", [WRITE]),
        ("import shutil", "shutil.make_archive(self.args['path'], 'zip', 'src')", [READ, WRITE]),
        ("import shutil", "shutil.unpack_archive(self.args['path'], 'out')", [READ, WRITE]),
        ("import shutil", "shutil.copymode(self.args['path'], 'b')", [READ, WRITE]),
        ("import tempfile", "tempfile.TemporaryFile().close()", [WRITE]),
        ("import os", "os.path.getctime(self.args['path'])", [READ]),
        ("import os", "os.access(self.args['path'], os.R_OK)", [READ]),
        ("import zipfile", "zipfile.ZipFile(self.args['path'], 'w').close()", [WRITE]),
        ("import zipfile", "zipfile.ZipFile(self.args['path']).close()", [READ]),
    ],
)
def test_a_standard_library_call_has_its_side_effects(
    run_cli, make_repo, imports: str, line: str, areas: list[str]
) -> None:
    root = make_repo({"tools/t.py": _tool(imports, line)})
    tool = tool_module(run_cli, root)
    assert tool["side_effects"] == areas
    assert "side-effects" not in tool["unknown"]


@pytest.mark.parametrize(
    ("imports", "line", "unknown"),
    [
        # a mode not read: a read or a write, as ``open(path, mode)``
        ("import zipfile", "zipfile.ZipFile(self.args['path'], self.args['mode']).close()", True),
        # an archive in memory touches no file, whatever its mode
        ("import io\nimport zipfile", "zipfile.ZipFile(io.BytesIO(), self.args['mode'])", False),
    ],
)
def test_an_archive_of_a_mode_not_read_leaves_the_side_effects_not_known(
    run_cli, make_repo, imports: str, line: str, unknown: bool
) -> None:
    root = make_repo({"tools/t.py": _tool(imports, line)})
    result = run_cli(root, "inspect", "tools/t.py")
    assert result.exit_code == 0, result.output
    expected = "side effects: not known" if unknown else "side effects: none"
    assert expected in result.output
