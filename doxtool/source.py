"""Reading input files safely: bytes in, text or a clear problem out.

Every input may be hostile: undecodable bytes, NUL bytes, a BOM, CRLF, a
directory where a file should be, a link out of the repository. Reading never
raises; it returns the text or a one-line reason.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass
from pathlib import Path

#: files larger than this are not analysed (a finding says so)
MAX_FILE_BYTES = 8 * 1024 * 1024

_CODING_RE = re.compile(rb"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)")


@dataclass(frozen=True)
class SourceText:
    """Decoded text of a file plus what is needed to write it back faithfully."""

    text: str
    encoding: str = "utf-8"
    bom: bool = False
    newline: str = "\n"

    def encode(self, text: str) -> bytes:
        data = text.encode(self.encoding)
        return codecs.BOM_UTF8 + data if self.bom else data


@dataclass(frozen=True)
class ReadError:
    """Why a file could not be read as text."""

    message: str
    line: int = 1
    column: int = 1
    kind: str = "read"


def detect_newline(text: str) -> str:
    """The file's dominant line ending (``\\n`` when it has none)."""
    crlf = text.count("\r\n")
    lf = text.count("\n") - crlf
    return "\r\n" if crlf > lf else "\n"


def _position_of(data: bytes, offset: int) -> tuple[int, int]:
    line = data.count(b"\n", 0, offset) + 1
    start = data.rfind(b"\n", 0, offset) + 1
    return line, offset - start + 1


def python_encoding(data: bytes) -> str:
    """The PEP 263 encoding declared in the first two lines, or utf-8."""
    for raw in data.split(b"\n", 2)[:2]:
        match = _CODING_RE.match(raw)
        if match:
            return match.group(1).decode("ascii", "replace")
        if raw.strip() and not raw.lstrip().startswith(b"#"):
            break
    return "utf-8"


def decode(data: bytes, *, python: bool = False) -> SourceText | ReadError:
    """Decode file bytes; Python files honour a PEP 263 coding cookie."""
    bom = data.startswith(codecs.BOM_UTF8)
    if bom:
        data = data[len(codecs.BOM_UTF8) :]
    nul = data.find(b"\x00")
    if nul != -1:
        line, column = _position_of(data, nul)
        return ReadError("file contains a NUL byte", line, column, "decode")
    encoding = python_encoding(data) if python and not bom else "utf-8"
    try:
        codecs.lookup(encoding)
    except LookupError:
        return ReadError(f"unknown encoding {encoding!r} declared", 1, 1, "decode")
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        line, column = _position_of(data, exc.start)
        return ReadError(
            f"cannot decode byte 0x{data[exc.start]:02x} as {encoding}", line, column, "decode"
        )
    return SourceText(text=text, encoding=encoding, bom=bom, newline=detect_newline(text))


def read_bytes(path: Path, limit: int = MAX_FILE_BYTES) -> bytes | ReadError:
    """Read a regular file's bytes, refusing directories and oversized files."""
    try:
        if not path.is_file():
            return ReadError("not a regular file", kind="read")
        size = path.stat().st_size
        if size > limit:
            return ReadError(f"file is {size} bytes, over the {limit}-byte limit", kind="limit")
        return path.read_bytes()
    except OSError as exc:
        return ReadError(f"cannot read file: {exc.strerror or exc}", kind="read")


def read_text(path: Path, *, python: bool = False) -> SourceText | ReadError:
    data = read_bytes(path)
    if isinstance(data, ReadError):
        return data
    return decode(data, python=python)
