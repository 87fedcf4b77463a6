"""A tool prompt that names its tool by a template variable: ``###
{{tool_name}}`` as its title, or ``"tool_name": "{{tool_name}}"`` in an
example. The framework renders the variable with a value doxtool does not
know (one the code passes, or a ``.py`` file beside the prompt returns), so
whether the file names the tool it is for is not known (PRM001)."""

from __future__ import annotations

import re

from doxtool.run.context import Context

#: a variable, not a condition (``{{if x}}``, ``{{endif}}``) nor an include
_VARIABLE = r"\{\{[ \t]*(?!(?:if|elif|else|endif|include)\b)\w+[ \t]*\}\}"
#: a heading opening with one (``### {{tool_name}}``, ``## `{{name}}` tool``),
#: or an example's ``tool_name`` holding one
_NAMED_BY_VARIABLE_RE = re.compile(
    rf"^[ \t]{{0,3}}#{{1,6}}[ \t]+(?:\*\*|`)?{_VARIABLE}"
    rf"|[\"']tool_name[\"'][ \t]*:[ \t]*[\"']?{_VARIABLE}",
    re.M,
)


def named_by_variable(ctx: Context, path: str) -> bool:
    """Whether the prompt file at ``path`` names a tool by a template
    variable in a heading's first word or an example's ``tool_name``."""
    return bool(_NAMED_BY_VARIABLE_RE.search(ctx.prompt_text(path)))
