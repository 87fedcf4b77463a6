"""Decide which classes are tools, across modules of the repository.

Extraction is per module (so it can be cached by content); whether a class is
a tool depends on its bases, which may live in other modules of the same
repository. This step works on facts only and asks for other modules' facts
through a lookup function.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from doxtool.facts import ModuleFacts, ToolFacts

Lookup = Callable[[str], "ModuleFacts | None"]

_MAX_DEPTH = 32


class ToolResolver:
    def __init__(self, bases: list[str], lookup: Lookup) -> None:
        self.bases = set(bases)
        self.lookup = lookup

    def _split(self, qualified: str) -> tuple[ModuleFacts, str] | None:
        """The module facts and the class name of a dotted class name."""
        parts = qualified.split(".")
        for cut in range(len(parts) - 1, 0, -1):
            facts = self.lookup(".".join(parts[:cut]))
            if facts is not None:
                return facts, ".".join(parts[cut:])
        return None

    def _follow(self, qualified: str, depth: int) -> tuple[ModuleFacts, str] | None:
        """Where a dotted class name is defined, through re-exports."""
        for _ in range(_MAX_DEPTH - depth):
            found = self._split(qualified)
            if found is None:
                return None
            facts, name = found
            if facts.class_named(name) is not None:
                return facts, name
            target = facts.imported_names.get(name)
            if target is None or target == qualified:
                return None
            qualified = target
        return None

    def derives(self, qualified: str, depth: int = 0) -> bool:
        """Whether a dotted class name is, or derives from, a configured base."""
        if qualified in self.bases:
            return True
        if depth > _MAX_DEPTH:
            return False
        found = self._follow(qualified, depth)
        if found is None:
            return False
        facts, name = found
        cls = facts.class_named(name)
        assert cls is not None
        return any(self.derives(base, depth + 1) for base in cls.resolved_bases)

    def _inherited_tool(self, qualified: str, depth: int = 0) -> ToolFacts | None:
        """The candidate analysis of a class defined elsewhere (or its bases')."""
        if depth > _MAX_DEPTH or qualified in self.bases:
            return None
        found = self._follow(qualified, depth)
        if found is None:
            return None
        facts, name = found
        for candidate in facts.candidates:
            if candidate.class_name == name:
                return dataclasses.replace(candidate, defined_in_path=facts.path)
        cls = facts.class_named(name)
        assert cls is not None
        for base in cls.resolved_bases:
            tool = self._inherited_tool(base, depth + 1)
            if tool is not None:
                return tool
        return None

    def tools(self, facts: ModuleFacts) -> list[ToolFacts]:
        """Tool classes of a module, in source order."""
        stem = facts.path.rsplit("/", 1)[-1].removesuffix(".py")
        candidates = {c.class_name: c for c in facts.candidates}
        tools: list[ToolFacts] = []
        for cls in facts.classes:
            qualified = f"{facts.module}.{cls.name}"
            if qualified in self.bases or not any(
                self.derives(base) for base in cls.resolved_bases
            ):
                continue
            tool = candidates.get(cls.name)
            if tool is None:
                tool = self._from_bases(cls.resolved_bases, facts, stem, cls.name, cls.line)
            tools.append(dataclasses.replace(tool, name=stem))
        if not tools and not facts.classes:
            tools = self._reexported(facts, stem)
        return tools

    def _from_bases(
        self, bases: list[str], facts: ModuleFacts, stem: str, name: str, line: int
    ) -> ToolFacts:
        for base in bases:
            inherited = self._inherited_tool(base)
            if inherited is not None:
                execute = inherited.execute
                return dataclasses.replace(
                    inherited,
                    class_name=name,
                    line=line,
                    bases=bases,
                    execute=dataclasses.replace(execute, defined_in_path=inherited.defined_in_path)
                    if execute
                    else None,
                    defined_in_path=None,
                    imports=list(facts.imports),
                )
        return ToolFacts(name=stem, class_name=name, line=line, bases=bases, imports=facts.imports)

    def _reexported(self, facts: ModuleFacts, stem: str) -> list[ToolFacts]:
        """A compatibility shim: a module that only imports a tool class."""
        for target in facts.imported_names.values():
            if target in self.bases or not self.derives(target):
                continue
            tool = self._inherited_tool(target)
            if tool is not None:
                return [dataclasses.replace(tool, name=stem)]
        return []
