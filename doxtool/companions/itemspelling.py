"""How a person spelled a bullet item, as the judge of bullet blocks reads
it: the mark opening its line, a ``def`` before a signature, a span that is a
note about a call rather than a method, and bases written another way.
"""

from __future__ import annotations

import builtins
import re
from collections.abc import Sequence

from doxtool.companions.codeindex import _normal
from doxtool.companions.documented import DocItem
from doxtool.companions.sigleads import decorations
from doxtool.core.edits import line_content

_DEF_PREFIX = re.compile(r"\s*(?:async\s+)?def\s")
#: a bullet line's indentation and mark (``  - ``, ``1. ``)
ITEM_BULLET = re.compile(r"(?P<indent>[ \t]*)(?P<mark>(?:[-*+]|\d{1,9}[.)])[ \t]+)")


def item_mark(line: str) -> str:
    """What an item's line writes before its text: indentation and bullet or number."""
    found = ITEM_BULLET.match(line_content(line))
    return found.group(0) if found is not None else "- "


def spelled_like(written: str, signature: str) -> str:
    """``signature`` with the decorators and the ``def`` a person wrote before
    the name kept (`` `def load(path)` `` stays a ``def``; ``async`` comes
    first; `` `@classmethod load(cls)` `` keeps its ``@classmethod``)."""
    lead = decorations(written)
    if not _DEF_PREFIX.match(written[len(lead) :]):
        return lead + signature
    if signature.startswith("async "):
        return lead + "async def " + signature[len("async ") :]
    return lead + "def " + signature


def note_like(method: DocItem, name: str) -> bool:
    """Whether a nested span the class has no method for reads as a note
    rather than a stale method: it calls a builtin (`` `str()` ``,
    `` `int(days)`: raises ... ``) or a class (`` `Response(...)` ``)."""
    return name in _BUILTINS or name[:1].isupper()


def words_after(method: DocItem) -> bool:
    """Whether a person's words follow a method item on its line."""
    return bool(method.after.strip(" \t.,;:"))


_BUILTINS = frozenset(dir(builtins))


def bases_agree(documented: Sequence[str], actual: Sequence[str]) -> bool:
    if len(documented) != len(actual):
        return False
    for doc, real in zip(documented, actual, strict=True):
        doc = "".join(doc.split())
        real = "".join(real.split())
        if doc == real or real.endswith("." + doc) or doc.endswith("." + real):
            continue
        if _normal(doc) == _normal(real):
            continue
        head = real.partition("[")[0]
        if "[" not in doc and head != real and (doc == head or head.endswith("." + doc)):
            continue  # ``Box`` for ``Box[int]``: the generic class it derives from
        return False
    return True
