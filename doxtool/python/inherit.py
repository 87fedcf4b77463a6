"""How a tool class joins what it inherits (part of :mod:`doxtool.python.resolve`).

A class whose ``execute`` comes from a base in another module gets that
base's analysis, merged with what its own methods do: what the base's
overridden methods do is dropped, the class's own methods count for what
``execute`` calls and returns through. A class that overrides ``execute`` and
calls ``super().execute()`` (or any method of a base elsewhere through
``super()``) also gets what the base's method does there. Facts that come
from another module carry that module's path.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from typing import Any, Protocol, TypeVar

from doxtool.core.facts import (
    SIDE_EFFECT_AREAS,
    Argument,
    ArgumentRead,
    ModuleFacts,
    Outcome,
    ToolFacts,
)
from doxtool.python.argtypes import INT, other_type, unconverted
from doxtool.python.followargs import differing
from doxtool.python.frameworkcalls import FRAMEWORK_CALLED, LOG_METHODS
from doxtool.python.helpersites import inherited_sites, intervenes, joined_sites

T = TypeVar("T")


def _in_module_mro(facts: ModuleFacts, name: str) -> list[str]:
    """A class and its bases defined in the same module, nearest first."""
    order: list[str] = []
    todo = [name]
    prefix = f"{facts.module}."
    while todo:
        current = todo.pop(0)
        cls = facts.class_named(current)
        if current in order or cls is None:
            continue
        order.append(current)
        todo.extend(b[len(prefix) :] for b in cls.resolved_bases if b.startswith(prefix))
    return order


def outside_bases(facts: ModuleFacts, name: str) -> list[str]:
    """Bases from other modules of a class and of its bases in the same module."""
    prefix = f"{facts.module}."
    bases: list[str] = []
    for current in _in_module_mro(facts, name):
        cls = facts.class_named(current)
        assert cls is not None
        bases.extend(b for b in cls.resolved_bases if not b.startswith(prefix) and b not in bases)
    return bases


class _Bases(Protocol):
    def configured(self, qualified: str) -> bool: ...
    def defined(self, qualified: str, depth: int = 0) -> tuple[ModuleFacts, str] | None: ...
    def base_of(self, qualified: str, depth: int = 0) -> str | None: ...


def execute_bases(facts: ModuleFacts, name: str, resolver: _Bases) -> list[str]:
    """:func:`outside_bases` in the order their ``execute`` may run, up to
    the first configured tool base that defines ``execute`` (the framework's
    ``Tool``, whose module may not be in the repository): a base after it
    (``class T(Tool, SearchMixin)``) comes after it in the class's method
    order, and its ``execute`` never runs; so does one after a base deriving
    from it that derives from no such base itself (``class T(MyBase,
    SearchMixin)``, ``MyBase(Tool)``: ``Tool`` comes before ``SearchMixin``)."""

    def executes(base: str | None) -> bool:
        if base is None or not resolver.configured(base):
            return False
        found = resolver.defined(base)
        cls = found[0].class_named(found[1]) if found is not None else None
        return cls is None or any(m.name == "execute" for m in cls.methods)

    kept: list[str] = []
    past = False  # a base deriving from such a tool base came before
    for base in outside_bases(facts, name):
        if executes(base):
            break
        derives = executes(resolver.base_of(base))
        if past and not derives:
            continue
        kept.append(base)
        past = past or derives
    return kept


def own_methods(facts: ModuleFacts, name: str) -> set[str]:
    """Methods a class defines, itself or through bases of the same module."""
    names: set[str] = set()
    for current in _in_module_mro(facts, name):
        cls = facts.class_named(current)
        assert cls is not None
        names.update(m.name for m in cls.methods)
    return names


def unseen_methods(
    facts: ModuleFacts, name: str, overridden: set[str], framework: set[str]
) -> bool:
    """Whether a class (and its bases of the same module) of another module
    that a tool inherits from has a method the tool does not override making
    a call doxtool cannot see into (or its module is not outlined): what the
    inherited code does is not all seen. A tool base class's own methods are
    the framework's plumbing."""
    outline = facts.outline
    if outline is None:
        return True
    opaque = set(outline.opaque_functions)
    for current in _in_module_mro(facts, name):
        cls = facts.class_named(current)
        assert cls is not None
        if f"{facts.module}.{current}" in framework:
            continue
        if any(m.name not in overridden and f"{current}.{m.name}" in opaque for m in cls.methods):
            return True
    return False


