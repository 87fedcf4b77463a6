"""Tool modules whose tool class may come from code doxtool cannot read.

The framework runs the tool class a tools-directory module binds, defined
there or imported. A module with a class deriving from a class of an
installed package or of a plugin that is not checked in (``class
Search(vendor.BaseTool)``), with ``from <such a module> import *``, or that
defines no class and binds names imported from one (a module re-exporting a
plugin's tool) may hold a tool doxtool cannot see. DOX004 says nothing of
it: whether it holds one is not known here.
"""

from __future__ import annotations

from collections.abc import Callable

from doxtool.core.facts import ModuleFacts
from doxtool.python.resolve import ToolResolver
from doxtool.run.unseen import unclassified


def may_hold_unseen_tool(
    facts: ModuleFacts, resolver: ToolResolver, in_repository: Callable[[str], bool]
) -> bool:
    """Whether the module may bind a tool class doxtool cannot see: one of a
    package doxtool does not classify (:func:`~doxtool.run.unseen.unclassified`:
    not the standard library, nor one it knows) that is not the repository's
    (``in_repository`` tells by a dotted module name)."""

    def unseen_module(module: str) -> bool:
        return unclassified(module) and not in_repository(module)

    def unseen(name: str) -> bool:
        module, dot, _ = name.rpartition(".")
        return bool(dot) and unseen_module(module)

    if any(unseen_module(module) for module in facts.star_imports):
        return True
    for cls in facts.classes:
        if any(resolver.reaches_unseen(base, unseen) for base in cls.resolved_bases):
            return True
    if facts.classes:
        return False
    return any(resolver.reaches_unseen(target, unseen) for target in facts.imported_names.values())
