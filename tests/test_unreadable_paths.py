"""Directories that cannot be listed, and links given as PATHS or leading in a loop.

A directory that cannot be listed is not absent: what it holds is unknown,
so the run stops with one line naming it (exit 2) and nothing claims a file
under it gone or deletes a line for it. A link given as a PATH inside the
root is checked as the whole run checks it, whatever its target.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from doxtool.rules.examples import WAIT_DOX, WAIT_PY

REPO_ROOT = Path(__file__).resolve().parents[1]
#: root reads any directory; the run drops the capabilities that let it
_DROP = "-dac_override,-dac_read_search,-fowner"
_AS_USER = (
    ["setpriv", f"--bounding-set={_DROP}", f"--inh-caps={_DROP}"] if os.geteuid() == 0 else []
)

needs_permissions = pytest.mark.skipif(
    os.geteuid() == 0 and shutil.which("setpriv") is None,
    reason="root without setpriv reads every directory",
)


def _check(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return _doxtool(root, "check", "--no-cache", *args)


def _doxtool(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    return subprocess.run(
        [*_AS_USER, sys.executable, "-m", "doxtool", *args],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )


@contextmanager
def _unreadable(path: Path, mode: int = 0) -> Iterator[None]:
    path.chmod(mode)
    try:
        yield
    finally:
        path.chmod(0o755)


def _refused(rel: str) -> str:
    return (
        f"doxtool: error: {rel}: cannot read directory: Permission denied; what it holds is "
        "unknown, so nothing is checked (fix its permissions, or exclude it with `exclude`)\n"
    )


WAIT: dict[str, str | bytes] = {
    "tools/wait.py": WAIT_PY,
    "tools/wait.py.dox.md": WAIT_DOX,
    "prompts/agent.system.tool.wait.md": "### wait\nPause.\nargs: optional `seconds`\n",
}
ROOT_AGENTS = """\
# Project

## Child DOX Index

| Path | Scope |
|---|---|
| [docs/AGENTS.md](docs/AGENTS.md) | User documentation; Dana keeps it. |
"""
DOCS_AGENTS = "# Docs\n\n## Purpose\n\n- User documentation.\n"


@needs_permissions
def test_an_unreadable_directory_is_no_gone_agents_file(make_repo, tmp_path: Path) -> None:
    root = make_repo({"AGENTS.md": ROOT_AGENTS, "docs/AGENTS.md": DOCS_AGENTS})
    before = (root / "AGENTS.md").read_bytes()
    with _unreadable(root / "docs"):
        for args in ((), ("--fix",), ("--diff",)):
            result = _check(root, *args)
            assert (result.returncode, result.stdout, result.stderr) == (2, "", _refused("docs"))
    assert (root / "AGENTS.md").read_bytes() == before


@needs_permissions
def test_an_unreadable_test_directory_keeps_related_tests(make_repo) -> None:
    dox = WAIT_DOX.replace(
        "## Verification\n",
        "## Verification\n\n- Related tests:\n  - `tests/deep/test_wait.py`\n",
        1,
    )
    root = make_repo(
        {
            "tools/wait.py": WAIT_PY,
            "tools/wait.py.dox.md": dox,
            "tests/deep/test_wait.py": "from tools.wait import WaitTool\n",
        }
    )
    before = (root / "tools/wait.py.dox.md").read_bytes()
    with _unreadable(root / "tests/deep"):
        for args in (("--fix",), ("--fix", "tools/wait.py")):
            result = _check(root, *args)
            assert (result.returncode, result.stdout, result.stderr) == (
                2,
                "",
                _refused("tests/deep"),
            )
    assert (root / "tools/wait.py.dox.md").read_bytes() == before


@needs_permissions
@pytest.mark.parametrize(("directory", "mode"), [("prompts", 0), ("tools", 0o311)])
def test_an_unreadable_prompt_or_tool_directory_stops_the_run(
    make_repo, directory: str, mode: int
) -> None:
    root = make_repo(
        {
            "tools/wait.py": WAIT_PY,
            "tools/wait.py.dox.md": WAIT_DOX,
            "prompts/agent.system.tool.wait.md": "### wait\nPause.\n",
        }
    )
    with _unreadable(root / directory, mode):
        result = _check(root)
    assert (result.returncode, result.stdout, result.stderr) == (2, "", _refused(directory))


@needs_permissions
def test_a_cache_directory_that_cannot_be_searched_is_no_cache(make_repo) -> None:
    """A cache another user made (restored in CI, written by a container) that
    this one may not enter never makes a run fail: the run checks without it;
    `cache clear`, which cannot remove it, says so."""
    root = make_repo({**WAIT})
    first = _doxtool(root, "check")
    assert (first.returncode, first.stdout) == (0, "All checks passed.\n")
    cache = root / ".doxtool_cache"
    assert (cache / "facts.sqlite3").is_file()
    with _unreadable(cache):
        for args in ((), ("tools/wait.py",), ("--jobs", "1")):
            result = _doxtool(root, "check", *args)
            assert (result.returncode, result.stdout, result.stderr) == (
                0,
                "All checks passed.\n",
                "",
            )
        cleared = _doxtool(root, "cache", "clear")
    assert cleared.returncode == 2
    assert cleared.stderr.startswith(
        f"doxtool: error: cache not cleared: cannot remove {cache / 'facts.sqlite3'}: "
        "Permission denied"
    )
    assert (cache / "facts.sqlite3").is_file()


def test_a_link_given_as_a_path_is_checked_as_the_whole_run_checks_it(
    make_repo, tmp_path_factory: pytest.TempPathFactory
) -> None:
    outside = tmp_path_factory.mktemp("outside")
    (outside / "ext.py").write_text(WAIT_PY)
    root = make_repo({**WAIT})
    (root / "tools/ext.py").symlink_to(outside / "ext.py")
    expected = (
        "tools/ext.py:1:1: DOX001 module has no companion `tools/ext.py.dox.md`\n"
        "tools/ext.py:1:1: DOX003 link points outside the repository; not read\n"
        "Found 2 findings.\n"
    )
    whole = _check(root)
    given = _check(root, "tools/ext.py", "tools/wait.py")
    assert (whole.returncode, whole.stdout) == (1, expected)
    assert (given.returncode, given.stdout, given.stderr) == (1, expected, "")


def test_a_link_loop_is_called_a_loop(make_repo) -> None:
    root = make_repo({**WAIT})
    (root / "tools/a.py").symlink_to("b.py")
    (root / "tools/b.py").symlink_to("a.py")
    (root / "tools/wait.py.dox.md").unlink()
    (root / "tools/wait.py.dox.md").symlink_to("wait.py.dox.md")
    # a loop is no module: DOX003 says what it is, and no companion is missing
    expected = (
        "tools/a.py:1:1: DOX003 link loop; not read\n"
        "tools/b.py:1:1: DOX003 link loop; not read\n"
        "tools/wait.py.dox.md:1:1: DOX009 companion cannot be read: link loop; not read\n"
        "Found 3 findings.\n"
    )
    whole = _check(root)
    given = _check(root, "tools/a.py", "tools/b.py", "tools/wait.py")
    assert (whole.returncode, whole.stdout) == (1, expected)
    assert (given.returncode, given.stdout) == (1, expected)