def without_execute(tool: ToolFacts) -> ToolFacts:
    """A class with no ``execute`` anywhere: its methods' returns are no outcomes."""
    if tool.execute is not None:
        return tool
    return dataclasses.replace(
        tool, outcomes=[], missing_responses=[], returns_from=[], returned_calls=[]
    )


def _method_name(function: str) -> str | None:
    """``Class.method`` -> ``method``; None for a module-level function."""
    return function.rsplit(".", 1)[1] if "." in function else None


def merge(base: ToolFacts, own: ToolFacts, overridden: set[str]) -> ToolFacts:
    """A base's analysis (``execute`` included) with a subclass's own methods.

    What the base's overridden methods do is dropped; the subclass's outcomes
    count only for methods that ``execute`` returns through.
    """

    def inherited(function: str) -> bool:
        return _method_name(function) not in overridden

    chain = {_method_name(f) for f in base.returns_from} - {None}

    def returned(function: str) -> bool:
        return _method_name(function) in chain

    effects = [*(e for e in base.effects if inherited(e.function)), *own.effects]
    # an override calling ``super().m()`` runs the base's ``m``, and what it calls
    extended = {
        call.target.removeprefix("super().")
        for call in own.helper_calls
        if call.target.startswith("super().")
    }
    sites = inherited_sites(base, lambda f: inherited(f) or _method_name(f) in extended)
    # the base's hook refused these keys: an override of it may not, so what
    # a missing key gets in the base's code is not known
    unrefused = set(base.hook_present) if "before_execution" in overridden else set()
    arguments = _merge_arguments(
        [_unrefused(_filter_reads(a, inherited), unrefused) for a in base.arguments],
        own.arguments,
    )
    return dataclasses.replace(
        base,
        arguments=[a for a in arguments if a.reads],
        dynamic_reads=[
            *(r for r in base.dynamic_reads if inherited(r.function)),
            *own.dynamic_reads,
        ],
        outcomes=[
            *(_message_unsure(o, overridden) for o in base.outcomes if inherited(o.function)),
            *(o for o in own.outcomes if returned(o.function)),
        ],
        missing_responses=[
            *(m for m in base.missing_responses if inherited(m.function)),
            *(m for m in own.missing_responses if returned(m.function)),
        ],
        raises=[*(r for r in base.raises if inherited(r.function)), *own.raises],
        effects=effects,
        other_arguments=[
            *(r for r in base.other_arguments if inherited(r.function)),
            *own.other_arguments,
        ],
        helper_calls=[
            *(c for c in base.helper_calls if inherited(c.function)),
            *own.helper_calls,
        ],
        returned_calls=[
            *(c for c in base.returned_calls if inherited(c.function)),
            *(c for c in own.returned_calls if returned(c.function)),
        ],
        # a helper, an intervention only an overridden method calls is gone
        helpers=list(dict.fromkeys([*(h for h in base.helpers if h in sites), *own.helpers])),
        helper_sites=joined_sites(sites, own.helper_sites),
        hook_present=own.hook_present if "before_execution" in overridden else base.hook_present,
        unknown=list(dict.fromkeys([*base.unknown, *own.unknown])),
        intervention=intervenes(base, sites) or own.intervention,
        # the areas of the effects kept: an overridden method's are gone
        side_effects=_ordered_union([e.area for e in effects], own.side_effects),
        returns_from=[
            *base.returns_from,
            *(f for f in own.returns_from if f not in base.returns_from),
        ],
    )


#: overrides that leave what the base's ``execute`` makes its message of as it was
_MESSAGE_KEPT = frozenset({*FRAMEWORK_CALLED, *LOG_METHODS, "execute"})


def _message_unsure(outcome: Outcome, overridden: set[str]) -> Outcome:
    """An outcome of the base's code whose message is the model's argument
    (:attr:`~doxtool.core.facts.Outcome.message`), when the class overrides a
    method the base's code may have made it with (``message=self.render(text)``,
    the override returning ``f"Rendered: {text}"``): what it is made of is not known."""
    if outcome.message != "argument" or not overridden - _MESSAGE_KEPT:
        return outcome
    return dataclasses.replace(outcome, message=None)


