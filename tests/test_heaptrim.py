"""Freed heap memory handed back to the system (doxtool.run.heaptrim)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from doxtool.run import heaptrim, pool, prefetch
from tests.samples import clean_files

#: frees about 100 MB of 4 KB blocks inside the heap (a block kept after
#: them stops the C library from giving them back by shrinking the heap's
#: top), then prints the resident set before and after give_back, in MB
FREED_INSIDE_THE_HEAP = textwrap.dedent(
    """
    from doxtool.run.heaptrim import give_back

    def rss():
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * 4096 / 2**20

    blocks = [bytearray(4000) for _ in range(25_000)]
    kept = [bytearray(4000) for _ in range(10)]
    del blocks
    before = rss()
    give_back()
    print(before, rss(), len(kept))
    """
)


@pytest.mark.skipif(not heaptrim.available(), reason="no malloc_trim in this C library")
def test_give_back_returns_the_pages_freed_inside_the_heap() -> None:
    out = subprocess.run(
        [sys.executable, "-c", FREED_INSIDE_THE_HEAP],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[1],
    ).stdout.split()
    before, after = float(out[0]), float(out[1])
    assert before - after > 50, (before, after)


def test_give_back_does_nothing_where_the_c_library_has_no_trim(monkeypatch) -> None:
    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.setattr(heaptrim, "_looked", False)
    monkeypatch.setattr(heaptrim, "_trim", None)
    assert heaptrim.available() is False
    heaptrim.give_back()  # no error, nothing called


def _repo(make_repo, tools: int) -> Path:
    base = clean_files()
    files: dict[str, str] = {"prompts/agent.system.tools.md": base["prompts/agent.system.tools.md"]}
    for n in range(tools):
        files[f"tools/wait_{n}.py"] = base["tools/wait.py"]
        files[f"tools/wait_{n}.py.dox.md"] = base["tools/wait.py.dox.md"]
        files[f"prompts/agent.system.tool.wait_{n}.md"] = base["prompts/agent.system.tool.wait.md"]
    return make_repo(files)


def test_a_large_up_front_parse_gives_back_as_it_goes_and_at_its_end(
    make_repo, monkeypatch
) -> None:
    from doxtool.api import load_project
    from doxtool.run.context import Context

    root = _repo(make_repo, 6)
    calls: list[bool] = []  # whether the parse was over
    parsed: list[int] = []
    monkeypatch.setattr(prefetch, "TRIM_EVERY", 4)
    monkeypatch.setattr(prefetch, "give_back", lambda: calls.append(bool(parsed)))
    project = load_project(root)
    ctx = Context(project)
    real = prefetch._parse_ahead

    def counted(*args: object) -> int:
        parsed.append(real(*args))  # type: ignore[arg-type]
        return parsed[-1]

    monkeypatch.setattr(prefetch, "_parse_ahead", counted)
    prefetch.prefetch(ctx, project.documented_modules, 1)
    # 6 modules, 6 companions, 7 prompts: a return after every 4th result,
    # and one at the end, once the parse's jobs are let go of
    assert parsed == [19]
    assert calls == [False, False, False, False, True]


def test_a_small_up_front_parse_gives_nothing_back(make_repo, monkeypatch) -> None:
    from doxtool.api import load_project
    from doxtool.run.context import Context

    root = _repo(make_repo, 2)
    calls: list[None] = []
    monkeypatch.setattr(prefetch, "give_back", lambda: calls.append(None))
    project = load_project(root)
    prefetch.prefetch(Context(project), project.documented_modules, 1)
    assert calls == []
    assert project.loaded_modules()  # the parse did run


def test_a_pool_worker_gives_back_after_each_chunk(monkeypatch) -> None:
    calls: list[None] = []
    monkeypatch.setattr(pool, "give_back", lambda: calls.append(None))
    jobs = [pool.Job("prompt", f"prompts/p{n}.md", "# p\n") for n in range(3)]
    results = pool._parse_chunk(pool.parse_plain, jobs)
    assert len(results) == 3
    assert calls == [None]
