"""Replaying an unchanged ``doxtool check``.

A check whose inputs have not changed since the last identical run prints what
that run printed. "Inputs" is everything the result can depend on: the
command line and working directory, doxtool's own code, the interpreter and
the versions of the libraries doxtool uses, the environment variables that
change output, and the metadata (modification time and size) of every
directory and every file under the project root, whatever its name or suffix
(dot-directories included: a tool folder may be ``.agent/tools``, a baseline
may be ``accepted.txt``), save for the excluded directories, version control
directories and the cache directory, and the bytes of files modified just
before the run (:mod:`doxtool.run.racy`). Any change there, an added or
deleted file included, makes a fresh run. A run that reads anything outside
the root (a baseline or a template folder configured elsewhere) is not recorded.

The record lives in ``.doxtool_cache/runs.record`` at the project root (the
name is historical). A cache directory can come with an untrusted checkout, so
the record is plain text read by string slicing: length-prefixed strings, no
``marshal`` or ``pickle`` (neither is safe on crafted data), no parser that
recursion or a huge length could exhaust. A record replays only for the root
it sits in and only while every input is unchanged (modification times to the
nanosecond included, which a checkout sets afresh); anything unexpected in it
means a fresh run. This module imports nothing but ``os``, ``sys``, ``time`` and
small modules of doxtool's (the listing, bounded reads, digests of racy files),
so a replay costs little more than starting Python.
"""

from __future__ import annotations

import os
import sys
import time

from doxtool.core.reads import read_upto
from doxtool.run.gitmarks import index_may_skip
from doxtool.run.listing import CACHE_DIR, directories, inputs, inputs_excluding
from doxtool.run.racy import racy_digests, racy_unchanged, settled

TYPE_CHECKING = False  # typing itself costs an import a replay can do without
if TYPE_CHECKING:
    from collections.abc import Callable

RECORD = "runs.record"
#: the findings of the last whole check, for an incremental one (:mod:`doxtool.run.incremental`)
FINDINGS_STATE = "findings.state"
MAX_RECORDS = 16
#: a record file larger than this is ignored
MAX_RECORD_BYTES = 16 * 1024 * 1024
_MAGIC = "doxtool-runs 4\n"
_FIELDS = 9  # key, context, root, skip, files, racy, stdout, stderr, code
#: options that make a run write files, or print what a replay cannot
_INELIGIBLE = frozenset(
    {"--fix", "--diff", "--no-cache", "-v", "--verbose", "-h", "--help", "--debug"}
)
_INELIGIBLE_PREFIXES = ("--root", "--config", "--baseline")
_ENVIRONMENT = ("NO_COLOR", "FORCE_COLOR", "TERM", "COLUMNS", "CI", "GITHUB_ACTIONS")
#: the doxtool package (this module lives in ``doxtool/run``)
_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


#: options of ``check`` that take a value
_VALUED = frozenset(
    {"--format", "--select", "--ignore", "--baseline", "--jobs", "--root", "--config"}
)


def _has_paths(args: list[str]) -> bool:
    skip = False
    for arg in args:
        if skip:
            skip = False
        elif arg in _VALUED:
            skip = True
        elif not arg.startswith("-"):
            return True
    return False


def eligible(argv: list[str]) -> bool:
    """Whole-repository checks only: a run over PATHS (pre-commit's) follows a
    change by definition, and recording it would only cost a walk of the tree."""
    return (
        bool(argv)
        and argv[0] == "check"
        and not _has_paths(argv[1:])
        and not _INELIGIBLE.intersection(argv)
        and not any(a.startswith(_INELIGIBLE_PREFIXES) for a in argv)
    )


#: the libraries whose code shapes doxtool's results, as (import name,
#: distribution name): libcst parses modules, markdown-it-py reads companions
#: and prompts, json5 reads lenient JSON examples
LIBRARIES = (("libcst", "libcst"), ("markdown_it", "markdown-it-py"), ("json5", "json5"))


def _normalized(distribution: str) -> str:
    return distribution.lower().replace("-", "_").replace(".", "_")


