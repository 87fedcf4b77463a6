"""Which files a scoped run (``doxtool check PATHS``) checks: the paths given,
what they touch, the prompt files and ``AGENTS.md`` in a directory given, and
the anchor of each tool listing a given prompt is rendered in."""

from __future__ import annotations

import os
from pathlib import Path

from doxtool.core.exits import UsageError
from doxtool.run import communication, deletions
from doxtool.run.context import Context, Scope
from doxtool.run.project import COMPANION_SUFFIX, Project


def names_root(project: Project, paths: list[Path]) -> bool:
    """Whether one of ``paths`` is the repository's root directory itself."""
    return any(path.is_dir() and given_rel(project, path) in (".", "") for path in paths)


def scope_for(project: Project, paths: list[Path] | None) -> Scope:
    """What a run over PATHS checks: the files themselves and what they touch."""
    if not paths:
        return Scope()
    modules: set[str] = set()
    named: set[str] = set()  # given as a module or in a directory, not as a companion
    companions: set[str] = set()
    prompts: set[str] = set()
    directories: list[str] = []
    for path in paths:
        rel = given_rel(project, path)
        if not path.exists() and not path.is_symlink() and not _deleted_prompt(project, rel):
            _known_counterpart(project, path)
        if rel is None:
            raise UsageError(f"{path}: outside the project root {project.root}")
        # a directory named like a module, a companion or a prompt is checked
        # as one (and reported: it is not a regular file), not searched as a folder
        if path.is_dir() and not rel.endswith((".py", ".md")):
            if rel in (".", ""):
                return Scope()  # the repository itself: a whole run
            prefix = rel + "/"
            directories.append(rel)
            modules.update(project.modules_under(rel))
            named.update(project.modules_under(rel))
            companions.update(c for c in project.companions if c.startswith(prefix))
            continue
        if rel.endswith(".py" + COMPANION_SUFFIX):
            companions.add(rel)
            modules.add(rel.removesuffix(COMPANION_SUFFIX))
        elif rel.endswith(".py"):
            modules.add(rel)
            named.add(rel)
            companions.add(rel + COMPANION_SUFFIX)
        elif rel.endswith(".md"):
            prompts.add(rel)
    return Scope(
        modules=modules,
        companions=companions,
        prompts=prompts,
        directories=tuple(directories),
        named_modules=frozenset(named),
    )


def add_directories(ctx: Context, scope: Scope) -> None:
    """Widen a scoped run by the Markdown files doxtool reads in each directory
    it was given: the prompt files of every prompt directory there (those
    that cannot be read too, which ``PRM011`` reports) and every
    ``AGENTS.md`` below it."""
    assert scope.prompts is not None
    if not scope.directories:
        return
    prefixes = tuple(d + "/" for d in scope.directories)
    root = ctx.project.root
    for directory in sorted({s.directory for s in ctx.prompt_sets}):
        if not (directory + "/").startswith(prefixes):
            continue
        try:
            with os.scandir(root / directory) as entries:
                names = [e.name for e in entries if e.name.endswith(".md")]
        except OSError:
            continue  # a directory that cannot be listed holds nothing to check
        scope.prompts.update(f"{directory}/{name}" for name in names)
    scope.prompts.update(f for f in ctx.project.agents_files if f.startswith(prefixes))


def add_listings(
    ctx: Context, scope: Scope, codes: frozenset[str], shape_codes: frozenset[str] = frozenset()
) -> None:
    """Widen a scoped run by the anchor of each tool listing a prompt file of
    it may be rendered in (:meth:`~doxtool.run.teaching.Teaching.prompt_edit`),
    as an incremental check does: an included file's size counts in the
    listing, whose budget ``PRM009`` reports at the anchor. An anchor not in
    the run already reports the listing's ``codes`` alone. A communication
    prompt (or a file it includes) teaches the shape of the examples of its
    sets' prompts (:func:`~doxtool.run.communication.shaped_by`): those not in
    the run already report ``shape_codes`` alone."""
    assert scope.prompts is not None
    anchors: set[str] = set()
    shaped: set[str] = set()
    for path in sorted(p for p in scope.prompts if p not in scope.reported_codes):
        edit = ctx.prompt_edit(path)
        if edit is not None:
            anchors.update(edit.related)
            if shape_codes:
                shaped.update(communication.shaped_by(ctx, path))
        elif not ctx.exists(path):  # deleted: the listings that may include it
            anchors.update(deletions.listings_of_deleted(ctx, path))
    scope.read_for(sorted(anchors), codes)
    scope.read_for(sorted(shaped), shape_codes)


def given_rel(project: Project, path: Path) -> str | None:
    """The repository path PATH names, its last component not followed: a
    link inside the root is checked as the file it is (its target, outside
    or a loop, is reported as a whole check reports it); None outside."""
    if not path.is_symlink():
        return project.rel(path) if project.inside(path) else None
    # a link, to a file beside it or to nothing: the link's own path
    absolute = path.absolute()
    try:
        parent = absolute.parent.resolve()
        rel = (parent / absolute.name).relative_to(project.root).as_posix()
    except (ValueError, OSError, RuntimeError):
        return None
    return rel if rel not in (".", "") else None


def _deleted_prompt(project: Project, rel: str | None) -> bool:
    """Whether a path that does not exist is a Markdown file git still holds
    (in its index or ``HEAD``): a prompt deleted from the tree, whose
    listings a run over it checks (:func:`add_listings`), not a typo."""
    return rel is not None and rel.endswith(".md") and deletions.was_tracked(project.root, rel)


def _known_counterpart(project: Project, path: Path) -> None:
    """Accept a path that does not exist only when its module or companion
    does (a deleted module whose companion is now stale, a companion still to
    be written); a typo must not pass as "nothing to check"."""
    name = path.as_posix()
    if name.endswith(".py" + COMPANION_SUFFIX):
        counterpart = Path(name.removesuffix(COMPANION_SUFFIX))
    elif name.endswith(".py"):
        counterpart = Path(name + COMPANION_SUFFIX)
    else:
        counterpart = None
    if counterpart is None or not counterpart.is_file() or not project.inside(counterpart):
        raise UsageError(f"{path}: no such file or directory")
