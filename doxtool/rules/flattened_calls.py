"""A tool call whose arguments sit beside ``tool_name`` instead of under
``tool_args`` (``{"tool_name": "wait", "seconds": 5}``): the framework finds
no ``tool_args`` object and rejects the reply as misformatted, so the
example teaches the model a call that never runs (``PRM007``)."""

from __future__ import annotations

from doxtool.prompts.model import PromptExample
from doxtool.prompts.sets import PromptSet
from doxtool.rules.tool_prompts import tool_facts
from doxtool.run.context import Context


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
