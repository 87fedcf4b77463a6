"""The walk of :mod:`doxtool.python.pacing` against every path of small programs.

Random flows of effects, interventions, branches, loops, ``try`` blocks and
exits are run both ways: by the walk, and by enumerating every path (each
arm, zero to three turns of a loop, an exception at the start of a ``try``
body, before any step that may raise or just after an effect). The effects reached with no intervention
since an earlier effect must be the same.
"""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from doxtool.core.facts import ExecuteFacts, ModuleFacts, ToolFacts
from doxtool.core.summary_facts import FunctionSummary, Step
from doxtool.python.followfind import Flow
from doxtool.python.pacing import Pacer

_lines = iter(range(10**9))


def _effect() -> Step:
    return Step("effect", next(_lines) + 1, "wait", "asyncio.sleep")


@st.composite
def _steps(draw: st.DrawFn, depth: int, in_loop: bool, in_try: bool) -> list[Step]:
    kinds = ["effect", "effect", "intervene", "return"]
    if in_loop:
        kinds += ["break", "continue"]
    if in_try:
        kinds.append("raise")
    if depth > 0:
        kinds += ["branch", "loop", "try"]
    out: list[Step] = []
    for _ in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(kinds))
        if kind == "effect":
            out.append(_effect())
        elif kind in ("branch",):
            arms = [
                draw(_steps(depth - 1, in_loop, in_try)) for _ in range(draw(st.integers(1, 3)))
            ]
            out.append(Step("branch", arms=arms))
        elif kind == "loop":
            always = draw(st.booleans())
            body = draw(_steps(depth - 1, True, in_try))
            orelse = draw(_steps(depth - 1, in_loop, in_try))
            out.append(Step("loop", what="always" if always else "", arms=[body, orelse]))
        elif kind == "try":
            body = draw(_steps(depth - 1, in_loop, True))
            orelse = draw(_steps(depth - 1, in_loop, in_try))
            handlers = [
                draw(_steps(depth - 1, in_loop, in_try)) for _ in range(draw(st.integers(0, 2)))
            ]
            out.append(Step("try", arms=[body, orelse, [], *handlers]))
        else:
            out.append(Step(kind))
    return out


# -- every path, by enumeration ----------------------------------------------

_TURNS = 3


#: outcomes already enumerated: a block from a step on, or a loop at a turn,
#: entered clean or dirty, ends the same ways and reaches the same effects
_Memo = dict[tuple[object, ...], frozenset[tuple[str, bool]]]


def _paths(
    steps: list[Step], dirty: bool, found: set[int], memo: _Memo, start: int = 0
) -> frozenset[tuple[str, bool]]:
    """Each way a block can end: (``normal`` | ``return`` | ``break`` |
    ``continue`` | ``raise``, dirty), recording effects reached dirty."""
    key = ("block", id(steps), start, dirty)
    if key in memo:
        return memo[key]
    if start == len(steps):
        ends = frozenset({("normal", dirty)})
    else:
        out: set[tuple[str, bool]] = set()
        for how, after in _step(steps[start], dirty, found, memo):
            if how == "normal":
                out |= _paths(steps, after, found, memo, start + 1)
            else:
                out.add((how, after))
        ends = frozenset(out)
    memo[key] = ends
    return ends


def _step(step: Step, dirty: bool, found: set[int], memo: _Memo) -> Iterator[tuple[str, bool]]:
    if step.kind in ("effect", "raise"):
        yield "raise", dirty  # an exception just before it
    if step.kind == "effect":
        if dirty:
            found.add(step.line)
        yield "raise", True  # or just after it
        yield "normal", True
    elif step.kind == "intervene":
        yield "normal", False
    elif step.kind in ("return", "break", "continue"):
        yield step.kind, dirty
    elif step.kind == "branch":
        for arm in step.arms:
            yield from _paths(arm, dirty, found, memo)
    elif step.kind == "loop":
        yield from _loop(step, dirty, found, memo, 0)
    elif step.kind == "try":
        body, orelse, _final, *handlers = step.arms
        # code that is no step (a subscript, a call not followed) may raise
        # before the first step
        for handler in handlers:
            yield from _paths(handler, dirty, found, memo)
        yield "raise", dirty
        for how, after in _paths(body, dirty, found, memo):
            if how == "raise":
                for handler in handlers:
                    yield from _paths(handler, after, found, memo)
                yield "raise", after  # a type no handler catches
            elif how == "normal":
                yield from _paths(orelse, after, found, memo)
            else:
                yield how, after


def _loop(
    step: Step, dirty: bool, found: set[int], memo: _Memo, turns: int
) -> frozenset[tuple[str, bool]]:
    key = ("loop", id(step), turns, dirty)
    if key in memo:
        return memo[key]
    body, orelse = step.arms
    out: set[tuple[str, bool]] = set()
    if step.what != "always":
        out |= _paths(orelse, dirty, found, memo)  # the test is false now
    if turns < _TURNS:
        for how, after in _paths(body, dirty, found, memo):
            if how == "break":
                out.add(("normal", after))
            elif how in ("normal", "continue"):
                out |= _loop(step, after, found, memo, turns + 1)
            else:
                out.add((how, after))
    memo[key] = ends = frozenset(out)
    return ends


def _enumerated(steps: list[Step]) -> set[int]:
    """The lines of the effects some path reaches dirty: every path, each
    block and loop turn enumerated once per way in (clean or dirty)."""
    found: set[int] = set()
    _paths(steps, False, found, {})
    return found


# -- the walk -------------------------------------------------------------------


def _walked(steps: list[Step]) -> set[int]:
    summary = FunctionSummary(
        name="T.execute", line=1, params=["self"], bound=True, is_async=True, flow=steps
    )
    facts = ModuleFacts(path="tools/t.py", module="tools.t", summaries=[summary])
    flow = Flow(facts, summary, True)
    pacer = Pacer(lambda target: None, lambda cls, name: flow if name == "execute" else None)
    tool = ToolFacts(name="t", class_name="T", execute=ExecuteFacts(is_async=True, line=1))
    return {e.line for e in pacer.apply(tool, facts).exposures}


@settings(max_examples=400, deadline=None)
@given(_steps(3, False, False))
def test_the_walk_finds_what_every_path_shows(steps: list[Step]) -> None:
    assert _walked(steps) == _enumerated(steps)


def test_a_loop_that_turns_once_more_reaches_its_own_effect() -> None:
    sleep = _effect()
    steps = [Step("loop", arms=[[sleep], []])]
    assert _walked(steps) == _enumerated(steps) == {sleep.line}
