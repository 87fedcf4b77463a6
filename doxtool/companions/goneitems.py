"""An argument item a person keeps to say its argument is gone.

A companion may go on listing an argument the tool no longer reads, marked
as gone: `` - `proxy` (removed in v2) ``, `` - `proxy`: optional string
(deprecated, ignored since v2). ``, `` - `retries`: removed; use
`timeout`. ``, `` - `mode`: no longer read. ``, in other languages too
(``(veraltet)``, ``(obsoleto)``, ``(устарел)``, ``(已弃用)``). Such an item
states what the code does (it does not read the argument): no finding calls
it an argument the code never reads, and no fix removes it or the person's
words (it is held, as a suppressed item is, see
:mod:`doxtool.companions.helditems`). An argument the code reads is judged
as ever, whatever its item says.

Only a clause that is wholly such a mark counts, where a description opens:
the item's text after its name, a parenthesis, a sentence; the first words
before a comma there (``deprecated, ignored since v2``). A description that
uses the word otherwise (``removed files are kept``, ``one of `active`,
`removed` ``, ``active, deprecated or done``) says nothing of its name; nor
does a mark saying when the code sets a value aside (``ignored in dry runs``,
``removed after use``): only a version may say when it went (``removed in
v2``).
"""

from __future__ import annotations

import re
from typing import Any

from doxtool.core.patterns import LazyPattern

#: when: ``since v2``, ``in 2.0``, ``as of version 1.4``, ``in favour of
#: `url```; a version only (``ignored in dry runs``, ``removed after use``
#: say when the code sets a value aside, not that the argument is gone)
_VERSION = r"(?:(?:version|release)[ \t]+\S+|v?\d[\w.\-]*)"
_WHEN = (
    rf"(?:[ \t]+(?:(?:since|as[ \t]+of|in|after|from|with|for)[ \t]+{_VERSION}"
    r"|in[ \t]+favou?r[ \t]+of[ \t]+\S+))?"
)
#: words that say an argument is gone, as the whole of a clause
_GONE_CLAUSE = LazyPattern(
    r"(?:(?:it[ \t]+)?(?:is|was|has[ \t]+been|got)[ \t]+)?"
    r"(?:(?:removed|deprecated|obsolete|unsupported|retired|dropped|ignored|unused)"
    + _WHEN
    + r"|no[ \t]+longer[ \t]+(?:read|used|supported|accepted|taken|honou?red|valid|exists?|works?)"
    r"(?:[ \t]+by[ \t]+(?:the[ \t]+)?(?:tool|code))?"
    r"|(?:veraltet|entfernt|nicht[ \t]+mehr[ \t]+(?:unterstützt|verwendet|gelesen))"
    + _WHEN
    + r"|obsol[eè]te|supprim[ée]e?|d[ée]pr[ée]ci[ée]e?|obsolet[oa]|eliminad[oa]|en[ \t]+desuso"
    r"|устарел[аои]?|удал[её]н[аои]?|больше[ \t]+не[ \t]+(?:используется|читается)"
    r"|已?(?:弃用|废弃|移除|删除)|非推奨|廃止|削除済み)",
    re.I,
)
#: what opens a description: a parenthesis, a sentence, a colon, a dash set
#: off by spaces, a table's cell (``| `proxy` | string | removed in v2 |``)
_OPENINGS = LazyPattern(
    r"[.;:!()\[\]|\uff08\uff09\u3002\uff1b\uff1a]|[ \t][\u2014\u2013-]+[ \t]|^[\u2014\u2013-]+[ \t]"
)
#: what may dress a clause: emphasis, spaces, a dash
_EDGES = "*_ \t\u2014\u2013-"
#: words saying the argument is still read, or when it is set aside
#: (``deprecated, still read``, ``ignored, unless `y` is set``)
_STILL_READ = LazyPattern(
    r".*\b(?:still|until|unless|except|only[ \t]+(?:when|if|for|in|with))\b.*", re.I | re.S
)


def says_gone(prose: str) -> bool:
    """Whether an item's text after its name (``prose``) says its argument
    is gone: a clause of it, where a description opens, is wholly a mark
    that says so (``(removed in v2)``, ``: deprecated, use `url```), and
    no words say it is still read (``deprecated, still read until v3``)."""
    if _STILL_READ.fullmatch(prose):
        return False
    for segment in _OPENINGS.split(prose):
        first = re.split(r"[,\uff0c\u3001]", segment, maxsplit=1)[0].strip(_EDGES)
        if first and _GONE_CLAUSE.fullmatch(first):
            return True
    return False


def gone_item(argument: Any, read: set[str]) -> bool:
    """Whether ``argument`` (an item of an arguments block) names an argument
    not in ``read`` and says it is gone."""
    if not isinstance(argument, dict) or argument.get("name") in read:
        return False
    prose = argument.get("prose")
    return isinstance(prose, str) and says_gone(prose)
