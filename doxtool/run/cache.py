"""Content-addressed cache of extracted facts and parsed files.

Entries are keyed by the file's bytes, doxtool's version and code, the
interpreter, the versions of the libraries that parse (libcst, markdown-it-py,
json5) and the configuration that affects them: an unchanged file is never
parsed twice, and an upgrade never reads what an older parser produced. They
live in one SQLite database under the cache directory (``.doxtool_cache/`` by
default, which writes its own ``.gitignore``): SQLite gives atomic writes and
safe concurrent use by several doxtool processes. Values are JSON, never
pickles: a cache directory can come from an untrusted checkout, and loading it
must not run code. A corrupt database, a truncated value or a value that no longer fits
the data model is ignored and rebuilt; the cache never makes a run fail.

The database and its journal files are opened only when they are regular
files, never through a link (a link committed in their place is refused), and
the ``.gitignore`` is created exclusively: the cache writes nowhere but in its
own directory. A lock held too long by another process means no cache for
this run, never a reset of the other process's database.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import stat
import sys
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote

from doxtool import __version__
from doxtool.core.digests import blake2b
from doxtool.core.serde import dump_json, encode, from_data
from doxtool.run.dependencies import versions
from doxtool.run.replay import (
    FINDINGS_STATE,
    IGNORE_TEXT,
    RECORD,
    library_versions,
    prepare_cache_dir,
)

T = TypeVar("T")

SCHEMA_VERSION = "7"
#: whether this process ends without tearing down once its run is done
#: (:func:`ending_process`): databases are then left open, not closed
_ending_process = False
#: the connections left open (referenced, so that nothing closes them)
_left_open: list[sqlite3.Connection] = []
#: the longest write-ahead log a database is left open with: the next run's
#: first connection reads all of it (about 0.5 ms a MiB), and a longer one
#: (a cold run's) would stay on disk beside the database; SQLite's automatic
#: checkpoint copies a log of 1,000 pages (4 MiB of 4 KiB pages) in
LEFT_LOG_BYTES = 4 << 20
DATABASE = "facts.sqlite3"
_DATABASE_FILES = (DATABASE, DATABASE + "-wal", DATABASE + "-shm")
_SCHEMA = "CREATE TABLE IF NOT EXISTS entries (key TEXT PRIMARY KEY, value TEXT)"
# an unchanged value is not written again: a run that finds everything in the
# cache leaves the database file as it was
_UPSERT = (
    "INSERT INTO entries (key, value) VALUES (?, ?) "
    "ON CONFLICT(key) DO UPDATE SET value = excluded.value WHERE value IS NOT excluded.value"
)


#: packages whose code shapes the cached values (reading Python, companions,
#: prompts, and the plain data they produce): a change to any module in them
#: (an upgrade, or a development checkout) invalidates every entry
_PRODUCER_PACKAGES = ("core", "python", "companions", "prompts")
#: single modules outside those packages that shape cached values: the indexes
#: that store values they compute themselves (``put_raw``)
_PRODUCER_MODULES = ("run/mentions.py", "run/namesindex.py", "run/promptindex.py")


def producer_files() -> list[Path]:
    """The source files whose code shapes the cached values, in a stable order."""
    package = Path(__file__).resolve().parent.parent
    return [package / name for name in _producer_names(str(package))]


def code_fingerprint() -> str:
    """The version of the code that shapes cached values: each producer file
    by its name, size and modification time, which Python's own bytecode
    cache trusts a source file by (reading the 2.4 MB of their text cost a
    short check more than 10 ms, a run in every twenty)."""
    digest = blake2b(digest_size=12)
    package = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    for name in _producer_names(package):
        with contextlib.suppress(OSError):
            stat = os.stat(os.path.join(package, name))
            digest.update(f"{name}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def _producer_names(package: str) -> list[str]:
    """The paths of :func:`producer_files` relative to ``package``, in the same order."""
    names: list[str] = []
    for directory in _PRODUCER_PACKAGES:
        with contextlib.suppress(OSError):
            listed = sorted(
                n for n in os.listdir(os.path.join(package, directory)) if n.endswith(".py")
            )
            names.extend(f"{directory}/{n}" for n in listed)
    return names + list(_PRODUCER_MODULES)


def interpreter() -> str:
    """The interpreter: its ``ast`` and ``tokenize`` give positions and errors."""
    return sys.implementation.name + "-" + ".".join(map(str, sys.version_info[:3]))


class FactsCache:
    def __init__(self, directory: Path, salt: str) -> None:
        self.directory = directory
        self.salt = ":".join(
            (
                SCHEMA_VERSION,
                __version__,
                code_fingerprint(),
                interpreter(),
                library_versions(),
                versions(),
                salt,
            )
        ).encode()
        self.hits = 0
        self.misses = 0
        self._db: sqlite3.Connection | None = None
        self._broken = False
        self._reset_done = False
        self._pending: list[tuple[str, str]] = []

    def is_new(self) -> bool:
        """Whether no run has stored anything here yet, or its database cannot
        be reached (a directory this user may not search): every look-up will
        miss."""
        try:
            os.stat(self.directory / DATABASE)
        except OSError:
            return True
        return False

    # -- storage --------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection | None:
        if self._db is not None or self._broken:
            return self._db
        try:
            if not prepare_cache_dir(str(self.directory)):
                raise OSError("cache directory is a link or not a directory")
            self._db = self._open(self.directory / DATABASE)
        except (OSError, sqlite3.Error):
            self._broken = True
            self._db = None
        return self._db

    def _safe_files(self) -> bool:
        """Whether the database files are absent or regular files (not links)."""
        for name in _DATABASE_FILES:
            path = self.directory / name
            if path.is_symlink() or (path.exists() and not path.is_file()):
                return False
        return True

    def _open(self, path: Path) -> sqlite3.Connection:
        if not self._safe_files():
            raise OSError("cache database is a link or not a regular file")
        try:
            return self._connect_to(path)
        except sqlite3.OperationalError:
            raise  # locked or unreadable: no cache this run, and nothing deleted
        except sqlite3.DatabaseError:
            # not a database (corrupt or truncated): start afresh
            self._remove_files()
            return self._connect_to(path)

    @staticmethod
    def _connect_to(path: Path) -> sqlite3.Connection:
        # nofollow: SQLite itself refuses a link put in place after the check
        uri = "file:" + quote(str(path)) + "?nofollow=1"
        db = sqlite3.connect(uri, uri=True, timeout=10, isolation_level=None)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            # a lost entry is only parsed again: commits need not wait for the disk
            db.execute("PRAGMA synchronous=NORMAL")
            db.execute(_SCHEMA)
            db.execute("SELECT count(*) FROM entries LIMIT 1").fetchone()
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                db.close()
            raise
        return db

    def _remove_files(self) -> None:
        for name in _DATABASE_FILES:
            path = self.directory / name
            if not path.is_symlink():
                with contextlib.suppress(OSError):
                    path.unlink()

    def _damaged(self, error: sqlite3.Error) -> None:
        """React to an error met after opening: a damaged database (corrupt
        pages deep inside) is dropped and rebuilt once; anything else (a lock
        held too long) only skips the cache for the rest of this run."""
        if self._db is not None:
            with contextlib.suppress(sqlite3.Error):
                self._db.close()
            self._db = None
        if isinstance(error, sqlite3.OperationalError) or self._reset_done:
            self._broken = True
            return
        self._reset_done = True
        self._remove_files()

    def key(self, kind: str, data: bytes) -> str:
        digest = blake2b(self.salt, digest_size=20)
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
        except sqlite3.Error as error:
            self._damaged(error)
            return None
        if row is None or not isinstance(row[0], str):
            return None
        try:
            return json.loads(row[0])
        except (ValueError, TypeError, RecursionError, MemoryError):
            return None

    def put_raw(self, key: str, value: Any) -> None:
        text = dump_json(value)
        if text is not None:
            self.put_text(key, text)

    def put_text(self, key: str, text: str) -> None:
        """Store a value already encoded by :func:`encode`."""
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
                db.executemany(_UPSERT, pending)
        except sqlite3.Error as error:
            # another process holds the lock for too long, or the file is
            # damaged: these values are only lost, the next run rebuilds them
            self._damaged(error)
        except (ValueError, OverflowError, MemoryError):
            pass  # a value SQLite cannot take: computed again next time

    # -- typed access -----------------------------------------------------------

    def load(self, kind: str, data: bytes, cls: type[T]) -> T | None:
        raw = self.get_raw(self.key(kind, data))
        if raw is None:
            self.misses += 1
            return None
        try:
            value = from_data(cls, raw)
        except Exception:  # a stale or crafted entry: recompute it
            self.misses += 1
            return None
        self.hits += 1
        return value

    def store(self, kind: str, data: bytes, value: Any, encoded: str | None = None) -> None:
        """Cache ``value``; ``encoded`` is its :func:`encode` when already known."""
        text = encoded if encoded is not None else encode(value)
        if text is not None:
            self.put_text(self.key(kind, data), text)

    def _small_log(self) -> bool:
        """Whether the write-ahead log is at most :data:`LEFT_LOG_BYTES` long."""
        try:
            return os.stat(self.directory / (DATABASE + "-wal")).st_size <= LEFT_LOG_BYTES
        except OSError:
            return False

    def close(self) -> None:
        self.flush()
        if self._db is not None:
            if _ending_process and self._small_log():
                # what is committed is in the write-ahead log, where the next
                # connection reads it; closing would copy it into the
                # database and wait for the disk (some 10 ms) while the run's
                # output waits: SQLite does that in a later commit instead,
                # once the log has grown (its automatic checkpoint)
                _left_open.append(self._db)
            else:
                with contextlib.suppress(sqlite3.Error):
                    self._db.close()
            self._db = None


def ending_process() -> None:
    """Tell the cache that this process ends with its run, without tearing
    the interpreter down (the console script: :func:`doxtool.launcher._leave`):
    :meth:`FactsCache.close` commits what it holds and leaves the database
    open. SQLite keeps a database whole however its process ends, and a
    later connection finds every committed entry (a write-ahead log outlives
    its writer)."""
    global _ending_process
    _ending_process = True


class ClearError(Exception):
    """A cache file that could not be removed."""


def clear(directory: Path) -> bool:
    """Remove the cache database and the run record; True when something was
    removed. A file that is there but cannot be removed is a ClearError."""
    removed = False
    failures = []
    for name in (*_DATABASE_FILES, RECORD, FINDINGS_STATE):
        path = directory / name
        try:
            if not stat.S_ISREG(os.lstat(path).st_mode):
                continue  # a link or a directory: not the cache's
            path.unlink()
        except FileNotFoundError:
            continue  # removed meanwhile (another run)
        except OSError as exc:
            failures.append(f"{path}: {exc.strerror or exc}")
        else:
            removed = True
    if failures:
        more = f" (and {len(failures) - 1} more)" if len(failures) > 1 else ""
        raise ClearError(f"cannot remove {failures[0]}{more}")
    return removed


#: the files a cache directory may hold besides temporary ones
_OWN_FILES = frozenset({*_DATABASE_FILES, RECORD, FINDINGS_STATE, ".gitignore"})


def _glob_base(pattern: str) -> str:
    """The literal directory a glob starts from (``plugins`` for ``plugins/*/tools``)."""
    parts = []
    for part in pattern.replace("\\", "/").split("/"):
        if any(c in part for c in "*?["):
            break
        parts.append(part)
    return "/".join(p for p in parts if p not in ("", "."))


def _made_by_doxtool(ignore: Path) -> bool:
    try:
        if ignore.is_symlink():
            return False
        with ignore.open("rb") as handle:
            return handle.read(len(IGNORE_TEXT) + 1) == IGNORE_TEXT.encode()
    except OSError:
        return False


def cache_dir_problem(root: Path, cache_dir: str, sources: dict[str, list[str]]) -> str | None:
    """Why ``cache_dir`` must not be the cache directory, if it must not.

    The cache writes a ``.gitignore`` holding ``*`` into its directory: in the
    root, or in a directory holding sources, it would hide new files from git.
    ``sources`` maps each configuration key to the directories (globs) it names.
    """
    if not cache_dir:
        return None
    named = Path(root, cache_dir)
    if named != Path(root) and named.is_symlink():
        return None  # a link is never the cache's: it stays off, and writes nothing there
    root = root.resolve()
    directory = (root / cache_dir).resolve()
    if directory == root:
        return "is the project root; the cache's `.gitignore` would hide every new file from git"
    for key, patterns in sources.items():
        for pattern in patterns:
            base = _glob_base(pattern)
            source = (root / base).resolve() if base else root
            if directory == source or directory in source.parents:
                return (
                    f"holds the `{key}` directory `{pattern}`; the cache's `.gitignore` "
                    "would hide its new files from git"
                )
    try:
        names = [entry.name for entry in os.scandir(directory)]
    except OSError:
        return None  # absent (created on first use) or unreadable (the cache stays off)
    if _made_by_doxtool(directory / ".gitignore"):
        return None  # a cache directory doxtool made earlier
    strangers = sorted(
        name
        for name in names
        if name not in _OWN_FILES and not (name.startswith(".") and name.endswith(".tmp"))
    )
    if strangers:
        return (
            f"holds files the cache did not write (`{strangers[0]}`"
            f"{f' and {len(strangers) - 1} more' if len(strangers) > 1 else ''}); "
            "point `cache-dir` at a directory of its own"
        )
    return None


def cpu_count() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1