def _library_version(module: str, distribution: str, listings: dict[str, list[str]]) -> str:
    """The installed version of ``distribution``: from the ``.dist-info`` (or
    ``.egg-info``) directory beside the package ``import module`` would find
    on ``sys.path``, or, without one, the package file's modification time
    and size; ``-`` when it is not on ``sys.path`` at all."""
    wanted = _normalized(distribution)
    for entry in sys.path:
        base = entry or os.getcwd()
        package = os.path.join(base, module)
        for candidate in (os.path.join(package, "__init__.py"), package + ".py"):
            try:
                stat = os.stat(candidate)
            except OSError:
                continue
            names = listings.get(base)
            if names is None:
                try:
                    names = listings[base] = os.listdir(base)
                except OSError:
                    names = listings[base] = []
            versions = []
            for name in names:
                stem, dot, kind = name.rpartition(".")
                if dot and kind in ("dist-info", "egg-info"):
                    found, _, version = stem.partition("-")
                    if _normalized(found) == wanted:
                        versions.append(version.split("-", 1)[0])
            if versions:
                return ",".join(sorted(versions))
            return f"{stat.st_mtime_ns}:{stat.st_size}"
    return "-"


def library_versions() -> str:
    """The version of each library in :data:`LIBRARIES`, found without
    importing any (a replay, and a run that the cache answers, import neither
    markdown-it nor json5)."""
    listings: dict[str, list[str]] = {}
    return " ".join(
        f"{distribution}=={_library_version(module, distribution, listings)}"
        for module, distribution in LIBRARIES
    )


def inside(root: str, path: str) -> bool:
    """Whether ``path``, links resolved, lies inside ``root``."""
    real_root = os.path.realpath(root)
    real = os.path.realpath(path)
    return real == real_root or real.startswith(real_root.rstrip(os.sep) + os.sep)


def _context(argv: list[str], cwd: str) -> str:
    """What besides the files makes a run's output differ."""
    from doxtool.run.dependencies import versions

    parts = [repr(argv), cwd, sys.version, repr(sys.stdout.isatty()), repr(sys.stderr.isatty())]
    parts.append(library_versions())
    parts.extend((sys.executable, versions()))
    parts.extend(repr(os.environ.get(name)) for name in _ENVIRONMENT)
    parts.extend(package_stamps())
    parts.append(repr(index_may_skip(cwd)))  # whether git may leave files out
    return "\n".join(parts)


def package_stamps() -> list[str]:
    """A line for each of doxtool's own files (its code and templates, every
    subpackage), with the file's modification time and size: another
    doxtool, however little changed, gives other lines."""
    # one ``scandir`` per directory, its entries' own ``stat``, and no
    # ``__pycache__`` listed: the lines ``os.walk`` in name order would give
    stamps: list[str] = []
    todo = [_PACKAGE]
    while todo:
        directory = todo.pop()
        try:
            with os.scandir(directory) as listed:
                entries = sorted(listed, key=lambda entry: entry.name)
        except OSError:  # as ``os.walk`` passes over a directory it cannot list
            continue
        below: list[str] = []
        for entry in entries:
            if entry.is_dir():
                if entry.name != "__pycache__" and not entry.is_symlink():
                    below.append(entry.path)
            elif entry.name.endswith((".py", ".j2")):
                stat = entry.stat()
                stamps.append(f"{directory}/{entry.name}:{stat.st_mtime_ns}:{stat.st_size}")
        todo.extend(reversed(below))
    return stamps


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


def _pack(fields: list[str]) -> str:
    return "".join(f"{len(field)}:{field}" for field in fields)


def _unpack(text: str, start: int) -> list[str] | None:
    """Length-prefixed strings from ``start`` to the end; None if malformed."""
    fields: list[str] = []
    position = start
    end = len(text)
    while position < end:
        colon = text.find(":", position, position + 12)
        digits = text[position:colon] if colon > position else ""
        if not (digits.isascii() and digits.isdigit()):
            return None
        begin = colon + 1
        stop = begin + int(digits)
        if stop > end:
            return None
        fields.append(text[begin:stop])
        position = stop
    return fields