def _filter_reads(argument: Argument, keep: Callable[[str], bool]) -> Argument:
    reads = [r for r in argument.reads if keep(r.function)]
    if len(reads) == len(argument.reads):
        return argument
    if not reads:
        return dataclasses.replace(argument, reads=[])
    required = argument.required and any(
        r.kind in ("subscript", "pop", "parameter") and not r.guarded for r in reads
    )
    return dataclasses.replace(argument, reads=reads, required=required)


def _unrefused(argument: Argument, unrefused: set[str]) -> Argument:
    """``argument``, read in the base as present because the base's
    ``before_execution`` raised without it: with the hook overridden, whether
    it is needed and what a missing key gets are not known."""
    if argument.name not in unrefused or not argument.reads:
        return argument
    return dataclasses.replace(
        argument,
        required=False,
        required_unknown=True,
        has_default=False,
        default=None,
        default_unknown=True,
    )


def _merge_arguments(first: list[Argument], second: list[Argument]) -> list[Argument]:
    merged: dict[str, Argument] = {a.name: a for a in first}
    for arg in second:
        known = merged.get(arg.name)
        if known is None or not known.reads:
            merged[arg.name] = arg
            continue
        enum = list(known.enum or [])
        enum.extend(v for v in arg.enum or [] if v not in enum)
        # compared as given only where each code that compares says how
        folds = [a.enum_folds for a in (known, arg) if a.enum]
        enum_folds = None if None in folds else sorted({f for each in folds for f in each or ()})
        # needed on some calls (or refused by a call that may handle it): its
        # default is neither claimed nor denied
        doubt = (known.required_unknown or arg.required_unknown) and not (
            known.required or arg.required
        )
        # two literal defaults: which a missing key gets depends on the path
        differ = differing([a.default for a in (known, arg) if a.has_default])
        stated = not doubt and not differ
        making = _making(known, arg)
        merged[arg.name] = dataclasses.replace(
            known,
            required=known.required or arg.required,
            required_unknown=doubt,
            absence_calls=sorted({*known.absence_calls, *arg.absence_calls}),
            absence_required=known.absence_required or arg.absence_required,
            absence_presence=[],  # the two joined: what refusing claims is not known
            absence_values=known.absence_values or arg.absence_values,
            default=(known.default if known.has_default else arg.default) if stated else None,
            has_default=(known.has_default or arg.has_default) and stated,
            default_unknown=doubt
            or differ
            or (
                (known.default_unknown or arg.default_unknown)
                and not (known.has_default or arg.has_default)
            ),
            type=_joined_type(known, arg, enum),
            type_used=any(a.type_used for a in (known, arg) if a.type is not None),
            enum=enum or None,
            enum_folds=enum_folds if enum else None,
            coercion=next((a.coercion for a in making), None),
            conversion_reach=_joined_reach(making),
            reach_caught_only=bool(making) and all(a.reach_caught_only for a in making),
            values_unknown=known.values_unknown or arg.values_unknown,
            alternatives=sorted(set(known.alternatives) | set(arg.alternatives)),
            # one of them is needed when either code's check needs one
            alternatives_optional=all(
                a.alternatives_optional for a in (known, arg) if a.alternatives
            )
            and bool(known.alternatives or arg.alternatives),
            only_compared=known.only_compared if known.only_compared == arg.only_compared else None,
            reads=_joined_reads(known, arg, making),
        )
    return list(merged.values())


def _joined_type(known: Argument, arg: Argument, enum: list[Any]) -> str | None:
    """The one type both readings leave the value (a base class's and a
    subclass's): none where they name two, or where the values one compares
    the value with, or gives as its default, are not of the other's type
    (``if timeout != "auto": timeout = int(timeout)`` on one side holds the
    type back; ``int(timeout)`` on the other does not fill it in)."""
    types = {a.type for a in (known, arg) if a.type is not None}
    if len(types) > 1:
        return "number" if types == set(INT) else None
    kind = known.type or arg.type
    values = [
        *(known.compared or ()),
        *(arg.compared or ()),
        *enum,
        *(a.default for a in (known, arg) if a.has_default),
    ]
    if known.coercion or arg.coercion:
        return None if unconverted(kind, values) else kind
    return None if other_type(kind, values) else kind


