"""The tree snapshot an incremental check compares: what changed is found by
comparing listings, and only files whose line changed (or that were racy)
are read again."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from doxtool.core.config import config_at
from doxtool.run import snapshot
from doxtool.run.project import Project
from doxtool.run.snapshot import RACY_NS, Tree, take

HOUR_NS = 3600 * 10**9


def _project(root: Path) -> Project:
    return Project(root.resolve(), config_at(root))


def _age(root: Path, by_ns: int = HOUR_NS) -> None:
    """Every file modified long before now: none is racy."""
    past = time.time_ns() - by_ns
    for path in root.rglob("*"):
        if path.is_file() and not path.is_symlink():
            os.utime(path, ns=(past, past))


def _tree(tmp_path: Path, count: int = 5) -> Path:
    root = tmp_path / "repo"
    (root / "tools").mkdir(parents=True)
    (root / "pyproject.toml").write_text("[tool.doxtool]\n")
    for index in range(count):
        (root / "tools" / f"t{index}.py").write_text(f"x = {index}\n")
    _age(root)
    return root


@pytest.fixture
def read_files(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The files whose bytes a snapshot reads."""
    seen: list[str] = []
    real = snapshot._digest

    def counting(path: str, size: int) -> str:
        seen.append(path)
        return real(path, size)

    monkeypatch.setattr(snapshot, "_digest", counting)
    return seen


def test_an_edit_reads_only_the_edited_file(tmp_path: Path, read_files: list[str]) -> None:
    root = _tree(tmp_path, 50)
    first, changed, reason = take(_project(root), None)
    assert (changed, reason) == (None, "no state")
    assert len(read_files) == 51 and not first.racy and not first.bare
    read_files.clear()
    again, changed, _ = take(_project(root), first)
    assert changed == set() and read_files == []
    assert again.digests == first.digests
    edited = root / "tools" / "t7.py"
    edited.write_text("x = 'seven'\n")
    now, changed, reason = take(_project(root), again)
    assert (changed, reason) == ({"tools/t7.py"}, "")
    assert read_files == [str(edited)]
    # just written: racy, so read again next time, and changed only if its bytes did
    assert set(now.racy) == {"tools/t7.py"}
    assert now.digest("tools/t7.py") != first.digest("tools/t7.py")
    assert now.digest("tools/t6.py") == first.digest("tools/t6.py")
    read_files.clear()
    _, changed, _ = take(_project(root), now)
    assert changed == set() and read_files == [str(edited)]


