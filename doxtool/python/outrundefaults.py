"""Defaults a check on every call leaves unused, in a helper's summary (part
of :class:`~doxtool.python.functionwalk.FunctionWalk`).

A check that raises without a key on every call of a function (``v =
args.get("b")``, then ``if not v: raise ...``) ends each call that lacks the
key there. Another read of that key in the same function, before the check
or past it (``v = args.get("b", "y")`` bound again by the read the check
tests), gives its default on no call that goes on: the calls that reach it
without the key are ended by the check, or were never going on. Its default
is no default of the argument, and no clash with the check's requirement
(:func:`~doxtool.python.followargs.add_arguments`), as in the tool walk,
where such a check needs the argument whatever other reads give.
"""

from __future__ import annotations

from doxtool.core.summary_facts import KeyRead


def drop_outrun_defaults(reads: list[KeyRead]) -> None:
    """Clear the defaults of the reads of a key (of the same dict) that a
    check of the function refuses on every call when missing."""
    needed = {
        (read.source, read.key)
        for read in reads
        if read.key and read.contract and _every_call(read)
    }
    for read in reads:
        if (read.source, read.key) in needed and not read.contract and read.has_default:
            read.default, read.has_default = None, False


def _every_call(read: KeyRead) -> bool:
    """Whether the check of ``read`` refuses a missing key on every call:
    not on some calls only, not in an ``except`` handler, not one of
    several keys any of which will do, not ended by calls that may return."""
    return not (read.conditional or read.on_error or read.alternatives or read.raise_calls)
