"""Files git tracks that are not in the work tree on purpose.

A sparse checkout (``git sparse-checkout set``, or ``git update-index
--skip-worktree``) leaves files the repository holds out of the work tree:
git marks them *skip-worktree* in its index, and they are absent from the
disk without having been deleted. A companion whose module is such a file is
not stale: the module exists in the repository, only its text is not here.
What it says cannot be checked, and nothing is said of it; least of all that
the companion should be deleted, or renamed for another module.

Git is asked only of a file found missing, once per file and run.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from doxtool.run.gitindex import git_lines

if TYPE_CHECKING:
    from doxtool.run.context import Context


def not_checked_out(ctx: Context, rel: str) -> bool:
    """Whether ``rel`` (relative to the root) is a file git's index holds
    and marks skip-worktree: in the repository, left out of the work tree by
    a sparse checkout. False when git cannot tell (no repository, no git)."""
    return ctx.memo(("not-checked-out", rel), lambda: _skipped(ctx, rel))


def _skipped(ctx: Context, rel: str) -> bool:
    args = ["ls-files", "-z", "-t", "--", f":(literal){rel}"]
    listed = git_lines(ctx.project.root, args, own_index=True)
    return listed is not None and f"S {rel}" in listed


def gone(ctx: Context, module: str) -> bool:
    """Whether ``module`` is not in the repository: not on disk, and not a
    file a sparse checkout leaves out."""
    return not ctx.exists(module) and not not_checked_out(ctx, module)
