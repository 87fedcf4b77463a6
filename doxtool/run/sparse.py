"""Files git tracks that are not in the work tree on purpose.

A sparse checkout (``git sparse-checkout set``, or ``git update-index
--skip-worktree``) leaves files the repository holds out of the work tree:
git marks them *skip-worktree* in its index, and they are absent from the
disk without having been deleted. A companion whose module is such a file is
not stale: the module exists in the repository, only its text is not here.
What it says cannot be checked, and nothing is said of it; least of all that
the companion should be deleted, or renamed for another module. So too a
module whose companion is such a file has one (none is written over it); a
prompt naming the tool of such a module, or of a plugin directory left out
whole, names a tool that exists; no tool is said to be taught by no prompt
while a prompt directory holds such a file, which may teach it; and a
related test, an ``AGENTS.md`` link or a Child DOX Index row naming such a
file, or a directory of them, is not gone: its line is kept.

Git is asked only of a file found missing, once per file and run, and only
when its index may hold such marks (not one of version 2:
:mod:`doxtool.run.gitmarks`, whose answer keys a run's record and state).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Protocol, TypeVar

from doxtool.run.gitindex import git_lines
from doxtool.run.gitmarks import index_may_skip
from doxtool.run.project import Project

T = TypeVar("T")


class Context(Protocol):
    """What is asked of the run's :class:`~doxtool.run.context.Context`."""

    @property
    def project(self) -> Project: ...

    def memo(self, key: object, compute: Callable[[], T]) -> T: ...

    def exists(self, rel: str) -> bool: ...


#: the copy of a repository ``--diff`` tries fixes on -> the repository
_origins: dict[Path, Path] = {}


@contextmanager
def copied(copy: Path, origin: Path) -> Iterator[None]:
    """While the block runs, what a sparse checkout leaves out of ``copy``
    (a copy of the tree of ``origin``, which has no ``.git``) is what it
    leaves out of ``origin``: a preview shows what a fix there writes."""
    _origins[copy] = origin
    try:
        yield
    finally:
        _origins.pop(copy, None)


def origin(root: Path) -> Path:
    """The repository a tree at ``root`` stands for (:func:`copied`)."""
    return _origins.get(root, root)


def not_checked_out(ctx: Context, rel: str) -> bool:
    """Whether ``rel`` (relative to the root) is a file git's index holds
    and marks skip-worktree, or a directory of such files: in the repository,
    left out of the work tree by a sparse checkout. False when git cannot
    tell (no repository, no git)."""
    root = _origins.get(ctx.project.root, ctx.project.root)
    if not ctx.memo(("index-may-skip", root), lambda: _index_may_skip(root)):
        return False
    return ctx.memo(("not-checked-out", root, rel), lambda: _skipped(root, rel))


def _skipped(root: Path, rel: str) -> bool:
    """Whether git marks ``rel`` skip-worktree, or, a directory, a file under it."""
    rel = rel.rstrip("/")
    args = ["ls-files", "-z", "-t", "--", f":(literal){rel}"]
    listed = git_lines(root, args, own_index=True) or []
    return any(line == f"S {rel}" or line.startswith(f"S {rel}/") for line in listed)


def tool_left_out(ctx: Context, name: str, kind: str | bool) -> bool:
    """Whether a module of tool ``name`` in a directory of ``tool-dirs``
    (and of ``profile-tool-dirs``, ``kind`` being ``"profile"``) is a file a
    sparse checkout leaves out, its directory too (``plugins/x/tools``)."""
    config = ctx.project.config
    patterns = [*config.tool_dirs, *(config.profile_tool_dirs if kind == "profile" else [])]
    if any(c in name for c in "*?[\\") or not patterns:
        return False
    root = _origins.get(ctx.project.root, ctx.project.root)
    if not ctx.memo(("index-may-skip", root), lambda: _index_may_skip(root)):
        return False
    specs = [
        f":(glob){p.strip('/')}/{name}.py" if p.strip("/") not in ("", ".") else f":(glob){name}.py"
        for p in patterns
    ]
    return _any_skipped(ctx, root, specs)


def prompt_left_out(ctx: Context, directories: list[str]) -> bool:
    """Whether a file under a prompt directory the framework reads (of
    ``prompt-dirs``, of ``plugin-prompt-dirs``, or one of ``directories``: a
    profile's own) is one a sparse checkout leaves out: it is there, not
    read, and may teach any tool."""
    config = ctx.project.config
    patterns = [*config.prompt_dirs, *config.plugin_prompt_dirs, *directories]
    root = _origins.get(ctx.project.root, ctx.project.root)
    if not patterns or not ctx.memo(("index-may-skip", root), lambda: _index_may_skip(root)):
        return False
    specs = [
        f":(glob){p.strip('/')}/**" if p.strip("/") not in ("", ".") else ":(glob)*"
        for p in dict.fromkeys(patterns)
    ]
    return _any_skipped(ctx, root, specs)


def _any_skipped(ctx: Context, root: Path, specs: list[str]) -> bool:
    """Whether git marks skip-worktree a file one of ``specs`` matches that
    is not in the work tree (one that is there is read as any other)."""

    def ask() -> bool:
        listed = git_lines(root, ["ls-files", "-z", "-t", "--", *specs], own_index=True)
        return any(
            line.startswith("S ") and not os.path.lexists(root / line[2:]) for line in listed or []
        )

    return ctx.memo(("skipped", root, tuple(specs)), ask)


def present(ctx: Context, rel: str) -> bool:
    """Whether ``rel`` is in the repository: on disk, or a file a sparse
    checkout leaves out."""
    return ctx.exists(rel) or not_checked_out(ctx, rel)


def gone(ctx: Context, module: str) -> bool:
    """Whether ``module`` is not in the repository (:func:`present`)."""
    return not present(ctx, module)


def _index_may_skip(root: Path) -> bool:
    """Whether git's index for ``root`` may mark a file skip-worktree
    (:func:`~doxtool.run.gitmarks.index_may_skip`). The answer keys a run's
    record and state: a mark set or cleared on a file the tree lacks changes
    no file of the tree."""
    return index_may_skip(str(root))
