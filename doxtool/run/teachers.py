"""Which files of one prompt set teach each tool: an index built once per set.

A whole-repository run asks, for every tool, whether a file of a prompt set
names it (:meth:`doxtool.run.context.Context.teaches`); asking every file of
the set for every tool is quadratic (20,000 tools and as many prompt files:
minutes). The index lists each tool's teaching files once, in the set's
order, so a question reads only the files that name the tool.
"""

from __future__ import annotations

from collections.abc import Callable

from doxtool.prompts.sets import PromptSet


def teachers(
    prompt_set: PromptSet, taught_names: Callable[[str], frozenset[str]]
) -> dict[str, list[str]]:
    """Tool name -> the set's own files (not its ``AGENTS.md``) whose
    ``taught_names`` hold it, in the order of :meth:`PromptSet.own_files`."""
    index: dict[str, list[str]] = {}
    for file_name, path in prompt_set.own_files().items():
        if file_name == "AGENTS.md":
            continue  # the directory's documentation, never a prompt
        for tool in taught_names(path):
            index.setdefault(tool, []).append(path)
    return index
