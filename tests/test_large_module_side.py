"""A module too large to parse half here and half in the side parser is
parsed whole in one process: the side parser is let go, nothing is handed to it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from doxtool.core.serde import to_data
from doxtool.run import pool, sideparser
from doxtool.run.pool import SIDE_PARSER_CHARS, Job, parse_ahead, parse_all

TOOL = (
    "from helpers.tool import Response, Tool\n\n\n"
    "class Big(Tool):\n"
    "    async def execute(self, **kwargs) -> Response:\n"
    "        step = str(self.args.get('step', ''))\n"
    "        return Response(message=step, break_loop=False)\n"
)


def _large_module() -> str:
    body = "".join(f"    value = value * {k} + len(str(value))  # step {k}\n" for k in range(8))
    filler = "".join(f"\n\ndef step_{n}(value):\n{body}    return value\n" for n in range(700))
    text = TOOL + filler
    assert len(text) > SIDE_PARSER_CHARS
    return text


class _Side:
    """A side parser that must not be handed anything."""

    def parse(self, jobs: list[Job], encoded: bool):  # type: ignore[no-untyped-def]
        raise AssertionError(f"handed {[job.path for job in jobs]}")


class _Answering:
    """A side parser that parses what it is handed, here."""

    def __init__(self) -> None:
        self.handed: list[str] = []

    def parse(self, jobs: list[Job], encoded: bool):  # type: ignore[no-untyped-def]
        self.handed.extend(job.path for job in jobs)
        results = [pool.parse_plain(job) for job in jobs]
        return lambda: results


@pytest.fixture
def closed(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    calls: list[bool] = []
    monkeypatch.setattr(sideparser, "close", lambda: calls.append(True))
    return calls


def test_a_large_module_is_parsed_here_and_the_side_parser_let_go(
    monkeypatch: pytest.MonkeyPatch, closed: list[bool]
) -> None:
    monkeypatch.setattr(sideparser, "current", lambda: _Side())
    roots = frozenset({"helpers"})
    job = Job("facts", "tools/big.py", _large_module(), roots)
    parse_ahead([job], 2, False)  # not handed ahead either
    results = [result for result, _ in parse_all([job], 2)]
    assert closed == [True]
    assert to_data(pool.unpacked(results[0])) == to_data(pool.parse(job))
    assert "step" in str(to_data(results[0]))


def test_small_modules_still_go_to_the_side_parser(
    monkeypatch: pytest.MonkeyPatch, closed: list[bool]
) -> None:
    side = _Answering()
    monkeypatch.setattr(sideparser, "current", lambda: side)
    job = Job("facts", "tools/small.py", TOOL, frozenset({"helpers"}))
    results = [result for result, _ in parse_all([job], 2)]
    assert side.handed == ["tools/small.py"]
    assert closed == []
    assert to_data(results[0]) == to_data(pool.parse(job))


@pytest.mark.slow
def test_a_check_of_a_large_module_reports_the_same_with_any_jobs(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir(exist_ok=True)
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "big.py").write_text(_large_module(), encoding="utf-8")
    outputs = []
    for jobs in ("1", "2"):
        done = subprocess.run(
            [sys.executable, "-m", "doxtool", "check", "--no-cache", "--jobs", jobs],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 1, done.stderr  # no companion, no prompt
        assert "Traceback" not in done.stderr
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1]
    assert "DOX001" in outputs[0]
