"""Which files of one prompt set teach each tool: an index built once per
set, and which of them may teach a tool in a part not read.

A whole-repository run asks, for every tool, whether a file of a prompt set
names it (:meth:`doxtool.run.context.Context.teaches`); asking every file of
the set for every tool is quadratic (20,000 tools and as many prompt files:
minutes). The index lists each tool's teaching files once, in the set's
order, so a question reads only the files that name the tool.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Protocol, TypeVar

from doxtool.prompts.sets import PromptSet, tool_key
from doxtool.run.scope import Scope

T = TypeVar("T")


class Context(Protocol):
    """What :func:`may_teach_unread` asks of a run's context
    (:class:`doxtool.run.context.Context`)."""

    scope: Scope

    def memo(self, key: object, compute: Callable[[], T]) -> T: ...

    def prompt_text(self, path: str) -> str: ...

    def read_in_part(self, path: str) -> bool: ...


def teachers(
    prompt_set: PromptSet, taught_names: Callable[[str], frozenset[str]]
) -> dict[str, list[str]]:
    """Tool name -> the set's own prompts (:meth:`PromptSet.own_prompts`)
    whose ``taught_names`` hold it, in their order."""
    index: dict[str, list[str]] = {}
    for path in prompt_set.own_prompts():
        for tool in taught_names(path):
            index.setdefault(tool, []).append(path)
    return index


def may_teach_unread(ctx: Context, prompt_set: PromptSet, tool: str) -> bool:
    """Whether an own prompt file of ``prompt_set`` read only in part names
    ``tool`` in its text: the part not read may teach it.

    A whole-repository run asks for each tool no prompt teaches: it looks
    only at the set's files read in part, found once per set (every prompt
    is read in such a run anyway); a scoped run asks the files whose text
    names the tool."""
    if ctx.scope.everything:
        key = ("read in part", prompt_set.kind, prompt_set.directory)
        paths = ctx.memo(key, lambda: _read_in_part(ctx, prompt_set))
    else:
        paths = prompt_set.own_prompts()
    for path in paths:
        text = ctx.prompt_text(path)
        # the pattern only for a file that may name the tool: most runs have none
        if tool in text and ctx.read_in_part(path) and naming(tool).search(text):
            return True
    return False


def may_teach_excluded(ctx: Context, prompt_sets: list[PromptSet], tool: str) -> bool:
    """Whether a prompt file of ``prompt_sets`` (sets the configuration
    excludes, :attr:`~doxtool.run.teaching.Teaching.excluded_prompt_sets`)
    may teach ``tool``: one named for it (``agent.system.tool.<tool>.md``),
    or whose text names it as a word. It is not checked, so what it teaches
    is not read; it is there at run time all the same, as an excluded tool
    module is."""
    for prompt_set in prompt_sets:
        for name, path in prompt_set.own_files().items():
            if name == "AGENTS.md":
                continue
            if tool_key(name) == tool:
                return True
            text = ctx.prompt_text(path)
            if tool in text and naming(tool).search(text):
                return True
    return False


def naming(tool: str) -> re.Pattern[str]:
    """The tool's name as a word of its own (not part of a longer name or path)."""
    return re.compile(rf"(?<![\w.:-]){re.escape(tool)}(?![\w-])")


def _read_in_part(ctx: Context, prompt_set: PromptSet) -> list[str]:
    return [path for path in prompt_set.own_prompts() if ctx.read_in_part(path)]
