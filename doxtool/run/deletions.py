"""What deleted files leave behind.

pre-commit never passes a deleted file. A run over PATHS therefore also
checks what a deleted tool module left behind (:func:`add_what_deletions_leave`),
and a run given no PATHS with ``--only-paths`` (as the hooks run) checks only
what the deletions staged for the next commit reach (:func:`staged_scope`),
never the whole repository: a commit that changes no file doxtool reads is
not held up by findings in files it never touched.
"""

from __future__ import annotations

from pathlib import Path

from doxtool.prompts.sets import tool_key
from doxtool.run.context import Context
from doxtool.run.gitindex import base_revision, git_lines
from doxtool.run.project import COMPANION_SUFFIX, Project
from doxtool.run.scope import Scope

#: the command that lists the files the next commit deletes, relative to the
#: directory it runs in (and only those under it)
STAGED_DELETIONS = [
    "git",
    "diff",
    "--cached",
    "--name-only",
    "--diff-filter=D",
    "--no-renames",
    "--relative",
    "-z",
]


def add_what_deletions_leave(ctx: Context, scope: Scope, codes: frozenset[str]) -> None:
    """Widen a scoped run by what a deleted tool module leaves behind.

    A commit that deletes a tool module would check nothing of what it broke:
    its companion, now stale, and the prompts that still teach it. Both are
    found without parsing (discovery, and the index of which tools each
    prompt teaches), so this costs a run over PATHS little. Either is a
    problem whatever deleted it. A prompt is widened in only for the names
    its headings and examples write (a list item may name an argument; a
    tool's existence changes no finding of it).
    """
    assert scope.modules is not None and scope.companions is not None
    assert scope.prompts is not None
    project = ctx.project
    modules = set(project.documented_modules)
    for companion in project.companions:
        module = companion.removesuffix(COMPANION_SUFFIX)
        if module not in modules:
            scope.companions.add(companion)
            scope.modules.add(module)
    known = set(ctx.tool_index) | set(project.config.internal_tools)
    # read for the unknown tool (``codes``) alone: its other findings are
    # not what the run's paths changed
    scope.read_for(ctx.naming_unknown(known, scope.prompts), codes)


def listings_of_deleted(ctx: Context, path: str) -> set[str]:
    """The anchors of the tool listings a deleted prompt file was on the
    search path of, as :meth:`~doxtool.run.teaching.Teaching.prompt_edit`
    finds them for a file that is there: a core or plugin file is on every
    listing's (an include names it wherever it lies), a profile's own file
    on its profile's. A listing that includes it now includes a file that is
    gone, which changes what it renders."""
    directory = path.rpartition("/")[0]
    holders = [s for s in ctx.prompt_sets if s.directory == directory]
    shared = any(s.kind != "profile" for s in holders)
    return {
        anchor
        for s in ctx.prompt_sets
        if (s in holders or (shared and s.kind != "plugin")) and (anchor := s.anchor()) is not None
    }


def was_tracked(root: Path, rel: str) -> bool:
    """Whether git's index or ``HEAD`` holds ``rel`` (relative to ``root``)."""
    for args in (
        ["ls-files", "-z", "--", rel],
        ["ls-tree", "-z", "--name-only", "HEAD", "--", rel],
    ):
        if git_lines(root, args):
            return True
    return False


def staged_deletions(root: Path) -> list[str] | None:
    """The files the next commit deletes, relative to ``root`` (git's index
    against ``HEAD``, or against the base of the pushed changes:
    :func:`~doxtool.run.gitindex.base_revision`); None when git cannot tell
    (no repository, no git). The first commit, on a branch with no commit
    yet, deletes nothing."""
    base = base_revision(root)
    deleted = git_lines(root, [*STAGED_DELETIONS[1:], base, "--"])
    if deleted is None and base == "HEAD" and _unborn(root):
        return []
    return deleted


def _unborn(root: Path) -> bool:
    """Whether ``HEAD`` names a branch that holds no commit yet."""
    return (
        git_lines(root, ["symbolic-ref", "-q", "HEAD"]) is not None
        and git_lines(root, ["rev-parse", "-q", "--verify", "HEAD^{commit}"]) is None
        and git_lines(root, ["ls-files", "-z", "--cached"]) is not None
    )


def staged_scope(project: Project, nested: tuple[str, ...] = ()) -> tuple[Scope, bool]:
    """What a run given no PATHS checks with ``--only-paths``, and whether
    it is widened by what deletions leave (:func:`add_what_deletions_leave`).

    A deleted module: its companion, now stale; a deleted companion: its
    module, now without one; a deleted tool prompt
    (``agent.system.tool.<name>.md``): the tool modules of that name, which
    may now have no prompt; a deleted Markdown file: the ``AGENTS.md`` files
    linking it. A commit that deletes none of these checks nothing. When git
    cannot tell what the commit deletes, the whole repository is checked.
    A deletion in one of the ``nested`` projects' directories (relative to
    the root) is that project's, checked under its configuration.
    """
    deleted = staged_deletions(project.root)
    if deleted is None:
        return Scope(), False
    modules: set[str] = set()
    companions: set[str] = set()
    prompts: set[str] = set()
    for rel in deleted:
        if project.excluded(rel) or any(rel.startswith(d + "/") for d in nested):
            continue
        if rel.endswith(".py" + COMPANION_SUFFIX):
            modules.add(rel.removesuffix(COMPANION_SUFFIX))
            companions.add(rel)
        elif rel.endswith(".py"):
            if not (project.root / rel).exists():  # (``git rm --cached``: left out, not gone)
                modules.add(rel)
            companions.add(rel + COMPANION_SUFFIX)
        elif rel.endswith(".md"):
            prompts.add(rel)
            key = tool_key(rel.rsplit("/", 1)[-1])
            if key is not None:
                profiled = (m for found in project.profile_tool_modules.values() for m in found)
                every = (*project.tool_modules, *profiled)
                named = (m for m in every if m.rsplit("/", 1)[-1] == f"{key}.py")
                modules.update(named)
    reached = bool(modules or companions or prompts)
    return Scope(modules=modules, companions=companions, prompts=prompts), reached


def add_staged(project: Project, scope: Scope, nested: tuple[str, ...] = ()) -> None:
    """Widen a hook run given PATHS (``--only-paths``) by what the deletions
    staged for the commit reach, as a run given none checks it: pre-commit
    passes the files a commit changes, never those it deletes, so a commit
    deleting a companion or a tool prompt beside another change would
    otherwise pass where the deletion alone fails."""
    staged, reached = staged_scope(project, nested)
    if not reached or scope.everything:
        return
    assert scope.modules is not None and scope.companions is not None
    assert scope.prompts is not None
    assert staged.modules is not None and staged.companions is not None
    assert staged.prompts is not None
    scope.modules |= staged.modules
    scope.companions |= staged.companions
    scope.prompts |= staged.prompts
