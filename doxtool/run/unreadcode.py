"""Modules whose facts are built in part from code doxtool cannot read.

A tool's facts come from other code as well as its module's own: the bases
it inherits, the class a shim re-exports, the helpers its calls are followed
into. Where one of those is code doxtool cannot read, what it would add is
not known, as with a module a sparse checkout leaves out
(:mod:`doxtool.run.leftdeps`, which treats both alike):

- a base or mixin of a tool class (or of a repository class it derives
  from) that is a class of an installed package, of a plugin that is not
  checked in, or of a repository module that does not exist (``class
  WaitTool(WaitMixin, Tool)`` with ``WaitMixin`` from ``vendorpkg``): it may
  define ``execute``, the helpers ``execute`` calls on ``self``, class
  attributes, and read any argument. The configured tool base is known
  (even where its module is not in the repository), and so are the standard
  library's classes (``object``, ``ABC``, ``Generic[T]``) and those of a
  package doxtool classifies (:func:`~doxtool.run.unseen.unclassified`);
- a tool module with no tool class that may bind one of such code
  (:func:`~doxtool.run.unseentools.may_hold_unseen_tool`: a shim re-exporting
  a plugin's class, or one of a module that cannot be parsed), or whose
  imports lead back to themselves through other shims before any class;
- a module of the repository its facts reach (a re-exported class's, a
  base's, a followed helper's, and theirs in turn) that cannot be read or
  parsed (a syntax error, undecodable bytes, a NUL byte, no permission to
  read it). That module's own problem is its finding; the facts built from
  it are not known, not empty.
"""

from __future__ import annotations

from typing import Any

from doxtool.core.facts import ModuleFacts
from doxtool.run.loaders import loader_modules
from doxtool.run.project import Project
from doxtool.run.snapshot import references
from doxtool.run.unseen import unclassified
from doxtool.run.unseentools import may_hold_unseen_tool, readable

#: the modules walked at most from one module
_MAX_MODULES = 512


def unread_bases(project: Project, module: str) -> bool:
    facts = project.facts(module)
    resolver = project.resolver

    relative = _relative_modules(facts)

    def missing(owner: str) -> bool:
        """A module of its own package that is not there: the code is broken."""
        return any(owner == r or owner.startswith(f"{r}.") for r in relative)

    def unseen(name: str) -> bool:
        owner, dot, _ = name.rpartition(".")
        if not dot or missing(owner):
            return False
        return unclassified(owner) and not readable(owner, project.module_path)

    tools = project.tools(module)
    if not tools:
        if any(_cyclic(project, target) for target in facts.imported_names.values()):
            return True
        return may_hold_unseen_tool(facts, resolver, project.module_path, missing)
    for tool in tools:
        home = project.module_of(tool.defined_in_path) if tool.defined_in_path else facts.module
        if resolver.reaches_unseen(f"{home}.{tool.class_name}", unseen):
            return True
    return False


def _cyclic(project: Project, target: str) -> bool:
    """Whether an imported name leads back to itself through the repository's
    re-exports (``a.X`` imported from ``b``, ``b.X`` from ``a``) before any
    class: what the shims stand for is not known."""
    seen: set[str] = set()
    current: str | None = target
    while current is not None and len(seen) < _MAX_MODULES:
        if current in seen:
            return True
        seen.add(current)
        parts = current.split(".")
        cut = next(
            (c for c in range(len(parts) - 1, 0, -1) if project.module_path(".".join(parts[:c]))),
            0,
        )
        found = project.lookup_module(".".join(parts[:cut])) if cut else None
        name = ".".join(parts[cut:])
        if found is None or found.class_named(name) is not None:
            return False
        current = found.imported_names.get(name)
    return False


def _relative_modules(facts: ModuleFacts) -> list[str]:
    """The dotted modules a module imports relatively (``from .impl.x import
    X``): modules of its own package, which no installed package provides."""
    if facts.outline is None:
        return []
    package = facts.module.split(".")
    if not facts.path.endswith("__init__.py"):
        package = package[:-1]
    found = []
    for imported in facts.outline.imports:
        if imported.level and imported.level - 1 <= len(package):
            base = package[: len(package) - (imported.level - 1)]
            found.append(".".join([*base, *filter(None, [imported.module])]))
    return [name for name in found if name]


def unparsed_reached(project: Project, module: str, clean: set[str]) -> str | None:
    """A repository module the facts of ``module`` name, directly or through
    other such modules, that cannot be read or parsed (None: none). The
    framework's loader modules a tool module names are left out: they tell
    which class runs, not what it does."""
    memo: dict[str, Any] = {}
    loaders = set(loader_modules(project))
    seen: set[str] = set()
    todo = [module]
    while todo:
        if len(seen) >= _MAX_MODULES:
            return None  # not walked in full: nothing is said, none is clean
        current = todo.pop()
        if current in seen or current in clean:
            continue
        seen.add(current)
        if current != module and not project.facts(current).parsed:
            return current
        todo.extend(m for m in references(project, current, memo) if m not in loaders)
    if not project.facts(module).parsed:
        seen.discard(module)  # not clean for the modules reaching it
    clean.update(seen)
    return None
