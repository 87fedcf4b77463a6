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
from collections.abc import Iterable
from typing import Any

from doxtool.core.facts import (
    REPAIRABLE,
    SIDE_EFFECT_AREAS,
    SIDE_EFFECTS,
    ArgumentRead,
    DynamicRead,
    Effect,
    HelperCall,
    Raise,
    ToolFacts,
)
from doxtool.core.summary_facts import Step
from doxtool.python.astliteralguards import ruled_out
from doxtool.python.calledaccessors import called_default
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
from doxtool.python.followfind import FunctionFinder
from doxtool.python.followjoin import joined, joined_effects, place
from doxtool.python.followraises import raised_read
from doxtool.python.frameworkcalls import unlabelled
from doxtool.python.handedrefusals import refused_parameter
from doxtool.python.openparams import decided_areas

#: calls followed from the tool's own call (the tool's call is the first)
MAX_DEPTH = 4
#: functions visited from one of the tool's calls
_MAX_VISITS = 200


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


class HelperFollower(FunctionFinder):
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
        effects = joined_effects(tool.effects, found_effects)
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
        found = self.entry(tool, call.target, cls, call.named) if cls is not None else None
        home = call.path or (cls or "").rpartition(".")[0]  # its file, or its class's module
        return found is not None and (found.facts.path if call.path else found.facts.module) != home

    def _entry(
        self, tool: ToolFacts, call: HelperCall, cls: str | None
    ) -> tuple[Found, set[str], frozenset[tuple[str, str]], frozenset[str]] | None:
        """The function a tool's call reaches, its parameters holding the
        tool's args, those bound to literals and those the args are splatted into."""
        found = self.entry(tool, call.target, cls, call.named)
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
        # only, or guards (:class:`~doxtool.core.summary_facts.OutCall`'s fields);
        # the literals no function on the way rebinds, which decide tests
        # (:mod:`~doxtool.python.astliteralguards`)
        held = frozenset(carriers)
        queue = deque(
            [(first, held, literals, [start], spread, call.conditional, False, literals, False)]
        )
        seen: set[tuple[Any, ...]] = set()
        areas: set[str] = set()
        while queue and len(seen) < _MAX_VISITS:
            found, held, bound, calls, spread, under, guarded, fixed, tried = queue.popleft()
            key = (
                found.facts.path,
                found.summary.name,
                held,
                bound,
                spread,
                under,
                guarded,
                fixed,
                tried,
            )
            if key in seen:
                continue
            seen.add(key)
            summary = found.summary
            if not self._seen_through(found):
                ends.effects_unseen = True
            values = dict(bound)
            decided = {p: v for p, v in fixed if p not in found.summary.rebound}
            if found.on_tool and summary.bound:
                ends.interventions.extend(_interventions(summary.flow, summary.params[0]))
            for read in summary.reads:
                if ruled_out(read.when, decided):
                    continue  # under a test the caller's literal fails
                if read.source == "**" and read.key in spread:
                    # a parameter the tool's arguments are splatted into
                    read = refused_parameter(
                        read, found, lambda t, n, f=found: self.callee(f, t, cls, n)
                    )
                elif read.source not in held:
                    continue
                name = read.key or values.get(read.key_param or "", "")
                if not name:
                    # a key computed in the helper, or the dict handed whole
                    # where no one follows it (``Model(**args)``): the tool
                    # takes arguments no one can name; only the first reads
                    # with a key no one can document (DOX008)
                    (ends.handed if read.handed else dynamic).append(
                        DynamicRead(
                            read.computed,
                            read.line,
                            read.column,
                            summary.name,
                            found.facts.path,
                        )
                    )
                    continue
                if found is first:  # :mod:`~doxtool.python.calledaccessors`
                    read = called_default(found, call, read, values)
                called = as_called(raised_read(self.callee, found, read), name, call, guarded)
                if called is None:
                    continue
                read = unlabelled(called, summary)
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
            # a mode is decided by the literals no function on the way rebinds
            modes = dict(fixed)
            for effect, area in self._effect_areas(summary, modes, first, found, calls, call):
                if area is None:
                    ends.effects_unseen = True  # a file opened by a mode not known
                    continue
                if area in areas:
                    continue
                areas.add(area)
                found_effects.append(
                    Effect(
                        area,
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
                if repairable is None or (repairable and (call.in_try or tried)):
                    # the tool, or a function on the way, may catch it
                    # (``except RepairableException: return Response(...)``)
                    # or not: not known
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
                        self.callee(found, out.target, cls, out.named) is not None
                        or self.unreadable(out.target)
                        for out in summary.calls
                        if not ruled_out(out.when, decided)
                    )
                )
                continue
            for out in summary.calls:
                if ruled_out(out.when, decided):
                    continue
                callee = self.callee(found, out.target, cls, out.named)
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
                        bound_of(callee, out.literals, decided, out.passes),
                        tried or out.in_try,
                    )
                )
        ends.unfollowed(bool(queue))  # more functions than are visited

    def _effect_areas(
        self,
        summary: Any,
        bound: dict[str, str],
        first: Found,
        found: Found,
        calls: list[str],
        call: HelperCall,
    ) -> Iterable[tuple[Any, str | None]]:
        """(effect, area; None: not known) of each effect of a function
        reached, a mode it is handed decided by the call (:mod:`.openparams`):
        by the literals bound, and by the parameters the tool's own call
        fills when it is that call's function."""
        given: frozenset[str] | None = None
        if (
            found is first
            and len(calls) == 1
            and call.given is not None
            and not {"*", "**"} & set(call.given)
        ):
            given = frozenset(p for k in call.given if (p := parameter_of(first, k)) is not None)
        for effect in summary.effects:
            areas = decided_areas(effect, bound, given)
            for area in areas if areas is not None else (None,):
                yield effect, area

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