def test_a_touched_file_is_not_changed(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    first, _, _ = take(_project(root), None)
    os.utime(root / "tools" / "t1.py")
    _, changed, _ = take(_project(root), first)
    assert changed == set()


def test_a_racy_file_rewritten_with_the_same_metadata_is_changed(tmp_path: Path) -> None:
    """Written within the file system's time granularity of the snapshot,
    then written again with the same size and time: the digest tells."""
    root = _tree(tmp_path)
    module = root / "tools" / "t2.py"
    module.write_text("x = 'a'\n")
    first, _, _ = take(_project(root), None)
    assert "tools/t2.py" in first.racy
    stat = module.stat()
    module.write_text("x = 'b'\n")
    os.utime(module, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    _, changed, _ = take(_project(root), first)
    assert changed == {"tools/t2.py"}


def test_added_removed_and_replaced_entries_mean_no_comparison(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    first, _, _ = take(_project(root), None)
    (root / "tools" / "new.py").write_text("y = 1\n")
    second, changed, reason = take(_project(root), first)
    assert changed is None and reason == "files or directories added or removed"
    (root / "tools" / "new.py").unlink()
    (root / "tools" / "new.py").mkdir()
    _, changed, _ = take(_project(root), second)
    assert changed is None  # a file that became a directory
    _, changed, reason = take(_project(root), Tree(time.time_ns() + HOUR_NS, "", "", set(), {}))
    assert changed is None and reason == "the clock was set back"


def test_a_file_that_becomes_a_link_loses_its_digest(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    first, _, _ = take(_project(root), None)
    module = root / "tools" / "t3.py"
    module.unlink()
    module.symlink_to(root / "tools" / "t4.py")
    now, changed, _ = take(_project(root), first)
    assert changed == {"tools/t3.py"}
    assert now.bare == {"tools/t3.py"} and now.digest("tools/t3.py") == ""
    assert "\ntools/t3.py\0" not in now.digests
    module.unlink()
    module.write_text("x = 3\n")
    back, changed, _ = take(_project(root), now)
    assert changed == {"tools/t3.py"} and not back.bare
    assert back.digest("tools/t3.py") == first.digest("tools/t3.py")


@pytest.mark.parametrize("lookups", [1, 200])
def test_metadata_lookups_find_the_exact_file(tmp_path: Path, lookups: int) -> None:
    """A path is found by its own line, never by a longer name that starts
    the same (``a`` against ``a:1:2``), by search and by the index a run
    asking many paths builds."""
    root = _tree(tmp_path)
    names = ["a:1:2", "a", "b\nfa:9:9", "back\\slash", "a.md"]
    for name in names:
        (root / name).write_text(name)
    tree, _, _ = take(_project(root), None)
    for _ in range(lookups - 1):
        tree.get("nothing")
    for name in names:
        stat = (root / name).stat()
        assert tree.get(name) == (stat.st_mtime_ns, stat.st_size), name
        assert tree.digest(name), name
    assert tree.get("b") is None and tree.get("tools") is None
    assert tree.get("tools/t0.py") is not None


def test_a_clock_within_the_racy_window_keeps_files_racy(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    _age(root, RACY_NS // 3)
    first, _, _ = take(_project(root), None)
    assert len(first.racy) == 6


def test_many_edits_at_once_equal_a_fresh_snapshot(tmp_path: Path, read_files: list[str]) -> None:
    """Past a few dozen files to compare, the digests are decoded once; the
    result is the one a fresh snapshot gives, and only the edited files are read."""
    root = _tree(tmp_path, 150)
    first, _, _ = take(_project(root), None)
    edited = {f"tools/t{index}.py" for index in range(0, 150, 2)}
    for rel in edited:
        (root / rel).write_text("y = 'edited'\n")
    read_files.clear()
    now, changed, _ = take(_project(root), first)
    assert changed == edited
    assert sorted(read_files) == sorted(str(root / rel) for rel in edited)
    fresh, _, _ = take(_project(root), None)
    assert set(now.digests.split("\n")) == set(fresh.digests.split("\n"))
    assert now.bare == fresh.bare == set()
    assert set(now.racy) == edited


def _set_comparison(old: str, new: str) -> set[str] | None:
    """The lines added, when the entries are those of ``old`` (as sets)."""
    from doxtool.run.listing import listed_entry

    before, now = set(old.split("\n")), set(new.split("\n"))
    added, removed = now - before, before - now
    if {listed_entry(line) for line in added} != {listed_entry(line) for line in removed}:
        return None
    return added


@pytest.mark.parametrize("seed", range(20))
def test_listings_compared_by_spans_find_the_lines_sets_find(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where comparing two listings span by span answers, it names the lines
    that comparing them as sets of lines names; it declines (None) where
    the lines do not line up."""
    import random

    rng = random.Random(seed)
    monkeypatch.setattr(snapshot, "_SPAN", rng.choice([1, 8, 64, 1 << 16]))
    entries = [f"f{rng.choice('ab')}/{i}{rng.choice(['', 'x', 'x:1'])}.py" for i in range(60)]
    entries += [f"d{rng.choice('ab')}/dir{i}" for i in range(5)]
    rng.shuffle(entries)
    old_lines = [f"{e}:{rng.randrange(10, 99)}:{rng.randrange(1, 999)}" for e in entries]
    answered = 0
    for _ in range(30):
        new_lines = list(old_lines)
        for _ in range(rng.randrange(4)):
            i = rng.randrange(len(new_lines))
            entry = new_lines[i].rsplit(":", 2)[0]
            new_lines[i] = f"{entry}:{rng.randrange(10, 99)}:{rng.randrange(1, 999)}"
        if rng.random() < 0.2:
            i, j = rng.randrange(len(new_lines)), rng.randrange(len(new_lines))
            new_lines[i], new_lines[j] = new_lines[j], new_lines[i]
        if rng.random() < 0.1:
            new_lines[rng.randrange(len(new_lines))] = "fnew.py:1:1"
        old, new = "\n".join(old_lines), "\n".join(new_lines)
        found = snapshot._differing_lines(old, new)
        if found is not None:
            answered += 1
            assert found == _set_comparison(old, new)
    assert answered > 0


def test_lines_asked_within_directories_are_found_as_in_the_whole_listing() -> None:
    """Asked within some directories, a listing finds the lines of their
    files as the whole listing does, and finds no line it does not hold; a
    line of a file elsewhere may not be found (its asker then treats the
    file as not known)."""
    listing = "\n".join(
        [
            "dp:1",
            "fp/a.md:1:10",
            "dq:2",
            "fq/b.md:2:20",
            "fp2/c.md:3:30",
            "fp/sub\\\\x/d.md:4:40",
            "fp/e.md:5:50",
            "fr.md:6:60",
        ]
    )
    asked = [
        "fp/a.md:1:10",
        "fp/e.md:5:50",
        "fp/e.md:5:51",
        "fq/b.md:2:20",
        "fp2/c.md:3:30",
        "fr.md:6:60",
    ]
    whole = list(Tree(0, listing, "", set(), {}).has_lines(asked))
    assert whole == [True, True, False, True, True, True]
    tree = Tree(0, listing, "", set(), {})
    within_p = list(tree.has_lines(asked, within=["p"]))
    assert within_p[:3] == whole[:3]  # the files of p
    assert within_p[-1] is False  # r.md is listed after p's last file
    assert all(whole[i] for i, found in enumerate(within_p) if found)
    assert list(tree.has_lines(asked, within=["p", "q", "."])) == whole
    assert list(tree.has_lines(["fp/sub\\\\x/d.md:4:40"], within=["p/sub\\x"])) == [True]
    assert list(tree.has_lines(asked, within=[])) == [False] * len(asked)
