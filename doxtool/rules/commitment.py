"""What the next commit leaves out of a tool a prompt it holds teaches (the
hook mode: :attr:`~doxtool.run.scope.Scope.committed`)."""

from __future__ import annotations

from doxtool.prompts.sets import PromptSet
from doxtool.run.context import Context
from doxtool.run.gitindex import staged_apart


def uncommitted_modules(
    ctx: Context, name: str, prompt: str, prompt_set: PromptSet | None
) -> list[str]:
    """The modules of tool ``name`` (as a prompt of ``prompt_set`` sees it:
    a profile's own, a plugin's, the core's) when the next commit holds the
    prompt file ``prompt`` and leaves out each of them
    (:meth:`~doxtool.run.context.Context.left_out`); none outside the hook
    mode."""
    if ctx.scope.committed is None or not ctx.scope.holds(prompt):
        return []
    seen = ctx.tool_module(name, prompt_set)
    if seen is None:
        return []
    modules = list(dict.fromkeys([seen, *ctx.tool_index.get(name, [])]))
    return modules if all(ctx.left_out(m) for m in modules) else []


def staged_apart_note(ctx: Context, paths: list[str]) -> str | None:
    """What to say of ``paths``, files the next commit leaves out
    (:meth:`~doxtool.run.context.Context.left_out`), when git has them
    staged all the same (a commit of named paths, ``git commit <paths>``):
    ``git add`` does nothing for them. None when it has not."""
    if not paths or not all(staged_apart(ctx.project.root, p) for p in paths):
        return None
    it = "it" if len(paths) == 1 else "them"
    return f"git has {it} staged apart from this commit of named paths (name {it} too)"
