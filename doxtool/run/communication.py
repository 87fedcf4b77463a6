"""The shape of a reply a prompt set's communication prompt teaches.

The framework reads a reply's ``tool_name`` and ``tool_args``; the model
learns the rest of the reply's shape from ``agent.system.main.communication.md``
(:data:`COMMUNICATION`), found as the framework finds any prompt file: the
profile's own directory, then the plugins' that are on, then the core one
(:func:`~doxtool.prompts.listing.search_path`), with the files it includes.
A prompt set's tool prompts teach their calls in that shape, so the top-level
keys of every reply it shows (a JSON object holding both ``tool_name`` and
``tool_args``) are keys a call of that set may hold (rule ``PRM007``).

A plugin's prompts are added to every agent's: its examples are read with
the core set's communication prompt, as ``PRM007`` reads them with the
``default`` profile. A communication prompt that is not there, is found in
two plugins, or cannot be read whole teaches nothing here; nor does an
example that does not parse, unless its brackets pair up around one object
(then its top-level keys are known:
:attr:`~doxtool.prompts.model.PromptExample.written_keys`).

An edit of one of those files changes what ``PRM007`` finds in the set's own
prompts: :func:`shaped_by` names them, for the incremental check and a run
over PATHS.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from doxtool.core.config import CALL_KEYS
from doxtool.prompts.listing import AMBIGUOUS, SearchPath, included_files, search_path
from doxtool.prompts.model import PromptExample
from doxtool.prompts.sets import PromptSet
from doxtool.prompts.toggles import plugin_loaded
from doxtool.run.context import Context
from doxtool.run.teaching import PromptEdit

#: the prompt file that teaches the shape of every reply
COMMUNICATION = "agent.system.main.communication.md"


def whole_text(ctx: Context, path: str) -> str | None:
    """The text of a prompt file, None when it cannot be read whole."""
    return ctx.prompt_text(path) if ctx.prompt(path) is not None else None


def search_of(ctx: Context, prompt_set: PromptSet) -> SearchPath:
    """Where the framework finds the prompt files of ``prompt_set``'s agents."""

    def read(rel: str) -> bool:
        return not ctx.project.excluded(rel) and ctx.exists(rel)

    def plugin_on(plugin: PromptSet) -> bool:
        return plugin_loaded(plugin.directory.rsplit("/", 1)[0], read)

    return search_path(prompt_set, ctx.prompt_sets, plugin_on, ctx.exists)


def _agents_set(ctx: Context, prompt_set: PromptSet) -> PromptSet | None:
    """The set whose agents reply as ``prompt_set``'s examples show: its own,
    or for a plugin the core set."""
    if prompt_set.kind != "plugin":
        return prompt_set
    return next((s for s in ctx.prompt_sets if s.kind == "core"), None)


def inputs(ctx: Context, prompt_set: PromptSet) -> tuple[str, ...]:
    """The communication prompt ``prompt_set``'s examples are read with, and
    every file it includes (nested includes followed); none when it is not
    there or two plugins hold it."""
    key = ("communication-inputs", prompt_set.kind, prompt_set.directory)
    return ctx.memo(key, lambda: _inputs(ctx, prompt_set))


def _inputs(ctx: Context, prompt_set: PromptSet) -> tuple[str, ...]:
    agents = _agents_set(ctx, prompt_set)
    if agents is None:
        return ()
    search = search_of(ctx, agents)
    path = search.find(COMMUNICATION)
    if path is None or path == AMBIGUOUS:
        return ()
    found = included_files(path, search, lambda file: whole_text(ctx, file))
    return (path, *found.files)


def taught_keys(ctx: Context, prompt_set: PromptSet) -> tuple[str, ...]:
    """The top-level keys of the replies the communication prompt of
    ``prompt_set`` shows (the files it includes too), in the order written."""
    key = ("communication-keys", prompt_set.kind, prompt_set.directory)
    return ctx.memo(key, lambda: tuple(dict.fromkeys(_reply_keys(ctx, prompt_set))))


def _replies(ctx: Context, prompt_set: PromptSet) -> Iterator[tuple[PromptExample, list[str]]]:
    """Each reply the communication prompt of ``prompt_set`` shows (a JSON
    object holding ``tool_name`` and ``tool_args``), with its top-level keys."""
    for path in inputs(ctx, prompt_set):
        doc = ctx.prompt(path)
        if doc is None or ctx.read_in_part(path):
            continue  # what it teaches is not known
        for example in doc.examples:
            keys = example.keys if example.error is None else example.written_keys
            if all(key in keys for key in CALL_KEYS):
                yield example, keys


def _reply_keys(ctx: Context, prompt_set: PromptSet) -> Iterator[str]:
    for _, keys in _replies(ctx, prompt_set):
        yield from keys


def taught_fence(ctx: Context, prompt_set: PromptSet) -> bool:
    """Whether a reply the communication prompt of ``prompt_set`` shows (the
    files it includes too) stands in a markdown fence: the model learns that
    form of a reply there."""
    key = ("communication-fence", prompt_set.kind, prompt_set.directory)
    return ctx.memo(key, lambda: _fenced_reply(ctx, prompt_set))


def _fenced_reply(ctx: Context, prompt_set: PromptSet) -> bool:
    return any(
        not example.inline and not example.indented for example, _ in _replies(ctx, prompt_set)
    )


def shaped_by(ctx: Context, path: str) -> frozenset[str]:
    """The prompt files whose examples' shapes (``PRM007``) turn on the file
    at ``path``: the own prompts of every set whose communication prompt is
    that file or includes it."""
    found: set[str] = set()
    for prompt_set in ctx.prompt_sets:
        if path in inputs(ctx, prompt_set):
            found.update(prompt_set.own_prompts())
    return frozenset(found)


def prompt_edit(ctx: Context, path: str) -> PromptEdit | None:
    """What the edited prompt file at ``path`` bears on
    (:meth:`~doxtool.run.teaching.Teaching.prompt_edit`), the prompts whose
    examples' shapes it teaches (:func:`shaped_by`) among the files checked
    whole."""
    edit = ctx.prompt_edit(path)
    if edit is None:
        return None
    shaped = shaped_by(ctx, path)
    return dataclasses.replace(edit, related=edit.related | shaped) if shaped else edit
