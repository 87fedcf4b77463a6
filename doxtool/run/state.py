"""The state an incremental check keeps between whole-repository checks.

The state is read with a size limit and checked field by field: a crafted
one can at worst make a run's findings wrong, as a crafted facts cache can,
and never runs code. It is one line of JSON (the findings and the small
fields, and the length of each text that follows) and then the large texts
themselves (listing, digests, edges, what each prompt file teaches), as
UTF-8: reading and writing those costs a copy, not a pass of a JSON codec
over every character (:func:`read_state`, :func:`write_state`). Anything
that does not add up (a length, the magic, the fields) is no state, and
means a full run (:mod:`doxtool.run.incremental`).
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from doxtool.core.digests import blake2b
from doxtool.core.findings import Finding
from doxtool.core.reads import read_upto
from doxtool.core.serde import dump_json, from_data, to_data
from doxtool.run.edges import Edges
from doxtool.run.gitmarks import index_may_skip
from doxtool.run.project import Project
from doxtool.run.replay import FINDINGS_STATE, package_stamps, prepare_cache_dir
from doxtool.run.snapshot import Tree

STATE = FINDINGS_STATE
_MAGIC = "doxtool-findings 5"
#: the fields written as texts after the JSON line, in this order
_TEXTS = ("listing", "digests", "edges", "taught")
#: a state file larger than this is ignored
MAX_STATE_BYTES = 256 * 1024 * 1024


@dataclass
class State:
    """What a whole-repository check leaves for the next one."""

    key: str
    root: str
    #: the tree before the run read anything
    tree: Tree
    #: module -> modules its facts name, for every module whose facts the run read
    edges: Edges
    #: modules whose facts the run read besides those (read, not re-checked)
    also_read: set[str]
    findings: list[Finding]
    #: prompt file -> the tool names it teaches, for every own file of a
    #: prompt set read whole (the same kind of map as the edges)
    taught: Edges = field(default_factory=Edges)
    #: the modules read for how the framework treats a call without
    #: ``tool_args`` (:mod:`doxtool.run.requests`): an edit of one means a full
    #: run; None when no run since the last full one asked (no finding kept
    #: turns on it)
    requests: set[str] | None = None


def read_state(path: Path) -> Any:
    """The value :func:`write_state` wrote at ``path``; None when there is
    none, or it is not whole (the caller checks the fields)."""
    if path.is_symlink() or not path.is_file():
        return None
    with open(path, "rb") as handle:
        data = read_upto(handle.fileno(), MAX_STATE_BYTES + 1)
    end = data.find(b"\n")
    if len(data) > MAX_STATE_BYTES or end < 0:
        return None
    try:
        raw = json.loads(data[:end].decode("utf-8", "surrogatepass"))
        if not isinstance(raw, dict):
            return raw
        sizes = raw.pop("texts", None)
        if not isinstance(sizes, dict) or not all(type(n) is int for n in sizes.values()):
            return None
        if min(sizes.values(), default=0) < 0 or sum(sizes.values()) != len(data) - end - 1:
            return None
        at = end + 1
        for name, size in sizes.items():
            raw[name] = data[at : at + size].decode("utf-8", "surrogatepass")
            at += size
    except (ValueError, RecursionError):
        return None
    return raw


def write_state(path: Path, value: Any) -> None:
    """Write ``value`` (plain data) for :func:`read_state`: its large texts
    after a line of JSON holding everything else; ValueError when it holds
    what JSON cannot."""
    texts: dict[str, bytes] = {}
    if isinstance(value, dict):
        value = dict(value)
        for name in _TEXTS:
            if isinstance(value.get(name), str):
                texts[name] = value.pop(name).encode("utf-8", "surrogatepass")
        value["texts"] = {name: len(data) for name, data in texts.items()}
    line = dump_json(value)
    if line is None:
        raise ValueError("not plain data")
    with open(path, "wb") as handle:
        handle.write(line.encode("utf-8", "surrogatepass") + b"\n")
        for data in texts.values():
            handle.write(data)


def load(path: Path, key: str, root: str) -> State | None:
    """The state at ``path`` if it is whole and was written for ``key`` and ``root``."""
    try:
        raw = read_state(path)
        taken = raw.get("taken") if isinstance(raw, dict) else None
        if not isinstance(taken, int):
            return None
    except (OSError, ValueError, RecursionError, MemoryError):
        return None
    try:
        if not isinstance(raw, dict) or raw.get("magic") != _MAGIC:
            return None
        if raw.get("key") != key or raw.get("root") != root:
            return None
        listing, digests = raw["listing"], raw["digests"]
        if not (isinstance(listing, str) and isinstance(digests, str)):
            return None
        bare = {str(p) for p in raw["bare"]}
        racy: dict[str, tuple[int, int]] = {}
        for name, (mtime, size) in raw["racy"].items():
            if not (isinstance(mtime, int) and isinstance(size, int)):
                return None
            racy[str(name)] = (mtime, size)
        edges, taught = raw["edges"], raw["taught"]
        if not (isinstance(edges, str) and isinstance(taught, str)):
            return None
        also_read = {str(r) for r in raw["also_read"]}
        read = raw["requests"]
        requests = None if read is None else {str(r) for r in read}
        findings = [from_data(Finding, item) for item in raw["findings"]]
    except (KeyError, TypeError, ValueError, AttributeError, RecursionError):
        return None
    tree = Tree(taken, listing, digests, bare, racy)
    return State(key, root, tree, Edges(edges), also_read, findings, Edges(taught), requests)


def store(directory: Path, state: State, full: bool, reason: str) -> None:
    """Write ``state`` in ``directory`` (``full``: computed by a full run, and why)."""
    import tempfile

    value = {
        "magic": _MAGIC,
        #: how the findings were computed (for ``-v`` and the tests)
        "run": "full" if full else "incremental",
        "why": reason,
        "key": state.key,
        "root": state.root,
        "taken": state.tree.taken,
        "listing": state.tree.listing,
        "digests": state.tree.digests,
        "bare": sorted(state.tree.bare),
        "racy": {k: list(v) for k, v in sorted(state.tree.racy.items())},
        "edges": state.edges.text,
        "taught": state.taught.text,
        "also_read": sorted(state.also_read),
        "requests": None if state.requests is None else sorted(state.requests),
        "findings": [to_data(f) for f in state.findings],
    }
    if not prepare_cache_dir(str(directory)):
        return
    target = directory / STATE
    if target.is_symlink():
        return
    fd, tmp = tempfile.mkstemp(prefix=".state.", suffix=".tmp", dir=directory)
    os.close(fd)
    try:
        write_state(Path(tmp), value)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def state_key(project: Project, codes: Iterable[str]) -> str:
    """What besides the tree makes findings differ: doxtool's code, the
    interpreter and libraries (the facts cache's salt), the configuration,
    the rules selected, and whether git's index may mark files skip-worktree."""
    digest = blake2b(digest_size=20)
    cache = project.cache
    digest.update(cache.salt if cache is not None else b"-")
    digest.update(repr(project.config).encode("utf-8", "surrogatepass"))
    digest.update(repr(sorted(codes)).encode())
    for stamp in package_stamps():
        digest.update(stamp.encode("utf-8", "surrogatepass") + b"\n")
    # whether git's index may leave files out of the work tree (no file shows it)
    digest.update(repr(index_may_skip(str(project.root))).encode())
    return digest.hexdigest()
