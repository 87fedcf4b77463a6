"""What git's index says about the files under a root, for the hook mode.

pre-commit runs a hook on the tree the commit is made of as far as tracked
files go (it stashes their unstaged changes), but leaves untracked files
where they are: a companion created and never staged is on disk while the
hook runs and missing from the commit. :func:`committed_files` lists what the
next commit holds under a root (git's index), so that a check can tell a
file it relies on is not in it.
"""

from __future__ import annotations

import os
from pathlib import Path

from doxtool.run import unwatched


def git_lines(root: Path, args: list[str]) -> list[str] | None:
    """The NUL-separated paths ``git <args>`` prints in ``root``; None when
    git cannot tell (no repository, no git, git failing)."""
    import subprocess  # (a run that asks git nothing does without its import)

    unwatched.note(".git")  # the index is not in the tree a record watches
    env = dict(os.environ)
    index = env.get("GIT_INDEX_FILE")
    if index and not os.path.isabs(index):
        # git gives a hook the index relative to where it runs it, not to ``root``
        env["GIT_INDEX_FILE"] = os.path.abspath(index)
    try:
        listed = subprocess.run(
            ["git", *args], cwd=root, env=env, capture_output=True, timeout=120, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return None
    if listed.returncode != 0:
        return None
    return [os.fsdecode(raw) for raw in listed.stdout.split(b"\0") if raw]


def committed_files(root: Path) -> frozenset[str] | None:
    """The files under ``root`` the next commit holds (git's index: tracked
    files and staged new ones, not those staged for deletion), relative to
    ``root``; None when git cannot tell."""
    listed = git_lines(root, ["ls-files", "-z", "--cached"])
    return None if listed is None else frozenset(listed)
