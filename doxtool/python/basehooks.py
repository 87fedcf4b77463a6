"""The ``after_execution`` a tool inherits from a base in another module of
the repository, and what it does to ``break_loop``.

The framework hands the ``Response`` ``execute`` returns to the tool's
``after_execution`` before the loop reads ``break_loop``. A hook of the tool's
own module is read with the tool (:mod:`doxtool.python.handedresponses`); one
of a base elsewhere (the repository's own tool base, ``tools/_base.py``,
``python/helpers/my_base.py``) is read here from its module's summary
(:mod:`doxtool.python.astbreaksets`): when it may set a value other than the
one every ``Response`` of the tool already gives, that value is not known.
The bases are searched in the class's method order (Python's C3
linearisation: in ``class T(A, B)`` with ``A`` and ``B`` both deriving from
``Root``, ``B`` comes before ``Root``); a hook that hands the ``Response`` on to
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
    """The classes defining :data:`HOOK` in ``start``'s method order, up to
    the configured tool base's own."""
    found: dict[tuple[str, str], tuple[ModuleFacts, str]] = {}
    for key in _order(resolver, start, found, set()):
        if key == _FRAMEWORK:
            return  # the framework's hook, which ends the chain
        facts, name = found[key]
        cls = facts.class_named(name)
        if cls is not None and any(method.name == HOOK for method in cls.methods):
            yield facts, name


#: the framework's ``Tool`` in a method order (:func:`_order`)
_FRAMEWORK = ("", "")


def _order(
    resolver: _Resolver,
    current: tuple[ModuleFacts, str],
    found: dict[tuple[str, str], tuple[ModuleFacts, str]],
    walking: set[tuple[str, str]],
) -> list[tuple[str, str]]:
    """The method order Python gives ``current`` (its C3 linearisation), of
    the classes the repository defines; the framework's ``Tool`` (its module
    here or not) stands for itself and its bases when it has the hook, and
    for nothing when it has none. Where no C3 order exists (a base not read),
    the rest follows depth first."""
    facts, name = current
    key = (facts.module, name)
    found[key] = current
    cls = facts.class_named(name)
    if cls is None or key in walking or len(found) > _MAX_CLASSES:
        return [key]
    walking.add(key)
    orders: list[list[tuple[str, str]]] = []
    for base in cls.resolved_bases:
        where = resolver.defined(base) if base else None
        if base and resolver.configured(base):
            framework = where[0].class_named(where[1]) if where is not None else None
            if framework is None or any(method.name == HOOK for method in framework.methods):
                orders.append([_FRAMEWORK])
        elif where is not None:  # (not a library's class: ``Generic``, ``ABC``)
            orders.append(_order(resolver, where, found, walking))
    walking.discard(key)
    return [key, *_merged([*orders, [order[0] for order in orders]])]


def _merged(orders: list[list[tuple[str, str]]]) -> list[tuple[str, str]]:
    """C3's merge of the bases' orders and the bases' own order."""
    merged: list[tuple[str, str]] = []
    pending = [list(order) for order in orders if order]
    while pending:
        head = next(
            (o[0] for o in pending if not any(o[0] in rest[1:] for rest in pending)),
            pending[0][0],  # (none fits: depth first)
        )
        merged.append(head)
        pending = [[k for k in order if k != head] for order in pending]
        pending = [order for order in pending if order]
    return merged
