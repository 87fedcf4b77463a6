"""The modules each module's facts name, as an incremental check keeps them.

One text of records ``"\\n<module>\\0<target>\\0<target>..."`` (paths written
by :func:`~doxtool.run.replay.escape_name`, so a record holds no line break
and a path no NUL): a check after a small edit asks for the edges of a few
modules, and finds them in the text without decoding the others. Past a few
dozen questions (an edit many modules reach) the text is decoded once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping

from doxtool.run.replay import escape_name, unescape_path

#: past this many lookups in the text, it is decoded whole
_FIND_LOOKUPS = 32


class Edges:
    """module -> the repository modules its facts name."""

    def __init__(self, text: str = "") -> None:
        self.text = text
        self._lookups = 0
        self._forward: dict[str, list[str]] | None = None
        self._backward: dict[str, set[str]] | None = None

    @classmethod
    def of(cls, edges: Mapping[str, Iterable[str]]) -> Edges:
        return cls(
            "".join(
                "\n" + escape_name(module) + "\0" + "\0".join(escape_name(t) for t in targets)
                for module, targets in edges.items()
            )
        )

    def items(self) -> Iterator[tuple[str, list[str]]]:
        return iter(self._decoded().items())

    def __contains__(self, module: str) -> bool:
        if self._forward is not None or self._many():
            return module in self._decoded()
        return self.text.find("\n" + escape_name(module) + "\0") >= 0

    def targets(self, module: str) -> list[str]:
        if self._forward is not None or self._many():
            return self._decoded().get(module, [])
        key = "\n" + escape_name(module) + "\0"
        start = self.text.find(key)
        if start < 0:
            return []
        start += len(key)
        end = self.text.find("\n", start)
        record = self.text[start : end if end >= 0 else len(self.text)]
        return [unescape_path(t) for t in record.split("\0")] if record else []

    def sources(self, target: str) -> set[str]:
        """The modules whose facts name ``target``."""
        if self._backward is not None or self._many():
            if self._backward is None:
                backward: dict[str, set[str]] = {}
                for module, targets in self._decoded().items():
                    for name in targets:
                        backward.setdefault(name, set()).add(module)
                self._backward = backward
            return self._backward.get(target, set())
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
        return _reach(starts, self.targets)

    def reach_back(self, starts: Iterable[str]) -> set[str]:
        """``starts`` and every module whose facts name one of them, transitively."""
        return _reach(starts, self.sources)

    def replaced(self, updates: Mapping[str, list[str]]) -> Edges:
        """These edges with those of ``updates``' modules replaced (or added)."""
        if not updates:
            return self
        if self._forward is not None or len(updates) > _FIND_LOOKUPS:
            return Edges.of({**self._decoded(), **updates})
        text = self.text
        for module in updates:
            key = "\n" + escape_name(module) + "\0"
            start = text.find(key)
            if start >= 0:
                end = text.find("\n", start + 1)
                text = text[:start] + (text[end:] if end >= 0 else "")
        return Edges(text + Edges.of(updates).text)

    def _many(self) -> bool:
        self._lookups += 1
        return self._lookups > _FIND_LOOKUPS

    def _decoded(self) -> dict[str, list[str]]:
        if self._forward is None:
            forward: dict[str, list[str]] = {}
            for record in self.text.split("\n")[1:]:
                module, _, rest = record.partition("\0")
                forward[unescape_path(module)] = (
                    [unescape_path(t) for t in rest.split("\0")] if rest else []
                )
            self._forward = forward
        return self._forward


def _reach(starts: Iterable[str], step: Callable[[str], Iterable[str]]) -> set[str]:
    seen = set(starts)
    stack = list(seen)
    while stack:
        for nxt in step(stack.pop()):
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return seen
