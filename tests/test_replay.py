"""The console script replays an unchanged check, and never a stale one."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from doxtool import __version__
from doxtool.rules.examples import WAIT_DOX, WAIT_PY

DOXTOOL = Path(sys.executable).parent / "doxtool"


def _run(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    return subprocess.run(
        [str(DOXTOOL), *args], cwd=root, capture_output=True, text=True, timeout=120, env=env
    )


def _record(root: Path) -> Path:
    return root / ".doxtool_cache" / "runs.record"


def test_unchanged_check_is_replayed_and_changes_are_seen(make_repo) -> None:
    root = make_repo({"tools/wait.py": WAIT_PY, "tools/wait.py.dox.md": WAIT_DOX})
    first = _run(root, "check", "--select", "DOX")
    assert first.returncode == 0, first.stderr
    assert _record(root).is_file()
    stamp = _record(root).stat().st_mtime_ns
    second = _run(root, "check", "--select", "DOX")
    assert (second.returncode, second.stdout, second.stderr) == (
        first.returncode,
        first.stdout,
        first.stderr,
    )
    assert _record(root).stat().st_mtime_ns == stamp, "a replay writes nothing"

    # an edit is seen at once
    (root / "tools/wait.py").write_text(WAIT_PY.replace('"seconds"', '"secs"'))
    edited = _run(root, "check", "--select", "DOX")
    assert edited.returncode == 1
    assert "`secs`" in edited.stdout

    # so is a new file
    (root / "tools/other.py").write_text(WAIT_PY.replace("WaitTool", "OtherTool"))
    added = _run(root, "check", "--select", "DOX001")
    assert "tools/other.py:1:1: DOX001" in added.stdout

    # and a deleted one
    (root / "tools/other.py").unlink()
    removed = _run(root, "check", "--select", "DOX001")
    assert "tools/other.py" not in removed.stdout


def test_a_file_written_again_within_its_modification_time_is_not_replayed(make_repo) -> None:
    """A file written again just after a recorded run, keeping its size and
    modification time (a file system whose clock ticks coarsely), is read
    afresh: its bytes were recorded beside its time."""
    root = make_repo({"tools/wait.py": WAIT_PY, "tools/wait.py.dox.md": WAIT_DOX})
    module = root / "tools/wait.py"
    # its clock tick not over when the run ends, however long the run takes
    # (a file modified more than a tick before the run's end has settled:
    # a later write would give it a later time)
    ahead = time.time_ns() + 60_000_000_000
    os.utime(module, ns=(ahead, ahead))
    first = _run(root, "check", "--select", "DOX")
    assert first.returncode == 0, first.stderr
    stamp = module.stat()
    module.write_text(WAIT_PY.replace('"seconds"', '"sekonds"'))
    os.utime(module, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    assert module.stat().st_size == stamp.st_size
    again = _run(root, "check", "--select", "DOX")
    assert again.returncode == 1, again.stdout
    assert "`sekonds`" in again.stdout
    # the run that saw it is replayed while the file stays as it is
    stamp = _record(root).stat().st_mtime_ns
    replayed = _run(root, "check", "--select", "DOX")
    assert (replayed.returncode, replayed.stdout) == (again.returncode, again.stdout)
    assert _record(root).stat().st_mtime_ns == stamp, "an unchanged tree is replayed"


def test_fix_is_never_replayed(make_repo) -> None:
    root = make_repo({"tools/wait.py": WAIT_PY})
    assert _run(root, "check", "--select", "DOX001").returncode == 1
    fixed = _run(root, "check", "--select", "DOX001", "--fix")
    assert fixed.returncode == 0
    assert (root / "tools/wait.py.dox.md").is_file()
    assert _run(root, "check", "--select", "DOX001").returncode == 0


def test_corrupt_record_is_ignored(make_repo) -> None:
    root = make_repo({"tools/wait.py": WAIT_PY, "tools/wait.py.dox.md": WAIT_DOX})
    assert _run(root, "check", "--select", "DOX").returncode == 0
    _record(root).write_bytes(b"\x00garbage" * 50)
    again = _run(root, "check", "--select", "DOX")
    assert again.returncode == 0
    assert again.stdout.strip() == "All checks passed."
    assert "Traceback" not in again.stderr


def test_the_console_script_flushes_everything_and_keeps_exit_codes(make_repo) -> None:
    from click.testing import CliRunner

    from doxtool.cli import cli

    root = make_repo({"tools/wait.py": WAIT_PY})  # no companion: DOX001
    listing = _run(root, "rules", "--format", "json")
    assert listing.returncode == 0
    assert listing.stdout == CliRunner().invoke(cli, ["rules", "--format", "json"]).output
    assert len(listing.stdout) > 10_000
    missing = _run(root, "check", "tools/wait.py")  # over PATHS: never replayed
    assert missing.returncode == 1 and "DOX001" in missing.stdout
    usage = _run(root, "check", "--no-such-option")
    assert usage.returncode == 2 and "--no-such-option" in usage.stderr
    assert _run(root, "--version").stdout.startswith("doxtool, version ")


def test_a_closed_pipe_ends_the_script_quietly(make_repo) -> None:
    root = make_repo({})
    # a short write and a long one: neither may pass for success or print a
    # traceback (click itself ends a failed ``--version`` write with 1)
    for args in (["--version"], ["rules", "--format", "json"]):
        read_end, write_end = os.pipe()
        os.close(read_end)
        try:
            result = subprocess.run(
                [str(DOXTOOL), *args],
                cwd=root,
                stdout=write_end,
                stderr=subprocess.PIPE,
                text=True,
                timeout=60,
            )
        finally:
            os.close(write_end)
        # 141 (128 + SIGPIPE) as a shell reports a pipe's writer ended by it
        assert result.returncode in (1, 141), (args, result.returncode, result.stderr)
        assert "Traceback" not in result.stderr and "Exception" not in result.stderr


def test_a_closed_standard_stream_keeps_the_exit_status(make_repo) -> None:
    root = make_repo({"tools/wait.py": WAIT_PY, "tools/wait.py.dox.md": WAIT_DOX})
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}

    def run(redirect: str, *args: str) -> subprocess.CompletedProcess[str]:
        # the shell closes the descriptor, so Python starts with that stream None
        return subprocess.run(
            ["sh", "-c", f'exec "$@" {redirect}', "sh", str(DOXTOOL), *args],
            cwd=root,
            stdout=subprocess.PIPE,
            text=True,
            timeout=120,
            env=env,
        )

    clean = run("2>&-", "check", "--no-cache", "--select", "DOX")
    assert (clean.returncode, clean.stdout) == (0, "All checks passed.\n")
    version = run("2>&-", "--version")
    assert (version.returncode, version.stdout) == (0, f"doxtool, version {__version__}\n")
    (root / "tools/other.py").write_text(WAIT_PY.replace("WaitTool", "OtherTool"))
    found = run("2>&-", "check", "--no-cache", "--select", "DOX001")
    assert (found.returncode, found.stdout.splitlines()[-1]) == (
        1,
        "Found 1 finding (1 fixable with `doxtool check --fix`).",
    )
    usage = run("2>&-", "check", "--no-such-option")
    assert (usage.returncode, usage.stdout) == (2, "")
    # with stdout closed, the report is lost: an error, as a stdout that
    # cannot be written is
    unread = run(">&- 2>&-", "check", "--no-cache", "--select", "DOX001")
    assert unread.returncode == 2


def test_a_stream_that_cannot_be_flushed_is_not_a_success() -> None:
    code = (
        "import io, sys\n"
        "from doxtool import launcher\n"
        "class Full(io.StringIO):\n"
        "    def flush(self):\n"
        "        raise OSError('No space left on device')\n"
        "sys.stdout = Full()\n"
        "launcher._leave(0)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=60)
    assert result.returncode == 2
    done = subprocess.run(
        [sys.executable, "-c", "from doxtool import launcher; print('x'); launcher._leave(1)"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (done.returncode, done.stdout) == (1, "x\n")


def test_a_library_upgrade_is_neither_replayed_nor_read_from_the_cache(
    make_repo, tmp_path_factory
) -> None:
    """The same json5 code, announced as another version first on the path:
    the record of the last run and the cached facts are both out of date."""
    import json5

    root = make_repo({"tools/wait.py": WAIT_PY, "tools/wait.py.dox.md": WAIT_DOX})
    upgraded = tmp_path_factory.mktemp("upgraded")
    (upgraded / "json5").symlink_to(Path(json5.__file__).parent, target_is_directory=True)
    (upgraded / "json5-99.0.dist-info").mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}

    def run(*args: str, upgrade: bool = False) -> subprocess.CompletedProcess[str]:
        extra = {"PYTHONPATH": str(upgraded)} if upgrade else {}
        return subprocess.run(
            [str(DOXTOOL), "check", "--select", "DOX", *args],
            cwd=root,
            capture_output=True,
            text=True,
            timeout=120,
            env={**env, **extra},
        )

    def cache_counts(result: subprocess.CompletedProcess[str]) -> tuple[int, int]:
        found = re.search(r"cache (\d+) hits, (\d+) misses", result.stderr)
        assert found, result.stderr
        return int(found.group(1)), int(found.group(2))

    hits, parsed = cache_counts(run("-v"))  # the module, its companion, what it calls
    assert hits == 0 and parsed >= 2
    # without the findings of the last run (an incremental check would reuse
    # them and read no facts), every fact comes from the cache
    (root / ".doxtool_cache" / "findings.state").unlink()
    assert cache_counts(run("-v")) == (parsed, 0)
    assert cache_counts(run("-v", upgrade=True)) == (0, parsed)

    first = run()
    record = _record(root).read_bytes()
    assert run().stdout == first.stdout
    assert _record(root).read_bytes() == record, "replayed"
    upgraded_run = run(upgrade=True)
    assert (upgraded_run.returncode, upgraded_run.stdout) == (first.returncode, first.stdout)
    assert _record(root).read_bytes() != record, "run afresh, and recorded"


def test_excluded_directories_are_listed_once_and_never_decide_a_replay(make_repo) -> None:
    """The record's inputs are taken in one walk that leaves excluded
    directories out; an edit inside one replays, an edit elsewhere does not."""
    from doxtool.run import listing as listings

    root = make_repo(
        {
            "tools/wait.py": WAIT_PY,
            "tools/wait.py.dox.md": WAIT_DOX,
            "vendor/deep/lib.py": "x = 1\n",
            "tools/vendor/note.txt": "kept\n",
            "pyproject.toml": '[tool.doxtool]\nextend-exclude = ["vendor"]\n',
        }
    )
    skip, text = listings.inputs_excluding(str(root), lambda rel: rel.split("/")[-1] == "vendor")
    assert skip == {"vendor", "tools/vendor"}
    assert text == listings.inputs(str(root), skip)
    assert "vendor" not in text and "fpyproject.toml:" in text

    first = _run(root, "check", "--select", "DOX")
    assert first.returncode == 0, first.stderr
    stamp = _record(root).stat().st_mtime_ns
    (root / "vendor/deep/lib.py").write_text("x = 2\n")
    (root / "vendor/new.py").write_text("y = 1\n")
    again = _run(root, "check", "--select", "DOX")
    assert (again.returncode, again.stdout) == (first.returncode, first.stdout)
    assert _record(root).stat().st_mtime_ns == stamp, "an excluded edit is replayed"
    (root / "tools/extra.txt").write_text("new\n")
    _run(root, "check", "--select", "DOX")
    assert _record(root).stat().st_mtime_ns != stamp, "an edit elsewhere runs afresh"


def test_a_changed_tree_is_listed_once_for_the_replay_and_the_new_record(make_repo) -> None:
    """The listing a failed replay took serves as the new record's inputs
    when the configured exclusions still name the same directories."""
    from doxtool.run import listing as listings
    from doxtool.run import replay

    root = make_repo({"tools/wait.py": WAIT_PY, "vendor/lib.py": "x = 1\n", "docs/a.md": "a\n"})
    skip, text = listings.inputs_excluding(str(root), lambda rel: rel == "vendor")
    assert replay._same_exclusions(skip, text, lambda rel: rel == "vendor")
    # an exclusion that no longer holds, or one that now names a listed directory
    assert not replay._same_exclusions(skip, text, lambda rel: False)
    assert not replay._same_exclusions(skip, text, lambda rel: rel in ("vendor", "docs"))

    (root / "pyproject.toml").write_text('[tool.doxtool]\nextend-exclude = ["vendor"]\n')
    assert _run(root, "check", "--select", "DOX001").returncode == 1
    (root / "tools/wait.py").write_text(WAIT_PY + "\n# edited\n")
    edited = _run(root, "check", "--select", "DOX001")
    stamp = _record(root).stat().st_mtime_ns
    again = _run(root, "check", "--select", "DOX001")
    assert (again.returncode, again.stdout) == (edited.returncode, edited.stdout)
    assert _record(root).stat().st_mtime_ns == stamp, "the record written after the edit replays"


def test_a_listing_writes_one_line_per_entry_whatever_the_names(tmp_path: Path) -> None:
    from doxtool.run import listing as listings
    from doxtool.run import replay

    names = ["plain.py", "line\nbreak", "back\\slash", "back\\nslash", "both\\\n", "x:1:2"]
    for name in names:
        assert listings.unescape_path(listings.escape_name(name)) == name
    (tmp_path / "d\nir").mkdir()
    for name in names:
        (tmp_path / "d\nir" / name).write_text("x")
    skip, text = listings.inputs_excluding(str(tmp_path), lambda rel: False)
    lines = text.split("\n")
    assert len(lines) == 1 + len(names)
    listed = {
        listings.unescape_path(line[1:].rsplit(":", 2)[0]) for line in lines if line[0] == "f"
    }
    assert listed == {f"d\nir/{name}" for name in names}
    assert replay._same_exclusions(skip, text, lambda rel: False)
    assert not replay._same_exclusions(skip, text, lambda rel: rel == "d\nir")


def test_the_oldest_records_make_room_for_a_new_one(tmp_path: Path, monkeypatch) -> None:
    """A record file that would outgrow its limit drops its oldest records,
    never the run just made (a large tree's listings fill it after a few)."""
    from doxtool.run import replay

    root = tmp_path / "repo"
    root.mkdir()
    for index in range(40):
        (root / f"file_{index:02d}.md").write_text("x\n")
    path = root / ".doxtool_cache" / "runs.record"

    def store(select: str) -> None:
        argv = ["check", "--select", select]
        replay.Pending(argv, str(root), str(root), lambda rel: False).store("out\n", "", 0)

    store("DOX001")
    one = path.stat().st_size
    monkeypatch.setattr(replay, "MAX_RECORD_BYTES", int(one * 2.5))
    for code in ("DOX002", "DOX003", "DOX004", "DOX005"):
        store(code)
        kept = replay._load(str(path))
        assert repr([["check", "--select", code], str(root)]) in kept
        assert len(kept) == 2 and path.stat().st_size <= replay.MAX_RECORD_BYTES
    before = path.read_bytes()
    monkeypatch.setattr(replay, "MAX_RECORD_BYTES", one // 2)
    store("DOX006")  # alone too large: nothing written
    assert path.read_bytes() == before


def test_the_directories_of_a_listing_are_read_off_its_directory_lines(tmp_path: Path) -> None:
    from doxtool.run import listing as listings

    root = tmp_path / "repo"
    for rel in ["a/b", "d", "dd/x", "back\\slash", "line\nbreak/d", "f"]:
        (root / rel).mkdir(parents=True)
    for rel in ["d/file", "dfile", "line\nbreak/d/dx", "a/b/c.py"]:
        (root / rel).write_text("x\n")
    listing = listings.inputs(str(root), frozenset())
    expected = [
        listings.unescape_path(line[1:].rsplit(":", 1)[0])
        for line in listing.split("\n")
        if line[:1] == "d"
    ]
    assert sorted(expected) == sorted(
        ["a", "a/b", "d", "dd", "dd/x", "back\\slash", "line\nbreak", "line\nbreak/d", "f"]
    )
    assert list(listings.directories(listing)) == expected
    written = ["dA:1", "fx:1:2\ndB:3", "dC:1\nfd:1:2\nfdd:3:4", "fa:1:2", ""]
    for cut in [text.split("\n") for text in written]:
        text = "\n".join(cut)
        assert list(listings.directories(text)) == [
            listings.unescape_path(line[1:].rsplit(":", 1)[0]) for line in cut if line[:1] == "d"
        ]


def test_a_link_into_an_excluded_directory_is_checked_afresh_every_run(make_repo) -> None:
    """No snapshot of the tree looks into excluded directories: a run that
    asks whether a file there exists (a link of an ``AGENTS.md``) is neither
    recorded for replay nor kept as the next run's incremental state."""
    root = make_repo(
        {
            "tools/wait.py": WAIT_PY,
            "tools/wait.py.dox.md": WAIT_DOX,
            "AGENTS.md": "# Root\n\nSee [the report](build/report.txt).\n",
            "build/report.txt": "ok\n",
        }
    )
    first = _run(root, "check", "--select", "DOX203")
    assert first.returncode == 0, first.stdout + first.stderr
    assert not _record(root).exists()
    assert not (root / ".doxtool_cache" / "findings.state").exists()

    (root / "build/report.txt").unlink()
    gone = _run(root, "check", "--select", "DOX203")
    assert gone.returncode == 1
    assert "DOX203 link `build/report.txt`" in gone.stdout

    (root / "build/report.txt").write_text("back\n")
    back = _run(root, "check", "--select", "DOX203")
    assert (back.returncode, back.stdout) == (0, "All checks passed.\n")


def test_a_look_outside_the_snapshot_belongs_to_its_own_run(make_repo, tmp_path_factory) -> None:
    """In one process, a check that looked into an excluded directory does not
    keep a later check of another repository from keeping its state."""
    from click.testing import CliRunner

    from doxtool.cli import cli

    looking = make_repo(
        {
            "tools/wait.py": WAIT_PY,
            "tools/wait.py.dox.md": WAIT_DOX,
            "AGENTS.md": "# Root\n\nSee [the report](build/report.txt).\n",
            "build/report.txt": "ok\n",
        }
    )
    plain = tmp_path_factory.mktemp("plain")
    for name in ("tools", "helpers"):
        (plain / name).mkdir()
    (plain / "tools/wait.py").write_text(WAIT_PY)
    (plain / "tools/wait.py.dox.md").write_text(WAIT_DOX)
    (plain / "helpers/tool.py").write_text((looking / "helpers/tool.py").read_text())
    (plain / "pyproject.toml").write_text("[tool.doxtool]\n")
    runner = CliRunner()
    for root in (looking, plain):
        result = runner.invoke(cli, ["check", "--root", str(root), "--select", "DOX"])
        assert result.exit_code == 0, result.output
    assert not (looking / ".doxtool_cache" / "findings.state").exists()
    assert (plain / ".doxtool_cache" / "findings.state").is_file()


def test_a_configuration_reached_through_a_link_is_never_replayed(
    make_repo, tmp_path_factory
) -> None:
    """The listing of the tree sees the link, not the file it leads to: a run
    whose configuration is read through a link is not recorded,
    and a change to the file behind the link is seen at once."""
    root = make_repo({"tools/wait.py": WAIT_PY})  # no companion: DOX001
    shared = tmp_path_factory.mktemp("shared") / "doxtool.toml"
    shared.write_text('ignore = ["DOX001"]\n')
    (root / "doxtool.toml").symlink_to(shared)
    for _ in range(2):
        quiet = _run(root, "check", "--select", "DOX")
        assert (quiet.returncode, quiet.stdout) == (0, "All checks passed.\n")
    assert not _record(root).exists()
    shared.write_text("ignore = []\n")
    seen = _run(root, "check", "--select", "DOX")
    assert (seen.returncode, seen.stdout.splitlines()[0]) == (
        1,
        "tools/wait.py:1:1: DOX001 module has no companion `tools/wait.py.dox.md` [*]",
    )
    # a link that stays inside the root is no different: its target may be
    # where the listing does not look
    (root / "doxtool.toml").unlink()
    (root / "node_modules").mkdir()
    (root / "node_modules/doxtool.toml").write_text('ignore = ["DOX001"]\n')
    (root / "doxtool.toml").symlink_to(root / "node_modules/doxtool.toml")
    for _ in range(2):
        assert _run(root, "check", "--select", "DOX").returncode == 0
    assert not _record(root).exists()


def _shell(root: Path, command: str, *args: str) -> subprocess.CompletedProcess[str]:
    """The console script run by ``sh -c 'exec "$@" COMMAND'`` (its redirections)."""
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    return subprocess.run(
        ["sh", "-c", f'"$@" {command}', "sh", str(DOXTOOL), *args],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_help_or_version_to_a_full_device_is_an_error(make_repo) -> None:
    """The group's own help and version, as a command's help: one line, 2."""
    root = make_repo({})
    for args in (["--help"], ["-h"], ["--version"], ["check", "--help"]):
        result = _shell(root, "> /dev/full", *args)
        assert (result.returncode, result.stderr) == (
            2,
            "doxtool: error: No space left on device\n",
        ), args


def test_an_error_its_message_cannot_reach_still_exits_2(make_repo) -> None:
    """A usage or configuration error whose line meets a closed pipe or a full
    device on stderr keeps its status (click ends a broken pipe with 1)."""
    root = make_repo({"tools/wait.py": WAIT_PY, "tools/wait.py.dox.md": WAIT_DOX})
    errors = (
        ["check", "nonexist.py"],
        ["explain", "NOPE"],
        ["check", "--select", "XYZ"],
        ["check", "--bogus"],
        ["--bogus"],
    )
    for args in errors:
        read_end, write_end = os.pipe()
        os.close(read_end)
        try:
            closed = subprocess.run(
                [str(DOXTOOL), *args], cwd=root, stdout=subprocess.DEVNULL, stderr=write_end
            )
        finally:
            os.close(write_end)
        assert closed.returncode == 2, (args, closed.returncode)
        if Path("/dev/full").exists():
            full = _shell(root, "2> /dev/full", *args)
            assert (full.returncode, full.stdout) == (2, ""), args
        shown = _shell(root, "", *args)
        assert shown.returncode == 2 and shown.stderr.count("\n") >= 1, args


def test_a_racy_file_settled_by_the_end_of_its_run_is_recorded_without_its_bytes(
    tmp_path: Path,
) -> None:
    """A file modified just before a run's listing (a tree just checked out)
    is recorded with its bytes only while a write could still keep its time:
    one that settled before the run ended, its bytes unchanged, is trusted by
    its time and size, as every other file, and a replay does not read it."""
    from doxtool.run.listing import inputs
    from doxtool.run.racy import RACY_NS, racy_digests, racy_unchanged, settled

    (tmp_path / "tools").mkdir()
    for name in ("wait.py", "other.py", "third.py"):
        (tmp_path / "tools" / name).write_text(WAIT_PY)
    times = [path.stat().st_mtime_ns for path in (tmp_path / "tools").iterdir()]
    stamp, latest = min(times), max(times)
    listing = inputs(str(tmp_path), frozenset())
    digests = racy_digests(str(tmp_path), listing, stamp)
    assert len(digests.split("\n")) == 3, "all three were written just now"
    # written again within its time: its bytes differ from those recorded
    other = tmp_path / "tools/other.py"
    before = other.stat()
    other.write_text(WAIT_PY.replace('"seconds"', '"sekonds"'))
    os.utime(other, ns=(before.st_atime_ns, before.st_mtime_ns))
    # still racy at the run's end: every line kept
    assert settled(str(tmp_path), listing, digests, stamp + RACY_NS - 1) == digests
    # settled: only the changed file keeps its line, and a replay still sees it
    kept = settled(str(tmp_path), listing, digests, latest + RACY_NS + 1)
    assert kept.split("\n") == [line for line in digests.split("\n") if "other.py" in line]
    assert not racy_unchanged(str(tmp_path), kept)
