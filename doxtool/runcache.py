"""Replaying an unchanged ``doxtool check``.

A check whose inputs have not changed since the last identical run prints what
that run printed. "Inputs" is everything the result can depend on: the
command line and working directory, doxtool's own code, the interpreter, the
environment variables that change output, and the metadata (modification time
and size) of every directory and every ``.py``, ``.md``, ``.toml``, ``.json``
and ``.yaml`` file under the project root (excluded directories aside). Any
change there, an added or deleted file included, makes a fresh run.

The record lives in ``.doxtool_cache/runs.marshal`` at the project root. It
uses ``marshal`` (plain strings and numbers only; loading it runs no code) and
this module imports nothing but ``os``, ``sys`` and ``marshal``, so a replay
costs little more than starting Python.
"""

from __future__ import annotations

import marshal
import os
import sys

CACHE_DIR = ".doxtool_cache"
RECORD = "runs.marshal"
MAX_RECORDS = 16
_SUFFIXES = (".py", ".md", ".toml", ".json", ".yaml", ".yml", ".j2")
#: options that make a run write files, or print what a replay cannot
_INELIGIBLE = frozenset(
    {"--fix", "--diff", "--no-cache", "-v", "--verbose", "-h", "--help", "--debug"}
)
_INELIGIBLE_PREFIXES = ("--root", "--config", "--baseline")
_ENVIRONMENT = ("NO_COLOR", "FORCE_COLOR", "TERM", "COLUMNS", "CI", "GITHUB_ACTIONS")
_PACKAGE = os.path.dirname(os.path.abspath(__file__))


def eligible(argv: list[str]) -> bool:
    return (
        bool(argv)
        and argv[0] == "check"
        and not _INELIGIBLE.intersection(argv)
        and not any(a.startswith(_INELIGIBLE_PREFIXES) for a in argv)
    )


def inputs(root: str, skip: frozenset[str]) -> str:
    """Metadata of every file and directory a check can depend on, as one string."""
    out: list[str] = []
    append = out.append
    stack = [""]
    while stack:
        rel = stack.pop()
        try:
            with os.scandir(os.path.join(root, rel) if rel else root) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError:
            append("!" + rel)
            continue
        for entry in entries:
            name = entry.name
            child = rel + "/" + name if rel else name
            try:
                if entry.is_dir(follow_symlinks=False):
                    if child in skip or (name[0] == "." and name != ".ci"):
                        continue
                    append(f"d{child}:{entry.stat(follow_symlinks=False).st_mtime_ns}")
                    stack.append(child)
                elif name.endswith(_SUFFIXES) or entry.is_symlink():
                    stat = entry.stat(follow_symlinks=False)
                    append(f"f{child}:{stat.st_mtime_ns}:{stat.st_size}")
            except OSError:
                append("?" + child)
    return "\n".join(out)


def _context(argv: list[str], cwd: str) -> str:
    """What besides the files makes a run's output differ."""
    parts = [repr(argv), cwd, sys.version, repr(sys.stdout.isatty()), repr(sys.stderr.isatty())]
    parts.extend(repr(os.environ.get(name)) for name in _ENVIRONMENT)
    for directory, _, files in os.walk(_PACKAGE):
        for name in sorted(files):
            if name.endswith((".py", ".j2")):
                stat = os.stat(os.path.join(directory, name))
                parts.append(f"{directory}/{name}:{stat.st_mtime_ns}:{stat.st_size}")
    return "\n".join(parts)


def find_record(cwd: str) -> str | None:
    """The run record of the project holding ``cwd`` (walking up), if any."""
    directory = cwd
    while True:
        candidate = os.path.join(directory, CACHE_DIR, RECORD)
        if os.path.isfile(candidate):
            return candidate
        parent = os.path.dirname(directory)
        if parent == directory:
            return None
        directory = parent


def _load(path: str) -> dict[str, tuple[object, ...]]:
    try:
        if os.path.islink(path) or os.path.getsize(path) > 64 * 1024 * 1024:
            return {}
        with open(path, "rb") as handle:
            data = marshal.load(handle)
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    return data if isinstance(data, dict) else {}


def replay(argv: list[str], cwd: str) -> int | None:
    """Print the recorded output of an identical earlier run; its exit code."""
    path = find_record(cwd)
    if path is None:
        return None
    record = _load(path).get(repr([argv, cwd]))
    if not isinstance(record, tuple) or len(record) != 7:
        return None
    context, root, skip, files, stdout, stderr, code = record
    if not (
        isinstance(root, str)
        and isinstance(skip, tuple)
        and all(isinstance(s, str) for s in skip)
        and isinstance(stdout, str)
        and isinstance(stderr, str)
        and isinstance(code, int)
    ):
        return None
    if context != _context(argv, cwd) or files != inputs(root, frozenset(skip)):
        return None
    sys.stdout.write(stdout)
    sys.stdout.flush()
    if stderr:
        sys.stderr.write(stderr)
    return code


class Pending:
    """The inputs of a run, taken before it starts, to be recorded after it ends."""

    def __init__(self, argv: list[str], cwd: str, root: str, skip: frozenset[str]) -> None:
        self.argv = argv
        self.cwd = cwd
        self.root = root
        self.skip = tuple(sorted(skip))
        self.context = _context(argv, cwd)
        self.files = inputs(root, skip)

    def store(self, stdout: str, stderr: str, code: int) -> None:
        """Record the run (atomically; losing a race only loses a record)."""
        import tempfile

        directory = os.path.join(self.root, CACHE_DIR)
        try:
            if os.path.islink(directory):
                return
            os.makedirs(directory, exist_ok=True)
            ignore = os.path.join(directory, ".gitignore")
            if not os.path.exists(ignore):
                with open(ignore, "w", encoding="utf-8") as handle:
                    handle.write("# created by doxtool\n*\n")
            path = os.path.join(directory, RECORD)
            records = _load(path)
            key = repr([self.argv, self.cwd])
            records.pop(key, None)
            records[key] = (
                self.context,
                self.root,
                self.skip,
                self.files,
                stdout,
                stderr,
                code,
            )
            while len(records) > MAX_RECORDS:
                records.pop(next(iter(records)))
            fd, tmp = tempfile.mkstemp(prefix=".runs.", suffix=".tmp", dir=directory)
            try:
                with os.fdopen(fd, "wb") as handle:
                    marshal.dump(records, handle)
                os.replace(tmp, path)
            except BaseException:
                os.unlink(tmp)
                raise
        except OSError:
            pass
