"""Names a prompt writes only to forbid them: ``args: `text`, not `reply```,
``never `content```, ``instead of `msg```, ``the old `msg` argument was
removed``, a table row ``| `hours` | deprecated, use `seconds` |``, a list
item ``- `msg` (legacy): ...``. Such a name is not taught; it stays a name
of the section's prose (a mention)."""

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
#: a phrase that says a name is gone whatever follows it
_NO_LONGER = r"no[ \t]+longer[ \t]+(?:read|used|supported|accepted|exists?|works?|taken|valid)\b"
#: a word that says a name is gone when it stands as a mark (``(deprecated)``,
#: ``deprecated, use `x```, ``removed in 2.0``, ``legacy;``), not when it
#: opens a description (``removed files too``, ``legacy behaviour toggle``)
#: or is part of a hyphenated word (``legacy-compatible``, ``non-legacy``)
_GONE_MARK = (
    r"(?<![\w-])(?:removed|deprecated|obsolete|unsupported|legacy)(?:\*\*|__|[*_])?"
    r"(?=[ \t]*(?:(?!-\w)[^\w\s`]|\Z)|[ \t]+(?:since|as[ \t]+of|in[ \t]+(?:favou?r|v?\d|version)|"
    r"alias(?:es)?|and[ \t]+(?:ignored|unused|unread)|use)\b)"
)
#: words right after a name that say it is gone: ```msg` (deprecated)``,
#: ```msg`: removed``, ```msg` was removed``, ```msg` argument is no longer
#: read`` (up to two words before the verb)
_AFTER_RE = re.compile(
    r"[ \t]+(?:[^\W\d_][\w-]*[ \t]+){0,2}(?:is|was|are|were|has[ \t]+been|have[ \t]+been)"
    rf"[ \t]*(?:removed|deprecated|obsolete|unsupported|legacy|{_NO_LONGER})\b"
    rf"|[ \t]*[(:\u2014\u2013-]?[ \t]*(?:\*\*|__|[*_])?(?:{_GONE_MARK}|{_NO_LONGER})",
    re.I,
)
#: a description that opens by saying its name is gone: a table cell
#: ``deprecated, use `seconds```, ``**Removed.**``, ``(legacy)``, an item's
#: text after its name ``- `hours`: deprecated``
_GONE = rf"[ \t]*[(\[]?[ \t]*(?:\*\*|__|[*_])?[ \t]*(?:{_GONE_MARK}|{_NO_LONGER})"
_GONE_RE = re.compile(_GONE, re.I)
#: the same, as the whole of a cell: ``| deprecated |``, ``| **legacy** |``
_GONE_CELL_RE = re.compile(_GONE + r"[ \t]*(?:\*\*|__|[*_])?[ \t]*[)\].!]?[ \t]*\Z", re.I)


def forbids(before: str, after: str) -> bool:
    """Whether the text of an item around a name (``before`` it, from the
    start of its item; ``after`` it, to the end of its item) forbids the name."""
    return bool(_BEFORE_RE.search(before) or _AFTER_RE.match(after))


def says_gone(text: str) -> bool:
    """Whether a description opens by saying the name it describes is gone
    (``deprecated, use `seconds```, ``Removed in 2.0``, ``(legacy)``; not
    ``not deprecated``, nor ``removed files too``)."""
    return bool(_GONE_RE.match(text))


def row_says_gone(cells: list[str]) -> bool:
    """Whether a table row says the name in its first cell is gone: a cell
    after it that is only such a mark (``| `hours` | deprecated | int |``),
    or a last cell opening with one (``| `hours` | deprecated, use
    `seconds` |``). A row that uses the word elsewhere (``| `path` | the
    file; the removed `file` argument |``) says nothing of its name."""
    rest = cells[1:]
    return bool(rest) and (any(_GONE_CELL_RE.match(cell) for cell in rest) or says_gone(rest[-1]))
