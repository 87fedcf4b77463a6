"""Modules whose facts are built in part from code a sparse checkout leaves out.

A tool's facts come from other modules as well as its own: the class it
re-exports, the bases it inherits, the helpers its calls are followed into
(:mod:`doxtool.run.dependents`). When one of those is a file git's index
holds and marks skip-worktree, absent from the work tree
(:mod:`doxtool.run.sparse`), what it would add is not known: a shim's tool
class, a base's ``execute`` and the ``Response`` it returns through, the
arguments a helper reads. Only a module the resolver asked for while
working them out counts, not every module the tool's imports reach: one
imported and never needed hides nothing. What a companion says of such a
module cannot be judged: none of its fact lines is called stale or
missing, and no fix rewrites or deletes them.

Git is asked once per run, and only when its index may hold such marks
(:func:`~doxtool.run.gitmarks.index_may_skip`).
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable
from pathlib import Path
from typing import Protocol, TypeVar

from doxtool.core.facts import (
    ARGUMENTS,
    BREAK_LOOP,
    EXECUTE,
    REPAIRABLE,
    SIDE_EFFECTS,
    ModuleFacts,
    ToolFacts,
)
from doxtool.python.resolve import ToolResolver
from doxtool.run.defaultbreak import fill_default_break_loop
from doxtool.run.gitindex import git_lines
from doxtool.run.gitmarks import index_may_skip
from doxtool.run.importroots import base_spellings, import_dirs
from doxtool.run.loaders import loader_modules, loader_order
from doxtool.run.project import Project
from doxtool.run.raisingresponses import drop_raising_outcomes
from doxtool.run.snapshot import references
from doxtool.run.unreadcode import unparsed_reached, unread_bases

T = TypeVar("T")


class Context(Protocol):
    """What is asked of the run's :class:`~doxtool.run.context.Context`."""

    @property
    def project(self) -> Project: ...

    def memo(self, key: object, compute: Callable[[], T]) -> T: ...


def left_out_modules(ctx: Context) -> frozenset[str]:
    """The ``.py`` files (relative to the root) git's index holds and marks
    skip-worktree that are not in the work tree."""
    from doxtool.run.sparse import origin

    root = origin(ctx.project.root)

    def ask() -> frozenset[str]:
        if not index_may_skip(str(root)):
            return frozenset()
        listed = git_lines(root, ["ls-files", "-z", "-t", "--", ":(glob)**/*.py"], own_index=True)
        return frozenset(
            line[2:]
            for line in listed or []
            if line.startswith("S ") and not os.path.lexists(root / line[2:])
        )

    return ctx.memo(("left-out-modules", root), ask)


def reaches_left_out(ctx: Context, module: str) -> bool:
    """Whether working out the tool facts of ``module`` needed a module whose
    file a sparse checkout leaves out: one the resolver asked for (a
    re-exported class's, a base's or mixin's, the ``Response``'s, a followed
    helper's, an inherited ``execute``'s) and did not find. A module it
    imports but never needs does not count."""
    left = left_out_modules(ctx)
    if not left:
        return False
    dirs = import_dirs(ctx.project.source_root)
    missed = _asked(ctx, module, left).missed
    return any(_names_left_out(name, dirs, left) for name in missed)


def reaches_unknown(ctx: Context, module: str) -> bool:
    """Whether the facts of ``module`` are built in part from code that is
    not known: left out of a sparse checkout (:func:`reaches_left_out`), or
    that doxtool cannot read (:mod:`doxtool.run.unreadcode`)."""
    if reaches_left_out(ctx, module):
        return True
    if not ctx.project.facts(module).parsed:
        return False  # its own problem is reported; it has no facts to judge
    unread = lambda: unread_bases(ctx.project, module)  # noqa: E731
    return ctx.memo(("unread", module), unread) or unparsed_dependency(ctx, module) is not None


def unparsed_dependency(ctx: Context, module: str) -> str | None:
    """A repository module that cannot be read or parsed which working out
    the tool facts of ``module`` asked for (None: none): one whose own
    problem is reported though no companion documents it; or one it names
    itself (a shim's target, whichever arm of a ``try`` import the framework
    takes). A module only the modules it names name, which its facts never
    need, does not count; the walk over those only tells, cheaply, whether
    any such module may be asked for."""
    clean: set[str] = ctx.memo("unread-clean", set)
    project = ctx.project

    def find() -> str | None:
        if unparsed_reached(project, module, clean) is None:
            return None
        loaders = set(loader_modules(project))
        named = references(project, module, {})
        imported = {m for m in named if m != module and m not in loaders}
        unparsed = set(_asked(ctx, module, left_out_modules(ctx)).unparsed)
        unparsed |= {m for m in imported if not project.facts(m).parsed}
        return min(unparsed) if unparsed else None

    return ctx.memo(("unparsed-dependency", module), find)


