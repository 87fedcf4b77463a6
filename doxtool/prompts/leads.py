"""The leads of a prompt's lists: the line that says what the list after it holds.

``Arguments:``, ``Optional args:`` and ``Parameters (all optional):`` lead
lists of arguments; ``Returns:`` or ``No arguments:`` do not. A lead may also
end the paragraph of a list item, unindented with no blank line before it
(``- `reset`: kill the session\nrules:``): markdown reads it as the item's
text, lazily continued, and the items after it as the same list's, but the
lead says they are another list.
"""

from __future__ import annotations

import re

from doxtool.prompts.argtext import OPTIONAL_RE

#: up to three words that qualify an argument lead (``Common args:``,
#: ``Optional arguments``, ``Required argument``); none a determiner,
#: pronoun, preposition or conjunction, which make it prose (``the args:
#: `x` are ...``)
QUALIFIERS = (
    r"(?:(?!(?:the|a|an|this|that|these|those|its|their|your|our|my|his|her|some|any|each|"
    r"every|which|what|of|to|in|on|at|by|for|from|with|into|inside|and|or|if|when|as)\b)"
    r"[^\W\d_][\w-]*[ \t]+){0,3}"
)
#: the lead of an argument list, qualified before (``Common arguments:``) or
#: after (``Optional arguments by action:``, ``Arguments (all optional):``,
#: ``**Arguments** (in `tool_args`):``)
ARGS_LIST_HEADER_RE = re.compile(
    rf"[ \t]*(?:\*\*|__)?{QUALIFIERS}(?:arguments[ \t]+in[ \t]+`?tool_args`?|args?|arguments?|"
    r"param(?:eter)?s?)(?:\*\*|__)?"
    r"(?:[ \t]*\((?:[^()\n`]*|in[ \t]+`tool_args`)\)|[ \t]+[^\W\d_][^:`\n]{0,60})?"
    r"[ \t]*(?:(?:\*\*|__)[ \t]*)?:(?:\*\*|__)?[ \t]*\Z",
    re.I,
)
#: words of a lead that is no argument lead: what the tool gives back
#: (``Returned args:``), or a negation (``No arguments:``)
NOT_ARGUMENTS_RE = re.compile(
    r"\b(?:no|not|never|without|returns?|returned|outputs?|results?|yields?)\b", re.I
)
#: a line that leads a list: a few words, then a colon (``rules:``, ``Notes:``)
_LEAD_LINE_RE = re.compile(
    r"[ \t]*(?:\*\*|__)?[^\W\d_][\w-]*(?:[ \t]+[\w-]+){0,3}[ \t]*(?:\([^()\n`]*\)[ \t]*)?"
    r"(?:(?:\*\*|__)[ \t]*)?:(?:\*\*|__)?[ \t]*\Z"
)


def continued_lead(content: str, last_line: str) -> int | None:
    """Where the last line of a list item's paragraph (``content``;
    ``last_line`` as the file has it) starts in it when that line is a lead
    that only continues the item lazily: on a line of its own after the
    item's first, not indented under it (``rules:``). None otherwise."""
    cut = content.rstrip().rfind("\n")
    if cut < 0 or last_line[:1] in (" ", "\t"):
        return None
    return cut + 1 if _LEAD_LINE_RE.match(content[cut + 1 :].rstrip()) else None


def ends_with_args_list_header(content: str) -> bool:
    last = content[content.rfind("\n") + 1 :]
    return bool(ARGS_LIST_HEADER_RE.match(last)) and not NOT_ARGUMENTS_RE.search(last)


def optional_lead(content: str) -> bool:
    """Whether a paragraph's last line leads a list of optional arguments
    (``Optional arguments:``, ``Arguments (all optional):``)."""
    last = content[content.rfind("\n") + 1 :]
    return bool(OPTIONAL_RE.search(last)) and not re.search(r"\brequired\b", last, re.I)