def _load(path: str) -> dict[str, tuple[str, ...]]:
    """The records of a run record file, by key; {} when it is unusable."""
    try:
        if os.path.islink(path) or not os.path.isfile(path):
            return {}
        with open(path, "rb") as handle:
            data = read_upto(handle.fileno(), MAX_RECORD_BYTES + 1)
        if len(data) > MAX_RECORD_BYTES:
            return {}
        text = data.decode("utf-8", "surrogatepass")
    except (OSError, ValueError, MemoryError):
        return {}
    if not text.startswith(_MAGIC):
        return {}
    fields = _unpack(text, len(_MAGIC))
    if fields is None or len(fields) % _FIELDS:
        return {}
    records: dict[str, tuple[str, ...]] = {}
    for index in range(0, len(fields), _FIELDS):
        key, *rest = fields[index : index + _FIELDS]
        records[key] = tuple(rest)
    return records


def _dump(records: dict[str, tuple[str, ...]]) -> bytes:
    fields = [field for key, rest in records.items() for field in (key, *rest)]
    return (_MAGIC + _pack(fields)).encode("utf-8", "surrogatepass")


def _record_root(path: str) -> str:
    """The project root a record file belongs to: the parent of its cache directory."""
    return os.path.dirname(os.path.dirname(os.path.abspath(path)))


class Found:
    """A recorded run that may answer this one, if the tree is as it was."""

    __slots__ = ("code", "files", "racy", "root", "skip", "stderr", "stdout")

    def __init__(
        self, root: str, skip: frozenset[str], files: str, racy: str, out: str, err: str, code: int
    ) -> None:
        self.root = root
        self.skip = skip
        #: the recorded listing of the tree, and the digests of its racy files
        self.files = files
        self.racy = racy
        self.stdout = out
        self.stderr = err
        self.code = code


def find(argv: list[str], cwd: str) -> Found | None:
    """The record of an identical earlier run (same command, directory and
    context), whose tree is still to be compared; None when there is none."""
    path = find_record(cwd)
    if path is None:
        return None
    record = _load(path).get(repr([argv, cwd]))
    if record is None or len(record) != _FIELDS - 1:
        return None
    context, root, skip_text, files, racy, stdout, stderr, code_text = record
    if code_text not in ("0", "1"):
        return None
    # a record speaks only for the tree it sits in: one that names another
    # root (say, an empty directory whose listing anyone can predict) is void
    if os.path.realpath(root) != os.path.realpath(_record_root(path)):
        return None
    skip = frozenset(skip_text.split("\0")) if skip_text else frozenset()
    if context != _context(argv, cwd):
        return None
    return Found(root, skip, files, racy, stdout, stderr, int(code_text))


def replay_found(found: Found) -> int | None:
    """Print the recorded output when the tree is as it was recorded; its exit
    code. A tree found changed is kept for the run that follows (:class:`Pending`)."""
    began = time.time_ns()
    now = inputs(found.root, found.skip)
    if found.files != now or not racy_unchanged(found.root, found.racy):
        _LISTED[found.root] = (began, found.skip, now)
        return None
    sys.stdout.write(found.stdout)
    sys.stdout.flush()
    if found.stderr:
        sys.stderr.write(found.stderr)
    return found.code


def handed() -> bytes:
    """The listings this process took and found changed, for another process
    to run the check with (:func:`adopt`)."""
    fields = [
        part
        for root, (began, skip, listing) in _LISTED.items()
        for part in (root, str(began), "\0".join(sorted(skip)), listing)
    ]
    return _pack(fields).encode("utf-8", "surrogatepass")


def adopt(data: bytes) -> None:
    """Take the listings :func:`handed` wrote as this process's own; anything
    malformed is left out (the run then lists the tree itself)."""
    try:
        fields = _unpack(data.decode("utf-8", "surrogatepass"), 0)
    except ValueError:
        return
    if fields is None or len(fields) % 4:
        return
    for index in range(0, len(fields), 4):
        root, began, skip_text, listing = fields[index : index + 4]
        if began.isascii() and began.isdigit():
            skip = frozenset(skip_text.split("\0")) if skip_text else frozenset()
            _LISTED[root] = (int(began), skip, listing)


#: root -> (when its walk began, ns; the excluded directories; the listing) of
#: the tree a replay of this process listed and found changed
_LISTED: dict[str, tuple[int, frozenset[str], str]] = {}


def _same_exclusions(skip: frozenset[str], listing: str, excluded: Callable[[str], bool]) -> bool:
    """Whether ``inputs_excluding(root, excluded)`` would list what ``listing``
    (``inputs(root, skip)`` of the same tree) does: ``excluded`` names every
    directory of ``skip`` and none of those listed."""
    if not all(excluded(directory) for directory in skip):
        return False
    return not any(excluded(directory) for directory in directories(listing))


