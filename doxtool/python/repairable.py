"""Which exception classes of the repository are repairable.

Extraction sees one module: ``raise ToolInputError(...)`` with
``ToolInputError`` imported from ``helpers/errors.py`` names a class whose
bases it cannot see. This step, working on facts only, follows the class
through the repository (re-exports included) to its bases: a class named
like ``RepairableException``, or one deriving from such a class, is
repairable. A class doxtool finds nowhere in the repository (``KeyError``,
a library's error) is not.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from doxtool.core.facts import REPAIRABLE, ModuleFacts, Raise, ToolFacts

#: where a dotted class name is defined: its module's facts and its name there
Finder = Callable[[str], "tuple[ModuleFacts, str] | None"]

#: base classes followed from one exception class
_MAX_CLASSES = 32


def named_repairable(qualified: str) -> bool:
    """A class named like ``RepairableException``."""
    return "Repairable" in qualified.rsplit(".", 1)[-1]


class RepairableClasses:
    def __init__(self, find: Finder) -> None:
        self.find = find
        self._known: dict[str, bool | None] = {}

    def kind(self, qualified: str) -> bool | None:
        """Whether a dotted class name is repairable; None when the classes
        between it and its roots are too many to follow."""
        if qualified not in self._known:
            self._known[qualified] = self._kind(qualified)
        return self._known[qualified]

    def _kind(self, qualified: str) -> bool | None:
        todo = [qualified]
        seen: set[str] = set()
        while todo:
            current = todo.pop()
            if current in seen:
                continue
            if len(seen) >= _MAX_CLASSES:
                return None
            seen.add(current)
            if named_repairable(current):
                return True
            found = self.find(current)
            if found is None:
                continue  # not a class of the repository
            facts, name = found
            cls = facts.class_named(name)
            if cls is not None:
                todo.extend(cls.resolved_bases)
        return False

    def apply(self, tool: ToolFacts) -> ToolFacts:
        """The tool with the raises of repository classes that derive from a
        repairable one marked repairable. One raised in a ``try`` may be
        caught there: it is not claimed, and the repairable errors are unknown."""
        raises: list[Raise] = []
        unknown = False
        changed = False
        for raised in tool.raises:
            if raised.repairable or not raised.qualified:
                raises.append(raised)
                continue
            kind = self.kind(raised.qualified)
            if kind is False:
                raises.append(raised)
                continue
            changed = True
            if kind is None or raised.in_try:
                unknown = True
                raises.append(raised)
            else:
                raises.append(dataclasses.replace(raised, repairable=True))
        if not changed:
            return tool
        missing = unknown and REPAIRABLE not in tool.unknown
        return dataclasses.replace(
            tool, raises=raises, unknown=[*tool.unknown, REPAIRABLE] if missing else tool.unknown
        )
