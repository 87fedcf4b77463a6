"""Reading input files safely: bytes in, text or a clear problem out.

Every input may be hostile: undecodable bytes, NUL bytes, a BOM, CRLF, a
directory where a file should be, a link out of the repository. Reading never
raises; it returns the text or a one-line reason.
"""

from __future__ import annotations

import codecs
import errno
import os
import re
import stat
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from doxtool.core.reads import read_upto

#: files larger than this are not read (a finding says so)
MAX_FILE_BYTES = 8 * 1024 * 1024
#: Python modules larger than this are not read. What bounds memory is not the
#: file but the part of it libcst builds a tree for
#: (:data:`doxtool.python.cstparse.MAX_PARSED_CHARS`); ``ast``'s tree of the
#: whole module, which the outline and summaries read, takes some 150 MB for
#: 1 MiB (a hand-written tool module is a few kilobytes; the largest module of
#: a real Agent Zero checkout is 116 KB)
MAX_MODULE_BYTES = 1024 * 1024
#: configuration files larger than this are not read (a configuration error)
MAX_CONFIG_BYTES = 1024 * 1024

_CODING_RE = re.compile(rb"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)")


@dataclass(frozen=True)
class SourceText:
    """Decoded text of a file plus what is needed to write it back faithfully."""

    text: str
    encoding: str = "utf-8"
    bom: bool = False
    newline: str = "\n"

    def encode(self, text: str) -> bytes:
        """``text`` in the file's encoding (and BOM). A character the encoding
        cannot hold (a lone surrogate from an undecodable file name) is
        written as its backslash escape rather than failing the write."""
        data = text.encode(self.encoding, "backslashreplace")
        return codecs.BOM_UTF8 + data if self.bom else data


@dataclass(frozen=True)
class ReadError:
    """Why a file could not be read as text."""

    message: str
    line: int = 1
    column: int = 1
    kind: str = "read"


def detect_newline(text: str) -> str:
    """The file's dominant line ending: ``\\r\\n``, ``\\r`` (classic Mac OS) or
    ``\\n`` (also when it has none, or on a tie with another)."""
    crlf = text.count("\r\n")
    lf = text.count("\n") - crlf
    cr = text.count("\r") - crlf
    if crlf > lf and crlf >= cr:
        return "\r\n"
    if cr > lf and cr > crlf:
        return "\r"
    return "\n"


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
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return ReadError(
            "file is UTF-16 (it starts with a UTF-16 byte order mark); not UTF-8", 1, 1, "decode"
        )
    nul = data.find(b"\x00")
    if nul != -1:
        line, column = _position_of(data, nul)
        return ReadError("file contains a NUL byte", line, column, "decode")
    encoding = python_encoding(data) if python and not bom else "utf-8"
    try:
        info = codecs.lookup(encoding)
    except LookupError:
        return ReadError(f"unknown encoding {encoding!r} declared", 1, 1, "decode")
    # ``rot13``, ``zlib_codec``, ``base64`` ... are codecs but not text encodings
    # (Python itself refuses them in a coding cookie)
    if not getattr(info, "_is_text_encoding", True):
        return ReadError(f"{encoding!r} is not a text encoding", 1, 1, "decode")
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        line, column = _position_of(data, exc.start)
        byte = data[exc.start] if exc.start < len(data) else 0
        return ReadError(f"cannot decode byte 0x{byte:02x} as {encoding}", line, column, "decode")
    except (LookupError, ValueError, TypeError) as exc:  # a codec's own refusal
        return ReadError(f"cannot decode as {encoding}: {exc}"[:200], 1, 1, "decode")
    if "\x00" in text:  # a multi-byte encoding can decode to NUL without a NUL byte
        line = text.count("\n", 0, text.index("\x00")) + 1
        return ReadError("file contains a NUL character", line, 1, "decode")
    return SourceText(text=text, encoding=encoding, bom=bom, newline=detect_newline(text))


def size_limit(path: Path) -> int:
    """The size over which ``path`` is not read: lower for Python modules."""
    return MAX_MODULE_BYTES if path.name.endswith(".py") else MAX_FILE_BYTES


