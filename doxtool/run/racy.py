"""Files a run's record cannot trust by their metadata alone.

A replay (:mod:`doxtool.run.replay`) trusts a file whose modification time
and size are as recorded. A file modified close to the moment its run listed
the tree may be written again within the file system's time granularity (a
second or two on some file systems) and keep both: its bytes are recorded
too, as a digest, and compared before the record is replayed, as git treats
its "racy" index entries. A file modified earlier than that has settled: a
later write gives it a later time. So has a racy file by the end of its run,
once the window is past and its bytes are still those recorded: the record
leaves it out (:func:`settled`), and a tree just checked out is not read
whole by every replay. This module imports nothing but ``os``
and two small modules of doxtool's, so a replay stays cheap.
"""

from __future__ import annotations

import os

from doxtool.core.digests import blake2b
from doxtool.core.reads import read_regular
from doxtool.run.listing import file_stamp, listed_entry, unescape_path

#: a file modified this close before a listing (or after it) may change again
#: without its modification time changing
RACY_NS = 3_000_000_000
#: a racy file larger than this is never replayed (its digest is not taken)
MAX_DIGEST_BYTES = 16 * 1024 * 1024


def _digest(path: str) -> str:
    data = read_regular(path, MAX_DIGEST_BYTES + 1)
    if data is None or len(data) > MAX_DIGEST_BYTES:
        return "-"  # matches no digest: the file is read afresh
    return blake2b(data, digest_size=16).hexdigest()


def racy_digests(root: str, listing: str, began: int) -> str:
    """For each file of ``listing`` (:func:`~doxtool.run.listing.inputs`)
    modified at ``began - RACY_NS`` or later, a ``<digest> <path>`` line of
    its bytes now; "" when there is none."""
    threshold = began - RACY_NS
    lines: list[str] = []
    for line in listing.split("\n"):
        if line[:1] != "f":
            continue
        stamp = file_stamp(line)
        if stamp is None or stamp[0] >= threshold:
            shown = listed_entry(line)[1:]  # escaped: one line whatever the name
            lines.append(f"{_digest(os.path.join(root, unescape_path(shown)))} {shown}")
    return "\n".join(lines)


def racy_unchanged(root: str, digests: str) -> bool:
    """Whether every file :func:`racy_digests` recorded still holds the same bytes."""
    for line in digests.split("\n") if digests else ():
        digest, _, shown = line.partition(" ")
        if digest == "-" or _digest(os.path.join(root, unescape_path(shown))) != digest:
            return False
    return True


def settled(root: str, listing: str, digests: str, now: int) -> str:
    """``digests`` (:func:`racy_digests` of ``listing``) less the files that
    have settled by ``now``: modified before ``now - RACY_NS``, as ``listing``
    has them, and still holding the bytes recorded. A later write gives such
    a file a later time, which the listing sees, so a replay need not read it
    (a tree just checked out, every file racy for the run that followed,
    would otherwise be read whole by every replay). A file whose bytes differ
    keeps its line: the replay reads it, and runs afresh."""
    if not digests:
        return digests
    wanted = {line.partition(" ")[2] for line in digests.split("\n")}
    times: dict[str, int] = {}
    for line in listing.split("\n"):
        if line[:1] == "f":
            shown = listed_entry(line)[1:]
            stamp = file_stamp(line)
            if shown in wanted and stamp is not None:
                times[shown] = stamp[0]
    threshold = now - RACY_NS
    kept: list[str] = []
    for line in digests.split("\n"):
        digest, _, shown = line.partition(" ")
        mtime = times.get(shown)
        if (
            mtime is None
            or mtime >= threshold
            or digest == "-"
            or _digest(os.path.join(root, unescape_path(shown))) != digest
        ):
            kept.append(line)
    return "\n".join(kept)
