"""A snapshot of the repository's files, and the modules each module's facts
name: what :mod:`doxtool.run.incremental` compares and follows between runs.

Digests are read from regular files only (never a FIFO or a device, never
through a link), with a size limit past which modification time and size
alone decide.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat as stat_module
from typing import Any

from doxtool.run.project import Project
from doxtool.run.replay import CACHE_DIR, NEVER_READ, taken_listing, unescape_path

#: files larger than this are compared by modification time and size alone
MAX_DIGEST_BYTES = 8 * 1024 * 1024
#: a whole string value of a fact's ``repr`` that is a dotted name, or a path
#: of a Python file (values only: the field names are not quoted there)
_DOTTED = re.compile(r"""['"]([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)['"]""")
_PY_PATH = re.compile(r"""['"]([^'"\\]{1,1000}\.py)['"]""")

#: path -> (modification time ns, size, digest or "")
Files = dict[str, tuple[int, int, str]]


def read_regular(path: str, limit: int) -> bytes | None:
    """Up to ``limit`` bytes of a regular file; None for anything else. It is
    opened without blocking and without following a link, in case it was
    replaced by a FIFO or a link since it was listed."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    try:
        if not stat_module.S_ISREG(os.fstat(fd).st_mode):
            return None
        with os.fdopen(os.dup(fd), "rb") as handle:
            return handle.read(limit)
    except OSError:
        return None
    finally:
        os.close(fd)


def _digest(path: str, size: int) -> str:
    """The digest of a regular file's bytes; "" for anything else."""
    if size > MAX_DIGEST_BYTES:
        return ""
    data = read_regular(path, MAX_DIGEST_BYTES + 1)
    return "" if data is None else hashlib.blake2b(data, digest_size=16).hexdigest()


#: a file modified this close to the last snapshot may have changed again
#: within the file system's time granularity: its digest is taken afresh
RACY_NS = 3_000_000_000


def snapshot(
    project: Project, known: Files | None = None, racy_after: int = 0
) -> tuple[Files, list[str]]:
    """Every file (with its digest) and directory under the root, less version
    control, the cache and excluded directories; links are listed, not
    followed. A file whose time and size match ``known`` keeps its digest,
    unless that time is later than ``racy_after``."""
    root = str(project.root)
    cache_dir = project.config.cache_dir.strip("/")
    listed = taken_listing(root) if cache_dir == CACHE_DIR else None
    read = _from_listing(root, listed[1], known or {}, racy_after) if listed else None
    if read is not None:
        return read
    files: Files = {}
    dirs: list[str] = []
    stack = [""]
    known = known or {}
    while stack:
        rel = stack.pop()
        prefix = rel + "/" if rel else ""
        try:
            with os.scandir(os.path.join(root, rel) if rel else root) as it:
                entries = list(it)
        except OSError:
            dirs.append("!" + rel)
            continue
        for entry in entries:
            child = prefix + entry.name
            try:
                if entry.is_dir(follow_symlinks=False):
                    if entry.name in NEVER_READ or child == cache_dir or project.excluded(child):
                        continue
                    dirs.append(child)
                    stack.append(child)
                    continue
                stat = entry.stat(follow_symlinks=False)
            except OSError:
                dirs.append("?" + child)
                continue
            old = known.get(child)
            if (
                old is not None
                and old[0] == stat.st_mtime_ns
                and old[1] == stat.st_size
                and old[0] < racy_after
            ):
                files[child] = old
            else:
                # only a regular file is read (a FIFO would block, a device never end)
                regular = stat_module.S_ISREG(stat.st_mode)
                digest = _digest(entry.path, stat.st_size) if regular else ""
                files[child] = (stat.st_mtime_ns, stat.st_size, digest)
    dirs.sort()
    return files, dirs


def _from_listing(
    root: str, listing: str, known: Files, racy_after: int
) -> tuple[Files, list[str]] | None:
    """:func:`snapshot` read off :func:`~doxtool.run.replay.inputs` of the same
    tree, taken by this process already: the tree is not walked again. None
    when a line does not read as an entry (the tree is walked then)."""
    files: Files = {}
    dirs: list[str] = []
    for line in listing.split("\n") if listing else ():
        kind = line[:1]
        if kind == "f":
            try:
                shown, mtime_text, size_text = line[1:].rsplit(":", 2)
                mtime, size = int(mtime_text), int(size_text)
            except ValueError:
                return None
            path = unescape_path(shown)
            old = known.get(path)
            if old is not None and old[0] == mtime and old[1] == size and old[0] < racy_after:
                files[path] = old
            else:
                files[path] = (mtime, size, _digest(os.path.join(root, path), size))
        elif kind == "d":
            dirs.append(unescape_path(line[1:].rsplit(":", 1)[0]))
        elif kind in ("!", "?"):  # a directory that cannot be listed, an entry not read
            dirs.append(kind + unescape_path(line[1:]))
        else:
            return None
    dirs.sort()
    return files, dirs


def _top_names(project: Project, memo: dict[str, Any]) -> frozenset[str]:
    """Names of the root's entries, ``.py`` dropped: the first part of any
    dotted name a repository module can have."""
    known = memo.get("\0tops")
    if known is None:
        try:
            names = os.listdir(project.root)
        except OSError:
            names = []
        known = memo["\0tops"] = frozenset(n.removesuffix(".py") for n in names)
    return known  # type: ignore[no-any-return]


def _is_file(project: Project, path: str, memo: dict[str, Any]) -> bool:
    key = "\0file:" + path
    known = memo.get(key)
    if known is None:
        known = memo[key] = (project.root / path).is_file()
    return bool(known)


def references(project: Project, module: str, memo: dict[str, Any]) -> list[str]:
    """The repository modules the facts of ``module`` name: what resolving
    its tools or following its calls may read."""
    facts = project.facts(module)
    text = repr(facts)
    found: dict[str, None] = {}
    tops = _top_names(project, memo)
    for path in set(_PY_PATH.findall(text)):
        if path != module and _is_file(project, path, memo):
            found[path] = None
    for dotted in set(_DOTTED.findall(text)):
        parts = dotted.split(".")
        if parts[0] not in tops:
            continue  # no module of the repository starts so
        for cut in range(1, len(parts) + 1):
            rel = project.module_path(".".join(parts[:cut]))  # remembered per run
            if rel is not None and rel != module:
                found[rel] = None
    if facts.outline is not None:
        package = module.rsplit("/", 1)[0].split("/") if "/" in module else []
        for imported in facts.outline.imports:
            if not imported.level:
                continue
            base = package[: len(package) - (imported.level - 1)] if imported.level > 1 else package
            stem = "/".join([*base, *imported.module.split(".")]) if imported.module else ""
            stem = stem or "/".join(base)
            for name in ["", *imported.names]:
                for candidate in (f"{stem}/{name}" if name else stem,):
                    for path in (f"{candidate}.py", f"{candidate}/__init__.py"):
                        path = path.lstrip("/")
                        if path != module and (project.root / path).is_file():
                            found[path] = None
    return sorted(found)
