"""A tool call whose arguments sit beside ``tool_name`` instead of under
``tool_args`` (``{"tool_name": "wait", "seconds": 5}``): Agent Zero finds
no ``tool_args`` object and rejects the reply as misformatted, so the
example teaches the model a call that never runs (``PRM007``). Which JSON
objects are calls at all, and which keys a call lacks."""

from __future__ import annotations

from doxtool.core.config import CALL_KEYS, Profile
from doxtool.prompts.examples import CALL_SPELLINGS, documents_a_record
from doxtool.prompts.model import PromptDoc, PromptExample
from doxtool.prompts.sets import PromptSet
from doxtool.rules.tool_prompts import tool_facts
from doxtool.run.communication import taught_fence, taught_keys
from doxtool.run.context import Context
from doxtool.run.requests import REJECTS, missing_args


def flattened_call(
    ctx: Context, example: PromptExample, prompt_set: PromptSet, call_keys: set[str]
) -> bool:
    """Whether ``example`` is a call of an existing tool with its arguments at
    the top level: a ``tool_name`` string naming a tool of ``prompt_set``, no
    ``tool_args`` (nor ``args``), and every other key (beyond ``call_keys``)
    an argument that tool reads by that name. A key the tool does not read
    (a result record's ``status``) leaves it documentation."""
    data = example.data
    if not isinstance(data, dict) or "tool_args" in data or "args" in data:
        return False
    name = data.get("tool_name")
    if not isinstance(name, str) or not name:
        return False
    found = tool_facts(ctx, name.split(":", 1)[0], prompt_set)
    if found is None:
        return False
    others = [key for key in example.keys if key not in call_keys]
    return bool(others) and all(found[1].argument(key) is not None for key in others)


def profile_of(ctx: Context, prompt_set: PromptSet) -> tuple[str, Profile]:
    """The name of the profile whose contract the examples of ``prompt_set``
    follow (a plugin's and the core's follow the default), and that contract."""
    name = prompt_set.name if prompt_set.kind == "profile" else "default"
    return name, ctx.config.profile(name)


def allowed_keys(ctx: Context, prompt_set: PromptSet) -> tuple[str, list[str]]:
    """The name of the profile whose contract the examples of ``prompt_set``
    follow, and the top-level keys it allows, in order: the configured ones,
    then (unless the configuration gives them) those its communication
    prompt shows."""
    name, profile = profile_of(ctx, prompt_set)
    listed = list(profile.allowed_keys)
    if not profile.keys_given:  # else the configuration is the contract
        listed += (k for k in taught_keys(ctx, prompt_set) if k not in listed)
    return name, listed


def fences_allowed(ctx: Context, prompt_set: PromptSet) -> bool:
    """Whether the examples of ``prompt_set`` may stand in a markdown fence:
    the configured ``fenced-examples`` of their profile, or (unless the
    configuration gives it) a fenced reply its communication prompt shows."""
    profile = profile_of(ctx, prompt_set)[1]
    if profile.fenced_examples or profile.fences_given:
        return profile.fenced_examples
    return taught_fence(ctx, prompt_set)


def flattened_arguments(ctx: Context, doc: PromptDoc, prompt_set: PromptSet, tool: str) -> set[str]:
    """The arguments of ``tool`` that examples of ``doc`` give beside its
    ``tool_name`` instead of under ``tool_args``, where the framework rejects
    such a call (``PRM007`` says it lacks ``tool_args``): the prompt shows
    them, misplaced, and that one finding tells what to mend."""
    call_keys = set(allowed_keys(ctx, prompt_set)[1]) | set(CALL_KEYS)
    found: set[str] = set()
    for example in doc.examples:
        if example.error is not None or not isinstance(example.data, dict):
            continue
        name = example.data.get("tool_name")
        if not isinstance(name, str) or name.split(":", 1)[0] != tool.split(":", 1)[0]:
            continue
        if "tool_args" not in lacking(ctx, example.keys):
            continue  # a framework running it without arguments: not shown to it
        if flattened_call(ctx, example, prompt_set, call_keys):
            found.update(key for key in example.keys if key not in call_keys)
    return found


def lacking(ctx: Context, keys: list[str]) -> list[str]:
    """The keys of a call (``tool_name``, ``tool_args``) missing from
    ``keys``. ``tool_args`` is missing only where the framework rejects a
    call without it (:mod:`doxtool.run.requests`): a framework reading
    ``tool_request.get("tool_args", {})`` runs the tool without arguments,
    and where its treatment is not known nothing is said."""
    missing = [k for k in CALL_KEYS if k not in keys]
    if "tool_args" in missing and missing_args(ctx.project) != REJECTS:
        missing.remove("tool_args")
    return missing


#: how the framework also spells ``tool_name`` and ``tool_args`` (Agent Zero's
#: ``process_tools`` reads ``tool`` and ``args`` when those are missing)
_CALL_ALIASES = frozenset({"tool", "args"})


def is_call(keys: list[str], allowed: set[str]) -> bool:
    """Whether a JSON object is meant as a tool call: it holds ``tool_name``
    or ``tool_args``, or it is made only of the keys of a call (the profile's
    allowed keys and the framework's spellings ``tool``, ``args``) with one of
    the allowed keys among them: an envelope that lacks its call. An object
    with other keys and no call of its own (a tool's result item,
    ``{"headline": ..., "url": ...}``) is documentation, and so is one with
    ``tool_name`` but no ``tool_args`` and a key no call has (a result record)."""
    call_keys = allowed | set(CALL_KEYS) | _CALL_ALIASES
    if documents_a_record(keys, frozenset(call_keys | CALL_SPELLINGS)):
        return False  # ``{"job_id": ..., "tool_name": ..., "status": ...}``: a result
    if any(key in keys for key in CALL_KEYS):
        return True
    return not allowed.isdisjoint(keys) and all(key in call_keys for key in keys)
