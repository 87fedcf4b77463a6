"""The ``AGENTS.md`` tree the DOX2xx rules read (once per run), and which of its
files a run checks."""

from __future__ import annotations

from doxtool.agents.tree import AGENTS, AgentsTree, build, directory_of, resolve_link
from doxtool.run.context import Context


def tree(ctx: Context) -> AgentsTree:
    """The repository's ``AGENTS.md`` tree, read once per run."""
    project = ctx.project
    return ctx.memo("agents-tree", lambda: build(project.agents_files, project.agents_text))


def _passed(ctx: Context) -> set[str]:
    """Files a scoped run was given: Markdown files and modules (companions
    are derived from modules, and a missing one is not a deleted file)."""
    scope = ctx.scope
    return {*(scope.prompts or ()), *(scope.modules or ())}


def checked(ctx: Context) -> list[str]:
    """The ``AGENTS.md`` files this run checks: all of them, or, for PATHS,
    those passed, the index above each passed ``AGENTS.md`` (a child added
    or deleted changes it), and those linking to a passed path that is gone."""
    scope = ctx.scope
    if scope.everything:
        return tree(ctx).files
    passed = _passed(ctx)
    named = {p for p in passed if p == AGENTS or p.endswith("/" + AGENTS)}
    gone = {p for p in passed if not ctx.exists(p)}
    if not named and not gone:
        return []
    agents_tree = tree(ctx)
    wanted = set(named)
    directories = {directory_of(f): f for f in agents_tree.files}
    for path in named:
        directory = directory_of(path)
        while directory:
            directory = directory_of(directory)
            above = directories.get(directory)
            if above is not None:
                wanted.add(above)
                break
    if gone:
        for path, doc in agents_tree.docs.items():
            if any(resolve_link(path, link.target) in gone for link in doc.links):
                wanted.add(path)
    return [f for f in agents_tree.files if f in wanted]
