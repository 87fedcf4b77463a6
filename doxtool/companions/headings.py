"""A section heading's words, as a person may dress them.

``## Runtime Contracts``, ``## **Runtime Contracts**``, ``## `Runtime
Contracts` ``, ``## 2. Runtime Contracts``, ``## Runtime Contracts:``,
``## Runtime Contracts 🔧``, ``## Runtime Contracts (generated)``,
``## Runtime Contracts <!-- gen -->``, ``## [Runtime Contracts](#rc)`` and
``## <a id="rc"></a>Runtime Contracts`` all name the Runtime Contracts
section: emphasis and code markup, a link's target (its text stays), a
leading number, a trailing parenthetical, punctuation at either end,
symbols (emoji), HTML tags and HTML comments are dropped,
case and runs of whitespace are ignored.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_COMMENT = re.compile(r"<!--.*?(?:-->|$)", re.DOTALL)
#: a link or an image: its text stands (``[Verification](#verification)``)
_LINK = re.compile(r"!?\[([^\[\]]*)\](?:\([^()]*\)|\[[^\[\]]*\])")
#: an inline HTML tag (``<a id="verification"></a>``, ``<sup>``)
_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9-]*(?:[ \t][^<>]*)?/?>")
# emphasis: ``*`` anywhere, ``_`` at a word's edge (not ``snake_case``)
_EMPHASIS = re.compile(r"[*`]|(?<!\w)_+|(?<!_)_+(?!\w)")
_NUMBER = re.compile(r"\d{1,9}(?:\.\d{1,9})*[.)]?[ \t]+")
_PARENTHETICAL = re.compile(r"(?<![ \t])[ \t]*\([^()]*\)[ \t]*$")
_EDGES = " \t:.;,!?-\u2013\u2014"


def _symbol(char: str) -> bool:
    """A character no section name holds: a symbol (emoji, arrows), a
    variation selector, a joiner or another invisible formatting character."""
    if char.isspace():
        return False
    category = unicodedata.category(char)
    return category[0] in "SC" or (category == "Mn" and 0xFE00 <= ord(char) <= 0xFE0F)


@lru_cache(maxsize=1024)
def normalize_title(title: str) -> str:
    """The words of a section heading, for comparing: its dressing dropped
    (see the module), case and runs of whitespace ignored."""
    text = _TAG.sub(" ", _LINK.sub(r"\1", _COMMENT.sub(" ", title)))
    text = _EMPHASIS.sub("", text)
    text = "".join(" " if _symbol(char) else char for char in text).strip(_EDGES)
    text = _NUMBER.sub("", text, count=1) if _NUMBER.match(text) else text
    bare = _PARENTHETICAL.sub("", text).strip(_EDGES)
    return " ".join((bare or text).split()).casefold()
