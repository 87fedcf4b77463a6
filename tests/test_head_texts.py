"""The texts git's ``HEAD`` holds, read for a run over PATHS.

The request is written into a pipe before git is started, so it must never
wait for a reader: a pipe smaller than the request (a user over the
kernel's soft limit of pipe pages gets one page) hands the request to
:mod:`subprocess` instead of blocking for ever.
"""

from __future__ import annotations

import fcntl
import os
import signal
import subprocess
from pathlib import Path

import pytest

from doxtool.run import libraries

PAGE = 4096


def _committed(root: Path, count: int) -> list[str]:
    paths = [f"tools/module_with_a_rather_long_name_{n:04d}.py" for n in range(count)]
    for n, path in enumerate(paths):
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(f"VALUE = {n}\n")
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.invalid",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.invalid",
    }
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "start"]):
        subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True)
    return paths


@pytest.mark.skipif(not hasattr(fcntl, "F_SETPIPE_SZ"), reason="pipe sizes are Linux's")
def test_a_request_larger_than_the_pipe_is_read_without_waiting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = _committed(tmp_path, 200)
    request = sum(len(f"HEAD:./{p}\n") for p in paths)
    assert PAGE < request < libraries._PIPED  # the spawned path, over one page
    real_pipe = os.pipe

    def one_page_pipe() -> tuple[int, int]:
        read_end, write_end = real_pipe()
        fcntl.fcntl(write_end, fcntl.F_SETPIPE_SZ, PAGE)
        return read_end, write_end

    def waited(signum: int, frame: object) -> None:
        raise TimeoutError("the request waited for a reader")

    monkeypatch.setattr(os, "pipe", one_page_pipe)
    previous = signal.signal(signal.SIGALRM, waited)
    signal.alarm(20)
    try:
        texts = libraries.head_texts(tmp_path, paths)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    assert texts == {p: f"VALUE = {n}\n".encode() for n, p in enumerate(paths)}


def test_a_small_request_is_answered_by_the_spawned_git(tmp_path: Path) -> None:
    paths = _committed(tmp_path, 3)
    texts = libraries.head_texts(tmp_path, [*paths, "tools/absent.py"])
    assert texts == {p: f"VALUE = {n}\n".encode() for n, p in enumerate(paths)}
