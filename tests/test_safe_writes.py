"""Safe writes: temporary file in the same directory, synced, renamed over the
target, mode kept, never through a link, never outside the root; a run killed
while writing leaves the whole old file or the whole new one."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from doxtool.cli import cli
from doxtool.core import writes
from doxtool.core.writes import UnsafeWrite, atomic_write
from doxtool.rules.examples import WAIT_DOX, WAIT_PY

pytestmark = pytest.mark.timeout(120)

STALE_DOX = WAIT_DOX.replace("optional integer, default `0`", "required string")


def _temps(directory: Path) -> list[Path]:
    return [p for p in directory.iterdir() if p.name.endswith(writes.TEMP_SUFFIX)]


def test_write_goes_through_a_synced_temporary_file_in_the_same_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "sub" / "x.md"
    target.parent.mkdir()
    target.write_text("old\n")
    events: list[tuple[str, object]] = []
    real_mkstemp, real_fsync, real_replace = tempfile.mkstemp, os.fsync, os.replace

    def mkstemp(*args, **kwargs):  # type: ignore[no-untyped-def]
        events.append(("mkstemp", Path(kwargs["dir"])))
        return real_mkstemp(*args, **kwargs)

    def fsync(fd: int) -> None:
        events.append(("fsync", stat.S_ISDIR(os.fstat(fd).st_mode)))
        real_fsync(fd)

    def replace(src, dst):  # type: ignore[no-untyped-def]
        events.append(("replace", (Path(src).parent, Path(dst))))
        assert Path(src).read_bytes() == b"new\n", "the temporary file is complete first"
        real_replace(src, dst)

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    atomic_write(tmp_path, target, b"new\n")
    assert target.read_bytes() == b"new\n"
    assert events[0] == ("mkstemp", target.parent)
    assert events[1] == ("fsync", False)  # the file's data
    assert events[2] == ("replace", (target.parent, target))
    assert events[3] == ("fsync", True)  # then the directory, for the rename
    assert _temps(target.parent) == []


@pytest.mark.parametrize("mode", [0o600, 0o640, 0o755, 0o444])
def test_mode_bits_are_kept(tmp_path: Path, mode: int) -> None:
    target = tmp_path / "x.md"
    target.write_text("old\n")
    target.chmod(mode)
    atomic_write(tmp_path, target, b"new\n")
    assert stat.S_IMODE(target.stat().st_mode) == mode
    assert target.read_bytes() == b"new\n"


def test_new_file_gets_the_umask_mode(tmp_path: Path) -> None:
    umask = os.umask(0o027)
    try:
        atomic_write(tmp_path, tmp_path / "new.md", b"x")
    finally:
        os.umask(umask)
    assert stat.S_IMODE((tmp_path / "new.md").stat().st_mode) == 0o640


def test_never_through_a_link(tmp_path: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    outside = tmp_path / "outside.md"
    outside.write_text("keep\n")
    inside = root / "inside.md"
    inside.write_text("keep too\n")
    (root / "out.md").symlink_to(outside)
    (root / "in.md").symlink_to(inside)
    (root / "dangling.md").symlink_to(tmp_path / "nowhere.md")
    for name in ("out.md", "in.md", "dangling.md"):
        # the whole message: the temporary directory's name holds "link" too
        with pytest.raises(UnsafeWrite) as refused:
            atomic_write(root, root / name, b"new\n")
        assert str(refused.value) == (
            f"{root / name}: is a link; doxtool does not write through links"
        )
    assert outside.read_text() == "keep\n" and inside.read_text() == "keep too\n"
    assert not (tmp_path / "nowhere.md").exists()
    assert (root / "out.md").is_symlink()


def test_never_outside_the_root(tmp_path: Path) -> None:
    root = tmp_path / "root"
    (root / "sub").mkdir(parents=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (root / "linked_dir").symlink_to(elsewhere, target_is_directory=True)
    for target in (
        tmp_path / "x.md",
        root / ".." / "x.md",
        root / "linked_dir" / "x.md",
        root / "linked_dir" / "deeper" / "x.md",
    ):
        with pytest.raises(UnsafeWrite, match="outside"):
            atomic_write(root, target, b"new\n")
    assert list(elsewhere.iterdir()) == []
    assert not (tmp_path / "x.md").exists()


def test_never_over_a_directory_or_a_fifo(tmp_path: Path) -> None:
    (tmp_path / "d.md").mkdir()
    os.mkfifo(tmp_path / "f.md")
    for name in ("d.md", "f.md"):
        with pytest.raises(UnsafeWrite, match="regular"):
            atomic_write(tmp_path, tmp_path / name, b"new\n")
    assert stat.S_ISFIFO((tmp_path / "f.md").lstat().st_mode)


def test_create_only_never_overwrites(tmp_path: Path) -> None:
    target = tmp_path / "x.md"
    target.write_text("mine\n")
    with pytest.raises(UnsafeWrite, match="exists"):
        atomic_write(tmp_path, target, b"theirs\n", create_only=True)
    assert target.read_text() == "mine\n"
    assert _temps(tmp_path) == []


@pytest.mark.parametrize("failure", [OSError(28, "No space left on device"), KeyboardInterrupt()])
@pytest.mark.parametrize("stage", ["write", "fsync", "replace"])
def test_failure_at_any_stage_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stage: str, failure: BaseException
) -> None:
    target = tmp_path / "x.md"
    target.write_bytes(b"old content\n" * 100)

    def fail(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise failure

    if stage == "write":
        real_fdopen = os.fdopen

        class Handle:
            def __init__(self, *args, **kwargs):  # type: ignore[no-untyped-def]
                self._handle = real_fdopen(*args, **kwargs)

            def __enter__(self):  # type: ignore[no-untyped-def]
                return self

            def __exit__(self, *exc):  # type: ignore[no-untyped-def]
                self._handle.close()

            def write(self, data: bytes) -> int:
                self._handle.write(data[: len(data) // 2])  # half of it, then the crash
                raise failure

        monkeypatch.setattr(os, "fdopen", Handle)
    else:
        monkeypatch.setattr(os, stage, fail)
    with pytest.raises(type(failure)):
        atomic_write(tmp_path, target, b"new content\n" * 100)
    assert target.read_bytes() == b"old content\n" * 100
    assert _temps(tmp_path) == []


def test_fix_that_cannot_write_is_a_one_line_error_and_changes_nothing(
    make_repo, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = make_repo({"tools/wait.py": WAIT_PY, "tools/wait.py.dox.md": STALE_DOX})

    def replace(src, dst):  # type: ignore[no-untyped-def]
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", replace)
    monkeypatch.chdir(root)
    result = CliRunner().invoke(cli, ["check", "--fix", "--no-cache"], catch_exceptions=False)
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    errors = [line for line in result.stderr.splitlines() if "not written" in line]
    assert errors and all(
        line == "doxtool: tools/wait.py.dox.md: not written: [Errno 28] No space left on device"
        for line in errors
    ), result.stderr
    assert (root / "tools/wait.py.dox.md").read_text() == STALE_DOX
    assert _temps(root / "tools") == []


def test_fix_never_writes_through_a_linked_companion(
    make_repo, monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    (elsewhere / "wait.py.dox.md").write_text(STALE_DOX)
    root = make_repo({"tools/wait.py": WAIT_PY})
    (root / "tools/wait.py.dox.md").symlink_to(elsewhere / "wait.py.dox.md")
    inner = root / "docs" / "wait.md"
    inner.parent.mkdir()
    inner.write_text(STALE_DOX)
    monkeypatch.chdir(root)
    result = CliRunner().invoke(cli, ["check", "--fix"], catch_exceptions=False)
    assert "Traceback" not in result.output
    assert (elsewhere / "wait.py.dox.md").read_text() == STALE_DOX
    assert (root / "tools/wait.py.dox.md").is_symlink()
    # a link that stays inside the root is not written through either
    (root / "tools/wait.py.dox.md").unlink()
    (root / "tools/wait.py.dox.md").symlink_to(inner)
    result = CliRunner().invoke(cli, ["check", "--fix"], catch_exceptions=False)
    assert inner.read_text() == STALE_DOX
    assert (root / "tools/wait.py.dox.md").is_symlink()


def test_a_linked_companions_findings_have_no_fix_in_check_diff_or_fix(
    make_repo, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fix doxtool refuses to write is no fix: check, --diff and --fix agree."""
    timer_dox = STALE_DOX.replace("WaitTool", "TimerTool").replace("wait.py", "timer.py")
    root = make_repo(
        {
            "tools/wait.py": WAIT_PY,
            "docs/wait.md": STALE_DOX,
            "tools/timer.py": WAIT_PY.replace("WaitTool", "TimerTool"),
            "tools/timer.py.dox.md": timer_dox,
        }
    )
    (root / "tools/wait.py.dox.md").symlink_to(Path("..") / "docs" / "wait.md")
    monkeypatch.chdir(root)
    runner = CliRunner()
    checked = runner.invoke(cli, ["check", "--format", "json"], catch_exceptions=False)
    findings = json.loads(checked.stdout)
    linked = [f for f in findings if f["path"] == "tools/wait.py.dox.md"]
    plain = [f for f in findings if f["path"] == "tools/timer.py.dox.md"]
    assert linked and plain, findings
    assert not any(f["fixable"] or f["fix"] for f in linked), linked
    assert any(f["fixable"] for f in plain), plain
    diff = runner.invoke(cli, ["check", "--diff"], catch_exceptions=False)
    assert diff.exit_code == 1, diff.output
    assert "not written" not in diff.stderr
    assert "+++ b/tools/timer.py.dox.md" in diff.stdout
    assert "b/tools/wait.py.dox.md" not in diff.stdout
    fixed = runner.invoke(cli, ["check", "--fix"], catch_exceptions=False)
    assert fixed.exit_code == 1, fixed.output
    assert "not written" not in fixed.stderr
    assert (root / "tools/timer.py.dox.md").read_text() != timer_dox
    assert (root / "docs/wait.md").read_text() == STALE_DOX
    assert (root / "tools/wait.py.dox.md").is_symlink()
    again = runner.invoke(cli, ["check", "--format", "json"], catch_exceptions=False)
    assert [f for f in json.loads(again.stdout) if f["path"] == "tools/wait.py.dox.md"] == linked


