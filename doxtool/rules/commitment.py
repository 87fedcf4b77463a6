"""What the next commit leaves out of a tool a prompt it holds teaches (the
hook mode: :attr:`~doxtool.run.scope.Scope.committed`)."""

from __future__ import annotations

from doxtool.prompts.sets import PromptSet
from doxtool.run.context import Context
from doxtool.run.gitindex import addable_files


def uncommitted_modules(
    ctx: Context, name: str, prompt: str, prompt_set: PromptSet | None
) -> list[str]:
    """The modules of tool ``name`` (as a prompt of ``prompt_set`` sees it:
    a profile's own, a plugin's, the core's) when the next commit holds the
    prompt file ``prompt`` and none of them: each a file on disk that git
    neither tracks nor has staged. None when one is in the commit, outside
    the hook mode, or when git ignores one or one lies in a repository of
    its own that the work tree does not hold as a submodule (a module kept
    out of the repository on purpose, such as a user's own plugin: whether
    the commit is meant to hold it is not known)."""
    if ctx.scope.committed is None or ctx.left_out(prompt):
        return []
    seen = ctx.tool_module(name, prompt_set)
    if seen is None:
        return []
    modules = list(dict.fromkeys([seen, *ctx.tool_index.get(name, [])]))
    if not all(ctx.left_out(m) for m in modules):
        return []
    if len(addable_files(ctx.project.root, modules)) < len(modules):
        return []
    return modules
