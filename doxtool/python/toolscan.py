"""The analysis of one candidate tool class, starting from its ``execute``.

Which classes are tools is decided later (:mod:`doxtool.python.resolve`);
:func:`scan_candidates` analyses every class of the module that has an
``execute`` method, and, in a tools directory, every class that may inherit one
from another module of the repository. :class:`ToolScan` is made of parts, one
per concern: the statement walk (:mod:`doxtool.python.toolwalk`), argument
reads (:mod:`doxtool.python.argreads`), contracts
(:mod:`doxtool.python.contracts`), outcomes (:mod:`doxtool.python.outcomes`) and
calls (:mod:`doxtool.python.calls`).
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from doxtool.core.facts import (
    ARGUMENTS,
    BREAK_LOOP,
    EXECUTE,
    REPAIRABLE,
    SIDE_EFFECTS,
    DynamicRead,
    Effect,
    ExecuteFacts,
    HelperCall,
    MissingResponse,
    Outcome,
    Raise,
    ToolFacts,
)
from doxtool.python import effects
from doxtool.python.absence import AbsenceCalls
from doxtool.python.absencetests import AbsenceTests
from doxtool.python.argaliases import SelfArgsAliases
from doxtool.python.argfills import SPLAT, ArgumentFills, came_before
from doxtool.python.argreads import ArgumentReads
from doxtool.python.arguments import ArgBuilder
from doxtool.python.arms import DispatchArms
from doxtool.python.bindings import ScopeBindings
from doxtool.python.boundexecute import execute_unread
from doxtool.python.calls import Calls
from doxtool.python.checkedreads import unique
from doxtool.python.comparisons import Comparisons
from doxtool.python.contracts import Contracts
from doxtool.python.controlflow import last_small
from doxtool.python.conversions import Conversions
from doxtool.python.cstnodes import suite_body
from doxtool.python.decorators import unfollowed
from doxtool.python.dictescapes import DictEscapes
from doxtool.python.dispatchends import DispatchEnds
from doxtool.python.fallbacks import Fallbacks
from doxtool.python.frameworkcalls import FRAMEWORK_CALLED
from doxtool.python.guardedconversions import GuardedConversions
from doxtool.python.guardtests import GuardTests
from doxtool.python.handedreplacements import HandedReplacements
from doxtool.python.handedresponses import HandedResponses
from doxtool.python.helpersites import called_helpers
from doxtool.python.hookfills import runs_early
from doxtool.python.keychecks import KeyChecks
from doxtool.python.lookups import Lookups
from doxtool.python.matchwalk import MatchWalk
from doxtool.python.merges import MergedDicts
from doxtool.python.models import HandedWhole
from doxtool.python.modulescan import Class, Func, ModuleScan
from doxtool.python.outcomes import Outcomes
from doxtool.python.ownparams import own_params, own_values
from doxtool.python.partialbinds import PartialBindings
from doxtool.python.presencefallbacks import PresenceFallbacks
from doxtool.python.raisecalls import RaiseCalls
from doxtool.python.raises import Raises
from doxtool.python.reach import Reach
from doxtool.python.readmissing import ReadMissing
from doxtool.python.receivers import BoundValues
from doxtool.python.renamedkeys import RenamedKeys
from doxtool.python.returnedcalls import ReturnedCalls
from doxtool.python.toolwalk import StatementWalk
from doxtool.python.undecidedwalk import UndecidedBranches
from doxtool.python.walkstate import Env, Fills, Target


def scan_candidates(scan: ModuleScan) -> None:
    """A candidate analysis of each class of the module that may be a tool."""
    for cls in scan.classes.values():
        if execute_unread(scan, cls):
            scan.facts.candidates.append(ToolScan(scan, cls).run_unread())
        elif scan._find_method(cls, "execute") is not None:
            scan.facts.candidates.append(ToolScan(scan, cls).run())
        elif scan.in_tools_dir and _inherits_from_repository(scan, cls):
            # ``execute`` may come from a base in another module of the
            # repository; what this class's own methods do is merged in
            # once that base is known (:mod:`doxtool.python.resolve`). Only in
            # tool directories: elsewhere (API handlers, extensions) such
            # classes abound and are hardly ever tools.
            scan.facts.candidates.append(ToolScan(scan, cls).run_partial())


def _inherits_from_repository(scan: ModuleScan, cls: Class) -> bool:
    """Whether a class (or an in-module base) has a base from another repository module."""
    own = f"{scan.module}."
    return any(
        base.split(".", 1)[0] in scan.local_roots and not base.startswith(own)
        for owner in scan.mro(cls)
        for base in owner.resolved
    ) and any(owner.methods for owner in scan.mro(cls))


def _flags(pairs: frozenset[tuple[str, bool]]) -> dict[str, frozenset[bool]]:
    """A call's (parameter, boolean) pairs as each parameter's booleans."""
    return {param: frozenset(v for p, v in pairs if p == param) for param, _ in pairs}


def effects_order() -> tuple[str, ...]:
    return (effects.READ, effects.WRITE, effects.DELETE, effects.NETWORK, effects.SUBPROCESS)


class ToolScan(
    StatementWalk,
    SelfArgsAliases,
    UndecidedBranches,
    MatchWalk,
    ArgumentReads,
    GuardTests,
    ArgumentFills,
    RenamedKeys,
    Comparisons,
    Fallbacks,
    PresenceFallbacks,
    Lookups,
    MergedDicts,
    DictEscapes,
    HandedWhole,
    Contracts,
    AbsenceTests,
    ReadMissing,
    KeyChecks,
    DispatchEnds,
    Conversions,
    GuardedConversions,
    AbsenceCalls,
    RaiseCalls,
    Outcomes,
    HandedResponses,
    HandedReplacements,
    Raises,
    Calls,
    ReturnedCalls,
    DispatchArms,
    Reach,
    PartialBindings,
):
    """Analysis of one candidate tool class, starting from its ``execute``."""

    def __init__(self, scan: ModuleScan, cls: Class) -> None:
        self.scan = scan
        self.cls = cls
        self.mro = scan.mro(cls)
        self.module = scan.tree
        self.args: dict[str, ArgBuilder] = {}
        self.passed_on: set[int] = set()
        self.rebound_fallbacks: dict[int, tuple[bool, Any]] = {}
        self.used_fallbacks: set[int] = set()
        self.discarded_reads: set[int] = set()
        self.or_replaced: set[int] = set()
        self.or_call_fallbacks: dict[int, list[cst.BaseExpression]] = {}  # (:mod:`.fallbacks`)
        self.or_fallback_nodes: set[int] = set()  # (:func:`.callfallbacks.past_fallback`)
        self._way_parents = {}  # (:mod:`.testedway`)
        self.filled_fallbacks: set[int] = set()
        self.replacing_values: set[int] = set()
        self.answered_groups: dict[int, list[frozenset[str]]] = {}
        self.read_missing: dict[int, tuple[str, Any]] = {}
        self.rebound_missing: dict[int, tuple[str, Any]] = {}
        self.or_missing: dict[int, tuple[str, Any]] = {}
        #: a function node's id -> its names bound once to a literal it loops over
        self._literals_of: dict[int, dict[str, cst.BaseExpression]] = {}
        self._dicts_of: dict[int, dict[str, cst.Dict]] = {}
        #: what ``isinstance`` tests (a conversion there converts no value used)
        self.type_tests: set[int] = set()
        self.displayed: set[int] = set()  # calls an f-string shows: text, never compared
        self.stand_in_groups: list[frozenset[str]] = []
        self.dynamic: list[DynamicRead] = []
        self.outcomes: list[Outcome] = []
        self.missing: list[MissingResponse] = []
        self.raises: list[Raise] = []
        #: (function node id, name) -> whether the function only reads keys of the name
        self.only_reads: dict[tuple[int, str], bool] = {}
        #: (function node id, name) -> the value a local name is bound to and
        #: how it is compared, when only so (:func:`~doxtool.python.compareduses.sole_binding`)
        self.sole_bindings: dict[tuple[int, str], tuple[cst.BaseExpression, str] | None] = {}
        #: a repairable error raised in a ``try`` body, which may catch it
        self.caught_repairable = False
        #: a raise of an exception whose class is not known (``raise make()``)
        self.unknown_raise = False
        #: a function whose result ``execute`` returns has a decorator not followed
        self.outcomes_unknown = False
        self.helpers: dict[str, set[str]] = {}
        self.side_effects: set[str] = set()
        self.effects_unknown = False
        self.effects: list[Effect] = []
        self.helper_calls: list[HelperCall] = []
        self.call_nodes: dict[int, HelperCall] = {}
        self.returned_calls: list[HelperCall] = []
        self.wholesale: list[DynamicRead] = []
        #: the walk is in code ``execute`` reaches (not in a method only the
        #: framework calls)
        self.from_execute = True
        #: the walk meets reads in the order the code runs them (``execute``'s walk)
        self.ordered = False
        self.intervention = False
        self.done: set[tuple[str, bool, Target]] = set()
        #: (prefix, suffix) of the names a computed ``getattr`` on the tool takes
        self.dispatch_names: set[tuple[str, str]] = set()
        self.arm_needs: dict[int, dict[str, str]] = {}
        #: functions whose return value ``execute`` returns (``execute`` first)
        self.chain: dict[str, None] = {}
        #: the function whose top-level checks are argument contracts (``execute``)
        self.entry: Func | None = None
        #: function -> the argument its single ``return`` stands for
        self._returned_args: dict[Target, str | None] = {}
        #: how deep ``_arg_of`` is looking into the functions calls reach
        #: (``_current_action()`` returning ``_normalize(self.args.get(...))``)
        self._returns_depth = 0
        #: function -> whether every call of it raises (or exits)
        self._raising: dict[str, bool] = {}
        #: each scope's bindings, found once (:func:`~doxtool.python.bindings.scope_bindings`)
        self._bindings: dict[int, ScopeBindings] = {}
        self._aliases: dict[tuple[int, str], frozenset[str]] = {}
        self.bound = BoundValues()
        self.writes = None
        self.hook_fills, self.hook_present = Fills(), frozenset()

    def run(self) -> ToolFacts:
        execute = self.scan._find_method(self.cls, "execute")
        assert execute is not None
        self.entry = execute
        line, _ = self.scan.loc.statement(self.cls.node)
        exec_line, _ = self.scan.loc.statement(execute.node)
        params = [p.split(":")[0].split("=")[0] for p in self._param_texts(execute)]
        tool = ToolFacts(
            name=self.scan.facts.path.rsplit("/", 1)[-1].removesuffix(".py"),
            class_name=self.cls.name,
            line=line,
            bases=self.cls.resolved,
            execute=ExecuteFacts(
                is_async=execute.is_async,
                line=exec_line,
                params=params,
                defined_in=execute.qualname,
                # (no walk of the body in a module that never says ``yield``)
                generator="yield" in self.scan.loc.source and execute.is_generator,
            ),
        )
        hook = self.scan._find_method(self.cls, "before_execution")
        self.hook_fills = self._before_execution_fills(hook)
        self.ordered = True
        self._execute_parameters(execute)
        dicts = frozenset({execute.star_kwarg} if execute.star_kwarg else ())
        self._scan(Target(execute, dicts, values=own_values(execute)), collect=True)
        self.ordered = False
        # other methods read ``self.args`` and call helpers too (the framework
        # calls some of them: ``before_execution``, ``get_log_object``)
        reached = {key[0] for key in self.done}
        self.from_execute = False
        offers = {name: b.offers for name, b in self.args.items()}
        self._lifecycle_hooks(reached)
        came_before(self.args, offers)  # ``before_execution`` runs before ``execute``
        # a base's method the class overrides is none of them (reached, if
        # at all, through ``super()`` where the override calls it)
        for method in self.scan.visible_methods(self.cls):
            self._scan_dispatched()
            reached = {key[0] for key in self.done}
            if method.name != "execute" and method.qualname not in reached:
                offers = {name: b.offers for name, b in self.args.items()}
                # one the framework calls runs on every call; any other (a
                # handler of a dispatch table, a callback) on some, or none
                some = method.name not in FRAMEWORK_CALLED
                # ``__init__`` runs first, before ``before_execution`` fills anything
                self.ordered = method.name == "__init__"
                self._scan(
                    Target(method, conditional=some, early=runs_early(method)), collect=False
                )
                self.ordered = False
                came_before(self.args, offers, known=method.name == "__init__")
        self._scan_dispatched()
        self._after_execution_changes()  # (:mod:`.handedresponses`)
        return self._finish(tool)

    def run_partial(self) -> ToolFacts:
        """What the methods of a class without ``execute`` do.

        The class may inherit ``execute`` from a base in another module, and
        that ``execute`` may call, or return through, methods this class
        overrides. Every method is analysed as if ``execute`` returned its
        result; :mod:`doxtool.python.resolve` keeps the outcomes of those it does.
        """
        line, _ = self.scan.loc.statement(self.cls.node)
        tool = ToolFacts(
            name=self.scan.facts.path.rsplit("/", 1)[-1].removesuffix(".py"),
            class_name=self.cls.name,
            line=line,
            bases=self.cls.resolved,
        )
        self._lifecycle_hooks(set(), collect=True)
        for method in self.scan.visible_methods(self.cls):
            self._scan(Target(method, early=runs_early(method)), collect=True)
        tool = self._finish(tool)
        tool.returns_from = []
        return tool

    def run_unread(self) -> ToolFacts:
        """A class whose ``execute`` is bound other than by a ``def``
        (:mod:`doxtool.python.boundexecute`): what its methods do, and none of
        its arguments, ``break_loop``, repairable errors or side effects known."""
        tool = self.run_partial()
        line, column = self.scan.loc.statement(self.cls.node)
        tool.other_arguments = [
            *tool.other_arguments,
            DynamicRead("execute", line, column, self.cls.name),
        ]
        kinds = (EXECUTE, ARGUMENTS, BREAK_LOOP, REPAIRABLE, SIDE_EFFECTS)
        tool.unknown = [*tool.unknown, *(k for k in kinds if k not in tool.unknown)]
        return tool

    def _lifecycle_hooks(self, reached: set[str], collect: bool = False) -> None:
        """The framework calls ``tool.before_execution(**tool_args)`` just as it
        calls ``execute``: the hook's parameters and ``**kwargs`` are the tool's
        arguments (only the nearest override is called; others through ``super()``)."""
        hook = self.scan._find_method(self.cls, "before_execution")
        if hook is None or hook.qualname in reached:
            return
        self._execute_parameters(hook)
        dicts = frozenset({hook.star_kwarg} if hook.star_kwarg else ())
        # it runs on every call, before ``execute``: its checks refuse there (a
        # class whose ``execute`` is elsewhere: as its other methods, whose
        # returns are read as ``execute``'s)
        target = Target(hook, dicts, values=own_values(hook), early=True, needed=not collect)
        self._scan(target, collect=collect)

    def _finish(self, tool: ToolFacts) -> ToolFacts:
        # an alternative names its partners both ways
        for builder in list(self.args.values()):
            for other in list(builder.alternatives):
                self._arg(other).alternatives.add(builder.name)
        for group in self.stand_in_groups:
            read = group & self.args.keys()
            for name in read:
                self.args[name].stand_ins.update(read - {name})
        tool.arguments = [self._built(b) for b in self.args.values() if not b.refused_only()]
        tool.dynamic_reads = unique(self.dynamic, lambda r: (r.line, r.column, r.expression))
        tool.outcomes = sorted(
            unique(
                self.outcomes,
                lambda o: (o.line, o.column, o.function, o.break_loop, o.expression),
            ),
            key=lambda o: (o.line, o.column),
        )
        tool.missing_responses = sorted(
            unique(self.missing, lambda m: (m.line, m.column, m.kind, m.function)),
            key=lambda m: (m.line, m.column),
        )
        tool.raises = unique(self.raises, lambda r: (r.line, r.column, r.exception))
        if (self.caught_repairable or self.unknown_raise) and REPAIRABLE not in tool.unknown:
            tool.unknown = [*tool.unknown, REPAIRABLE]
        if self.outcomes_unknown and BREAK_LOOP not in tool.unknown:
            tool.unknown = [*tool.unknown, BREAK_LOOP]
        tool.helpers, tool.helper_sites = called_helpers(self.helpers, self.scan)
        tool.hook_present = sorted(self.hook_present)
        tool.imports = list(self.scan.facts.imports)
        tool.intervention = self.intervention
        tool.side_effects = [a for a in effects_order() if a in self.side_effects]
        if self.effects_unknown and SIDE_EFFECTS not in tool.unknown:
            tool.unknown = [*tool.unknown, SIDE_EFFECTS]
        tool.effects = unique(self.effects, lambda e: (e.area, e.line, e.column, tuple(e.calls)))
        tool.other_arguments = unique(self.wholesale, lambda r: (r.line, r.column))
        # a call some walk finds on every path is made on every path
        needed = {_call_place(c) for c in self.helper_calls if c.needed}
        tool.helper_calls = unique(self.helper_calls, _call_place)
        for call in tool.helper_calls:
            call.needed = _call_place(call) in needed
        tool.returns_from = list(self.chain)
        tool.returned_calls = unique(
            self.returned_calls, lambda c: (c.target, c.line, c.column, c.function)
        )
        return tool

    def _param_texts(self, fn: Func) -> list[str]:
        sig = self.scan._signature(fn).text
        inner = sig[sig.index("(") + 1 : sig.rindex(")")]
        return [p.strip() for p in _split_params(inner) if p.strip()]

    # -- function bodies ----------------------------------------------------

    def _scan(self, target: Target, collect: bool) -> None:
        key = (target.fn.qualname, collect, target)
        if key in self.done:
            return
        self.done.add(key)
        fn = target.fn
        if collect:
            self.chain.setdefault(fn.qualname, None)
        self._handed_replacements(fn, target.values)
        values = dict(target.values)
        #: parameters with no default the call fills from the dict: it raises
        #: without them
        raised: list[str] = []
        if target.splat:
            # ``f(**self.args)``: every named parameter the call does not
            # fill otherwise is an argument
            handed = target.fills or Fills()
            for param in own_params(fn):
                name = param.name.value
                if name in target.filled or (SPLAT, name) in handed.written:
                    continue  # filled otherwise, or by a value the caller wrote
                # a key the caller filled where missing fills the parameter
                fill = handed.filled.get((SPLAT, name))
                if fill is None and SPLAT in handed.any_filled:
                    fill = (False, None)
                # written on some calls, or from another key: not known to be needed
                doubt = (SPLAT, name) in handed.maybe or (SPLAT, name) in handed.aliased
                self._parameter_argument(fn, param, target.conditional or doubt, fill)
                values[name] = name
                if param.default is None and fill is None and not doubt:
                    raised.append(name)
        env = Env(
            func=fn,
            self_name=fn.self_name if fn.cls is not None else target.self_param,
            dicts=set(target.dicts),
            names=dict(self.scan.names),
            collect_outcomes=collect,
            var_args=values,
            handed=frozenset(param for param, _ in target.values),
            conditional=int(target.conditional),
            trying=int(target.in_try),
            overridden=int(target.overridden),
            recovering=int(target.recovered),
            keys=dict(target.keys),
            held_defaults=dict(target.held_defaults),
            flags=_flags(target.flags),
            texts=set(target.texts),
            computed=set(target.computed),
            var_groups=dict(target.groups),
            var_calls=dict(target.calls),
            needed=fn is self.entry or (target.needed and (self.from_execute or target.early)),
            arm=target.arm,
            arm_top=target.arm is not None,
            answers=target.answers,
            early=target.early,
            guards=[None] if target.key_guarded else [],
        )
        env.fills = self._fills_at_start(target)
        env.present_past = self._present_at_start(target)
        if raised and target.arm is not None and not target.recovered:
            # the call of an arm's straight path needs them (:mod:`~doxtool.python.arms`)
            env.arm_straight = True
            for name in raised:
                self._arm_need(name, "raises", env)
            env.arm_straight = False
        if unfollowed(fn.node, lambda dotted: self.scan._resolve(dotted, env.names)):
            # what the decorator's wrapper returns, raises or does is not read
            self.effects_unknown = True
            self.outcomes_unknown |= collect
            self.unknown_raise |= collect or self.from_execute
        body = suite_body(fn.node.body)
        env.top_body = body
        self._stmts(body, env)
        self._closures_left(env)
        if collect and not self._ends_every_path(body, env):
            last = body[-1] if body else fn.node
            line, column = self.scan.loc.statement(last_small(last))
            unless = self._ends_unless(body, env)  # calls that may never return
            self.missing.append(
                MissingResponse("falls-off-end", line, column, fn.qualname, unless=unless)
            )


def _call_place(call: HelperCall) -> tuple[object, ...]:
    """What tells one helper call from another (the walks may find one twice)."""
    return (call.target, call.line, call.column, tuple(call.dicts))


def _split_params(text: str) -> list[str]:
    """The parameters of a signature's text, split at top-level commas (no
    bare ``/`` or ``*``)."""
    depth = 0
    parts: list[str] = []
    current: list[str] = []
    for char in text:
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        if char == "," and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    parts.append("".join(current))
    return [p for p in parts if p.strip() not in ("/", "*")]