_KILLED_WRITER = textwrap.dedent(
    """
    import os, sys, time
    from pathlib import Path
    from doxtool.core.writes import atomic_write

    root, target, ready = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
    real_fsync = os.fsync

    def slow_fsync(fd):
        ready.write_text("writing")  # the data is in the temporary file now
        time.sleep(60)               # killed here
        real_fsync(fd)

    os.fsync = slow_fsync
    atomic_write(root, target, b"N" * (8 * 1024 * 1024))
    """
)


def test_sigkill_while_writing_leaves_the_whole_old_file(tmp_path: Path) -> None:
    target = tmp_path / "big.md"
    old = b"O" * (4 * 1024 * 1024)
    target.write_bytes(old)
    ready = tmp_path / "ready"
    proc = subprocess.Popen(
        [sys.executable, "-c", _KILLED_WRITER, str(tmp_path), str(target), str(ready)],
        cwd=Path(__file__).resolve().parents[1],
    )
    try:
        deadline = time.monotonic() + 60
        while not ready.exists() and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
        assert ready.exists(), "the writer never reached the write"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == -signal.SIGKILL
    assert target.read_bytes() == old, "the whole old file"
    leftovers = _temps(tmp_path)
    assert len(leftovers) == 1 and leftovers[0].name.startswith(".big.md.")