def known(ctx: Context, module: str, tools: list[T], key: str = "tools") -> list[T]:
    """The tool classes of ``module``, each with what code that is not known
    may add to it not known (:func:`reaches_unknown`): its arguments,
    outcomes, errors and side effects, and its ``execute`` when none was
    found (a base or mixin there may define it)."""
    if not any(tools) or not reaches_unknown(ctx, module):
        return tools
    return ctx.memo(("left-out", key, module), lambda: [_unknown(t) for t in tools])


def _unknown(tool: T) -> T:
    if not isinstance(tool, ToolFacts):
        return tool
    kinds = [ARGUMENTS, BREAK_LOOP, REPAIRABLE, SIDE_EFFECTS]
    kinds += [EXECUTE] if tool.execute is None else []
    unknown = [*tool.unknown, *(k for k in kinds if k not in tool.unknown)]
    return dataclasses.replace(tool, unknown=unknown)  # type: ignore[return-value]


@dataclasses.dataclass(frozen=True)
class _Asked:
    """What working out a module's tool facts asked for and could not read:
    the dotted modules not found, the paths of those found unparsed."""

    missed: frozenset[str]
    unparsed: frozenset[str]


def _asked(ctx: Context, module: str, left: frozenset[str]) -> _Asked:
    """Resolves the module's tools as :meth:`Project.tools` and
    :meth:`Project.run_tool` do, with a resolver of its own (the project's
    keeps what it found for every module: a module asked for while another
    was resolved is not asked for again), noting each module asked for and
    not found or not parsed."""
    project = ctx.project
    missed: set[str] = set()
    unparsed: set[str] = set()

    def lookup(dotted: str) -> ModuleFacts | None:
        found = project.lookup_module(dotted)
        if found is None:
            missed.add(dotted)
        elif not found.parsed and found.path != module:
            unparsed.add(found.path)
        return found

    def is_module(dotted: str) -> bool:
        # a file left out is a module all the same (``from helpers import
        # files`` binds no class the framework could run)
        return project.module_path(dotted) is not None or _left_out_module(dotted, dirs, left)

    def ask() -> _Asked:
        bases = base_spellings(project.root, project.source_root, project.config.tool_bases)
        resolver = ToolResolver(bases, lookup, is_module, project.module_of)
        order = lambda: loader_order(project)  # noqa: E731
        facts = project.facts(module)
        tools = resolver.tools(facts, order)
        tools = fill_default_break_loop(project.facts, resolver, module, tools)
        tools = drop_raising_outcomes(project.facts, resolver, module, tools)
        resolver.run_class(facts, tools, order)
        return _Asked(frozenset(missed), frozenset(unparsed))

    dirs = import_dirs(project.source_root)
    return ctx.memo(("asked", module), ask)


def _names_left_out(dotted: str, dirs: tuple[str, ...], left: frozenset[str]) -> bool:
    """Whether ``dotted``, or a module a prefix of it names, is a file of ``left``."""
    parts = dotted.split(".")
    return any(
        _left_out_module(".".join(parts[:cut]), dirs, left) for cut in range(1, len(parts) + 1)
    )


def _left_out_module(dotted: str, dirs: tuple[str, ...], left: frozenset[str]) -> bool:
    """Whether the module ``dotted`` names is a file of ``left``."""
    stem = dotted.replace(".", "/")
    for above in dirs:
        base = f"{above}/{stem}" if above else stem
        if f"{base}.py" in left or f"{base}/__init__.py" in left:
            return True
    return False


def left_out_paths(root: Path, rels: list[str]) -> set[str]:
    """Those of ``rels`` that are files git's index holds and marks
    skip-worktree while the work tree lacks them (git asked once, and only
    when a path is missing and the index may hold such marks): what a write
    must not take for a free name."""
    missing = [rel for rel in rels if not os.path.lexists(root / rel)]
    if not missing or not index_may_skip(str(root)):
        return set()
    specs = [f":(literal){rel}" for rel in missing]
    listed = git_lines(root, ["ls-files", "-z", "-t", "--", *specs], own_index=True)
    return {line[2:] for line in listed or [] if line.startswith("S ")} & set(missing)
