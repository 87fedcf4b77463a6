"""Follow a tool's calls into the repository's own helper modules.

A tool hands ``self.args`` to ``parallel_tools.extract_tool_calls(args)``,
which reads ``tool_calls``; it calls ``persist_chat.remove_chat(...)``, which
calls ``files.delete_dir(...)``, which removes a directory tree. Extraction
records, per tool, its calls into other modules of the repository
(:class:`~doxtool.core.facts.HelperCall`) and, per module, what each function
does with what it is handed (:class:`~doxtool.core.summary_facts.FunctionSummary`)
and the objects it keeps in its names. This step joins them, breadth first
and to :data:`MAX_DEPTH` calls, and adds to the tool the arguments those
helpers read and the side-effect areas they reach, each
:class:`~doxtool.core.facts.Effect` with the path of calls that leads to it.

It works on facts only; modules are found through a lookup function.
"""

from __future__ import annotations

import dataclasses
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

from doxtool.core.facts import (
    REPAIRABLE,
    SIDE_EFFECT_AREAS,
    SIDE_EFFECTS,
    ArgumentRead,
    DynamicRead,
    Effect,
    HelperCall,
    ModuleFacts,
    Raise,
    ToolFacts,
)
from doxtool.core.summary_facts import FunctionSummary, Step
from doxtool.python.followargs import (
    Found,
    add_arguments,
    as_called,
    bound_of,
    carriers_of,
    parameter_of,
    self_carried,
    spread_of,
)
from doxtool.python.followjoin import joined, place, unique_effects
from doxtool.python.followraises import raised_read
from doxtool.python.repairable import named_repairable
from doxtool.python.results import Results, held_chain

Lookup = Callable[[str], "ModuleFacts | None"]

#: calls followed from the tool's own call (the tool's call is the first)
MAX_DEPTH = 4
#: re-exports and base classes followed to find one function
_MAX_HOPS = 8
#: functions visited from one of the tool's calls
_MAX_VISITS = 200


@dataclasses.dataclass(frozen=True)
class Flow:
    """A function as :mod:`doxtool.python.pacing` walks it."""

    facts: ModuleFacts
    summary: FunctionSummary
    #: reached through an instance or class: its first parameter is bound
    via_instance: bool


@dataclasses.dataclass
class _Ends:
    """How the functions a tool's calls reach may end, found while following them."""

    #: the repairable errors they raise, at the tool's call
    raises: list[Raise] = dataclasses.field(default_factory=list)
    #: some function of the repository was not followed (not readable, too deep)
    unseen: bool = False
    #: not all they do is seen: a call doxtool cannot see into, or not followed
    effects_unseen: bool = False
    #: the arguments dict handed to code no one follows (no DOX008: not the tool's key)
    handed: list[DynamicRead] = dataclasses.field(default_factory=list)
    #: ``handle_intervention`` calls of the tool's own methods reached, as written
    interventions: list[str] = dataclasses.field(default_factory=list)

    def unfollowed(self, missed: bool) -> None:
        """Code of the repository was not followed (when ``missed``)."""
        if missed:
            self.unseen = self.effects_unseen = True