def test_next_run_tolerates_a_leftover_temporary_file(
    make_repo, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a killed run leaves behind (``.<name>.<random>.tmp``) is no
    module, companion or prompt: the next run reports and fixes the same."""
    root = make_repo({"tools/wait.py": WAIT_PY, "tools/wait.py.dox.md": STALE_DOX})
    monkeypatch.chdir(root)
    clean = CliRunner().invoke(cli, ["check", "--no-cache"], catch_exceptions=False)
    for leftover in (
        "tools/.wait.py.dox.md.k3j2h1.tmp",
        "prompts/.agent.system.tool.wait.md.abc.tmp",
        "tools/.web_fetch.py.q8w7e6.tmp",
    ):
        path = root / leftover
        path.parent.mkdir(exist_ok=True)
        path.write_text(STALE_DOX[:100])
    again = CliRunner().invoke(cli, ["check", "--no-cache"], catch_exceptions=False)
    assert (again.exit_code, again.stdout) == (clean.exit_code, clean.stdout)
    assert ".tmp" not in again.stdout
    fixed = CliRunner().invoke(cli, ["check", "--fix", "--no-cache"], catch_exceptions=False)
    assert fixed.exit_code in (0, 1), fixed.output
    assert ".tmp" not in fixed.stdout
    assert "DOX111" not in fixed.stdout, "the companion itself was fixed"
    assert (root / "tools/.wait.py.dox.md.k3j2h1.tmp").read_text() == STALE_DOX[:100]


def test_create_only_accepts_the_same_file_made_meanwhile(tmp_path: Path) -> None:
    """Two concurrent `--fix` runs create the same missing companion: the
    second finds the very bytes it meant to write, which is no conflict."""
    target = tmp_path / "x.md"
    target.write_bytes(b"same\n")
    atomic_write(tmp_path, target, b"same\n", create_only=True)
    assert target.read_bytes() == b"same\n"
    with pytest.raises(UnsafeWrite):
        atomic_write(tmp_path, target, b"different\n", create_only=True)
    assert _temps(tmp_path) == []
