"""A sparse checkout leaves files the repository holds out of the work tree:
a companion whose module is one of them is not stale, and is not the
companion of another module either; a prompt teaching its tool teaches a
tool that exists."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from hooked import REPO_ROOT, git
from samples import UNTIL_PY, clean_files, tool_named, write_files
from test_agents import agents, table

from doxtool.rules.examples import FRAMEWORK, WAIT_DOX, WAIT_PY


def _doxtool(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "doxtool", *args],
        cwd=root,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO_ROOT)},
        capture_output=True,
        text=True,
        check=False,
    )


def _sparse_clone(tmp_path: Path) -> Path:
    """The clean sample with ``tools/waiting.py`` (a copy of ``wait.py``,
    with no companion), cloned with ``tools/wait.py`` left out."""
    origin = tmp_path / "origin"
    origin.mkdir()
    git(origin, "init", "-q")
    write_files(origin, {**FRAMEWORK, **clean_files(), "tools/waiting.py": WAIT_PY})
    git(origin, "add", "-A")
    git(origin, "commit", "-q", "-m", "tools")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(origin), str(clone))
    git(clone, "sparse-checkout", "set", "--no-cone", "/*", "!/tools/wait.py")
    assert not (clone / "tools/wait.py").exists()
    assert (clone / "tools/wait.py.dox.md").exists()
    return clone


def test_a_companion_of_a_module_out_of_a_sparse_checkout_is_not_stale(
    tmp_path: Path,
) -> None:
    root = _sparse_clone(tmp_path)
    for args in ((), ("--only-paths", "tools/wait.py.dox.md")):
        done = _doxtool(root, "check", "--no-cache", "--select", "DOX001,DOX002,PRM002", *args)
        assert "DOX002" not in done.stdout, done.stdout
        assert "PRM002" not in done.stdout, done.stdout  # the prompt's tool exists
        assert "probably belongs" not in done.stdout, done.stdout
        assert "Traceback" not in done.stderr, done.stderr
    # the module beside it gets a companion of its own; the other is kept
    before = (root / "tools/wait.py.dox.md").read_bytes()
    fixed = _doxtool(root, "check", "--no-cache", "--select", "DOX001,DOX002", "--fix")
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    assert (root / "tools/waiting.py.dox.md").exists()
    assert (root / "tools/wait.py.dox.md").read_bytes() == before


def test_a_companion_of_a_module_deleted_in_a_sparse_checkout_is_stale(
    tmp_path: Path,
) -> None:
    root = _sparse_clone(tmp_path)
    (root / "tools/waiting.py").unlink()
    git(root, "rm", "-q", "--cached", "--sparse", "tools/wait.py")
    done = _doxtool(root, "check", "--no-cache", "--select", "DOX002,PRM002")
    assert "tools/wait.py.dox.md:1:1: DOX002 companion of `tools/wait.py`" in done.stdout
    assert "PRM002 prompt heading names tool `wait`, which does not exist" in done.stdout


def test_a_related_test_out_of_a_sparse_checkout_is_kept(tmp_path: Path) -> None:
    """A companion's related test the work tree leaves out exists: no
    finding says it does not, and neither `--fix` nor `--diff` drops it."""
    origin = tmp_path / "origin"
    origin.mkdir()
    git(origin, "init", "-q")
    tested = WAIT_DOX.replace(
        "- Run the tool with `seconds` 0.\n",
        "- Run the tool with `seconds` 0.\n"
        "- Related tests observed by source search:\n"
        "  - `tests/test_wait.py`\n",
    )
    files = {**FRAMEWORK, **clean_files(), "tools/wait.py.dox.md": tested}
    write_files(origin, {**files, "tests/test_wait.py": "def test_wait():\n    pass\n"})
    git(origin, "add", "-A")
    git(origin, "commit", "-q", "-m", "tools")
    root = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(origin), str(root))
    assert _doxtool(root, "check", "--no-cache").returncode == 0
    git(root, "sparse-checkout", "set", "--no-cone", "/*", "!/tests/")
    assert not (root / "tests").exists()
    (root / "tools/wait.py").write_text(UNTIL_PY, encoding="utf-8")  # a fix to make
    done = _doxtool(root, "check", "--no-cache")
    assert [line.split(" ")[1] for line in done.stdout.splitlines()[:-1]] == ["DOX111"]
    # the preview's rounds run on a copy of the tree, which git knows through the repository
    diff = _doxtool(root, "check", "--no-cache", "--diff").stdout
    assert "+  - `until`" in diff and "test_wait" not in diff, diff
    fixed = _doxtool(root, "check", "--no-cache", "--fix")
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    text = (root / "tools/wait.py.dox.md").read_text(encoding="utf-8")
    assert "  - `until`" in text and "  - `tests/test_wait.py`\n" in text


def test_an_agents_file_out_of_a_sparse_checkout_is_linked_and_indexed(tmp_path: Path) -> None:
    """A Child DOX Index row and a link to files a cone-mode sparse checkout
    leaves out name files that exist: no finding, and no row goes."""
    origin = tmp_path / "origin"
    origin.mkdir()
    git(origin, "init", "-q")
    root_agents = agents(
        "Root", "Root; see [the guide](docs/guide.md).", table(("docs/AGENTS.md", "Docs."))
    )
    files = {
        **FRAMEWORK,
        **clean_files(),
        "AGENTS.md": root_agents,
        "docs/AGENTS.md": agents("docs", "Docs."),
        "docs/guide.md": "# guide\n",
    }
    write_files(origin, files)
    git(origin, "add", "-A")
    git(origin, "commit", "-q", "-m", "docs")
    root = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--sparse", str(origin), str(root))
    git(root, "sparse-checkout", "set", "tools", "prompts", "helpers")
    assert not (root / "docs").exists()
    done = _doxtool(root, "check", "--no-cache", "--select", "DOX2", "--fix", "--unsafe-fixes")
    assert ": DOX2" not in done.stdout, done.stdout
    assert (root / "AGENTS.md").read_text(encoding="utf-8") == root_agents


def test_a_companion_out_of_a_sparse_checkout_is_not_missing(tmp_path: Path) -> None:
    """A module whose companion the work tree leaves out has one: no
    finding, and `--fix` writes no fresh companion over it."""
    origin = tmp_path / "origin"
    origin.mkdir()
    git(origin, "init", "-q")
    write_files(origin, {**FRAMEWORK, **clean_files()})
    git(origin, "add", "-A")
    git(origin, "commit", "-q", "-m", "tools")
    root = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(origin), str(root))
    git(root, "sparse-checkout", "set", "--no-cone", "/*", "!*.dox.md")
    assert not (root / "tools/wait.py.dox.md").exists()
    done = _doxtool(root, "check", "--no-cache", "--select", "DOX001", "--fix")
    assert done.stdout == "All checks passed.\n", done.stdout
    assert not (root / "tools/wait.py.dox.md").exists()


def test_a_plugin_tool_out_of_a_sparse_checkout_exists(tmp_path: Path) -> None:
    """A prompt teaching a tool whose plugin directory a cone-mode sparse
    checkout leaves out (``plugins/*/tools``, not on disk at all) teaches a
    tool that exists."""
    origin = tmp_path / "origin"
    origin.mkdir()
    git(origin, "init", "-q")
    lookup = {
        f"plugins/lookup/{rel}": text
        for rel, text in tool_named("lookup").items()
        if rel.startswith("tools/")
    }
    prompt = "prompts/agent.system.tool.lookup.md"
    write_files(
        origin, {**FRAMEWORK, **clean_files(), **lookup, prompt: tool_named("lookup")[prompt]}
    )
    git(origin, "add", "-A")
    git(origin, "commit", "-q", "-m", "plugin")
    assert "PRM002" not in _doxtool(origin, "check", "--no-cache").stdout
    root = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--sparse", str(origin), str(root))
    git(root, "sparse-checkout", "set", "tools", "prompts", "helpers")
    assert not (root / "plugins").exists()
    done = _doxtool(root, "check", "--no-cache", "--select", "PRM002")
    assert done.stdout == "All checks passed.\n", done.stdout


def test_a_run_line_naming_a_test_out_of_a_sparse_checkout_is_kept(tmp_path: Path) -> None:
    """The line saying which tests to run names a test the work tree leaves
    out, which exists: it names no test gone, and `--fix` keeps it."""
    origin = tmp_path / "origin"
    origin.mkdir()
    git(origin, "init", "-q")
    test = "from tools.wait import WaitTool\n\n\ndef test_{0}():\n    assert WaitTool\n"
    files = {**FRAMEWORK, **clean_files()}
    del files["tools/wait.py.dox.md"]
    write_files(
        origin,
        {
            **files,
            "tests/test_wait.py": test.format("wait"),
            "tests/test_wait_more.py": test.format("more"),
        },
    )
    assert _doxtool(origin, "check", "--no-cache", "--fix").returncode == 0
    companion = (origin / "tools/wait.py.dox.md").read_text(encoding="utf-8")
    assert "`pytest tests/test_wait.py tests/test_wait_more.py`" in companion
    git(origin, "add", "-A")
    git(origin, "commit", "-q", "-m", "tools")
    root = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(origin), str(root))
    git(root, "sparse-checkout", "set", "--no-cone", "/*", "!/tests/test_wait_more.py")
    assert not (root / "tests/test_wait_more.py").exists()
    assert _doxtool(root, "check", "--no-cache").stdout == "All checks passed.\n"
    assert _doxtool(root, "check", "--no-cache", "--diff").stdout == "All checks passed.\n"
    # deleted from the repository, it is gone: the line names the test left
    git(root, "rm", "-q", "--cached", "--sparse", "tests/test_wait_more.py")
    done = _doxtool(root, "check", "--no-cache")
    assert "DOX101 generated line names tests that no longer exist" in done.stdout, done.stdout


def test_a_prompt_out_of_a_sparse_checkout_may_teach_a_tool(tmp_path: Path) -> None:
    """A tool whose prompt the work tree leaves out is not said to be taught
    by no prompt: the file is there, not read; deleted, it is gone."""
    root = _sparse_clone(tmp_path)
    prompt = "prompts/agent.system.tool.wait.md"
    git(root, "sparse-checkout", "set", "--no-cone", "/*", f"!/{prompt}")
    assert not (root / prompt).exists() and (root / "tools/wait.py").exists()
    done = _doxtool(root, "check", "--no-cache", "--select", "PRM001")
    assert done.stdout == "All checks passed.\n", done.stdout
    git(root, "rm", "-q", "--cached", "--sparse", prompt)
    done = _doxtool(root, "check", "--no-cache", "--select", "PRM001")
    assert "PRM001 tool `wait` has no prompt in `prompts/`" in done.stdout, done.stdout


def test_a_mark_on_a_file_already_missing_is_seen_by_a_cached_check(tmp_path: Path) -> None:
    """Marking skip-worktree a module already missing from the work tree
    changes no file of the tree (the index goes from version 2 to 3): a
    replayed check, and an incremental one, give what a fresh check gives."""
    origin = tmp_path / "origin"
    origin.mkdir()
    git(origin, "init", "-q")
    write_files(origin, {**FRAMEWORK, **clean_files(), **tool_named("other")})
    git(origin, "add", "-A")
    git(origin, "commit", "-q", "-m", "tools")
    root = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(origin), str(root))
    (root / "tools/wait.py").unlink()
    stale = "tools/wait.py.dox.md:1:1: DOX002 companion of `tools/wait.py`"
    for edit in (None, "tools/other.py.dox.md"):  # replayed, then incremental
        git(root, "update-index", "--no-skip-worktree", "tools/wait.py")
        git(root, "update-index", "--index-version", "2")
        assert stale in _doxtool(root, "check").stdout
        git(root, "update-index", "--skip-worktree", "tools/wait.py")
        if edit:
            with (root / edit).open("a", encoding="utf-8") as companion:
                companion.write("- A note.\n")
        fresh = _doxtool(root, "check", "--no-cache").stdout
        assert stale not in fresh, fresh
        assert _doxtool(root, "check").stdout == fresh, edit


def test_a_generated_line_naming_a_file_out_of_a_sparse_checkout_is_kept(tmp_path: Path) -> None:
    """A generated line naming another module of the directory, one the work
    tree leaves out, points to a file that exists, as it does with the file
    there: `--fix` does not rewrite it for the companion's own module."""
    origin = tmp_path / "origin"
    origin.mkdir()
    git(origin, "init", "-q")
    files = {**FRAMEWORK, **clean_files(), **tool_named("other")}
    own = "- Own the `wait.py` agent tool.\n"
    assert own in files["tools/wait.py.dox.md"]
    pointer = files["tools/wait.py.dox.md"].replace(own, own.replace("wait", "other"))
    write_files(origin, {**files, "tools/wait.py.dox.md": pointer})
    git(origin, "add", "-A")
    git(origin, "commit", "-q", "-m", "tools")
    assert _doxtool(origin, "check", "--no-cache").stdout == "All checks passed.\n"
    root = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(origin), str(root))
    git(root, "sparse-checkout", "set", "--no-cone", "/*", "!/tools/other.py")
    done = _doxtool(root, "check", "--no-cache", "--fix")
    assert done.stdout == "All checks passed.\n", done.stdout
    assert (root / "tools/wait.py.dox.md").read_text(encoding="utf-8") == pointer
