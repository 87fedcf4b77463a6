"""Which tool a prompt's example calls on purpose (``PRM006``): the documented
one in one of its forms, the agent's answer, a call handed to another
tool that runs the documented one, or a tool of the MCP server documented."""

from __future__ import annotations

import re
from typing import Any

from doxtool.core.facts import BREAK_LOOP
from doxtool.prompts.introduced import introduces_answer
from doxtool.prompts.model import PromptExample
from doxtool.rules.tool_prompts import PromptFile, is_qualified_mcp_name, tool_facts
from doxtool.run.context import Context


def answers(ctx: Context, example: PromptExample, prompt: PromptFile) -> bool:
    """Whether an example is the agent's answer, shown on purpose: its
    label says so ("your final answer looks like:") and the tool it calls
    ends the turn on every return (``break_loop=True``), as a reply does."""
    if not example.tool_name or not introduces_answer(example.label):
        return False
    return _ends_turn(ctx, example.tool_name, prompt)


def concludes(ctx: Context, example: PromptExample, prompt: PromptFile, heading: str) -> bool:
    """Whether an example is the last turn of a dialogue the prompt shows:
    labelled by the agent's speaker tag (``AI:``, ``Assistant:``) as an
    earlier example calling the documented tool is, and calling a tool that
    ends the turn on every return (``break_loop=True``): the answer the
    shown task ends with."""
    if not example.tool_name or not _SPEAKER_RE.match(example.label):
        return False
    shown = any(
        other.line < example.line
        and other.tool_name
        and same_tool(other.tool_name, heading)
        and _SPEAKER_RE.match(other.label)
        for other in prompt.doc.examples
    )
    return shown and _ends_turn(ctx, example.tool_name, prompt)


#: a label that is only the agent's speaker tag in a shown dialogue (``AI:``,
#: ``**Assistant:**``, ``Agent 0:``)
_SPEAKER_RE = re.compile(
    r"[ \t]*(?:\*\*|__)?(?:ai|assistant|agent(?:[ \t]*\d+)?|model|bot)(?:\*\*|__)?"
    r"[ \t]*[:\uff1a]?[ \t]*(?:\*\*|__)?[ \t]*\Z",
    re.I,
)


def _ends_turn(ctx: Context, name: str, prompt: PromptFile) -> bool:
    """Whether the tool ``name`` ends the turn on every return."""
    found = tool_facts(ctx, name, prompt.prompt_set)
    return found is not None and found[1].knows(BREAK_LOOP) and found[1].break_loop_values == [True]


def same_tool(name: str, heading: str) -> bool:
    """Whether an example's ``tool_name`` is the documented tool (or one of
    its ``name:method`` forms)."""
    return name == heading or name.split(":", 1)[0] == heading.split(":", 1)[0]


def of_server(name: str, heading: str) -> bool:
    """Whether an example's ``tool_name`` is a tool of the MCP server the
    heading names (``github.search_code`` under ``### github``, as Agent
    Zero lists an MCP server's tools under the server's name)."""
    base = name.split(":", 1)[0]
    return is_qualified_mcp_name(base) and base.partition(".")[0] == heading


def calls_nested(value: Any, heading: str, depth: int = 0) -> bool:
    """Whether a call's arguments hold a nested call of the tool ``heading``
    (an object whose ``tool_name``, or ``tool``, names it)."""
    if depth > 8:
        return False
    if isinstance(value, dict):
        for key in ("tool_name", "tool"):
            name = value.get(key)
            if isinstance(name, str) and same_tool(name, heading):
                return True
        return any(calls_nested(item, heading, depth + 1) for item in value.values())
    if isinstance(value, list):
        return any(calls_nested(item, heading, depth + 1) for item in value)
    return False
