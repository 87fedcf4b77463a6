"""Tool modules whose tool class may come from code doxtool cannot read.

The framework runs the tool class a tools-directory module binds, defined
there or imported. A module with a class deriving from a class of an
installed package or of a plugin that is not checked in (``class
Search(vendor.BaseTool)``, ``class Browser(plugins._browser.tools.browser.Browser)``
with no ``plugins/_browser`` in the repository), with ``from <such a module>
import *``, or that defines no class and binds names imported from one (a
module re-exporting a plugin's tool) may hold a tool doxtool cannot see;
so may one that makes a class at run time (``T = type("T", (Tool,),
{...})``, ``types.new_class(...)``, a function of the repository with a
``class`` statement in its body: ``T = make_tool("x")``), whose bases are
not read, and one with a class under a module-level ``if``, ``try``,
``with`` or loop (``if HAS_YAML: class T(Tool): ...``), which is not read;
so may one defining no class that binds names in a way doxtool does not
read (``importlib.import_module``, ``__import__``, ``exec``, ``getattr`` of
a module, ``globals()``). DOX004 says nothing of it: whether it holds one
is not known here.
"""

from __future__ import annotations

import builtins
import sys
from collections.abc import Callable

from doxtool.core.facts import ModuleFacts, ModuleOutline
from doxtool.python.resolve import ToolResolver
from doxtool.run.unseen import unclassified

#: calls that make a class at run time, from bases doxtool does not read
_CLASS_MAKERS = frozenset({"builtins.type", "types.new_class"})
#: calls that may bind a module's names to what doxtool does not read
_BINDERS = frozenset({"importlib.import_module", "__import__", "exec", "getattr", "globals"})
#: those of them that bind names themselves (``globals()[name] = cls``)
_SELF_BINDERS = frozenset({"exec", "globals"})


def may_hold_unseen_tool(
    facts: ModuleFacts,
    resolver: ToolResolver,
    module_path: Callable[[str], str | None],
    missing: Callable[[str], bool] = lambda module: False,
) -> bool:
    """Whether the module may bind a tool class doxtool cannot see: one of a
    package doxtool does not classify (:func:`~doxtool.run.unseen.unclassified`:
    not the standard library, nor one it knows) whose code the repository does
    not hold (``module_path`` gives a dotted module's file there, if any), and
    that ``missing`` does not say is a module known not to be there."""

    def unseen_module(module: str) -> bool:
        return unclassified(module) and not readable(module, module_path) and not missing(module)

    def unseen(name: str) -> bool:
        module, dot, _ = name.rpartition(".")
        return bool(dot) and unseen_module(module)

    if any(unseen_module(module) for module in facts.star_imports):
        return True
    if any(_CLASS_MAKERS.intersection(made) for made in facts.objects.values()):
        return True  # a class made at run time (``type("T", (Tool,), {...})``)
    outline = facts.outline
    if outline is not None and any(
        not c.top_level and any(_may_be_tool(facts, base) for base in c.bases)
        for c in outline.classes
    ):
        return True  # a class under a module-level ``if`` or ``try``, which is not read
    if any(_factory(facts, resolver, made) for made in facts.objects.values()):
        return True  # ``Made = make_tool("x")``: a function with a ``class`` in its body
    for cls in facts.classes:
        if any(resolver.reaches_unseen(base, unseen) for base in cls.resolved_bases):
            return True
    if facts.classes:
        return False
    if outline is not None and _binds_dynamically(facts, outline):
        return True  # ``WaitTool = importlib.import_module(name).WaitTool``, ``exec(...)``
    return any(resolver.reaches_unseen(target, unseen) for target in facts.imported_names.values())


def _binds_dynamically(facts: ModuleFacts, outline: ModuleOutline) -> bool:
    """Whether the module may bind a name with a call doxtool does not read:
    ``exec`` or ``globals()`` anywhere, or ``getattr``, ``importlib.import_module``
    or ``__import__`` where a module-level name is bound otherwise than by a
    ``def`` or an import (``WaitTool = getattr(waiting, name)``). In a module
    binding nothing else, those give a function's caller a value (``def
    describe(obj): return getattr(obj, "name", None)``), not the module a name."""
    found = _BINDERS.intersection(outline.calls)
    if not found or _SELF_BINDERS.intersection(found):
        return bool(found)
    plain = {function.name for function in outline.functions} | set(facts.imported_names)
    return any(name not in plain for name in outline.assigned)


def _may_be_tool(facts: ModuleFacts, base: str) -> bool:
    """Whether a base as written (``StrEnum``, ``enum.Enum``, ``Tool``) may be
    a tool class: not a builtin class, nor one of the standard library's."""
    dotted = base.split("[", 1)[0].strip()
    head = dotted.split(".", 1)[0]
    imported = facts.imported_names.get(head)
    if imported is None:
        return not (dotted == head and hasattr(builtins, head))
    return imported.split(".", 1)[0] not in sys.stdlib_module_names


def _factory(facts: ModuleFacts, resolver: ToolResolver, made: list[str]) -> bool:
    """Whether one of the callables whose results a module-level name holds
    is a function of the repository with a ``class`` statement in its body."""
    for dotted in made:
        module, _, name = dotted.rpartition(".")
        found = facts if module == facts.module else resolver.lookup(module)
        summary = found.summary(name) if found is not None else None
        if summary is not None and summary.makes_class:
            return True
    return False


def readable(module: str, module_path: Callable[[str], str | None]) -> bool:
    """Whether the repository holds the code of a dotted module: its file, or
    that of a plain module (not a package) a prefix of it names, which binds
    the rest of the name itself. A module of a package whose directory or
    file is missing (a plugin installed beside the checkout) is not held."""
    if module_path(module) is not None:
        return True
    parts = module.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        found = module_path(".".join(parts[:cut]))
        if found is not None:
            return not found.endswith("__init__.py")
    return False
