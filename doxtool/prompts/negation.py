"""Names a prompt writes only to forbid them: ``args: `text`, not `reply```,
``never `content```, ``instead of `msg```, ``the old `msg` argument was
removed``. Such a name is not taught; it stays a name of the section's prose
(a mention)."""

from __future__ import annotations

import re

#: words right before a name that forbid it: ``not `reply```, ``never
#: `content```, ``no longer `msg```, ``instead of `x```, ``don't use `x```
_BEFORE_RE = re.compile(
    r"(?:\b(?:not|never|no\s+longer|instead\s+of|rather\s+than|avoid|"
    r"(?:do\s+not|don[\u2019']t|never|no\s+longer)\s+(?:use|send|pass|set|give|add))"
    r"|\bno)[ \t]*[:\u2014\u2013-]?[ \t]*\Z",
    re.I,
)
#: words right after a name that say it is gone: ```msg` (deprecated)``,
#: ```msg`: removed``, ```msg` was removed``, ```msg` argument is no longer
#: read`` (up to two words before the verb)
_AFTER_RE = re.compile(
    r"(?:[ \t]+(?:[^\W\d_][\w-]*[ \t]+){0,2}(?:is|was|are|were|has[ \t]+been|have[ \t]+been)"
    r"|[ \t]*[(:\u2014\u2013-]?)[ \t]*"
    r"(?:removed|deprecated|obsolete|unsupported|"
    r"no[ \t]+longer[ \t]+(?:read|used|supported|accepted|exists?|works?|taken|valid))\b",
    re.I,
)


def forbids(before: str, after: str) -> bool:
    """Whether the text of an item around a name (``before`` it, from the
    start of its item; ``after`` it, to the end of its item) forbids the name."""
    return bool(_BEFORE_RE.search(before) or _AFTER_RE.match(after))
