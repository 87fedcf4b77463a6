"""Content-addressed cache of extracted facts and parsed files.

Entries are keyed by the file's bytes, doxtool's version and the configuration
that affects them, so an unchanged file is never parsed twice. They live in
one SQLite database under the cache directory (``.doxtool_cache/`` by default,
which writes its own ``.gitignore``): SQLite gives atomic writes and safe
concurrent use by several doxtool processes. Values are JSON, never pickles: a
cache directory can come from an untrusted checkout, and loading it must not
run code. A corrupt database, a truncated value or a value that no longer fits
the data model is ignored and rebuilt; the cache never makes a run fail.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from doxtool import __version__
from doxtool.serde import from_data, to_data

T = TypeVar("T")

SCHEMA_VERSION = "1"
_GITIGNORE = "# created by doxtool\n*\n"


#: modules whose code shapes the cached values: a change to any of them (an
#: upgrade, or a development checkout) invalidates every entry
_PRODUCERS = (
    "extract.py",
    "resolve.py",
    "effects.py",
    "names.py",
    "facts.py",
    "positions.py",
    "source.py",
    "serde.py",
    "companion.py",
    "factlines.py",
    "prompts.py",
)


def code_fingerprint() -> str:
    digest = hashlib.blake2b(digest_size=12)
    package = Path(__file__).resolve().parent
    for name in _PRODUCERS:
        with contextlib.suppress(OSError):
            digest.update(name.encode() + b"\0" + (package / name).read_bytes())
    return digest.hexdigest()


class FactsCache:
    def __init__(self, directory: Path, salt: str) -> None:
        self.directory = directory
        self.salt = f"{SCHEMA_VERSION}:{__version__}:{code_fingerprint()}:{salt}".encode()
        self.hits = 0
        self.misses = 0
        self._db: sqlite3.Connection | None = None
        self._broken = False
        self._pending: list[tuple[str, str]] = []

    # -- storage --------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection | None:
        if self._db is not None or self._broken:
            return self._db
        try:
            if self.directory.is_symlink():
                raise OSError("cache directory is a link")
            self.directory.mkdir(parents=True, exist_ok=True)
            ignore = self.directory / ".gitignore"
            if not ignore.exists():
                ignore.write_text(_GITIGNORE)
            path = self.directory / "facts.sqlite3"
            self._db = self._open(path)
        except (OSError, sqlite3.Error):
            self._broken = True
            self._db = None
        return self._db

    @staticmethod
    def _open(path: Path) -> sqlite3.Connection:
        try:
            db = sqlite3.connect(path, timeout=10, isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("CREATE TABLE IF NOT EXISTS entries (key TEXT PRIMARY KEY, value TEXT)")
            db.execute("SELECT count(*) FROM entries LIMIT 1").fetchone()
            return db
        except sqlite3.DatabaseError:
            # not a database (corrupt or truncated): start afresh
            with contextlib.suppress(OSError):
                path.unlink()
            for suffix in ("-wal", "-shm"):
                with contextlib.suppress(OSError):
                    Path(str(path) + suffix).unlink()
            db = sqlite3.connect(path, timeout=10, isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("CREATE TABLE IF NOT EXISTS entries (key TEXT PRIMARY KEY, value TEXT)")
            return db

    def key(self, kind: str, data: bytes) -> str:
        digest = hashlib.blake2b(self.salt, digest_size=20)
        digest.update(kind.encode())
        digest.update(b"\0")
        digest.update(data)
        return digest.hexdigest()

    def get_raw(self, key: str) -> Any | None:
        db = self._connect()
        if db is None:
            return None
        try:
            row = db.execute("SELECT value FROM entries WHERE key = ?", (key,)).fetchone()
        except sqlite3.Error:
            return None
        if row is None:
            return None
        try:
            return json.loads(row[0])
        except (ValueError, TypeError, RecursionError):
            return None

    def put_raw(self, key: str, value: Any) -> None:
        try:
            text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
        except (TypeError, ValueError, RecursionError):
            return
        self._pending.append((key, text))
        if len(self._pending) >= 256:
            self.flush()

    def flush(self) -> None:
        if not self._pending:
            return
        pending, self._pending = self._pending, []
        db = self._connect()
        if db is None:
            return
        try:
            with db:
                db.executemany("INSERT OR REPLACE INTO entries (key, value) VALUES (?, ?)", pending)
        except sqlite3.Error:
            pass  # another process holds the lock for too long: skip, rebuild later

    # -- typed access -----------------------------------------------------------

    def load(self, kind: str, data: bytes, cls: type[T]) -> T | None:
        raw = self.get_raw(self.key(kind, data))
        if raw is None:
            self.misses += 1
            return None
        try:
            value = from_data(cls, raw)
        except (ValueError, TypeError, KeyError, RecursionError):
            self.misses += 1
            return None
        self.hits += 1
        return value

    def store(self, kind: str, data: bytes, value: Any) -> None:
        self.put_raw(self.key(kind, data), to_data(value))

    def through(self, kind: str, data: bytes, cls: type[T], compute: Callable[[], T]) -> T:
        cached = self.load(kind, data, cls)
        if cached is not None:
            return cached
        value = compute()
        self.store(kind, data, value)
        return value

    def close(self) -> None:
        self.flush()
        if self._db is not None:
            with contextlib.suppress(sqlite3.Error):
                self._db.close()
            self._db = None


def clear(directory: Path) -> bool:
    """Remove the cache database; True when something was removed."""
    removed = False
    for name in ("facts.sqlite3", "facts.sqlite3-wal", "facts.sqlite3-shm", "runs.marshal"):
        path = directory / name
        if path.is_file() and not path.is_symlink():
            with contextlib.suppress(OSError):
                path.unlink()
                removed = True
    return removed


def cpu_count() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1
