"""Which companion of a module gone probably belongs to which module without one.

A module renamed in a file-documented directory leaves its companion under
the old name (a *stale* companion, DOX002) and the module under the new name
without one (DOX001). The guess pairs them one to one: each stale companion
with at most one module lacking a companion and each such module with at
most one stale companion, so that no two companions are ever told to take
the same name.

A pair is guessed when the two are *similar*, by what the companion's code
spans name (identifiers inside backquotes, less Python's own words and the
vocabulary every tool companion shares) that the module's text holds too,
or by close file names; and when each is the other's best match, strictly:
a tie, or a weak likeness, guesses nothing.
"""

from __future__ import annotations

import builtins
import keyword
import re
from collections.abc import Hashable
from typing import TYPE_CHECKING, TypeVar

from doxtool.core.source import ReadError, read_text

if TYPE_CHECKING:
    from doxtool.run.context import Context

Old = TypeVar("Old", bound=Hashable)
New = TypeVar("New", bound=Hashable)

#: share of a companion's code names the module must hold to be like it
MIN_SHARED = 0.3
#: likeness of file names (``difflib`` ratio of the stems) that is enough alone
MIN_NAME_RATIO = 0.6

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_CODE_SPAN = re.compile(r"`([^`\n]+)`")
#: names every companion or module may hold: they tell no module from another
_COMMON = frozenset(
    {
        *keyword.kwlist,
        *dir(builtins),
        *("self", "cls", "args", "kwargs", "true", "false", "none", "py"),
        *("helpers", "tool", "Tool", "Response", "execute", "agent", "message"),
        "break_loop",
    }
)


def rename_pairs(ctx: Context, directory: str) -> dict[str, str]:
    """Stale companion -> the module of ``directory`` it probably belongs to
    (computed once per run and directory)."""
    return ctx.memo(("rename-pairs", directory), lambda: _pairs(ctx, directory))


def _pairs(ctx: Context, directory: str) -> dict[str, str]:
    stale = [
        companion
        for companion in ctx.project.companions_in(directory)
        if not ctx.exists(companion.removesuffix(".dox.md"))
    ]
    if not stale:
        return {}
    orphans = [
        m for m in ctx.project.modules_in(directory) if not ctx.exists(ctx.companion_path(m))
    ]
    if not orphans:
        return {}
    names = {m: _module_names(ctx, m) for m in orphans}
    scores: dict[tuple[str, str], float] = {}
    for companion in stale:
        spans = _companion_names(ctx, companion)
        stem = _stem(companion.removesuffix(".dox.md"))
        for module in orphans:
            shared = len(spans & names[module]) / len(spans) if spans else 0.0
            ratio = name_likeness(stem, _stem(module))
            if shared >= MIN_SHARED or ratio:
                scores[companion, module] = shared + ratio
    return one_to_one(scores)


def one_to_one(scores: dict[tuple[Old, New], float]) -> dict[Old, New]:
    """Old -> new for each scored pair that is the strict best match of both
    its old and its new member: a tie guesses nothing, and no two old names
    are ever sent to the same new one."""
    pairs: dict[Old, New] = {}
    for (old, new), score in scores.items():
        rivals = [
            other
            for (o, n), other in scores.items()
            if (o == old) != (n == new)  # the same old or new name, not both
        ]
        if all(other < score for other in rivals):
            pairs[old] = new
    return pairs


def name_likeness(first: str, second: str) -> float:
    """How alike two file or directory names are; 0 below ``MIN_NAME_RATIO``
    (unlike names tell nothing)."""
    ratio = _ratio(first, second)
    return ratio if ratio >= MIN_NAME_RATIO else 0.0


def _stem(path: str) -> str:
    return path.rsplit("/", 1)[-1].removesuffix(".py")


def _companion_names(ctx: Context, companion: str) -> frozenset[str]:
    source = ctx.companion_source(companion)
    if isinstance(source, ReadError):
        return frozenset()
    return frozenset(
        name
        for span in _CODE_SPAN.findall(source.text)
        for name in _IDENTIFIER.findall(span)
        if len(name) > 1 and name not in _COMMON
    )


def _module_names(ctx: Context, module: str) -> frozenset[str]:
    text = read_text(ctx.project.root / module, python=True)
    if isinstance(text, ReadError):
        return frozenset()
    return frozenset(_IDENTIFIER.findall(text.text))


def _ratio(first: str, second: str) -> float:
    """How alike two file names are (a check imports ``difflib`` only when a
    companion's module is gone)."""
    import difflib

    return difflib.SequenceMatcher(None, first, second).ratio()