def _making(known: Argument, arg: Argument) -> list[Argument]:
    """The readings whose conversion makes the value's type: where one
    converts it (``int(x)``), one that only makes a string of it (``str(x)``,
    a string method) converts nothing to that type."""
    sides = [a for a in (known, arg) if a.coercion]
    return [a for a in sides if a.coercion != "str"] or sides


def _joined_reach(making: list[Argument]) -> list[str] | None:
    """The JSON types of the values that reach a conversion of the readings
    that make the type (:attr:`~doxtool.core.argument_facts.Argument.conversion_reach`):
    those either lets through, None (every value) where one lets every value."""
    sides = [a.conversion_reach for a in making]
    if not sides or None in sides:
        return None
    return sorted({kind for reach in sides for kind in reach or ()})


def _joined_reads(known: Argument, arg: Argument, making: list[Argument]) -> list[ArgumentRead]:
    """Both readings' reads, by place; the reads of the one whose conversion
    makes the type first where only one does (where a finding on the type points)."""

    def place(read: ArgumentRead) -> tuple[str, int]:
        return (read.path or "", read.line)

    if len(making) == 1 and making[0].coercion != "str":
        other = arg if making[0] is known else known
        return [*sorted(making[0].reads, key=place), *sorted(other.reads, key=place)]
    return sorted([*known.reads, *arg.reads], key=place)


def _ordered_union(first: list[str], second: list[str]) -> list[str]:
    both = set(first) | set(second)
    return [a for a in SIDE_EFFECT_AREAS if a in both] + sorted(both - set(SIDE_EFFECT_AREAS))


def _tag_items(items: Iterable[T], path: str) -> list[T]:
    return [
        dataclasses.replace(item, path=path)  # type: ignore[type-var]
        if getattr(item, "path", None) is None
        else item
        for item in items
    ]


def _untag(items: Iterable[T], path: str) -> list[T]:
    return [
        dataclasses.replace(item, path=None)  # type: ignore[type-var]
        if getattr(item, "path", None) == path
        else item
        for item in items
    ]


def tagged(tool: ToolFacts, path: str) -> ToolFacts:
    """An analysis whose untagged facts come from the module at ``path``."""
    execute = tool.execute
    if execute is not None and execute.defined_in_path is None:
        execute = dataclasses.replace(execute, defined_in_path=path)
    return _placed(tool, execute, lambda items: _tag_items(items, path))


def localised(tool: ToolFacts, path: str) -> ToolFacts:
    """Facts as seen from the module at ``path``: its own facts carry no path."""
    execute = tool.execute
    if execute is not None and execute.defined_in_path == path:
        execute = dataclasses.replace(execute, defined_in_path=None)
    placed = _placed(tool, execute, lambda items: _untag(items, path))
    # a method of the module reached both by its own walk and through code
    # followed elsewhere (the framework's hook calling ``self.get_log_object()``)
    # is one read
    arguments = [dataclasses.replace(a, reads=_once(a.reads)) for a in placed.arguments]
    return dataclasses.replace(placed, arguments=arguments)


def _once(reads: list[ArgumentRead]) -> list[ArgumentRead]:
    """Each read at its place once, the first kept."""
    seen: set[tuple[object, ...]] = set()
    out: list[ArgumentRead] = []
    for read in reads:
        place = (read.line, read.column, read.kind, read.function, read.path)
        if place not in seen:
            seen.add(place)
            out.append(read)
    return out


def _placed(tool: ToolFacts, execute: object, place: Callable[[list], list]) -> ToolFacts:
    """``tool`` with ``execute`` and every list of facts that carry a path
    passed through ``place``."""
    return dataclasses.replace(
        tool,
        execute=execute,
        arguments=[dataclasses.replace(a, reads=place(a.reads)) for a in tool.arguments],
        dynamic_reads=place(tool.dynamic_reads),
        outcomes=place(tool.outcomes),
        missing_responses=place(tool.missing_responses),
        raises=place(tool.raises),
        effects=place(tool.effects),
        other_arguments=place(tool.other_arguments),
        helper_calls=place(tool.helper_calls),
        returned_calls=place(tool.returned_calls),
    )
