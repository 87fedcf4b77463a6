"""The modules each module's facts name, as an incremental check keeps them.

One :class:`~doxtool.run.records.Records` text: per module, its targets
written by :func:`~doxtool.run.listing.escape_name` and joined by NUL
(``"\\n<module>\\0<target>\\0<target>..."``). A check after a small edit
asks for the edges of a few modules and finds them without decoding the
others; past a few dozen questions (an edit many modules reach) the text is
decoded once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping

from doxtool.run.listing import escape_name, unescape_path
from doxtool.run.records import FIND_LOOKUPS, Records


def _written(targets: Iterable[str]) -> str:
    return "\0".join(escape_name(target) for target in targets)


def _read(value: str) -> list[str]:
    return [unescape_path(target) for target in value.split("\0")] if value else []


class Edges:
    """module -> the repository modules its facts name."""

    def __init__(self, text: str = "") -> None:
        self.records = Records(text)
        self._lookups = 0
        self._backward: dict[str, set[str]] | None = None

    @property
    def text(self) -> str:
        return self.records.text

    @classmethod
    def of(cls, edges: Mapping[str, Iterable[str]]) -> Edges:
        return cls(Records.of({module: _written(t) for module, t in edges.items()}).text)

    def items(self) -> Iterator[tuple[str, list[str]]]:
        return ((module, _read(value)) for module, value in self.records.decoded().items())

    def __contains__(self, module: str) -> bool:
        return self.records.get(module) is not None

    def targets(self, module: str) -> list[str]:
        return _read(self.records.get(module) or "")

    def sources(self, target: str) -> set[str]:
        """The modules whose facts name ``target``."""
        self._lookups += 1
        if self._backward is not None or self._lookups > FIND_LOOKUPS:
            if self._backward is None:
                backward: dict[str, set[str]] = {}
                for module, targets in self.items():
                    for name in targets:
                        backward.setdefault(name, set()).add(module)
                self._backward = backward
            return self._backward.get(target, set())
        # a target follows a NUL, and is followed by one or by the record's end
        text, key = self.text, "\0" + escape_name(target)
        found: set[str] = set()
        at = text.find(key)
        while at >= 0:
            after = at + len(key)
            if after == len(text) or text[after] in "\0\n":
                start = text.rfind("\n", 0, at) + 1
                end = text.find("\0", start)
                if 0 <= end <= at:
                    found.add(unescape_path(text[start:end]))
            at = text.find(key, after)
        return found

    def reach(self, starts: Iterable[str]) -> set[str]:
        """``starts`` and every module their facts name, transitively."""
        return reach_from(starts, self.targets)

    def reach_back(self, starts: Iterable[str]) -> set[str]:
        """``starts`` and every module whose facts name one of them, transitively."""
        return reach_from(starts, self.sources)

    def replaced(self, updates: Mapping[str, list[str]]) -> Edges:
        """These edges with those of ``updates``' modules replaced (or added)."""
        if not updates:
            return self
        return Edges(self.records.replaced({m: _written(t) for m, t in updates.items()}).text)


def reach_from(starts: Iterable[str], step: Callable[[str], Iterable[str]]) -> set[str]:
    seen = set(starts)
    stack = list(seen)
    while stack:
        for nxt in step(stack.pop()):
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return seen
