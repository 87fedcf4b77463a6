"""The files a prompt set's own prompts include, found as the framework finds
them (:mod:`doxtool.prompts.listing`), and what they teach: a tool prompt
that only includes its text (``{{ include "prompts/partials/wait.md" }}``)
teaches what the included file does."""

from __future__ import annotations

from dataclasses import dataclass

from doxtool.prompts.listing import included_files
from doxtool.prompts.sets import PromptSet, tool_key
from doxtool.run.communication import search_of, whole_text
from doxtool.run.context import Context
from doxtool.run.teachers import naming


@dataclass(frozen=True)
class _Included:
    #: every file the set's own prompts include, nested includes followed
    files: tuple[str, ...]
    #: the own prompts with an include doxtool cannot follow
    unknown: tuple[str, ...]


def _included(ctx: Context, prompt_set: PromptSet) -> _Included:
    search = search_of(ctx, prompt_set)
    files: dict[str, None] = {}
    unknown: list[str] = []
    for path in prompt_set.own_prompts():
        if "include" not in ctx.prompt_text(path):
            continue
        found = included_files(path, search, lambda file: whole_text(ctx, file))
        files.update(dict.fromkeys(found.files))
        if not found.known:
            unknown.append(path)
    return _Included(tuple(files), tuple(unknown))


def taught_through_includes(ctx: Context, prompt_set: PromptSet, tool: str) -> bool:
    """Whether an own prompt of ``prompt_set`` includes a file that documents
    ``tool`` (through nested includes too), or may: it has an include
    doxtool cannot follow, and is named for the tool
    (``agent.system.tool.<tool>.md``) or names it as a word."""
    key = ("included", prompt_set.kind, prompt_set.directory)
    found = ctx.memo(key, lambda: _included(ctx, prompt_set))
    if any(ctx.documents(path, tool) for path in found.files):
        return True
    return any(
        tool_key(path.rpartition("/")[2]) == tool or naming(tool).search(ctx.prompt_text(path))
        for path in found.unknown
    )
