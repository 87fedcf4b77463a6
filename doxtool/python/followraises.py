"""Calls that never return, told from the summaries of the repository's
functions, and what they settle once the modules are joined: the helper
reads a check ended by one of them (part of :mod:`doxtool.python.follow`;
what records them: :mod:`~doxtool.python.astraisecalls`), and the tool's
arguments, outcomes and effects past them (what records them:
:mod:`~doxtool.python.raisecalls`, whose libcst walk the join never loads)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from doxtool.core.facts import Argument, ToolFacts
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


def settled(arg: Argument, never: bool) -> Argument:
    """``arg`` past its :attr:`~Argument.raise_calls`: as the check would
    make it when they never return (``never``), else as it is."""
    if not arg.raise_calls:
        return arg
    presence = arg.raise_presence
    arg = dataclasses.replace(arg, raise_calls=[], raise_presence=[])
    alternatives = arg.raise_alternatives
    arg = dataclasses.replace(arg, raise_alternatives=[])
    if not never or len(presence) != 5:
        return arg
    required, unknown, has_default, default_unknown, alternatives_optional = presence
    return dataclasses.replace(
        arg,
        required=required,
        required_unknown=unknown,
        has_default=has_default,
        default=arg.default if has_default else None,
        default_unknown=default_unknown,
        alternatives=alternatives,
        alternatives_optional=alternatives_optional,
    )


def past_never(tool: ToolFacts, never: Callable[[list[str]], bool]) -> ToolFacts:
    """The tool without the outcomes and effects no path reaches: each
    follows calls (:attr:`Outcome.unless`) that ``never`` says never return;
    a side effect's area goes with the last of its effects."""
    if not any(o.unless for o in tool.outcomes) and not any(e.unless for e in tool.effects):
        return tool
    told: dict[tuple[str, ...], bool] = {}

    def kept(unless: list[str]) -> bool:
        key = tuple(unless)
        if key and key not in told:
            told[key] = never(unless)
        return not key or not told[key]

    outcomes = [dataclasses.replace(o, unless=[]) for o in tool.outcomes if kept(o.unless)]
    effects = [dataclasses.replace(e, unless=[]) for e in tool.effects if kept(e.unless)]
    gone = {e.area for e in tool.effects} - {e.area for e in effects}
    return dataclasses.replace(
        tool,
        outcomes=outcomes,
        effects=effects,
        side_effects=[a for a in tool.side_effects if a not in gone],
    )
