"""The tool modules that import a module of a tools directory.

A module kept in a tools directory that other tool modules import
(``from tools._common import fmt``, ``from ._common import fmt``, ``import
tools._common``, ``from usr.plugins.p.tools._common import fmt`` in a
standalone plugin) is a library of theirs: the framework loads a tool module
only when a model calls the tool its file is named for, so one that binds
no tool class is a tool of nobody's, not a broken tool (DOX004 says nothing
of it unless a prompt teaches its name as a tool's).

What is read is the importing modules' imports, resolved to the
repository's files as the edges of an incremental check resolve them, so
the finding turns on other modules' code: an incremental check re-checks
the tool modules a changed tool module, or one whose tools may have
changed, imported and imports (:mod:`doxtool.run.incremental`).
"""

from __future__ import annotations

import re

from doxtool.core.facts import ModuleFacts
from doxtool.core.reads import read_regular
from doxtool.run.project import Project

#: bytes of a module's text searched for the imported module's name
_MAX_BYTES = 8 * 1024 * 1024


def importing_tools(project: Project, module: str) -> list[str]:
    """The other tool modules holding a tool class whose imports name
    ``module`` (its file, by any dotted name the repository resolves to it).
    A module only a module without a tool imports (a shim of another module
    without one) is shared code of no tool."""
    stem = module.rpartition("/")[2].removesuffix(".py")
    if stem == "__init__":
        return []  # a package's: imported by naming its directory
    word = re.compile(rb"(?<![\w])" + re.escape(stem.encode()) + rb"(?![\w])")
    found: list[str] = []
    for other in project.tool_modules:
        if other == module:
            continue
        # every import of the module writes its name: the text rules out the rest
        text = read_regular(str(project.root / other), _MAX_BYTES)
        if text is None or word.search(text) is None:
            continue
        facts = project.facts(other)
        if any(_names(project, name, module) for name in _imported(facts)) and project.tools(other):
            found.append(other)
    return found


def _imported(facts: ModuleFacts) -> list[str]:
    """The dotted names a module imports: its imported modules, and the
    targets of the names it imports (``from tools import _common``)."""
    return [*facts.imports, *facts.imported_names.values()]


def _names(project: Project, dotted: str, module: str) -> bool:
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
    data = read_regular(str(project.root / module), _MAX_BYTES)
    if data is None:
        return None
    words = set(re.findall(r"\w+", data.decode("utf-8", "replace")))
    found: set[str] = set()
    for tool in tools:
        parts = tool.removesuffix(".py").split("/")
        name = parts[-2] if parts[-1] == "__init__" and len(parts) > 1 else parts[-1]
        if name in words:
            found.add(tool)
    return found
