"""What of a call example's request the framework refuses beyond its keys
(``PRM007``): a ``tool_args`` that is not an object, and a ``tool:method``
name with an empty part.

Agent Zero's ``normalize_tool_request`` (``helpers/extract_tools.py``) takes
``tool_args`` only when it is a dict (else ``args``, when that is one) and
raises otherwise; it splits a ``tool_name`` holding ``:`` and raises when the
tool or the method is empty. ``process_tools`` (``agent.py``) turns the error
into the misformat warning: the tool never runs. Each is said only where the
repository's framework is known to refuse it (:mod:`doxtool.run.requests`).
"""

from __future__ import annotations

import re
from typing import Any

from doxtool.prompts.examples import PLACEHOLDER_TOOLS
from doxtool.run.context import Context
from doxtool.run.requests import REJECTS, empty_method_refused, missing_args

#: a string written where a value goes that stands for any value: ``...``,
#: a whole value in brackets (``"<args>"``, ``"{args}"``, ``"[args]"``), a
#: shell-style variable, a name in capitals, a template (``"{{args}}"``)
_PLACEHOLDER_RE = re.compile(
    r"\.\.\.|\u2026|<[^<>]*>|\[[^\[\]]*\]|\{.*\}|\$\{?\w+\}?|%\w+%|[A-Z][A-Z0-9_]*|.*\{[{%#].*",
    re.DOTALL,
)


def refused_request(ctx: Context, data: dict[str, Any]) -> list[str]:
    """Why the framework refuses the call ``data`` for its values (empty:
    it does not, or that is not known). The framework's code is read only
    for an example that has such a value."""
    name = _name(data)
    if isinstance(name, str) and name.strip().lower() in PLACEHOLDER_TOOLS:
        return []  # the shape of any call
    problems: list[str] = []
    args = data.get("tool_args")
    if (
        "tool_args" in data
        and _not_object(args)
        and not isinstance(data.get("args"), dict)
        and missing_args(ctx.project) == REJECTS
    ):
        problems.append(f"`tool_args` is {_kind(args)}, not an object")
    if isinstance(name, str) and ":" in name and "{{" not in name:
        tool, _, method = name.partition(":")
        if (not tool or not method) and empty_method_refused(ctx.project):
            problems.append(f"`tool_name` `{name}` has an empty tool or method part")
    return problems


def _name(data: dict[str, Any]) -> object:
    """The tool name the framework takes: ``tool_name``, else ``tool``."""
    name = data.get("tool_name")
    if not name or not isinstance(name, str):
        name = data.get("tool")
    return name


def _not_object(value: object) -> bool:
    """Whether ``value`` is certainly no object: a list (not one of
    placeholders only, ``[...]``), a number, a boolean, or a string that
    does not stand for any value. ``None`` is a template placeholder."""
    if isinstance(value, list):
        return any(item is not None for item in value)
    if isinstance(value, str):
        return not _PLACEHOLDER_RE.fullmatch(value.strip())
    return isinstance(value, (int, float, bool))


def _kind(value: object) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    return "a list" if isinstance(value, list) else "a string"