def within(root: Path, path: Path) -> bool:
    """Whether ``path``, links resolved, stays inside ``root`` (a loop is outside)."""
    try:
        path.resolve(strict=False).relative_to(_resolved(root))
    except (ValueError, OSError, RuntimeError):
        return False
    return True


#: the longest file name, in bytes, where the file system does not say
_DEFAULT_NAME_MAX = 255


def name_fits(path: Path) -> bool:
    """Whether a file named ``path`` could exist: its name within the longest
    file name (in bytes) the file system of its directory takes."""
    try:
        size = len(os.fsencode(path.name))
    except (UnicodeError, ValueError):
        return False
    return size <= _name_max(str(path.parent))


@lru_cache(maxsize=64)
def _name_max(directory: str) -> int:
    try:
        return int(os.pathconf(directory, "PC_NAME_MAX"))
    except (OSError, ValueError, TypeError):
        return _DEFAULT_NAME_MAX


def present(path: Path) -> bool:
    """Whether something (a link to nowhere included) is at ``path``; a name
    no file can have (too long, a NUL in it) names nothing."""
    try:
        return path.exists() or path.is_symlink()
    except (OSError, ValueError):
        return False


def link_problem(root: Path, path: Path) -> ReadError | None:
    """Why a link at ``path`` is not followed (a loop, or a target outside
    ``root``); None for a file that is no link (a name no file can have
    included), or a link that stays inside."""
    try:
        if not path.is_symlink():
            return None
    except (OSError, ValueError):  # a name too long for any file, a NUL
        return None
    try:
        target = path.resolve(strict=False)
    except RuntimeError:  # pathlib's word for a loop
        return ReadError("link loop; not read", kind="read")
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return ReadError("link loop; not read", kind="read")
        return ReadError(f"cannot read file: {exc.strerror or exc}", kind="read")
    try:
        target.relative_to(_resolved(root))
    except ValueError:
        return ReadError("link points outside the repository; not read", kind="read")
    return None


def _resolved(root: Path) -> Path:
    """``root`` with its links resolved; an absolute root once per process (a
    run's root does not move), a relative one each time (the working
    directory may)."""
    return _resolved_absolute(root) if root.is_absolute() else root.resolve()


@lru_cache(maxsize=16)
def _resolved_absolute(root: Path) -> Path:
    return root.resolve()


_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)


def read_bytes(
    path: Path, limit: int | None = None, *, root: Path | None = None
) -> bytes | ReadError:
    """Read a regular file's bytes, refusing directories, devices, FIFOs and
    oversized files (over :func:`size_limit` unless ``limit`` is given); with
    ``root``, also refusing a file that a link places outside it.

    The file is opened without blocking and checked on the open descriptor, so
    a FIFO or a device swapped in after a check can neither hang nor flood the
    run, and no more than the limit is read, whatever size the file claims.
    """
    limit = size_limit(path) if limit is None else limit
    if root is not None and not within(root, path):
        problem = link_problem(root, path)
        return problem or ReadError("link points outside the repository; not read", kind="read")
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except IsADirectoryError:
        return ReadError("not a regular file", kind="read")
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        return ReadError(f"cannot read file: {getattr(exc, 'strerror', None) or exc}", kind="read")
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return ReadError("not a regular file", kind="read")
        if info.st_size > limit:
            return ReadError(
                f"file is {info.st_size} bytes, over the {limit}-byte limit; not read", kind="read"
            )
        data = read_upto(fd, limit + 1)
        if len(data) > limit:
            return ReadError(f"file is over the {limit}-byte limit; not read", kind="read")
        return data
    except OSError as exc:
        return ReadError(f"cannot read file: {exc.strerror or exc}", kind="read")
    finally:
        os.close(fd)


def read_text(
    path: Path, *, python: bool = False, root: Path | None = None
) -> SourceText | ReadError:
    """Read and decode a file (see :func:`read_bytes` and :func:`decode`)."""
    data = read_bytes(path, root=root)
    if isinstance(data, ReadError):
        return data
    return decode(data, python=python)
