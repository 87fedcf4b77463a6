"""The tool modules that load a module of a tools directory.

A module kept in a tools directory that other tool modules import
(``from tools._common import fmt``, ``from ._common import fmt``, ``import
tools._common``, ``from usr.plugins.p.tools._common import fmt`` in a
standalone plugin), or may load by its path (``spec_from_file_location("x",
Path(__file__).parent / "_common.py")``: :mod:`doxtool.python.pathloads`), is
a library of theirs: the framework loads a tool module only when a model
calls the tool its file is named for, so one that binds no tool class is a
tool of nobody's, not a broken tool (DOX004 says nothing of it unless a
prompt teaches its name as a tool's). So is a module such a
library imports in turn (``tools/a.py`` imports ``tools/_b.py``, which
imports ``tools/_c.py``): loading the tool loads it too.

What is read is the importing modules' imports, resolved to the
repository's files as the edges of an incremental check resolve them, and
the names of the files they load by path (a module of the tool
directories, or of their packages, whose file name one is), so the finding
turns on other modules' code: an incremental check re-checks
the tool modules a changed tool module, or one whose tools may have
changed, imported and imports, and those they import in turn
(:mod:`doxtool.run.incremental`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable

from doxtool.core.facts import ModuleFacts
from doxtool.core.reads import read_regular
from doxtool.run.project import Project
from doxtool.run.snapshot import references
from doxtool.run.toolpackages import package_modules

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
    tools = set(project.tool_modules)
    modules = [*project.tool_modules, *package_modules(project)]
    while pending:
        for other in _importers(project, pending.pop(), seen, modules):
            seen.add(other)
            if other in tools and project.tools(other):
                found.append(other)
            else:  # loaded with whatever loads it (a package's module is no tool)
                pending.append(other)
    return sorted(found)


def _importers(project: Project, module: str, seen: set[str], modules: list[str]) -> list[str]:
    """The ``modules`` not in ``seen`` whose imports name ``module``."""
    parts = module.removesuffix(".py").split("/")
    # a package's ``__init__`` is imported by naming its directory
    stem = parts[-2] if parts[-1] == "__init__" and len(parts) > 1 else parts[-1]
    # the file name's own bytes (an undecodable one held as a surrogate)
    word = re.compile(rb"(?<![\w])" + re.escape(os.fsencode(stem)) + rb"(?![\w])")
    found: list[str] = []
    for other in modules:
        if other in seen:
            continue
        # every import of the module, every load of its file by path, writes
        # its name: the text rules out the rest
        text = read_regular(str(project.root / other), MAX_BYTES)
        if text is None or word.search(text) is None:
            continue
        facts = project.facts(other)
        if loads_by_path(facts.path_loads, module) or any(
            names_module(project, name, module) for name in _imported(facts)
        ):
            found.append(other)
    return found


def loads_by_path(files: Iterable[str], module: str) -> bool:
    """Whether one of ``files`` (the names of the files a module may load by
    their path: :mod:`doxtool.python.pathloads`) is the file name of
    ``module``: doxtool cannot tell which directory the path is in, and a
    literal naming the file may be the one loaded."""
    return module.rpartition("/")[2] in files


def reached_tools(
    project: Project,
    module: str,
    targets: Callable[[str], Iterable[str]],
    edited: set[str],
    tools: set[str],
) -> set[str]:
    """The modules of ``tools`` other than ``module`` that ``module`` names,
    and those they name in turn, through one another or a module of a
    package in a tool directory: every module of the tool directories whose
    loading ``module``'s may bring about (:func:`importing_tools` follows the
    same chains back). ``targets`` gives the modules a module's facts named
    (an incremental check's edges); an ``edited`` module's names now are
    read from its text too (:func:`tools_written_in`; a package module's
    from its facts)."""
    found: set[str] = set()
    seen = {module}
    pending = [module]
    prefixes = tuple(f"{d}/" for d in project.tool_dirs)
    loadable: set[str] | None = None  # the tool modules and the packages' (listed once)
    while pending:
        current = pending.pop()
        named = set(targets(current))
        if current in edited:
            if loadable is None:
                loadable = tools.union(package_modules(project))
            written = tools_written_in(project, current, loadable) if current in tools else None
            named.update(references(project, current, {}) if written is None else written)
        for other in named - seen:
            if other in tools or (other.endswith(".py") and other.startswith(prefixes)):
                seen.add(other)
                pending.append(other)
                if other in tools:
                    found.add(other)
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
