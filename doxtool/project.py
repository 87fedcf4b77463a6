"""The repository as doxtool sees it: where tools, companions and tests are.

Discovery touches the filesystem only; facts come from :mod:`doxtool.extract`
(through the cache, when one is attached) and tool classes from
:mod:`doxtool.resolve`. Links are never followed out of the root.
"""

from __future__ import annotations

import fnmatch
import os
import re
from collections.abc import Iterator
from functools import cached_property
from pathlib import Path

from doxtool.config import Config
from doxtool.extract import extract_module
from doxtool.facts import ModuleFacts, Problem, ToolFacts
from doxtool.names import module_name
from doxtool.resolve import ToolResolver
from doxtool.source import ReadError, read_text

COMPANION_SUFFIX = ".dox.md"
_DECLARES_FILE_DOCUMENTED = re.compile(r"file[- ]documented", re.IGNORECASE)


class Project:
    def __init__(self, root: Path, config: Config, facts_cache: object | None = None) -> None:
        self.root = root.resolve()
        self.config = config
        self.cache = facts_cache
        self._facts: dict[str, ModuleFacts] = {}
        self._tools: dict[str, list[ToolFacts]] = {}
        self.resolver = ToolResolver(config.tool_bases, self.lookup_module)

    # -- paths ----------------------------------------------------------------

    def rel(self, path: Path) -> str:
        """Repository-relative posix path."""
        try:
            return path.resolve().relative_to(self.root).as_posix()
        except ValueError:
            return path.as_posix()

    def inside(self, path: Path) -> bool:
        """Whether ``path`` (links resolved) stays inside the root."""
        try:
            path.resolve().relative_to(self.root)
        except (ValueError, OSError, RuntimeError):
            return False
        return True

    def excluded(self, rel: str) -> bool:
        patterns = [*self.config.exclude, *self.config.extend_exclude]
        parts = rel.split("/")
        for pattern in patterns:
            if fnmatch.fnmatch(rel, pattern):
                return True
            if "/" not in pattern and any(fnmatch.fnmatch(part, pattern) for part in parts):
                return True
        return False

    def _glob_dirs(self, patterns: list[str]) -> list[str]:
        found: list[str] = []
        for pattern in patterns:
            for path in sorted(self.root.glob(pattern)):
                if not path.is_dir() or not self.inside(path):
                    continue
                rel = self.rel(path)
                if not self.excluded(rel) and rel not in found:
                    found.append(rel)
        return found

    def _entries(self, directory: str) -> list[os.DirEntry[str]]:
        try:
            with os.scandir(self.root / directory) as it:
                return sorted(it, key=lambda e: e.name)
        except OSError:
            return []

    # -- discovery ------------------------------------------------------------

    @cached_property
    def tool_dirs(self) -> list[str]:
        return self._glob_dirs(self.config.tool_dirs)

    @cached_property
    def documented_dirs(self) -> list[str]:
        """Directories whose direct modules must each have a companion."""
        dirs = list(self.tool_dirs)
        for rel in self._glob_dirs(self.config.documented_dirs):
            if rel not in dirs:
                dirs.append(rel)
        for agents in self._agents_files():
            rel = agents.rsplit("/", 1)[0] if "/" in agents else "."
            if rel in dirs:
                continue
            text = read_text(self.root / agents)
            if not isinstance(text, ReadError) and _DECLARES_FILE_DOCUMENTED.search(text.text):
                dirs.append(rel)
        return dirs

    def _agents_files(self) -> Iterator[str]:
        for dirpath, dirnames, filenames in os.walk(self.root):
            rel_dir = Path(dirpath).relative_to(self.root).as_posix()
            dirnames[:] = sorted(
                d
                for d in dirnames
                if not self.excluded(f"{rel_dir}/{d}".lstrip("./"))
                and not d.startswith(".")
                and not os.path.islink(os.path.join(dirpath, d))
            )
            if "AGENTS.md" in filenames and rel_dir != ".":
                yield f"{rel_dir}/AGENTS.md"

    def modules_in(self, directory: str) -> list[str]:
        """Direct ``*.py`` modules of a directory (``__init__.py`` excluded)."""
        out = []
        for entry in self._entries(directory):
            name = entry.name
            if not name.endswith(".py") or name == "__init__.py":
                continue
            rel = f"{directory}/{name}" if directory != "." else name
            if self.excluded(rel):
                continue
            out.append(rel)
        return out

    def companions_in(self, directory: str) -> list[str]:
        out = []
        for entry in self._entries(directory):
            if entry.name.endswith(".py" + COMPANION_SUFFIX):
                rel = f"{directory}/{entry.name}" if directory != "." else entry.name
                if not self.excluded(rel):
                    out.append(rel)
        return out

    @cached_property
    def tool_modules(self) -> list[str]:
        return [m for d in self.tool_dirs for m in self.modules_in(d)]

    @cached_property
    def documented_modules(self) -> list[str]:
        return [m for d in self.documented_dirs for m in self.modules_in(d)]

    @cached_property
    def companions(self) -> list[str]:
        return [c for d in self.documented_dirs for c in self.companions_in(d)]

    def is_tool_module(self, rel: str) -> bool:
        return rel.rsplit("/", 1)[0] in self.tool_dirs if "/" in rel else "." in self.tool_dirs

    @cached_property
    def local_roots(self) -> frozenset[str]:
        """Top-level packages and modules of the repository (helpers, tools, ...)."""
        roots = set()
        for entry in self._entries("."):
            name = entry.name
            if name.startswith(".") or self.excluded(name):
                continue
            if entry.is_dir(follow_symlinks=False):
                roots.add(name)
            elif name.endswith(".py"):
                roots.add(name[:-3])
        return frozenset(roots)

    def forget(self) -> None:
        """Drop what was read, after files were written."""
        self._facts.clear()
        self._tools.clear()
        for name in ("documented_modules", "companions", "tool_modules"):
            self.__dict__.pop(name, None)

    # -- facts ----------------------------------------------------------------

    def facts(self, rel: str) -> ModuleFacts:
        """Raw facts of a module (tool classes not yet resolved)."""
        facts = self._facts.get(rel)
        if facts is None:
            facts = self._facts[rel] = self._extract(rel)
        return facts

    def _extract(self, rel: str) -> ModuleFacts:
        path = self.root / rel
        if path.is_symlink() and not self.inside(path):
            return ModuleFacts(
                path=rel,
                module=module_name(rel),
                problems=[Problem("link points outside the repository; not read", kind="read")],
            )
        text = read_text(path, python=True)
        if isinstance(text, ReadError):
            return ModuleFacts(
                path=rel,
                module=module_name(rel),
                problems=[Problem(text.message, text.line, text.column, text.kind)],
            )
        return extract_module(text.text, rel, self.local_roots)

    def lookup_module(self, dotted: str) -> ModuleFacts | None:
        """Facts of a repository module by dotted name, if it exists here."""
        base = self.root / Path(*dotted.split("."))
        for candidate in (base.with_suffix(".py"), base / "__init__.py"):
            if candidate.is_file() and self.inside(candidate):
                return self.facts(self.rel(candidate))
        return None

    def tools(self, rel: str) -> list[ToolFacts]:
        tools = self._tools.get(rel)
        if tools is None:
            tools = self._tools[rel] = self.resolver.tools(self.facts(rel))
        return tools

    def module_facts(self, rel: str) -> ModuleFacts:
        """Facts with the tool classes resolved: what ``inspect`` prints."""
        facts = self.facts(rel)
        facts.tools = self.tools(rel)
        return facts
