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

A short companion is mostly what its template says, not its module: the
names of the companion doxtool's templates write for the old module when
nothing is known of its code (its file name, the commands and paths of the
boilerplate lines, under either convention) tell no module from another, nor
do the names a quarter of the directory's modules hold (its framework's). A
companion too little like a module with them is compared again without
them, and without the names built from the old file name that the module
does not hold (``WebFetchTool`` of ``web_fetch.py``: a renamed file renames
them too), both ways: the module must hold most of what the companion
names, and the companion most of what the module's fact lines would name,
each on at least two names.
"""

from __future__ import annotations

import builtins
import keyword
import re
from collections.abc import Hashable
from typing import TYPE_CHECKING, TypeVar

from doxtool.core.source import ReadError, read_text
from doxtool.run.sparse import gone

if TYPE_CHECKING:
    from doxtool.run.context import Context

Old = TypeVar("Old", bound=Hashable)
New = TypeVar("New", bound=Hashable)

#: share of a companion's code names the module must hold to be like it
MIN_SHARED = 0.3
#: likeness by what a companion and a module each say of the other
#: (:func:`_fact_likeness`) that makes them alike, on at least two names
MIN_FACT_SHARED = 0.5
MIN_SHARED_NAMES = 2
#: likeness of file names (``difflib`` ratio of the stems) that is enough alone
MIN_NAME_RATIO = 0.6

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_CODE_SPAN = re.compile(r"`([^`\n]+)`")
_TEST_PATH = re.compile(r"(?:[\w.-]+/)*(?:test_\w*|\w*_test)\.py")
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
        if gone(ctx, companion.removesuffix(".dox.md"))
    ]
    if not stale:
        return {}
    orphans = [m for m in ctx.project.modules_in(directory) if gone(ctx, ctx.companion_path(m))]
    if not orphans:
        return {}
    names = {m: _module_names(ctx, m) for m in orphans}
    shared_here = _directory_vocabulary(ctx, directory)
    scores: dict[tuple[str, str], float] = {}
    for companion in stale:
        old = companion.removesuffix(".dox.md")
        stem = _stem(old)
        every = _companion_names(ctx, companion)
        spans = every - template_names(ctx, old, _test_paths(ctx, companion)) - shared_here
        for module in orphans:
            ratio = name_likeness(stem, _stem(module))
            shared = len(every & names[module]) / len(every) if every else 0.0
            if shared < MIN_SHARED:
                # its template's words and the directory's fill a short companion
                facts = _fact_likeness(ctx, (spans, every), stem, module, shared_here)
                shared = facts if facts >= MIN_FACT_SHARED else 0.0
            if shared >= MIN_SHARED or ratio:
                scores[companion, module] = shared + ratio
    return one_to_one(scores)


def _fact_likeness(
    ctx: Context,
    said: tuple[frozenset[str], frozenset[str]],
    stem: str,
    module: str,
    vocabulary: frozenset[str],
) -> float:
    """How alike a companion and a module are by what each says of the
    other (``said``: the companion's names less its template's and the
    directory's ``vocabulary``, and all of them): the share of the
    companion's names the module holds, and the share of the names the
    module's own fact lines would show that the companion holds, the lesser;
    names built from either file name aside (a rename renames them), and 0
    when either side rests on fewer than :data:`MIN_SHARED_NAMES`."""
    spans, every = said
    held = _module_names(ctx, module) - vocabulary
    counted = {n for n in spans if n in held or not _built_from(n, stem)}
    forward = counted & held
    facts = _fact_names(ctx, module) - vocabulary
    backward = {n for n in facts if n in every or not _built_from(n, _stem(module))}
    shown = backward & every
    if min(len(forward), len(shown)) < MIN_SHARED_NAMES:
        return 0.0
    return min(len(forward) / len(counted), len(shown) / len(backward))


def _directory_vocabulary(ctx: Context, directory: str) -> frozenset[str]:
    """The names a quarter or more of the directory's modules hold (two at
    least): its framework's words (``ApiHandler``, ``Request``), which tell
    no module of it from another."""
    modules = ctx.project.modules_in(directory)
    counts: dict[str, int] = {}
    for module in modules:
        for name in _module_names(ctx, module):
            counts[name] = counts.get(name, 0) + 1
    least = max(2, len(modules) / 4)
    return frozenset(name for name, count in counts.items() if count >= least)


def _fact_names(ctx: Context, module: str) -> frozenset[str]:
    """The code names of the fact lines the module's companion would hold."""
    return _span_names("\n".join(line for b in ctx.expected(module) for line in b.lines))


def template_names(ctx: Context, module: str, tests: list[str]) -> frozenset[str]:
    """The code names of the companions doxtool's own templates write for
    ``module`` (either convention; ``tests``, the tests it names) when
    nothing is known of its code: what any companion of it holds, whatever
    the module does. A project's own templates are not rendered: a check
    renders none (README: Safety)."""
    from doxtool.companions.conventions import convention_named
    from doxtool.companions.derive import expected_blocks
    from doxtool.companions.generate import render_companion
    from doxtool.core.facts import ModuleFacts

    facts = ModuleFacts(path=module, module=module.removesuffix(".py").replace("/", "."))
    is_tool = ctx.project.is_tool_module(module)
    texts = []
    for name in ("doxtool", "agent-zero"):
        convention = convention_named(name)
        expected = expected_blocks(facts, tests, convention)
        texts.append(
            render_companion(module, facts, expected, is_tool, tests=tests, convention=convention)
        )
    return frozenset(_span_names("\n".join(texts)))


def _test_paths(ctx: Context, companion: str) -> list[str]:
    """The test files (``test_*.py``, ``*_test.py``) a companion names in code spans."""
    source = ctx.companion_source(companion)
    if isinstance(source, ReadError):
        return []
    spans = (span.strip() for span in _CODE_SPAN.findall(source.text))
    return list(dict.fromkeys(span for span in spans if _TEST_PATH.fullmatch(span)))


def _built_from(name: str, stem: str) -> bool:
    """Whether ``name`` spells the file name ``stem`` in it (``WebFetchTool``,
    ``test_web_fetch`` of ``web_fetch``), case and underscores aside."""
    folded = stem.replace("_", "").lower()
    return len(folded) > 2 and folded in name.replace("_", "").lower()


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
    return _span_names(source.text)


def _span_names(text: str) -> frozenset[str]:
    return frozenset(
        name
        for span in _CODE_SPAN.findall(text)
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
