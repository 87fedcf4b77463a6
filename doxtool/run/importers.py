"""The tool modules that load a module of a tools directory.

A module kept in a tools directory that other tool modules import
(``from tools._common import fmt``, ``from ._common import fmt``, ``import
tools._common``, ``from usr.plugins.p.tools._common import fmt`` in a
standalone plugin) is a library of theirs: the framework loads a tool module
only when a model calls the tool its file is named for, so one that binds
no tool class is a tool of nobody's, not a broken tool (DOX004 says nothing
of it unless a prompt teaches its name as a tool's). So is a module such a
library imports in turn (``tools/a.py`` imports ``tools/_b.py``, which
imports ``tools/_c.py``): loading the tool loads it too.

What is read is the importing modules' imports, resolved to the
repository's files as the edges of an incremental check resolve them, so
the finding turns on other modules' code: an incremental check re-checks
the tool modules a changed tool module, or one whose tools may have
changed, imported and imports, and those they import in turn
(:mod:`doxtool.run.incremental`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from doxtool.core.facts import ModuleFacts
from doxtool.core.reads import read_regular
from doxtool.run.project import Project
from doxtool.run.snapshot import references

#: bytes of a module's text searched for the imported module's name
MAX_BYTES = 8 * 1024 * 1024


def importing_tools(project: Project, module: str) -> list[str]:
    """The other tool modules holding a tool class that load ``module``:
    their imports name it (its file, by any dotted name the repository
    resolves to it), or name a module of the tool directories without a
    tool class that they load in turn. A module only modules without a tool
    import, none of which a tool module loads (a shim of another module
    without one), is shared code of no tool."""
    found: list[str] = []
    seen = {module}
    pending = [module]
    while pending:
        for other in _importers(project, pending.pop(), seen):
            seen.add(other)
            if project.tools(other):
                found.append(other)
            else:  # loaded with whatever loads it
                pending.append(other)
    return sorted(found)


def _importers(project: Project, module: str, seen: set[str]) -> list[str]:
    """The tool-directory modules not in ``seen`` whose imports name ``module``."""
    stem = module.rpartition("/")[2].removesuffix(".py")
    if stem == "__init__":
        return []  # a package's: imported by naming its directory
    word = re.compile(rb"(?<![\w])" + re.escape(stem.encode()) + rb"(?![\w])")
    found: list[str] = []
    for other in project.tool_modules:
        if other in seen:
            continue
        # every import of the module writes its name: the text rules out the rest
        text = read_regular(str(project.root / other), MAX_BYTES)
        if text is None or word.search(text) is None:
            continue
        facts = project.facts(other)
        if any(names_module(project, name, module) for name in _imported(facts)):
            found.append(other)
    return found


def reached_tools(
    project: Project,
    module: str,
    targets: Callable[[str], Iterable[str]],
    edited: set[str],
    tools: set[str],
) -> set[str]:
    """The modules of ``tools`` other than ``module`` that ``module`` names,
    and those they name in turn: every module of the tool directories whose
    loading ``module``'s may bring about (:func:`importing_tools` follows the
    same chains back). ``targets`` gives the modules a module's facts named
    (an incremental check's edges); an ``edited`` module's names now are
    read from its text too (:func:`tools_written_in`)."""
    found: set[str] = set()
    pending = [module]
    while pending:
        current = pending.pop()
        named = set(targets(current))
        if current in edited:
            written = tools_written_in(project, current, tools)
            named.update(references(project, current, {}) if written is None else written)
        for other in named & tools:
            if other != module and other not in found:
                found.add(other)
                pending.append(other)
    return found


def _imported(facts: ModuleFacts) -> list[str]:
    """The dotted names a module imports: its imported modules, and the
    targets of the names it imports (``from tools import _common``)."""
    return [*facts.imports, *facts.imported_names.values()]


def names_module(project: Project, dotted: str, module: str) -> bool:
    """Whether ``dotted``, or a module it is a name in, is the file ``module``."""
    parts = dotted.split(".")
    return any(
        project.module_path(".".join(parts[:cut])) == module for cut in range(1, len(parts) + 1)
    )


def tools_written_in(project: Project, module: str, tools: set[str]) -> set[str] | None:
    """The modules of ``tools`` whose name ``module``'s text writes as a word
    (a file's stem, a package's directory for an ``__init__.py``): a module's
    facts name another only where its text does
    (:mod:`doxtool.run.dependents`), so these hold every tool module it
    imports, read without its facts (which an incremental check's plan would
    otherwise extract before the run hands the module to the side parser).
    None when its text cannot be read."""
    data = read_regular(str(project.root / module), MAX_BYTES)
    return None if data is None else tools_written(data, tools)


def tools_written(data: bytes, tools: set[str]) -> set[str]:
    """The modules of ``tools`` whose name the text ``data`` writes as a
    word (:func:`tools_written_in`)."""
    words = set(re.findall(r"\w+", data.decode("utf-8", "replace")))
    found: set[str] = set()
    for tool in tools:
        parts = tool.removesuffix(".py").split("/")
        name = parts[-2] if parts[-1] == "__init__" and len(parts) > 1 else parts[-1]
        if name in words:
            found.add(tool)
    return found
