"""Calls that never return, told from the summaries of the repository's
functions, and the helper reads a check ended by one of them settles (part
of :mod:`doxtool.python.follow`; what records them:
:mod:`~doxtool.python.astraisecalls`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from doxtool.core.summary_facts import KeyRead
from doxtool.python.followargs import Found

#: calls deep a chain of functions ending with calls is followed
_MAX_DEPTH = 4

Callee = Callable[[Found, str], "Found | None"]


def never_returns(found: Found | None, call: str, callee: Callee, depth: int = 0) -> bool:
    """Whether ``call`` (``await `` before an awaited one), reaching
    ``found``, never returns: every path of the function raises (or it is
    annotated ``NoReturn``), or ends with calls (reached through
    ``callee``) that each never return; and it is called, awaited when
    ``async`` (a coroutine made runs nothing)."""
    if found is None or found.constructs:
        return False
    summary = found.summary
    if summary.returns or summary.generator:
        return False
    if summary.is_async and not call.startswith("await "):
        return False
    if not summary.falls_off:
        return True
    if not summary.ends_unless or depth + 1 >= _MAX_DEPTH:
        return False
    return all(
        target != f"{found.facts.module}.{summary.name}"  # a recursive call may return
        and never_returns(callee(found, target), target, callee, depth + 1)
        for target in summary.ends_unless
    )


def raised_read(
    callee: Callable[[Found, str], Found | None], found: Found, read: KeyRead
) -> KeyRead:
    """A read of the helper ``found`` past its check ended by calls
    (:attr:`~KeyRead.raise_calls`): as the check makes it when each call,
    reached from ``found`` through ``callee``, never returns."""
    if not read.raise_calls:
        return read
    never = all(
        never_returns(callee(found, call.removeprefix("await ")), call, callee)
        for call in read.raise_calls
    )
    changes = dict(read.raise_changes) if never else {}
    return dataclasses.replace(read, raise_calls=[], raise_changes=[], **changes)
