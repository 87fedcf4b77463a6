"""Keyed records in one text, as the incremental state keeps them.

A record is ``"\\n<key>\\0<value>"``, the key a repository path written by
:func:`~doxtool.run.listing.escape_name` (no line break in it, and a path
holds no NUL); the value holds neither a line break nor anything its user
cannot tell apart. A run that asks for a few keys (a check after a small
edit) finds them in the text without decoding the others; past a few dozen
questions, or updates, the text is decoded once.
"""

from __future__ import annotations

from collections.abc import Mapping

from doxtool.run.listing import escape_name, unescape_path

#: past this many lookups (or updates), the text is decoded whole
FIND_LOOKUPS = 32


class Records:
    """key -> value, kept as one text."""

    def __init__(self, text: str = "") -> None:
        self.text = text
        self._lookups = 0
        self._decoded: dict[str, str] | None = None

    @classmethod
    def of(cls, values: Mapping[str, str]) -> Records:
        return cls("".join(f"\n{escape_name(key)}\0{value}" for key, value in values.items()))

    def get(self, key: str) -> str | None:
        """The value of ``key``'s record; None when there is none."""
        if self._decoded is None:
            self._lookups += 1
            if self._lookups <= FIND_LOOKUPS:
                return self._find(key)
        return self.decoded().get(key)

    def decoded(self) -> dict[str, str]:
        """Every record (decoded once)."""
        if self._decoded is None:
            known: dict[str, str] = {}
            for record in self.text.split("\n")[1:]:
                key, _, value = record.partition("\0")
                known[unescape_path(key)] = value
            self._decoded = known
        return self._decoded

    def replaced(self, updates: Mapping[str, str | None]) -> Records:
        """These records with ``updates``' put in their place (None: removed)."""
        if not updates:
            return self
        if self._decoded is not None or len(updates) > FIND_LOOKUPS:
            values = {**self.decoded(), **updates}
            return Records.of({key: value for key, value in values.items() if value is not None})
        text = self.text
        added: dict[str, str] = {}
        for key, value in updates.items():
            start = text.find(f"\n{escape_name(key)}\0")
            if start >= 0:
                end = text.find("\n", start + 1)
                text = text[:start] + (text[end:] if end >= 0 else "")
            if value is not None:
                added[key] = value
        return Records(text + Records.of(added).text)

    def _find(self, key: str) -> str | None:
        marker = f"\n{escape_name(key)}\0"
        start = self.text.find(marker)
        if start < 0:
            return None
        start += len(marker)
        end = self.text.find("\n", start)
        return self.text[start : end if end >= 0 else len(self.text)]
