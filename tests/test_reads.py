"""Bounded reads ask for the file's size, not the bound, and still give what a plain read loop gives."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from doxtool.core import reads
from doxtool.core.reads import read_upto


def _plain(path: Path, count: int) -> bytes:
    with open(path, "rb") as handle:
        return handle.read(count)


def _read(path: Path, count: int, offset: int = 0) -> bytes:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.lseek(fd, offset, os.SEEK_SET)
        return read_upto(fd, count)
    finally:
        os.close(fd)


@pytest.mark.parametrize("size", [0, 1, 4095, 4096, 70_000, 200_001])
@pytest.mark.parametrize("count", [1, 4096, 100_000, 8 * 1024 * 1024 + 1])
def test_the_bytes_are_those_of_a_plain_read(tmp_path: Path, size: int, count: int) -> None:
    path = tmp_path / "data"
    path.write_bytes(bytes(range(256)) * (size // 256) + b"x" * (size % 256))
    assert _read(path, count) == _plain(path, count)


def test_a_read_starts_at_the_offset(tmp_path: Path) -> None:
    path = tmp_path / "data"
    path.write_bytes(b"0123456789")
    assert _read(path, 100, offset=4) == b"456789"
    assert _read(path, 3, offset=4) == b"456"


def test_the_buffers_are_the_files_size_not_the_bound(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An 8 MiB bound costs an 8 MiB allocation per read, which a run with a
    large heap pays by the millisecond: the reads ask for the size and a byte."""
    path = tmp_path / "data"
    path.write_bytes(b"a" * 5000)
    asked: list[int] = []
    real = os.read

    def noted(fd: int, size: int) -> bytes:
        asked.append(size)
        return real(fd, size)

    monkeypatch.setattr(reads.os, "read", noted)
    assert _read(path, 8 * 1024 * 1024 + 1) == b"a" * 5000
    assert asked == [5001, 1]


@pytest.mark.parametrize("claimed", [0, 10, 4999, 5001, 1_000_000])
def test_a_file_whose_size_changed_since_is_read_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, claimed: int
) -> None:
    """The size ``fstat`` gives only shapes the reads: a file grown or shrunk
    since is read to its end, up to the bound."""
    path = tmp_path / "data"
    data = os.urandom(5000)
    path.write_bytes(data)
    real = os.fstat

    def stale(fd: int) -> os.stat_result:
        result = real(fd)
        values = list(result)
        values[6] = claimed  # st_size
        return os.stat_result(values)

    monkeypatch.setattr(reads.os, "fstat", stale)
    assert _read(path, 100_000) == data
    assert _read(path, 4000) == data[:4000]
    assert _read(path, 5000) == data
