"""Whether git's index may mark files *skip-worktree* (left out of the work
tree by a sparse checkout, :mod:`doxtool.run.sparse`).

Such marks came with index version 3, which git writes as it sets one: an
index of version 2 holds none, and a run in its repository need not ask git
about a file found missing. Whether it may is an input of a run as the tree
is: marking a file already missing from the work tree changes no file of
it, so the replay of a run and the incremental state are keyed by it too.
This module imports only ``os``: a replay reads it.
"""

from __future__ import annotations

import os


def index_may_skip(root: str) -> bool:
    """Whether git's index for ``root`` may mark a file skip-worktree: not
    when it is an index of version 2 or there is none (no repository,
    nothing staged yet). A repository whose index is elsewhere (a linked
    worktree's, a submodule's, one git's environment names) may."""
    if os.environ.get("GIT_INDEX_FILE") or os.environ.get("GIT_DIR"):
        return True
    directory = os.path.abspath(root)
    while True:
        dot_git = os.path.join(directory, ".git")
        if os.path.isdir(dot_git):
            break
        if os.path.exists(dot_git):
            return True  # a file naming the repository elsewhere
        parent = os.path.dirname(directory)
        if parent == directory:
            return False  # no repository
        directory = parent
    try:
        with open(os.path.join(dot_git, "index"), "rb") as index:
            head = index.read(8)
    except FileNotFoundError:
        return False  # nothing staged yet
    except OSError:
        return True
    return not (head[:4] == b"DIRC" and head[4:8] == (2).to_bytes(4, "big"))
