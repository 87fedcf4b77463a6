"""``--diff`` shows exactly what ``--fix`` writes: the change of every round
(``--fix`` fixes again until a round changes nothing), computed on a copy of
the repository, with the repository left as it is."""

from __future__ import annotations

from pathlib import Path

from doxtool.rules.engine import FileChange
from doxtool.rules.examples import WAIT_DOX, WAIT_PY, with_files
from doxtool.rules.unidiff import unified_diff

DOX = "tools/wait.py.dox.md"

#: ``WaitTool`` renamed ``Wait`` (renamed in place in a first round) and a new
#: argument, ``minutes``, compared under the new name in the next round
RENAMED_READING_MORE = WAIT_PY.replace("class WaitTool(", "class Wait(").replace(
    '        seconds = int(self.args.get("seconds", 0))\n',
    '        seconds = int(self.args.get("seconds", 0))\n'
    '        seconds += 60 * int(self.args.get("minutes", 0))\n',
)


def _tree(root: Path) -> dict[str, bytes]:
    return {
        path.relative_to(root).as_posix(): path.read_bytes()
        for path in sorted(root.rglob("*"))
        if path.is_file() and ".doxtool_cache" not in path.parts
    }


def _preview_matches_the_fix(root: Path, run_cli, *args: str) -> str:
    """Run ``--diff`` then ``--fix`` on ``root``: the diff must be the change
    the fix writes, and ``--diff`` must write nothing. Returns the diff."""
    before = _tree(root)
    preview = run_cli(root, "check", "--diff", *args)
    assert _tree(root) == before
    run_cli(root, "check", "--fix", *args)
    after = _tree(root)
    changes = [
        FileChange(
            path,
            before[path].decode() if path in before else None,
            after[path].decode(),
        )
        for path in after
        if before.get(path) != after[path]
    ]
    assert changes
    written = unified_diff(changes)
    shown = "".join(
        line for line in preview.output.splitlines(keepends=True) if not line.startswith("tools/")
    )
    assert written in shown, shown
    assert shown.count("--- ") == written.count("--- ")
    return written


def test_diff_shows_the_rounds_after_the_first(make_repo, run_cli) -> None:
    root = make_repo(with_files({"tools/wait.py": RENAMED_READING_MORE, DOX: WAIT_DOX}))
    written = _preview_matches_the_fix(root, run_cli, "--no-cache")
    # the rename (first round) and the argument it let be compared (second)
    assert "+- Arguments of `Wait`:\n" in written
    assert "+  - `minutes`: optional integer, default `0`.\n" in written
    assert run_cli(root, "check", "--no-cache", "--select", "DOX1").output == (
        "All checks passed.\n"
    )


def test_diff_of_a_new_companion_is_the_companion_fix_writes(make_repo, run_cli) -> None:
    root = make_repo(with_files({"tools/wait.py": RENAMED_READING_MORE}))
    written = _preview_matches_the_fix(root, run_cli, "--no-cache")
    assert written.startswith(f"--- /dev/null\n+++ b/{DOX}\n")


def test_diff_with_the_cache_and_paths(make_repo, run_cli) -> None:
    root = make_repo(with_files({"tools/wait.py": RENAMED_READING_MORE, DOX: WAIT_DOX}))
    _preview_matches_the_fix(root, run_cli, "tools/wait.py")


def test_diff_leaves_no_file_behind_when_nothing_is_to_fix(make_repo, run_cli) -> None:
    root = make_repo(with_files({"tools/wait.py": WAIT_PY, DOX: WAIT_DOX}))
    before = _tree(root)
    result = run_cli(root, "check", "--no-cache", "--diff")
    assert "--- " not in result.output
    assert _tree(root) == before