class HelperFollower(Results):
    def __init__(
        self,
        lookup: Lookup,
        bases_of: Callable[[str], list[str]],
        repairable: Callable[[str], bool | None] = named_repairable,
        framework: frozenset[str] = frozenset(),
    ) -> None:
        """``bases_of(dotted class)`` gives a class's resolved bases (empty if
        unknown); ``repairable(dotted class)`` whether it is a repairable
        error (None: not known); ``framework`` the tool base classes, whose
        own methods' calls on what the framework hands in (the progress
        shown, the agent's log) are its plumbing, no side effect of a tool."""
        self.lookup = lookup
        self.bases_of = bases_of
        self.repairable = repairable
        self.framework = framework
        self._modules: dict[str, ModuleFacts | None] = {}

    # -- finding functions ------------------------------------------------------

    def _module(self, dotted: str) -> ModuleFacts | None:
        if dotted not in self._modules:
            self._modules[dotted] = self.lookup(dotted)
        return self._modules[dotted]

    def find(self, target: str, hops: int = 0) -> Found | None:
        """The function a dotted name stands for, through re-exports."""
        owner = self._owner(target) if hops <= _MAX_HOPS else None
        if owner is None:
            return None
        facts, rest = owner
        summary = facts.summary(".".join(rest))
        if summary is not None:
            return Found(facts, summary, len(rest) > 1)
        if len(rest) == 1 and facts.class_named(rest[0]) is not None:
            init = facts.summary(f"{rest[0]}.__init__")
            return Found(facts, init, True, constructs=True) if init is not None else None
        if len(rest) == 2 and facts.class_named(rest[0]) is not None:
            return self.method(f"{facts.module}.{rest[0]}", rest[1], hops + 1)
        if held_chain(facts, rest):  # ``Runner.sub.run``, ``Outer.mid.inner.run``
            return self.held_method(f"{facts.module}.{rest[0]}", rest[1:-1], rest[-1], hops + 1)
        if (makers := facts.objects.get(rest[0])) is not None:  # ``runner = JobRunner()``
            made = self.made_class(makers[0], hops + 1) if len(makers) == 1 else None
            if made and len(rest) >= 3:  # ``runner.sub.run``
                return self.held_method(made, rest[1:-1], rest[-1], hops + 1)
            return self.method(made, rest[1], hops + 1) if made and len(rest) == 2 else None
        imported = facts.imported_names.get(rest[0])
        if imported is not None:
            return self.find(".".join([imported, *rest[1:]]), hops + 1)
        if len(rest) > 1:
            # a method of what a function returns: ``get_memory.insert_text``
            made = self.made_class(f"{facts.module}.{'.'.join(rest[:-1])}", hops + 1)
            if made:
                return self.method(made, rest[-1], hops + 1)
        return None

    def _owner(self, target: str) -> tuple[ModuleFacts, list[str]] | None:
        """The module of the repository a dotted name lies in (the longest
        prefix doxtool has facts for) and the rest of the name."""
        parts = target.split(".")
        for cut in range(len(parts) - 1, 0, -1):
            facts = self._module(".".join(parts[:cut]))
            if facts is not None:
                return facts, parts[cut:]
        return None

    def method(self, cls: str, name: str, hops: int = 0) -> Found | None:
        """A method of a class (dotted name) or of its bases, nearest first."""
        todo = [cls]
        seen: set[str] = set()
        while todo and hops <= _MAX_HOPS:
            current = todo.pop(0)
            if current in seen:
                continue
            seen.add(current)
            hops += 1
            module, _, class_name = current.rpartition(".")
            facts = self._module(module) if module else None
            if facts is None:
                continue
            if facts.class_named(class_name) is None:
                imported = facts.imported_names.get(class_name)
                if imported is not None:
                    todo.append(imported)
                continue
            summary = facts.summary(f"{class_name}.{name}")
            if summary is not None:
                return Found(facts, summary, True)
            todo.extend(self.bases_of(current))
        return None

    def flow_of(self, target: str) -> Flow | None:
        """A function by dotted name, as :mod:`doxtool.python.pacing` walks it."""
        return _flow(self.find(target))

    def method_flow(self, cls: str, name: str) -> Flow | None:
        """A method of a class or its bases, as :mod:`doxtool.python.pacing` walks it."""
        return _flow(self.method(cls, name))

    # -- following ----------------------------------------------------------------

    def apply(self, tool: ToolFacts, cls: str | None = None) -> ToolFacts:
        """The tool (of class ``cls``, dotted) with what its helpers read and reach added."""
        if not tool.helper_calls:
            return tool
        reads: dict[str, list[tuple[Any, ArgumentRead, bool]]] = {}
        found_effects: list[Effect] = []
        ends = _Ends()
        dynamic: list[DynamicRead] = []
        for call in tool.helper_calls:
            if not call.override:
                self._follow(tool, call, reads, found_effects, ends, dynamic, cls)
            elif self._overridden(tool, call, cls):
                # the override's own code is the class's: only what it reads
                # of the arguments (its parameters, ``kwargs``) comes from here
                scratch = _Ends()
                self._follow(tool, call, reads, [], scratch, dynamic, cls)
                ends.handed.extend(scratch.handed)
        arguments = add_arguments(tool.arguments, reads)
        effects = unique_effects([*tool.effects, *found_effects])
        areas = {e.area for e in effects} | set(tool.side_effects)
        ordered = [a for a in SIDE_EFFECT_AREAS if a in areas] + sorted(
            areas - set(SIDE_EFFECT_AREAS)
        )
        raises = joined(tool.raises, ends.raises, lambda r: (r.exception, *place(r)))
        unknown = list(tool.unknown)
        if ends.unseen and REPAIRABLE not in unknown:
            unknown.append(REPAIRABLE)
        if ends.effects_unseen and SIDE_EFFECTS not in unknown:
            unknown.append(SIDE_EFFECTS)
        dynamic_reads = joined(tool.dynamic_reads, dynamic, place)
        other_arguments = joined(tool.other_arguments, ends.handed, place)
        helpers = list(dict.fromkeys([*tool.helpers, *ends.interventions]))
        return dataclasses.replace(
            tool,
            helpers=helpers,
            intervention=tool.intervention or bool(ends.interventions),
            arguments=arguments,
            dynamic_reads=dynamic_reads,
            other_arguments=other_arguments,
            effects=effects,
            side_effects=ordered,
            raises=raises,
            unknown=unknown,
        )

    def _overridden(self, tool: ToolFacts, call: HelperCall, cls: str | None) -> bool:
        """Whether the method of a :attr:`~doxtool.core.facts.HelperCall.override`
        call the tool's class ``cls`` reaches is not the one of the call's module."""
        found = self.entry(tool, call.target, cls) if cls is not None else None
        home = call.path or (cls or "").rpartition(".")[0]  # its file, or its class's module
        return found is not None and (found.facts.path if call.path else found.facts.module) != home

    def entry(self, tool: ToolFacts, target: str, cls: str | None = None) -> Found | None:
        """The function a call of the tool reaches: ``self.<method>`` through
        the tool's class ``cls`` (dotted) when it is given, else its bases;
        ``super().<method>`` through its bases."""
        if target.startswith(("self.", "super().")):
            name = target.partition(".")[2]
            own = [cls] if cls is not None and target.startswith("self.") else None
            for base in own or tool.bases:
                found = self.method(base, name)
                if found is not None:
                    return dataclasses.replace(found, on_tool=True)
            return None
        return self.find(target)

    def _entry(
        self, tool: ToolFacts, call: HelperCall, cls: str | None
    ) -> tuple[Found, set[str], frozenset[tuple[str, str]], frozenset[str]] | None:
        """The function a tool's call reaches, its parameters holding the
        tool's args, those bound to literals and those the args are splatted into."""
        found = self.entry(tool, call.target, cls)
        if found is None:
            return None
        if found.on_tool:
            carriers = {f"{found.summary.params[0]}.args"} if found.summary.bound else set()
        else:
            carriers = set()
        for key in call.dicts:
            param = parameter_of(found, key)
            if param is not None:
                carriers.add(param)
        for key in call.selves:
            param = parameter_of(found, key)
            if param is not None:
                carriers.add(f"{param}.args")
        spread = frozenset()
        if "**" in call.dicts and not call.fills_unknown:
            spread = spread_of(found, call.fills)
        return found, carriers, bound_of(found, call.literals, {}, []), spread

    def _follow(
        self,
        tool: ToolFacts,
        call: HelperCall,
        reads: dict[str, list[tuple[Any, ArgumentRead, bool]]],
        found_effects: list[Effect],
        ends: _Ends,
        dynamic: list[DynamicRead],
        cls: str | None = None,
    ) -> None:
        entry = self._entry(tool, call, cls)
        if entry is None:
            # a function of the repository not found: what it raises is not known
            ends.unfollowed(self.unreadable(call.target))
            if self.opaque_result(call.target):
                ends.effects_unseen = True
            found_effects.extend(self.object_effects(call.target, [call.target], call))
            if call.target.startswith("super().") and set(tool.bases) <= self.framework:
                return  # a hook of the framework's tool base: it takes no argument
            if call.dicts:
                # the arguments handed to code no one can follow (a method of a
                # base outside the repository, a model): it takes arguments
                # no one can name
                ends.handed.append(
                    DynamicRead(f"{call.target}(...)", call.line, call.column, call.function)
                )
            return
        first, carriers, literals, spread = entry
        start = _display(first) if first.on_tool else call.target
        # the last items: reached through a call some caller makes on some calls
        # only, or guards (:class:`~doxtool.core.summary_facts.OutCall`'s fields)
        queue = deque(
            [(first, frozenset(carriers), literals, [start], spread, call.conditional, False)]
        )
        seen: set[tuple[Any, ...]] = set()
        areas: set[str] = set()
        while queue and len(seen) < _MAX_VISITS:
            found, held, bound, calls, spread, under, guarded = queue.popleft()
            key = (found.facts.path, found.summary.name, held, bound, spread, under, guarded)
            if key in seen:
                continue
            seen.add(key)
            summary = found.summary
            if not self._seen_through(found):
                ends.effects_unseen = True
            values = dict(bound)
            if found.on_tool and summary.bound:
                ends.interventions.extend(_interventions(summary.flow, summary.params[0]))
            for read in summary.reads:
                if read.source == "**" and read.key in spread:
                    pass  # a parameter the tool's arguments are splatted into
                elif read.source not in held:
                    continue
                name = read.key or values.get(read.key_param or "", "")
                if not name:
                    # a key computed in the helper: the tool takes arguments
                    # no one can name
                    dynamic.append(
                        DynamicRead(
                            read.computed,
                            read.line,
                            read.column,
                            summary.name,
                            found.facts.path,
                        )
                    )
                    continue
                called = as_called(raised_read(self.callee, found, read), name, call, guarded)
                if called is None:
                    continue
                read = called
                reads.setdefault(name, []).append(
                    (
                        read,
                        ArgumentRead(
                            read.line,
                            read.column,
                            read.kind,
                            read.guarded,
                            summary.name,
                            found.facts.path,
                        ),
                        under or read.conditional,
                    )
                )
            for effect in summary.effects:
                if effect.area in areas:
                    continue
                areas.add(effect.area)
                found_effects.append(
                    Effect(
                        effect.area,
                        [*calls, effect.call],
                        call.line,
                        call.column,
                        call.function,
                        call.path,
                        effect.line,
                        found.facts.path,
                    )
                )
            for exception in summary.raises:
                short = exception.rsplit(".", 1)[-1]
                repairable = self.repairable(exception)
                if repairable is None or (repairable and call.in_try):
                    # the tool may catch it (``except RepairableException:
                    # return Response(...)``) or not: not known
                    ends.unseen = True
                elif repairable:
                    ends.raises.append(
                        Raise(
                            short, call.line, call.column, exception, True, call.function, call.path
                        )
                    )
            if len(calls) >= MAX_DEPTH:
                ends.unfollowed(
                    any(
                        self.callee(found, out.target, cls) is not None
                        or self.unreadable(out.target)
                        for out in summary.calls
                    )
                )
                continue
            for out in summary.calls:
                callee = self.callee(found, out.target, cls)
                if callee is None:
                    ends.unfollowed(self.unreadable(out.target))
                    if self.opaque_result(out.target):
                        ends.effects_unseen = True
                    reached = [*calls, out.target]
                    found_effects.extend(
                        self.object_effects(out.target, reached, call, (out.line, found.facts.path))
                    )
                    if any(own in held for _, own in out.passes):
                        # the dict handed on to code no one can follow
                        ends.handed.append(
                            DynamicRead(
                                f"{out.target}(...)",
                                out.line,
                                1,
                                summary.name,
                                found.facts.path,
                            )
                        )
                    continue
                passed = carriers_of(found, callee, out.passes, held)
                passed |= self_carried(found, callee, out.target, held)
                label = out.target if not out.target.startswith("self.") else _display(callee)
                literal = bound_of(callee, out.literals, values, out.passes)
                splat = any(k == "**" and own in held for k, own in out.passes)
                filled = (
                    spread_of(callee, out.fills) if splat and not out.fills_unknown else frozenset()
                )
                queue.append(
                    (
                        callee,
                        frozenset(passed),
                        literal,
                        [*calls, label],
                        filled,
                        under or out.conditional,
                        guarded or out.key_guarded,
                    )
                )
        ends.unfollowed(bool(queue))  # more functions than are visited

    def _seen_through(self, found: Found) -> bool:
        """Whether every call of a function reached is one doxtool sees into
        (or the framework's plumbing, in a method of a tool base class)."""
        outline = found.facts.outline
        if outline is None:
            return False
        cls = found.summary.name.rpartition(".")[0]
        if cls and f"{found.facts.module}.{cls}" in self.framework:
            return True
        return found.summary.name not in outline.opaque_functions

    def callee(self, caller: Found, target: str, tool: str | None = None) -> Found | None:
        """The function a call inside ``caller`` reaches; ``self.m()`` in a
        method whose ``self`` is the tool is the tool's (class ``tool``) own
        ``m`` first (an override), then its bases'."""
        if target.startswith(("self.", "super().")):
            cls = caller.summary.name.rpartition(".")[0]
            if not cls or not caller.summary.bound:
                return None
            name = target.partition(".")[2]
            home = f"{caller.facts.module}.{cls}"
            if target.startswith("super()."):  # the next class's, past the caller's
                bases = self.bases_of(home)
                found = next(filter(None, (self.method(b, name) for b in bases)), None)
            else:
                found = self.method(tool, name) if tool and caller.on_tool else None
                found = found or self.method(home, name)
            on_tool = caller.on_tool and found is not None
            return dataclasses.replace(found, on_tool=True) if on_tool else found
        return self.find(target)


def _flow(found: Found | None) -> Flow | None:
    return Flow(found.facts, found.summary, found.via_instance) if found is not None else None


def _interventions(flow: list[Step], own: str) -> Iterable[str]:
    """The ``handle_intervention`` calls of a flow, as written, its ``self``
    (``own``) spelt ``self``."""
    for step in flow:
        if step.kind == "intervene" and step.call:
            head, _, rest = step.call.partition(".")
            yield f"self.{rest}" if head == own and rest else step.call
        for arm in step.arms:
            yield from _interventions(arm, own)


def _display(found: Found) -> str:
    return f"{found.facts.module}.{found.summary.name}"
