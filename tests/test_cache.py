"""The facts cache: hits on unchanged files, rebuilt when corrupt, cleared on demand."""

from __future__ import annotations

import ast
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from doxtool import api
from doxtool.core.config import ConfigError
from doxtool.rules.examples import WAIT_DOX, WAIT_PY
from doxtool.run import cache
from doxtool.run import replay as runcache


def _files() -> dict[str, str]:
    return {"tools/wait.py": WAIT_PY, "tools/wait.py.dox.md": WAIT_DOX}


def _forget_findings(root: Path) -> None:
    """Remove the last whole check's findings, which an incremental check
    would reuse without reading a fact: the next check reads the cache."""
    (root / ".doxtool_cache" / "findings.state").unlink(missing_ok=True)


def test_second_run_hits_the_cache(make_repo) -> None:
    root = make_repo(_files())
    first = api.load_project(root, cwd=root)
    api.check(first, select=["DOX"])
    assert first.cache_stats[0] == 0 and first.cache_stats[1] > 0
    _forget_findings(root)
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
    _forget_findings(root)
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


# ---------------------------------------------------------------------------
# an upgrade of doxtool or of a parsing library never reads old entries


def _counts(root) -> tuple[tuple[int, int], list]:
    _forget_findings(root)
    project = api.load_project(root, cwd=root)
    report = api.check(project, select=["DOX"])
    return project.cache_stats, report.findings


def test_a_new_code_fingerprint_misses_and_the_old_one_still_hits(make_repo, monkeypatch) -> None:
    root = make_repo(_files())
    (hits, entries), findings = _counts(root)
    assert hits == 0 and entries > 0
    real = cache.code_fingerprint()
    monkeypatch.setattr(cache, "code_fingerprint", lambda: real + "-upgraded")
    assert _counts(root) == ((0, entries), findings)
    monkeypatch.setattr(cache, "code_fingerprint", lambda: real)
    assert _counts(root) == ((entries, 0), findings)


def test_a_library_upgrade_misses(make_repo, monkeypatch) -> None:
    root = make_repo(_files())
    (_, entries), findings = _counts(root)
    real = cache.library_versions()
    assert _counts(root) == ((entries, 0), findings)
    monkeypatch.setattr(cache, "library_versions", lambda: real.replace("libcst==", "libcst==9"))
    assert _counts(root) == ((0, entries), findings)


def test_an_interpreter_upgrade_misses(make_repo, monkeypatch) -> None:
    root = make_repo(_files())
    (_, entries), findings = _counts(root)
    monkeypatch.setattr(cache, "interpreter", lambda: "cpython-9.99.0")
    assert _counts(root) == ((0, entries), findings)


