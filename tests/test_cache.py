"""The facts cache: hits on unchanged files, rebuilt when corrupt, cleared on demand."""

from __future__ import annotations

import sqlite3

import pytest

from doxtool import api
from doxtool.config import ConfigError
from doxtool.rules.examples import WAIT_DOX, WAIT_PY


def _files() -> dict[str, str]:
    return {"tools/wait.py": WAIT_PY, "tools/wait.py.dox.md": WAIT_DOX}


def test_second_run_hits_the_cache(make_repo) -> None:
    root = make_repo(_files())
    first = api.load_project(root, cwd=root)
    api.check(first, select=["DOX"])
    assert first.cache_stats[0] == 0 and first.cache_stats[1] > 0
    second = api.load_project(root, cwd=root)
    report = api.check(second, select=["DOX"])
    assert second.cache_stats == (first.cache_stats[1], 0)
    assert (
        report.findings
        == api.check(api.load_project(root, cwd=root, use_cache=False), select=["DOX"]).findings
    )
    assert (root / ".doxtool_cache/.gitignore").read_text().endswith("*\n")


def test_changed_file_misses(make_repo) -> None:
    root = make_repo(_files())
    api.check(api.load_project(root, cwd=root), select=["DOX"])
    (root / "tools/wait.py").write_text(WAIT_PY.replace("seconds", "secs"))
    project = api.load_project(root, cwd=root)
    report = api.check(project, select=["DOX111"])
    assert project.cache_stats[1] >= 1
    assert any("`secs`" in f.message for f in report.findings)


def test_corrupt_database_is_rebuilt(make_repo) -> None:
    root = make_repo(_files())
    api.check(api.load_project(root, cwd=root), select=["DOX"])
    database = root / ".doxtool_cache/facts.sqlite3"
    for suffix in ("-wal", "-shm"):
        (root / f".doxtool_cache/facts.sqlite3{suffix}").unlink(missing_ok=True)
    database.write_bytes(b"this is not a database" * 100)
    project = api.load_project(root, cwd=root)
    report = api.check(project, select=["DOX"])
    assert report.findings == []
    assert sqlite3.connect(database).execute("select count(*) from entries").fetchone()[0] > 0


def test_garbage_entry_is_ignored(make_repo) -> None:
    root = make_repo(_files())
    api.check(api.load_project(root, cwd=root), select=["DOX"])
    database = sqlite3.connect(root / ".doxtool_cache/facts.sqlite3")
    with database:
        database.execute("update entries set value = '{\"path\": 12'")
    database.close()
    project = api.load_project(root, cwd=root)
    assert api.check(project, select=["DOX"]).findings == []
    assert project.cache_stats[0] == 0


def test_cache_clear_command(make_repo, run_cli) -> None:
    root = make_repo(_files())
    assert run_cli(root, "check", "--select", "DOX").exit_code == 0
    assert (root / ".doxtool_cache/facts.sqlite3").exists()
    result = run_cli(root, "cache", "clear")
    assert result.exit_code == 0
    assert result.output.strip() == "Cleared .doxtool_cache"
    assert not (root / ".doxtool_cache/facts.sqlite3").exists()
    again = run_cli(root, "cache", "clear")
    assert again.output.strip() == "No cache in .doxtool_cache"


def test_no_cache_writes_no_cache(make_repo, run_cli) -> None:
    root = make_repo(_files())
    assert run_cli(root, "check", "--no-cache", "--select", "DOX").exit_code == 0
    assert not (root / ".doxtool_cache").exists()


def test_cache_dir_outside_the_root_is_not_used(make_repo, tmp_path_factory) -> None:
    outside = tmp_path_factory.mktemp("elsewhere")
    root = make_repo({**_files(), "pyproject.toml": f"[tool.doxtool]\ncache-dir = '{outside}'\n"})
    # the cache never writes outside the root: a setting asking it to is an error
    with pytest.raises(ConfigError, match=r"`cache-dir`: .* is absolute"):
        api.load_project(root, cwd=root)
    assert list(outside.iterdir()) == []
