"""Arguments of an example that a template fills: ``"tool_args":
{{fetch_args}}``, ``"tool_args": {"{{arg_name}}": "x"}`` or ``"tool_args":
{"url": "x", {{more_args}}}``. The framework renders the variable with a
value doxtool does not know (one the code passes to the prompt, or a ``.py``
file beside it returns), so the call may give any argument: which ones the
prompt teaches is not known, and none is "never taught" (PRM004)."""

from __future__ import annotations

import re
from typing import Any

from doxtool.prompts.examples import JSON_TOKEN_RE
from doxtool.prompts.model import TEMPLATE_KEY_RE

#: a directive that is a condition, not text: ``{{if x}}``, ``{{endif}}``
_CONTROL_RE = re.compile(r"\{\{\s*(?:if|elif|else|endif)\b")
#: a Jinja include standing for some text (``{% include "args.json" %}``)
_JINJA_INCLUDE_RE = re.compile(r"\{%-?\s*include\b")


def arguments_templated(text: str, args_offset: int | None, tool_args: Any) -> bool:
    """Whether a template fills the arguments of the example ``text``, whose
    ``tool_args`` value starts at ``args_offset`` and was read as ``tool_args``:
    the whole value is a directive, a key holds one, or one stands where a
    key is due (members spliced in). A directive in a string or in a value's
    place (``"url": "{{url}}"``, ``"n": {{count}}``) fills a value only, and a
    condition (``{{if x}}``) adds no text of its own."""
    if isinstance(tool_args, dict) and any(TEMPLATE_KEY_RE.search(str(k)) for k in tool_args):
        return True
    if args_offset is None:
        return False
    depth, expect_key = 0, False
    for match in JSON_TOKEN_RE.finditer(text, args_offset):
        kind, token = match.lastgroup, match.group()
        if kind in ("comment",):
            continue
        if kind == "statement" and not _JINJA_INCLUDE_RE.match(token):
            continue
        filler = kind == "template" or kind == "statement"
        if filler and _CONTROL_RE.match(token):
            continue
        if depth == 0:
            # the first token is the value of ``tool_args``
            if filler:
                return True
            if kind != "open" or token != "{":
                return False
            depth, expect_key = 1, True
            continue
        if filler and depth == 1 and expect_key:
            return True
        if kind == "open":
            depth += 1
        elif kind == "close":
            depth -= 1
            if depth == 0:
                return False
        elif kind == "comma":
            expect_key = depth == 1
        elif depth == 1:
            expect_key = False
    return False
