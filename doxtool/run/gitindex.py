"""What git's index says about the files under a root, for the hook mode.

pre-commit runs a hook on the tree the commit is made of as far as tracked
files go (it stashes their unstaged changes), but leaves untracked files
where they are: a companion created and never staged is on disk while the
hook runs and missing from the commit. :func:`committed_files` lists what the
next commit holds under a root (git's index), so that a check can tell a
file it relies on is not in it.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

from doxtool.run import unwatched


def git_env() -> dict[str, str]:
    """The environment to run git in at a project's root, which may lie
    below the directory doxtool was run in: git gives a hook the index
    (``GIT_INDEX_FILE``), and in a linked worktree the repository
    (``GIT_DIR``, with no ``GIT_WORK_TREE``), as paths that hold where it
    runs the hook, the work tree's top, which git then takes for the work
    tree. Relative paths are made absolute, and the work tree git takes
    here is named, so that git run in a subdirectory reads the same."""
    env = dict(os.environ)
    for name in ("GIT_INDEX_FILE", "GIT_DIR"):
        value = env.get(name)
        if value and not os.path.isabs(value):
            env[name] = os.path.abspath(value)
    if env.get("GIT_DIR") and not env.get("GIT_WORK_TREE"):
        top = _work_tree(os.getcwd(), env["GIT_DIR"])
        if top is not None:
            env["GIT_WORK_TREE"] = top
    return env


@functools.cache
def _work_tree(here: str, git_dir: str) -> str | None:
    """The top of the work tree git takes in ``here`` for the repository
    ``git_dir`` (``GIT_DIR``, no ``GIT_WORK_TREE``: ``here`` itself, unless
    the repository's ``core.worktree`` names another); None when it has none."""
    import subprocess

    try:
        done = subprocess.run(
            ["git", "rev-parse", "--show-toplevel"],
            cwd=here,
            env={**os.environ, "GIT_DIR": git_dir},
            capture_output=True,
            timeout=120,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    top = os.fsdecode(done.stdout).rstrip("\n")
    return top if done.returncode == 0 and top else None


def git_lines(root: Path, args: list[str], own_index: bool = False) -> list[str] | None:
    """The NUL-separated paths ``git <args>`` prints in ``root``; None when
    git cannot tell (no repository, no git, git failing). ``own_index``: as
    the repository's own index holds them, not the one git gives a hook."""
    import subprocess  # (a run that asks git nothing does without its import)

    unwatched.note(".git")  # the index is not in the tree a record watches
    env = git_env()
    if own_index:
        env.pop("GIT_INDEX_FILE", None)
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
    ``root``; None when git cannot tell. A submodule's files are those its
    own index holds (the commit holds the submodule, which tracks them: a
    plugin checked out as a submodule is in it), as git lists them where it
    can recurse (git 2.11 and later)."""
    listed = git_lines(root, ["ls-files", "-z", "--cached", "--recurse-submodules"])
    if listed is None:
        listed = git_lines(root, ["ls-files", "-z", "--cached"])
    return None if listed is None else frozenset(listed)


def staged_apart(root: Path, rel: str) -> bool:
    """Whether ``rel`` (relative to ``root``), which the next commit leaves
    out, is staged all the same: a commit of named paths (``git commit
    <paths>``) gives its hook an index of those alone (``GIT_INDEX_FILE``),
    and the repository's own index holds what else is staged."""
    if not os.environ.get("GIT_INDEX_FILE"):
        return False
    listed = git_lines(root, ["ls-files", "-z", "--cached", "--", f":(literal){rel}"], True)
    return listed is not None and rel in listed


#: what pre-commit sets for a run over the changes between two revisions
#: (``pre-commit run --from-ref A --to-ref B``, as its ``pre-push`` stage runs)
FROM_REF, TO_REF = "PRE_COMMIT_FROM_REF", "PRE_COMMIT_TO_REF"


def base_revision(root: Path) -> str:
    """The revision the changes a hook run checks are changes of: ``HEAD``
    for a commit; for a run over the changes between two revisions (push),
    the revision pre-commit diffs against, the merge base of the two (the
    first of them when they have none), so that what the pushed commits
    deleted, renamed or changed is judged as what a commit does."""
    start, end = os.environ.get(FROM_REF), os.environ.get(TO_REF)
    if not start or not end:
        return "HEAD"
    return _merge_base(str(root), start, end)


@functools.cache
def _merge_base(root: str, start: str, end: str) -> str:
    found = git_lines(Path(root), ["merge-base", start, end])  # (one line: no NUL)
    base = found[0].strip() if found else ""
    return base or start


def staged_renames(root: Path) -> dict[str, str]:
    """The files the next commit renames under ``root`` (git's index against
    :func:`base_revision`, as ``git mv`` stages them): new path -> old,
    relative to ``root``; empty when git cannot tell."""
    listed = git_lines(
        root,
        [
            *["diff", "--cached", "-M", "--name-status", "--diff-filter=R", "--relative", "-z"],
            base_revision(root),
            "--",
        ],
    )
    if not listed or len(listed) % 3:
        return {}
    return {listed[at + 2]: listed[at + 1] for at in range(0, len(listed), 3)}


def addable(root: Path, rel: str) -> bool:
    """Whether ``rel`` (relative to ``root``) is a file ``git add`` adds to
    the next commit: untracked, and neither ignored (``.gitignore``,
    ``info/exclude``, ``core.excludesFile``: kept out of the repository on
    purpose, such as a user's own plugins) nor in a repository of its own
    in the work tree (a submodule's, or one cloned there: its own commits
    hold it or not); False when git cannot tell. (Asked of the few files a
    hook run finds outside the commit, each when it is asked: one ``--fix``
    created is there.)"""
    listed = git_lines(
        root, ["ls-files", "-z", "--others", "--exclude-standard", "--", f":(literal){rel}"]
    )
    return listed is not None and rel in listed
