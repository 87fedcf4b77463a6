"""``check --diff`` applies with ``git apply`` and with ``patch -p1`` to give
exactly the bytes ``check --fix`` writes, whatever the file's line ends,
byte-order mark or name."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from doxtool.cli import cli
from doxtool.rules.examples import WAIT_DOX, WAIT_PY
from doxtool.rules.unidiff import _patch_name

PROMPT = "### wait\nPause.\nargs: optional `seconds`\n"
#: the companion with its ``seconds`` item dropped: DOX111 writes it again
SHORT_DOX = "".join(line for line in WAIT_DOX.splitlines(True) if "`seconds`:" not in line)
_DIFF_LINE = ("--- ", "+++ ", "@@ ", " ", "-", "+", "\\")


def _tree(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and ".doxtool_cache" not in p.parts
    }


def _run(root: Path, *args: str) -> bytes:
    result = CliRunner().invoke(cli, ["check", "--root", str(root), "--no-cache", *args])
    return result.stdout_bytes


def _applies_as_the_fix(tmp_path: Path, files: dict[str, bytes]) -> bytes:
    base = tmp_path / "base"
    for name, data in files.items():
        (base / name).parent.mkdir(parents=True, exist_ok=True)
        (base / name).write_bytes(data)
    copies = {name: tmp_path / name for name in ("fixed", "git", "patch")}
    for copy in copies.values():
        shutil.copytree(base, copy)
    output = _run(base, "--diff")
    # lines end at ``\n`` only: a ``\r`` is part of its line
    lines = [line + b"\n" for line in output.split(b"\n")[:-1]]
    diff = b"".join(line for line in lines if line.startswith(b_(_DIFF_LINE)))
    assert diff
    _run(copies["fixed"], "--fix")
    fixed = _tree(copies["fixed"])
    assert fixed != _tree(base)
    (tmp_path / "fix.diff").write_bytes(diff)
    subprocess.run(["git", "apply", str(tmp_path / "fix.diff")], cwd=copies["git"], check=True)
    subprocess.run(
        ["patch", "-s", "-p1", "-i", str(tmp_path / "fix.diff")], cwd=copies["patch"], check=True
    )
    assert _tree(copies["git"]) == fixed
    assert _tree(copies["patch"]) == fixed
    return diff


def b_(prefixes: tuple[str, ...]) -> tuple[bytes, ...]:
    return tuple(prefix.encode() for prefix in prefixes)


def _files(dox: bytes, module: str = "tools/wait.py") -> dict[str, bytes]:
    return {
        "pyproject.toml": b'[project]\nname = "x"\n',
        "helpers/__init__.py": b"",
        module: WAIT_PY.encode(),
        f"{module}.dox.md": dox,
        "prompts/agent.system.tool.wait.md": PROMPT.encode(),
    }


@pytest.mark.skipif(not shutil.which("git") or not shutil.which("patch"), reason="no git/patch")
@pytest.mark.parametrize("newline", ["\r", "\r\n", "\n"], ids=["cr-only", "crlf", "lf"])
def test_a_diff_applies_whatever_the_line_ends(tmp_path: Path, newline: str) -> None:
    _applies_as_the_fix(tmp_path, _files(SHORT_DOX.replace("\n", newline).encode()))


@pytest.mark.skipif(not shutil.which("git") or not shutil.which("patch"), reason="no git/patch")
def test_a_diff_applies_to_a_companion_with_a_byte_order_mark(tmp_path: Path) -> None:
    # the title is the first line: its ``-`` line holds the mark the file has
    dox = "\ufeff" + WAIT_DOX.replace("# wait.py DOX", "# sleep.py DOX")
    diff = _applies_as_the_fix(tmp_path, _files(dox.encode()))
    assert "-\ufeff# sleep.py DOX\n+\ufeff# wait.py DOX\n".encode() in diff


@pytest.mark.skipif(not shutil.which("git") or not shutil.which("patch"), reason="no git/patch")
def test_a_diff_applies_to_a_file_whose_name_holds_a_space(tmp_path: Path) -> None:
    files = _files(SHORT_DOX.encode(), "tools/my wait.py")
    diff = _applies_as_the_fix(tmp_path, files)
    assert b"+++ b/tools/my wait.py.dox.md\t\n" in diff


def test_file_names_are_written_as_git_writes_them() -> None:
    assert _patch_name("b/tools/wait.py.dox.md") == "b/tools/wait.py.dox.md"
    assert _patch_name("b/tools/my wait.py.dox.md") == "b/tools/my wait.py.dox.md\t"
    assert _patch_name('b/tools/a"b\\c\td.md') == '"b/tools/a\\"b\\\\c\\td.md"'
