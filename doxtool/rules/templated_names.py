"""A tool prompt that names its tool by a template variable: ``###
{{tool_name}}`` as its title, or ``"tool_name": "{{tool_name}}"`` in an
example. The framework renders the variable with a value doxtool does not
know (one the code passes, or a ``.py`` file beside the prompt returns), so
whether the file names the tool it is for is not known (PRM001)."""

from __future__ import annotations

import re

from doxtool.prompts.rowleads import unfenced
from doxtool.run.context import Context

#: a variable, not a condition (``{{if x}}``, ``{{endif}}``) nor an include
_VARIABLE = r"\{\{[ \t]*(?!(?:if|elif|else|endif|include)\b)\w+[ \t]*\}\}"
#: a heading opening with one (``### {{tool_name}}``, ``## `{{name}}` tool``)
_HEADING_RE = re.compile(rf"[ \t]{{0,3}}#{{1,6}}[ \t]+(?:\*\*|`)?{_VARIABLE}")
#: an example's ``tool_name`` holding one
_TOOL_NAME_RE = re.compile(rf"[\"']tool_name[\"'][ \t]*:[ \t]*[\"']?{_VARIABLE}")
#: an HTML comment, which the model may read but no heading is in
_COMMENT_RE = re.compile(r"<!--.*?(?:-->|\Z)", re.S)


def named_by_variable(ctx: Context, path: str) -> bool:
    """Whether the prompt file at ``path`` names a tool by a template
    variable in a heading's first word or an example's ``tool_name``; not
    in a line of a code block (``# {{command}}`` in a shell script) nor of
    an HTML comment."""
    text = _COMMENT_RE.sub("", ctx.prompt_text(path))
    if _TOOL_NAME_RE.search(text):
        return True
    return any(line is not None and _HEADING_RE.match(line) for line in unfenced(text.splitlines()))