def _package_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the doxtool package, whose code the cache's fingerprint reads."""
    package = Path(cache.__file__).parent.parent
    copy = tmp_path / "doxtool"
    shutil.copytree(package, copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(cache, "__file__", str(copy / "run" / "cache.py"))
    return copy


def test_the_code_fingerprint_follows_every_producer_s_bytes(tmp_path, monkeypatch) -> None:
    copy = _package_copy(tmp_path, monkeypatch)
    same = cache.code_fingerprint()
    assert same == cache.code_fingerprint()
    seen = {same}
    producers = cache.producer_files()
    assert all(path.is_relative_to(copy) for path in producers)
    for path in producers:
        with path.open("a") as handle:
            handle.write("\n# changed\n")
        seen.add(cache.code_fingerprint())
    assert len(seen) == len(producers) + 1, "each producer's change is a new fingerprint"
    (copy / "cli.py").write_text("# not a producer\n")
    assert cache.code_fingerprint() in seen


def test_every_module_storing_values_it_computes_is_a_producer() -> None:
    """A module that stores a value of its own making (``put_raw``: the
    indexes) shapes cached values: a change to its code must be a new
    fingerprint, or an upgraded doxtool serves an index the old code made."""
    package = Path(cache.__file__).parent.parent
    producers = set(cache.producer_files())
    storing = [
        path
        for path in sorted(package.rglob("*.py"))
        if path != Path(cache.__file__) and ".put_raw(" in path.read_text(encoding="utf-8")
    ]
    assert storing, "the indexes store their values with put_raw"
    assert [p for p in storing if p not in producers] == []


def test_a_producer_rewritten_to_the_same_size_is_a_new_fingerprint(tmp_path, monkeypatch) -> None:
    copy = _package_copy(tmp_path, monkeypatch)
    before = cache.code_fingerprint()
    producer = copy / "python" / "extract.py"
    text = producer.read_bytes()
    stat = producer.stat()
    # the last byte changed, the size kept, a later modification time
    producer.write_bytes(text[:-1] + (b"\n" if text[-1:] != b"\n" else b" "))
    os.utime(producer, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    assert producer.stat().st_size == stat.st_size
    assert cache.code_fingerprint() != before


def _doxtool_imports(path: Path, package: Path) -> set[str]:
    """The doxtool modules a module imports, as file names relative to the package."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("doxtool"):
            parts = node.module.split(".")[1:]
            names = [parts, *([*parts, alias.name] for alias in node.names)]
            for name in names:
                if package.joinpath(*name).with_suffix(".py").is_file():
                    found.add("/".join(name) + ".py")
    return found


def test_every_module_a_parse_runs_is_a_producer() -> None:
    """A module the parsing jobs import (directly or not) shapes what is cached;
    only the cache's own machinery and the job dispatch do not."""
    package = Path(cache.__file__).parent.parent
    seen: set[str] = set()
    todo = ["python/extract.py", "companions/parsing.py", "prompts/parse.py"]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(_doxtool_imports(package / name, package))
    machinery = {"run/cache.py", "run/replay.py", "run/pool.py"}
    producers = {path.relative_to(package).as_posix() for path in cache.producer_files()}
    assert seen - machinery <= producers, sorted(seen - machinery - producers)


def test_library_versions_are_the_installed_ones() -> None:
    from importlib.metadata import version

    assert runcache.library_versions() == " ".join(
        f"{name}=={version(name)}" for name in ("libcst", "markdown-it-py", "json5")
    )


def test_library_version_is_read_beside_the_package_import_would_find(
    tmp_path, monkeypatch
) -> None:
    """Nothing is imported: the first package on `sys.path` and its metadata decide."""
    shadow = tmp_path / "site"
    (shadow / "markdown_it").mkdir(parents=True)
    (shadow / "markdown_it" / "__init__.py").write_text("")
    (shadow / "markdown_it_py-99.1.dist-info").mkdir()
    (shadow / "json5.py").write_text("")
    (shadow / "json5-0.5.egg-info").write_text("")
    monkeypatch.syspath_prepend(str(shadow))
    versions = dict(part.split("==") for part in runcache.library_versions().split())
    assert versions["markdown-it-py"] == "99.1"
    assert versions["json5"] == "0.5"
    (shadow / "markdown_it_py-99.1.dist-info").rmdir()
    stat = (shadow / "markdown_it" / "__init__.py").stat()
    versions = dict(part.split("==") for part in runcache.library_versions().split())
    assert versions["markdown-it-py"] == f"{stat.st_mtime_ns}:{stat.st_size}"


def test_the_console_script_leaves_its_committed_entries_to_the_log(make_repo) -> None:
    """The console script ends without closing the database (closing copies
    the write-ahead log into it and waits for the disk while the output
    waits): every entry it committed is there for the next run all the same."""
    root = make_repo(_files())
    ran = subprocess.run(
        [sys.executable, "-m", "doxtool", "check", "--select", "DOX"],
        cwd=root,
        capture_output=True,
        text=True,
    )
    assert ran.returncode == 0, ran.stdout + ran.stderr
    log = root / ".doxtool_cache/facts.sqlite3-wal"
    assert log.is_file() and log.stat().st_size > 0  # not copied into the database
    _forget_findings(root)
    project = api.load_project(root, cwd=root)
    assert api.check(project, select=["DOX"]).findings == []
    assert project.cache_stats[0] > 0 and project.cache_stats[1] == 0
    database = sqlite3.connect(root / ".doxtool_cache/facts.sqlite3")
    assert database.execute("pragma integrity_check").fetchone() == ("ok",)
    database.close()


def test_the_console_script_closes_a_database_with_a_long_log(make_repo) -> None:
    """A log longer than LEFT_LOG_BYTES (a cold run's, in a large repository)
    is copied into the database as the script exits, not left beside it."""
    root = make_repo(_files())
    script = (
        "from doxtool.run import cache\n"
        "cache.LEFT_LOG_BYTES = 0\n"
        "from doxtool.launcher import main\n"
        "main()\n"
    )
    ran = subprocess.run(
        [sys.executable, "-c", script, "check", "--select", "DOX"],
        cwd=root,
        capture_output=True,
        text=True,
    )
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert (root / ".doxtool_cache/facts.sqlite3").is_file()
    assert not (root / ".doxtool_cache/facts.sqlite3-wal").exists()
