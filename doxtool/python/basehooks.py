"""The ``after_execution`` a tool inherits from a base in another module of
the repository, and what it does to ``break_loop``.

The framework hands the ``Response`` ``execute`` returns to the tool's
``after_execution`` before the loop reads ``break_loop``. A hook of the tool's
own module is read with the tool (:mod:`doxtool.python.handedresponses`); one
of a base elsewhere (the repository's own tool base, ``tools/_base.py``,
``python/helpers/my_base.py``) is read here from its module's summary
(:mod:`doxtool.python.astbreaksets`): when it may set a value other than the
one every ``Response`` of the tool already gives, that value is not known.
The bases are searched in order, depth first (the order Python's own follows
where each class has one base); a hook that hands the ``Response`` on to
``super().after_execution(...)`` is followed to the next one, up to the
framework's (the configured tool base's: a base after it in the order, as
in ``class T(Tool, Mixin)``, has a hook that never runs). A base no
module of the repository defines (``Generic``, ``ABC``, a library's class)
is not read.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any, Protocol

from doxtool.core.facts import ModuleFacts, ToolFacts
from doxtool.python.astbreaksets import HOOK

_MAX_CLASSES = 64


class _Resolver(Protocol):
    def module_of(self, path: str) -> str: ...
    def defined(self, qualified: str, depth: int = 0) -> tuple[ModuleFacts, str] | None: ...
    def configured(self, qualified: str) -> bool: ...


def with_base_hook(resolver: _Resolver, tool: ToolFacts, facts: ModuleFacts) -> ToolFacts:
    """``tool`` with the outcomes the loop reads past an ``after_execution``
    of a base in another module (see the module)."""
    outcomes = tool.outcomes
    if not outcomes or all(o.break_loop == "dynamic" for o in outcomes):
        return tool
    home = resolver.module_of(tool.defined_in_path) if tool.defined_in_path else facts.module
    found = resolver.defined(f"{home}.{tool.class_name}")
    if found is None:
        return tool
    values: set[Any] = set()
    hook = ""
    for owner, name in _hooks(resolver, found):
        if owner.module == found[0].module and not values:
            return tool  # the tool's own module: read with the tool
        summary = owner.summary(f"{name}.{HOOK}")
        sets = summary.hook_sets if summary is not None else ["dynamic"]
        values |= {value for value in sets if value != "super"}
        hook = hook or f"{name}.{HOOK}"
        if "super" not in sets:
            break
    if not values:
        return tool
    values |= {o.break_loop for o in outcomes}
    if len(values) == 1 and isinstance(next(iter(values)), bool):
        return tool  # (``False`` returned, ``response.break_loop = False`` set)
    expression = f"response.break_loop after {hook}"
    changed = [
        dataclasses.replace(o, break_loop="dynamic", expression=expression) for o in outcomes
    ]
    return dataclasses.replace(tool, outcomes=changed)


def _hooks(
    resolver: _Resolver, start: tuple[ModuleFacts, str]
) -> Iterator[tuple[ModuleFacts, str]]:
    """The classes defining :data:`HOOK` from ``start`` up its bases, depth
    first, each once, up to the configured tool base's own."""
    seen: set[tuple[str, str]] = set()
    todo: list[tuple[ModuleFacts, str] | None] = [start]
    while todo and len(seen) < _MAX_CLASSES:
        current = todo.pop(0)
        if current is None:
            return  # the framework's hook, which ends the chain
        facts, name = current
        if (facts.module, name) in seen:
            continue
        seen.add((facts.module, name))
        cls = facts.class_named(name)
        if cls is None:
            continue
        if any(method.name == HOOK for method in cls.methods):
            yield facts, name
        bases: list[tuple[ModuleFacts, str] | None] = []
        for base in cls.resolved_bases:
            where = resolver.defined(base) if base else None
            if base and resolver.configured(base):
                # the framework's ``Tool`` (its module here or not) has the
                # hook: one of a base after it (``class T(Tool, Mixin)``) never runs
                found = where[0].class_named(where[1]) if where is not None else None
                if found is None or any(method.name == HOOK for method in found.methods):
                    bases.append(None)
                continue
            if where is not None:  # (not a library's class: ``Generic``, ``ABC``)
                bases.append(where)
        todo[:0] = bases
