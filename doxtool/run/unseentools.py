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

import sys
from collections.abc import Callable

from doxtool.core.facts import ModuleFacts
from doxtool.python.resolve import ToolResolver


def unseen_module(dotted: str, exists: Callable[[str], bool]) -> bool:
    """Whether a dotted module name is of code doxtool cannot read: neither
    of the standard library nor of the repository (whose top-level package
    or module ``exists`` finds under the root)."""
    top = dotted.split(".", 1)[0]
    if not top or top == "builtins" or top in sys.stdlib_module_names:
        return False
    return not (exists(top) or exists(f"{top}.py"))


def may_hold_unseen_tool(
    facts: ModuleFacts, resolver: ToolResolver, exists: Callable[[str], bool]
) -> bool:
    """Whether the module may bind a tool class doxtool cannot see."""

    def unseen(name: str) -> bool:
        module, dot, _ = name.rpartition(".")
        return bool(dot) and unseen_module(module, exists)

    if any(unseen_module(module, exists) for module in facts.star_imports):
        return True
    for cls in facts.classes:
        if any(resolver.reaches_unseen(base, unseen) for base in cls.resolved_bases):
            return True
    if facts.classes:
        return False
    return any(resolver.reaches_unseen(target, unseen) for target in facts.imported_names.values())
