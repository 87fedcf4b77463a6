"""``scaffold`` and ``init`` take a file a sparse checkout leaves out of the
work tree (git's index holds it, marked skip-worktree) for one that exists:
neither writes in its place."""

from __future__ import annotations

from pathlib import Path

import pytest
from hooked import git
from samples import write_files
from test_sparse_checkout import _doxtool

from doxtool.rules.examples import FRAMEWORK, WAIT_PY


def _clone_leaving_out(tmp_path: Path, files: dict[str, str], left: str) -> Path:
    origin = tmp_path / "origin"
    origin.mkdir()
    git(origin, "init", "-q")
    write_files(origin, {**FRAMEWORK, **files})
    git(origin, "add", "-A")
    git(origin, "commit", "-q", "-m", "tools")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(origin), str(clone))
    git(clone, "sparse-checkout", "set", "--no-cone", "/*", f"!/{left}")
    assert not (clone / left).exists()
    return clone


@pytest.mark.parametrize(
    "left", ["tools/wait.py", "tools/wait.py.dox.md", "prompts/agent.system.tool.wait.md"]
)
def test_scaffold_refuses_a_file_out_of_a_sparse_checkout(tmp_path: Path, left: str) -> None:
    text = WAIT_PY if left == "tools/wait.py" else "# mine\n"
    root = _clone_leaving_out(tmp_path, {left: text}, left)
    done = _doxtool(root, "scaffold", "wait")
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr == (
        f"doxtool: error: refusing to overwrite existing files: {left} (use --force)\n"
    )
    assert not (root / left).exists()
    assert git(root, "ls-files", "-t", "--", left).startswith("S ")


def test_init_refuses_a_configuration_out_of_a_sparse_checkout(tmp_path: Path) -> None:
    files = {"tools/wait.py": WAIT_PY, "doxtool.toml": 'tool-dirs = ["tools"]\n'}
    root = _clone_leaving_out(tmp_path, files, "doxtool.toml")
    (root / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    done = _doxtool(root, "init")
    assert done.returncode == 2, done.stdout + done.stderr
    assert "doxtool.toml: exists, left out of the work tree by a sparse checkout" in done.stderr
    assert len(done.stderr.splitlines()) == 1
    assert (root / "pyproject.toml").read_text(encoding="utf-8") == '[project]\nname = "x"\n'


def test_baseline_write_keeps_a_baseline_out_of_a_sparse_checkout(tmp_path: Path) -> None:
    """The notes a person keeps in it are not here to keep."""
    noted = (
        '{"doxtool-baseline": 1, "findings": [{"code": "DOX004", "path": "tools/wait.py", '
        '"subject": "tools/wait.py:no-tool", "note": "a stub for now"}]}\n'
    )
    files = {"tools/wait.py": "X = 1\n", ".doxtool-baseline.json": noted}
    root = _clone_leaving_out(tmp_path, files, ".doxtool-baseline.json")
    done = _doxtool(root, "baseline", "write")
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr.startswith("doxtool: error: ") and len(done.stderr.splitlines()) == 1
    assert "left out of the work tree by a sparse checkout" in done.stderr
    assert not (root / ".doxtool-baseline.json").exists()
    assert git(root, "ls-files", "-t", "--", ".doxtool-baseline.json").startswith("S ")
