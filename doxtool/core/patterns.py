"""Regular expressions compiled on their first use.

Compiling a pattern takes from tens of microseconds to a millisecond, and a
module's patterns are compiled when it is imported: a run that never reads a
companion, an ``AGENTS.md`` or a suppression comment (a check of one changed
module whose other files come from the cache) would pay for every pattern of
their parsers. A :class:`LazyPattern` compiles when a method is first called.
Only the methods of a compiled pattern are offered (``match``, ``search``,
``sub`` ...); one is not a :class:`re.Pattern` and cannot be handed to the
functions of :mod:`re`.
"""

from __future__ import annotations

import re
from typing import Any

#: what a lazy pattern forwards to the compiled one
_METHODS = ("match", "fullmatch", "search", "sub", "subn", "split", "findall", "finditer")


class LazyPattern:
    """``re.compile(pattern, flags)``, done when one of its methods is first used."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags

    def __getattr__(self, name: str) -> Any:
        # only reached while the instance holds no such attribute: before the
        # first call; from then on the compiled pattern's methods are its own
        if name not in _METHODS:
            raise AttributeError(name)
        compiled = re.compile(self.pattern, self.flags)
        for method in _METHODS:
            setattr(self, method, getattr(compiled, method))
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"LazyPattern({self.pattern!r}, {self.flags!r})"