#: root -> (when its walk began, in ns since the epoch; the listing), for each
#: tree a :class:`Pending` of this process listed: the run's snapshot of the
#: same tree reads it instead of walking the tree again
_TAKEN: dict[str, tuple[int, str]] = {}


def taken_listing(root: str) -> tuple[int, str] | None:
    """The listing a :class:`Pending` of this process took of ``root``, if any:
    :func:`inputs` of the tree without the cache, version control and the
    configured excluded directories."""
    return _TAKEN.get(root)


class Pending:
    """The inputs of a run, taken before it starts, to be recorded after it ends."""

    def __init__(
        self, argv: list[str], cwd: str, root: str, excluded: Callable[[str], bool]
    ) -> None:
        self.argv = argv
        self.cwd = cwd
        self.root = root
        listed = _LISTED.pop(root, None)
        if listed is not None and _same_exclusions(listed[1], listed[2], excluded):
            began, skip, self.files = listed
        else:
            began = time.time_ns()
            skip, self.files = inputs_excluding(root, excluded)
        _TAKEN[root] = (began, self.files)
        self.racy = racy_digests(root, self.files, began)
        self.skip = tuple(sorted(skip))
        self.context = _context(argv, cwd)

    def store(self, stdout: str, stderr: str, code: int) -> None:
        """Record the run (atomically; losing a race only loses a record)."""
        import tempfile

        directory = os.path.join(self.root, CACHE_DIR)
        try:
            if not prepare_cache_dir(directory):
                return
            path = os.path.join(directory, RECORD)
            if os.path.islink(path):
                return
            records = _load(path)
            key = repr([self.argv, self.cwd])
            records.pop(key, None)
            records[key] = (
                self.context,
                self.root,
                "\0".join(self.skip),
                self.files,
                settled(self.root, self.files, self.racy, time.time_ns()),
                stdout,
                stderr,
                str(int(code)),
            )
            while len(records) > MAX_RECORDS:
                records.pop(next(iter(records)))
            data = _dump(records)
            # a large tree's listings fill the file sooner: the oldest records
            # make room for this one, which alone may still be too large
            while len(data) > MAX_RECORD_BYTES and len(records) > 1:
                records.pop(next(iter(records)))
                data = _dump(records)
            if len(data) > MAX_RECORD_BYTES:
                return
            fd, tmp = tempfile.mkstemp(prefix=".runs.", suffix=".tmp", dir=directory)
            try:
                with os.fdopen(fd, "wb") as handle:
                    handle.write(data)
                os.replace(tmp, path)
            except BaseException:
                os.unlink(tmp)
                raise
        except (OSError, ValueError):
            pass  # replaying is an optimisation: a record that cannot be written is none


IGNORE_TEXT = "# created by doxtool\n*\n"


def prepare_cache_dir(directory: str) -> bool:
    """Create the cache directory and its ``.gitignore``; False when it is not
    a safe place to write (a link, or not a directory).

    The ``.gitignore`` is written whole or not at all: to a temporary file
    first, then renamed into place. A link in its place (even a dangling one)
    or a person's own file is left alone; one left empty or cut short by an
    earlier failure (a full disk) is written again the same way.
    """
    if os.path.islink(directory):
        return False
    os.makedirs(directory, exist_ok=True)
    if os.path.islink(directory) or not os.path.isdir(directory):
        return False
    ignore = os.path.join(directory, ".gitignore")
    if os.path.lexists(ignore):
        if os.path.islink(ignore) or not os.path.isfile(ignore):
            return True
        try:
            with open(ignore, "rb") as handle:
                held = handle.read(len(IGNORE_TEXT) + 1)
        except OSError:
            return True
        if held == IGNORE_TEXT.encode() or not IGNORE_TEXT.encode().startswith(held):
            return True  # whole, or a person's own: left as it is
        # empty or cut short: put in place whole below
    _write_new(directory, ignore, IGNORE_TEXT.encode())
    return True


def _write_new(directory: str, path: str, data: bytes) -> None:
    """Put ``path`` in place holding ``data`` whole (a rename replaces a name,
    never writes through a link), or leave it as it was."""
    import contextlib
    import tempfile

    fd, tmp = tempfile.mkstemp(prefix=".gitignore.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
