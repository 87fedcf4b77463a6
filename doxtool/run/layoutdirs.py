"""Choosing among the ``tools`` and ``prompts`` directories ``doxtool init``
finds: which hold the agent's tools, and in which order they are written.

A ``tools`` directory is the agent's when one of its modules defines a class
deriving (by name, through imports: :mod:`doxtool.python.derivation`) from a
tool base, or from a class of the directories read that does. Directories
under an area of helper scripts (``scripts/``, ``dev/``, ...) are taken only
when no other directory of their kind is there. The framework's own come
first, in the order the default configuration has them: ``tools`` before
``python/tools``, ``prompts`` first, then shallower before deeper.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from doxtool.core.source import ReadError, read_text
from doxtool.python.derivation import class_bases, derived

#: areas of helper scripts: a ``tools`` or ``prompts`` directory below one is
#: the developers', not the agent's, unless the repository has no other
SCRIPT_AREAS = frozenset(
    {
        "scripts",
        "script",
        "dev",
        "devtools",
        "dev_tools",
        "dev-tools",
        "tools-for-dev",
        "tooling",
        "hack",
        "ci",
    }
)
#: the framework's own directories, in the default configuration's order
_FRAMEWORK = {"tools": 0, "python/tools": 1, "prompts": 0}
#: how a tool prompt's file name starts (``agent.system.tool.<name>.md``)
_TOOL_PROMPT = "agent.system.tool."
#: modules read per directory to find a tool class
_MAX_MODULES = 200


def in_script_area(rel: str) -> bool:
    """Whether a directory lies below an area of helper scripts."""
    return any(part.lower() in SCRIPT_AREAS for part in rel.split("/")[:-1])


def order_key(rel: str) -> tuple[bool, bool, int, int, str]:
    """Sorting key: core directories before patterns, then the framework's own,
    then the shallower."""
    return ("*" in rel, in_script_area(rel), _FRAMEWORK.get(rel, 2), rel.count("/"), rel)


def preferred(dirs: Iterable[str]) -> list[str]:
    """``dirs`` in :func:`order_key`'s order, without those in an area of
    helper scripts when another core directory is there."""
    ordered = sorted(dict.fromkeys(dirs), key=order_key)
    if any(not in_script_area(d) and "*" not in d for d in ordered):
        ordered = [d for d in ordered if not in_script_area(d)]
    return ordered


@dataclass
class ToolDirCandidates:
    """``tools`` directories found by name, with their modules, before it is
    known which hold tools; and the other directories with modules, which
    hold tools when most of their modules define one (a fork's ``mytools``)."""

    #: directory -> its modules (file names)
    modules: dict[str, list[str]] = field(default_factory=dict)
    #: directories of another name -> their modules
    others: dict[str, list[str]] = field(default_factory=dict)
    #: the tool names prompt files teach (``agent.system.tool.search.md``: ``search``)
    taught: set[str] = field(default_factory=set)
    #: the bases the classes of the modules read name, as dotted names,
    #: each with the modules (paths) naming it (filled by :meth:`with_tools`)
    named_bases: dict[str, set[str]] = field(default_factory=dict)

    def add(self, rel: str, modules: list[str]) -> None:
        self.modules[rel] = modules

    def add_other(self, rel: str, modules: list[str]) -> None:
        self.others[rel] = modules

    def note_prompts(self, files: Iterable[str]) -> None:
        """Note the tool names the tool prompts among ``files`` teach."""
        for name in files:
            if name.startswith(_TOOL_PROMPT) and name.endswith(".md"):
                self.taught.add(name[len(_TOOL_PROMPT) : -len(".md")])

    def with_tools(self, root: Path, bases: Iterable[str]) -> list[str]:
        """The directories holding tools, in the order found: a ``tools``
        directory one of whose modules defines a tool class (when none does,
        the base is named in no way read here, every one: nothing tells them
        apart); a directory of another name when two of its modules or more,
        and more than half, define one (a helper module defining a tool class
        of its own makes no tool directory), unless it lies inside a ``tools``
        directory holding tools: a package there is no directory the
        framework loads tools from, unless a tool prompt names one of its
        modules (``tools/web/search.py`` and ``agent.system.tool.search.md``)."""
        classes: dict[str, list[str]] = {}
        owner: dict[str, tuple[str, str]] = {}
        for rel, files in [*self.modules.items(), *self.others.items()]:
            for name in files[:_MAX_MODULES]:
                path = f"{rel}/{name}"
                text = read_text(root / path, python=True)
                if isinstance(text, ReadError) or (
                    rel in self.others and "class " not in text.text
                ):
                    continue
                for cls, of in class_bases(path, text.text).items():
                    classes[cls] = of
                    owner[cls] = (rel, name)
                    for base in of:
                        self.named_bases.setdefault(base, set()).add(path)
        tools = {owner[cls] for cls in derived(classes, bases)}
        named = {rel for rel, _ in tools} if tools else set(self.modules)
        found = [rel for rel in self.modules if rel in named]
        for rel, files in self.others.items():
            # a package inside a tools directory (``python/tools/pentest/``):
            # the framework loads that directory's own modules, never a
            # module of a directory below it, whatever its classes derive from
            # (unless a prompt teaches one of its modules by name: the
            # repository's loader may walk the packages below, and the model
            # is taught to call them)
            inside = any(rel.startswith(f"{tools}/") for tools in found)
            if inside and not any(name.removesuffix(".py") in self.taught for name in files):
                continue
            count = sum(1 for name in files if (rel, name) in tools)
            if count >= 2 and count * 2 > len(files):
                found.append(rel)
        return found
