"""Which external or long-running effects a tool's ``execute`` can reach with
no ``handle_intervention`` since the last one, and which destructive effects
it reaches: a walk over the steps of :mod:`doxtool.python.flows`, on facts only.

The framework checks for a pause or an intervention just before it calls a
tool's ``execute`` and just after it returns (Agent Zero's
``Agent.process_tools``). A tool therefore starts *clean*; it becomes *dirty*
when it runs a network call, a subprocess, a wait or a model call, and clean
again at an awaited ``handle_intervention``. An effect reached while dirty, on
some path through the statements (every arm of a branch, a loop's next turn,
the handlers of a ``try`` after anything in its body), is an
:class:`~doxtool.core.facts.Exposure`. Calls into the tool's own methods and the
repository's helper modules are followed, to :data:`MAX_DEPTH` calls, with the
path of calls kept for the message; a call that cannot be followed is taken
to do nothing that matters.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from doxtool.core.facts import Effect, Exposure, ModuleFacts, ToolFacts
from doxtool.core.summary_facts import Step
from doxtool.python.callkinds import DESTRUCTIVE, LONG_RUNNING, OVERWRITE
from doxtool.python.followfind import Flow

#: steps that may raise: an effect (after it ran, too), a call, a ``raise``
_MAY_RAISE = frozenset({"effect", "call", "raise"})
#: calls followed from ``execute`` (``execute``'s own call is the first)
MAX_DEPTH = 4
#: functions walked for one tool
_MAX_WALKS = 400


@dataclasses.dataclass(frozen=True)
class _Witness:
    """The effect that made a path dirty."""

    area: str
    #: (dotted name, line of the call) from ``execute`` to the effect
    calls: tuple[tuple[str, int], ...]
    line: int
    path: str
    #: the effect ran in an earlier turn of a loop this path goes round
    crossed: bool = False


class _Nowhere:
    """The state after a ``return``: no path goes on from here."""


NOWHERE = _Nowhere()
#: a remembered walk that hands on the state it was given
_PASSED = _Nowhere()
State = "_Witness | None | _Nowhere"


def _join(*states: object) -> object:
    """Where paths meet: dirty if any is, and then by the effect of an earlier
    loop turn if any path brings one."""
    out: object = NOWHERE
    for state in states:
        if state is NOWHERE:
            continue
        if (
            out is NOWHERE
            or (out is None and state is not None)
            or (
                isinstance(out, _Witness)
                and isinstance(state, _Witness)
                and state.crossed
                and not out.crossed
            )
        ):
            out = state
    return out


def _next_turn(state: object) -> object:
    """A state carried round a loop to its next turn."""
    if isinstance(state, _Witness) and not state.crossed:
        return dataclasses.replace(state, crossed=True)
    return state


def _same(state: object, other: object) -> bool:
    """Whether two states are dirty by the same effect (a loop turn aside)."""
    return (
        isinstance(state, _Witness)
        and isinstance(other, _Witness)
        and (state.area, state.calls, state.line, state.path)
        == (other.area, other.calls, other.line, other.path)
    )


def _outside(state: object, entry: object) -> object:
    """A state leaving a loop or a function that ``entry`` came into: an effect
    of its own turns is no longer one of an earlier turn (the loop is done)."""
    if _same(state, entry):
        return entry
    if isinstance(state, _Witness) and state.crossed:
        return dataclasses.replace(state, crossed=False)
    return state


def _kind(state: object) -> tuple[bool, bool]:
    return _dirty(state), isinstance(state, _Witness) and state.crossed


def _dirty(state: object) -> bool:
    return isinstance(state, _Witness)


@dataclasses.dataclass(eq=False, repr=False)
class _Function:
    """A function on the walked path, and the class its ``self.<m>`` calls reach."""

    found: Flow
    #: dotted class whose methods ``self.<m>`` calls reach
    self_class: str | None

    @property
    def facts(self) -> ModuleFacts:
        return self.found.facts

    @property
    def name(self) -> str:
        return self.found.summary.name

    @property
    def flow(self) -> list[Step]:
        return self.found.summary.flow

    def splatted(self, passes: list[list[str]], held: set[str]) -> frozenset[str]:
        """The parameters a ``**`` splat of one of ``held`` may fill (a
        keyword binds any but a bound ``self``), save those the call's other
        arguments fill: ``self._save(**kwargs)`` hands ``file_path``."""
        if not any(key == "**" and source in held for key, source in passes):
            return frozenset()
        summary = self.found.summary
        filled = {self.parameter(key) for key, _ in passes if key != "**"}
        # not a positional-only one: a keyword of its name lands in ``**``
        named = summary.params[max(summary.posonly, 1 if summary.bound else 0) :]
        splat = [*named, summary.star_kwarg] if summary.star_kwarg else named
        return frozenset(p for p in splat if p not in filled)

    def parameter(self, key: str) -> str | None:
        """The parameter an argument lands in (``#n`` or a keyword)."""
        summary = self.found.summary
        if not key.startswith("#"):
            return key if key in summary.params[summary.posonly :] else summary.star_kwarg
        index = int(key[1:]) + (1 if summary.bound and self.found.via_instance else 0)
        # past the positional parameters, an argument lands in ``*args``
        limit = len(summary.params) if summary.positional is None else summary.positional
        return summary.params[index] if index < limit else None


Find = Callable[[str], "Flow | None"]
Method = Callable[[str, str], "Flow | None"]


class Pacer:
    """Walks one tool's ``execute``; ``find`` and ``method`` look functions up
    by dotted name and by class and method name (through bases)."""

    def __init__(self, find: Find, method: Method) -> None:
        self.find = find
        self.method = method

    def apply(self, tool: ToolFacts, facts: ModuleFacts) -> ToolFacts:
        if tool.execute is None:
            return tool
        cls = f"{facts.module}.{tool.class_name}"
        found = self.method(cls, "execute")
        if found is None:
            return tool
        walk = _Walk(self, tool, facts, sync=not found.summary.is_async)
        try:
            walk.function(_Function(found, cls), None, (), 0, 0, frozenset())
        except RecursionError:
            return tool  # flows are kept shallow (doxtool.python.flows); nothing is known then
        if not walk.exposures and not walk.destructive:
            return tool
        return dataclasses.replace(
            tool, exposures=walk.exposures, destructive=[*tool.destructive, *walk.destructive]
        )


class _Walk:
    def __init__(self, pacer: Pacer, tool: ToolFacts, facts: ModuleFacts, sync: bool) -> None:
        self.pacer = pacer
        #: ``execute`` is a plain ``def`` (an older, synchronous framework):
        #: a ``handle_intervention`` called without ``await`` checks; under an
        #: ``async execute`` it makes a coroutine and checks nothing
        self.sync = sync
        self.tool = tool
        self.facts = facts
        self.exposures: list[Exposure] = []
        self.destructive: list[Effect] = []
        self._seen: set[tuple[str, int, str]] = set()
        #: exposures by (path, line, effect): one each, the repeated kind kept
        self._exposed: dict[tuple[str, int, str], int] = {}
        self._memo: dict[
            tuple[str, str, tuple[bool, bool], frozenset[str], frozenset[str]],
            tuple[object, tuple[object, ...]],
        ] = {}
        self._active: set[tuple[str, str]] = set()
        self.walks = 0

    # -- functions ---------------------------------------------------------------

    def function(
        self,
        fn: _Function,
        state: object,
        chain: tuple[tuple[str, int], ...],
        origin: int,
        depth: int,
        tainted: frozenset[str],
        absent: frozenset[str] = frozenset(),
    ) -> object:
        key = (fn.facts.path, fn.name, _kind(state), tainted, absent)
        if key in self._memo:
            out, before = self._memo[key]
            if out is _PASSED:
                return state
            if isinstance(out, _Witness):
                # the same effect, reached along this call's path
                return dataclasses.replace(out, calls=(*chain, *out.calls[len(before) :]))
            return out
        if not fn.flow:
            return state
        if (fn.facts.path, fn.name) in self._active or self.walks >= _MAX_WALKS:
            return state
        self.walks += 1
        self._active.add((fn.facts.path, fn.name))
        frame = _Frame(fn, chain, origin, depth, tainted, absent)
        end = self.steps(frame, fn.flow, state)
        # where the caller goes on; an exception leaving the function is taken
        # to come before its effects (which condition it carries is not known)
        out = _join(end, *frame.returns)
        self._active.discard((fn.facts.path, fn.name))
        if out is NOWHERE:
            out = state
        out = _outside(out, state)
        self._memo[key] = (_PASSED if out is state else out, chain)
        return out

    def _callee(self, frame: _Frame, step: Step) -> _Function | None:
        target = step.what
        if target.startswith("self."):
            if frame.fn.self_class is None or not frame.fn.found.summary.bound:
                return None
            found = self.pacer.method(frame.fn.self_class, target[len("self.") :])
            self_class = frame.fn.self_class
        else:
            found = self.pacer.find(target)
            if found is None:
                return None
            cls = found.summary.name.rpartition(".")[0]
            self_class = f"{found.facts.module}.{cls}" if cls else None
        if found is None:
            return None
        return _Function(found, self_class)

    # -- steps ------------------------------------------------------------------

    def steps(self, frame: _Frame, steps: list[Step], state: object) -> object:
        previous: Step | None = None
        for step in steps:
            if state is NOWHERE:
                return NOWHERE
            if frame.tries and step.kind in _MAY_RAISE:
                # an exception here reaches the handlers in this state
                for collected in frame.tries:
                    collected.append(state)
            if step.kind == "loop" and self._checked_turns(frame, previous, step):
                state = self._loop(frame, step, state, checked=True)
            else:
                state = self.step(frame, step, state)
            previous = step
        return state

    def _checked_turns(self, frame: _Frame, previous: Step | None, loop: Step) -> bool:
        """Whether a loop goes over what a generator gives (``async for page
        in self._pages():``, the call the step before it on its line) whose
        body, run between the loop's turns, may reach ``handle_intervention``:
        which turns it checks before is not known, so none is taken as unchecked."""
        if previous is None or previous.kind != "call" or previous.line != loop.line:
            return False
        callee = self._callee(frame, previous)
        if callee is None or not callee.found.summary.generator:
            return False
        return self._may_intervene(frame, callee, frame.depth + 1, set())

    def _may_intervene(
        self, frame: _Frame, fn: _Function, depth: int, seen: set[tuple[str, str]]
    ) -> bool:
        """Whether ``fn``'s steps, or those of the functions it calls, hold
        an awaited ``handle_intervention``."""
        if depth >= MAX_DEPTH or (fn.facts.path, fn.name) in seen:
            return False
        seen.add((fn.facts.path, fn.name))
        inner = _Frame(fn, frame.chain, frame.origin, depth, frozenset())
        todo = list(fn.flow)
        while todo:
            step = todo.pop()
            if step.kind == "intervene" and (step.awaited or self.sync):
                return True
            if step.kind == "call":
                callee = self._callee(inner, step)
                if callee is not None and self._may_intervene(inner, callee, depth + 1, seen):
                    return True
            for arm in step.arms:
                todo.extend(arm)
        return False

    def step(self, frame: _Frame, step: Step, state: object) -> object:
        kind = step.kind
        if kind == "effect":
            return self._effect(frame, step, state)
        if kind == "intervene":
            return None if step.awaited or self.sync else state
        if kind == "call":
            return self._call(frame, step, state)
        if kind == "branch":
            return _join(*(self.steps(frame, arm, state) for arm in step.arms))
        if kind == "loop":
            return self._loop(frame, step, state)
        if kind == "try":
            return self._try(frame, step, state)
        if kind == "return":
            frame.returns.append(state)
        elif kind == "raise":
            pass  # the handlers got its state before it (``steps``)
        elif kind in ("break", "continue") and frame.loops:
            frame.loops[-1][kind].append(state)
        else:
            return state
        return NOWHERE

    def _effect(self, frame: _Frame, step: Step, state: object) -> object:
        calls = (*frame.chain, (step.call, step.line))
        origin = frame.origin or step.line
        if step.what == OVERWRITE and not ({"args", *frame.tainted} & set(step.sources)):
            return state  # a path the tool's arguments do not name
        if step.what == OVERWRITE and step.named in frame.absent:
            return state  # a path the caller found absent: a new file
        if step.what in DESTRUCTIVE:
            key = (frame.fn.facts.path, step.line, step.what)
            if key not in self._seen:
                self._seen.add(key)
                self.destructive.append(
                    Effect(step.what, [c for c, _ in calls], origin, 1, frame.fn.name, self._path())
                )
            return state
        if step.what not in LONG_RUNNING:
            return state
        if isinstance(state, _Witness):
            key = (frame.fn.facts.path, step.line, step.what)
            known = self._exposed.get(key)
            if known is None or (state.crossed and not self.exposures[known].repeated):
                exposure = Exposure(
                    step.what,
                    [c for c, _ in calls],
                    step.line,
                    frame.fn.facts.path,
                    state.area,
                    [c for c, _ in state.calls],
                    state.line,
                    state.path,
                    origin,
                    [n for _, n in calls],
                    [n for _, n in state.calls],
                    repeated=state.crossed,
                )
                if known is None:
                    self._exposed[key] = len(self.exposures)
                    self.exposures.append(exposure)
                else:
                    self.exposures[known] = exposure
        after = _Witness(step.what, calls, step.line, frame.fn.facts.path)
        for collected in frame.tries:
            collected.append(after)
        return after

    def _path(self) -> str | None:
        execute = self.tool.execute
        return execute.defined_in_path if execute is not None else None

    def _call(self, frame: _Frame, step: Step, state: object) -> object:
        if frame.depth + 1 >= MAX_DEPTH:
            return state
        callee = self._callee(frame, step)
        summary = callee.found.summary if callee is not None else None
        if summary is None or (summary.is_async and not step.awaited) or summary.generator:
            return state  # a coroutine or a generator made: nothing of it runs yet
        held = {"args", *frame.tainted}
        tainted = frozenset(
            param
            for key, source in step.passes
            if source in held and (param := callee.parameter(key)) is not None
        ) | callee.splatted(step.passes, held)
        return self.function(
            callee,
            state,
            (*frame.chain, (self._label(step.what, callee), step.line)),
            frame.origin or step.line,
            frame.depth + 1,
            tainted,
            frozenset(
                param
                for key, name in step.absent
                if (not name or name in frame.absent)
                and (param := callee.parameter(key)) is not None
            ),
        )

    def _label(self, target: str, callee: _Function) -> str:
        """How a call is named in what it reaches: as written, but a method
        of ``self`` by where it is found, and a method of what a function
        returns by the class it is found in (``connect(url).wait_done``:
        ``helpers.remote.Connection.wait_done``, not ``...connect.wait_done``)."""
        if target.startswith("self."):
            return _display(callee)
        receiver = target.rpartition(".")[0]
        made = self.pacer.find(receiver) if "." in callee.name else None
        if made is not None and made.summary.name.rpartition(".")[2] != "__init__":
            return _display(callee)
        return target

    def _loop(self, frame: _Frame, step: Step, state: object, checked: bool = False) -> object:
        """A loop's turns, walked until the state at their head settles;
        ``checked``: each turn may come after a ``handle_intervention``
        (:meth:`_checked_turns`), so each starts clean."""
        body = step.arms[0] if step.arms else []
        orelse = step.arms[1] if len(step.arms) > 1 else []
        always = step.what == "always"
        # a loop over values written out: its turns are the effects one after
        # the other, once each (not repeated)
        written = step.what == "written"
        head = None if checked else state
        breaks: list[object] = []
        for _ in range(3):
            frame.loops.append({"break": [], "continue": []})
            end = self.steps(frame, body, head)
            jumps = frame.loops.pop()
            breaks = jumps["break"]
            turned = (
                s if written or _same(s, state) else _next_turn(s)
                for s in (end, *jumps["continue"])
            )
            new_head = None if checked else _join(state, *turned)
            if _kind(new_head) == _kind(head):
                head = new_head
                break
            head = new_head
        done = NOWHERE if always else self.steps(frame, orelse, _outside(head, state))
        return _join(done, *(_outside(b, state) for b in breaks))

    def _try(self, frame: _Frame, step: Step, state: object) -> object:
        body, orelse, final, *handlers = [*step.arms, [], [], []][: max(3, len(step.arms))]
        collected: list[object] = []
        frame.tries.append(collected)
        end = self.steps(frame, body, state)
        frame.tries.pop()
        caught = _join(state, *collected)
        out = _join(
            self.steps(frame, orelse, end), *(self.steps(frame, h, caught) for h in handlers)
        )
        if not final:
            return out
        return self.steps(frame, final, out if out is not NOWHERE else caught)


@dataclasses.dataclass(eq=False, repr=False)
class _Frame:
    """The walk of one function on a call path: where it was called from and what it holds."""

    fn: _Function
    chain: tuple[tuple[str, int], ...]
    origin: int
    depth: int
    #: parameters that hold something made from the tool's arguments
    tainted: frozenset[str]
    #: parameters that hold a path the caller found absent
    absent: frozenset[str] = frozenset()
    returns: list[object] = dataclasses.field(default_factory=list)
    loops: list[dict[str, list[object]]] = dataclasses.field(default_factory=list)
    tries: list[list[object]] = dataclasses.field(default_factory=list)


def _display(fn: _Function) -> str:
    return f"{fn.facts.module}.{fn.name}"
