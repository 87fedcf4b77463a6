"""Names an ``if`` binds on some of its arms only (part of
:class:`~doxtool.python.toolscan.ToolScan`).

The walk is linear: past ``items = []`` then ``if cfg: items =
self.args.get("items")``, the name stands for the read, though on the calls
that skip the branch it holds the earlier value. A check of it past the
``if`` (``if not items: return Response(...)``) refuses what a missing key
gives on the calls that take the branch only: it needs the argument on some
calls (``required or optional``), as a check in a branch of a dispatch
does. The other way round, ``items = self.args.get("items")`` then ``if
cfg: items = []``: on the calls that skip the branch the name still holds
the read, so a check past it is again one that runs on some calls only
(unless the ``if`` tests the name itself, ``if not items: items = [...]``,
a fallback for a missing value: :mod:`~doxtool.python.fallbacks`, or in a
way what a missing key leaves in it decides; a test of it that value does
not decide, ``if name.startswith("*"): name = name[1:]``, is as one not
about it). A name
every arm binds (an ``if`` with an ``else``) holds what the arm taken gave.
Where the calls that skip the binding hold a literal the check refuses as
well (``items = []`` before ``if isinstance(value, list): items = value``),
the check refuses a missing key on every call. A branch that remakes the
value on calls a missing key does not take (``if isinstance(items, str):
items = json.loads(items)``) leaves the ``None`` it gives in the name: a
check past it that refuses ``None`` (``if not isinstance(items, list)``)
refuses a missing key.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import libcst as cst

from doxtool.python.checktests import negative
from doxtool.python.controlflow import terminates
from doxtool.python.cstnodes import child_nodes, suite_body
from doxtool.python.keyaggregates import READ_ONLY_CALLS
from doxtool.python.literals import literal_value
from doxtool.python.ownparams import own_params
from doxtool.python.readforms import CALLED, FILLING_METHODS, KEEPING_METHODS, REFUSALS
from doxtool.python.replacements import KNOWN, UNKNOWN, evaluate, replaced
from doxtool.python.samearms import made_of_name
from doxtool.python.walkstate import Env

#: what an arm bound a name to: several values (an ``if`` inside the arm
#: binding it on some of its own arms, or to different arguments)
MIXED = object()
#: the arm does not bind the name: it holds what it held before the ``if``
_KEPT = object()
#: what a missing key gives a name, not known
_NOT_KNOWN: tuple[bool, Any] = (False, None)


class _Partial(NamedTuple):
    """An ``if`` inside the arm bound the name to ``arg`` on some of its
    arms; on the others it holds the literal before it, when ``known``."""

    arg: str
    known: bool
    literal: Any


#: what :meth:`PartialBindings._bindings_begin` saves for the end of the ``if``
Saved = tuple[
    dict[str, str],
    dict[str, tuple[str, Any]],
    dict[str, tuple[str, Any]],
    dict[str, Any],
    dict[str, tuple[str, Any] | None],
    dict[str, object],
    dict[str, str] | None,
]


class PartialBindings:
    """Names bound on some arms of an ``if``: part of :class:`~doxtool.python.toolscan.ToolScan`."""

    def _note_binding(
        self, name: str, arg: str | None, value: cst.BaseExpression, env: Env
    ) -> None:
        """``name = value`` in the arm walked (``arg``: the argument it stands for)."""
        env.bound[name] = arg
        env.bound_missing[name] = self.read_missing.get(id(value)) if arg else None  # type: ignore[attr-defined]
        env.var_missing_either.pop(name, None)
        env.var_partial.pop(name, None)
        env.var_also.pop(name, None)
        carried = self._carried_missing(name, value, env)
        env.var_missing_only.pop(name, None)
        env.var_kept_some.pop(name, None)
        if carried is not None:
            env.var_missing_only[name] = carried
        known, literal = self._value(value) if arg is None else (False, None)  # type: ignore[attr-defined]
        if known:
            env.var_literals[name] = literal
        else:
            env.var_literals.pop(name, None)

    def _carried_missing(
        self, name: str, value: cst.BaseExpression, env: Env
    ) -> tuple[str, Any] | None:
        """``content = str(content)`` outside any arm, ``content`` holding
        what a missing key left in it (``if content is None: content = ""``
        before): what the conversion makes of that value, which the name
        then holds when the key is missing."""
        held = env.var_missing_only.get(name)
        if held is None or env.arm_base is not None or made_of_name(value) != name:
            return None
        outcome = evaluate(self._shapes(), value, name, held[1])  # type: ignore[attr-defined]
        return None if outcome.kind == UNKNOWN else (held[0], outcome.value)

    def _bindings_begin(self, env: Env) -> Saved:
        """Start an ``if``: what names stand for before it, and the names
        bound so far in the arm around it."""
        # what names stand for before it: the linear walk has the bindings of
        # the arms before this one's; the arms around it start from their own
        if env.arm_base is None:
            before = dict(env.var_args)
        else:
            before = dict(env.arm_base)
            for name, value in env.bound.items():
                if type(value) is str:
                    before[name] = value
                elif value is None or name not in env.var_args:
                    before.pop(name, None)
                else:
                    before[name] = env.var_args[name]
        saved = (
            before,
            dict(env.var_missing),
            dict(env.var_rebound),
            dict(env.var_literals),
            env.bound_missing,
            env.bound,
            env.arm_base,
        )
        env.bound, env.arm_base, env.bound_missing = {}, before, {}
        env.arms_missing.append([])
        return saved

    def _arm_bound(
        self, arm: cst.If | cst.Else, saved: Saved, env: Env
    ) -> dict[str, object] | None:
        """What the arm just walked bound names to (None: the arm leaves the
        function, its bindings reach nothing past the ``if``; an ``elif``
        gives what the arms of its own bind); the next arm starts afresh."""
        bound, env.bound = env.bound, {}
        missing, env.bound_missing = env.bound_missing, {}
        env.var_literals = dict(saved[3])  # each arm starts from what was before the ``if``
        leaves = type(arm) is not cst.If and terminates(suite_body(arm.body))
        env.arms_missing[-1].append(None if leaves else missing)
        return None if leaves else bound

    def _bindings_end(
        self,
        stmt: cst.If,
        saved: Saved,
        arms: list[dict[str, object] | None],
        env: Env,
    ) -> None:
        """End an ``if`` whose arms (with the calls that skip it, when there
        is no ``else``) bound ``arms``: a name bound on some of the arms that
        go on stands for its argument on some calls only
        (:mod:`module doc <doxtool.python.partialbinds>`)."""
        outer, env.arm_base = saved[-2:]
        env.bound_missing = saved[4]
        arms_missing = [m for m in env.arms_missing.pop() if m is not None]
        going = [arm for arm in arms if arm is not None]
        leaves = len(going) < len(arms)
        if stmt.orelse is None:
            going.append({})  # the calls that skip the ``if``
        merged: dict[str, object] = {}
        for name in set().union(*going):
            values = [arm.get(name, _KEPT) for arm in going]
            several = len({_key(v) for v in values}) > 1
            merged[name] = MIXED if several else values[0]
            # an arm that leaves: past the ``if``, as the walk had it
            if several and not leaves:
                merged[name] = self._bound_on_some(stmt, name, values, saved, env)
            elif values[0] is None and not leaves and name not in env.var_args:
                # every arm binds it to no argument: the one a missing key takes decides
                held = saved[1].get(name) or saved[2].get(name)
                self._left_by_missing(stmt, name, saved[0].get(name), held, env)
        env.bound = {**outer, **merged}
        for name in merged:
            env.var_literals.pop(name, None)
            env.bound_missing[name] = None
            if type(merged[name]) is str and stmt.orelse is not None:
                self._missing_either(name, [arm.get(name) for arm in arms_missing], env)

    def _missing_either(self, name: str, held: list[tuple[str, Any] | None], env: Env) -> None:
        """Every arm that goes on bound ``name`` to a read of one argument,
        giving the values ``held`` for a missing key (``if a: items =
        args.get("x")``, ``else: items = args.get("x", [])``): past the
        ``if`` it holds one of them, on the calls taking its arm."""
        values = [h[1] for h in held if h is not None]
        if len(values) < len(held) or len({h[0] for h in held if h is not None}) != 1:
            return
        if len({repr(v) for v in values}) > 1:
            env.var_missing_either[name] = (held[0][0], tuple(values))  # type: ignore[index]

    def _bound_on_some(
        self, stmt: cst.If, name: str, values: list[object], saved: Saved, env: Env
    ) -> object:
        """``name``, bound to ``values`` on the arms (:data:`_KEPT` where an
        arm leaves it), stands for an argument on some calls only; what the
        ``if`` bound it to, for the arm around it."""
        args, missing, rebound, literals = saved[:4]
        after, before = env.var_args.get(name), args.get(name)
        if after is not None and after != before:
            presence = self._presence_arms(stmt, env)  # type: ignore[attr-defined]
            if name in env.var_groups or (presence is not None and presence[0] == after):
                return MIXED  # a fallback, or ``if "k" in args: x = args["k"]``
            # what the other calls hold: the literal before the ``if``, when
            # every arm that binds it binds this argument
            literal = literals.get(name)
            kept = name in literals and all(
                v is _KEPT or v == after or v == _Partial(after, True, literal) for v in values
            )
            env.var_partial[name] = (kept, literal)
            if before is not None and any(v is _KEPT or v == before for v in values):
                # ``name = args.get("name", "")``, then ``if self.method ==
                # "alias": name = args.get("alias", "")``: on the calls that
                # skip the arm, ``name`` still holds what it held before
                held = missing.get(name) or rebound.get(name)
                kept_missing = all(v is _KEPT or v == after for v in values)
                known_missing = kept_missing and held is not None and held[0] == before
                env.var_also[name] = {before: (True, held[1]) if known_missing else _NOT_KNOWN}
            return _Partial(after, kept, literal)
        others = {v for v in values if type(v) is str and v != after}
        if after is not None and others:
            # ``if a: name = args.get("other")`` / ``else: name = name.strip()``:
            # each argument on the calls taking its arm
            env.var_partial[name] = (False, None)
            env.var_also[name] = dict.fromkeys(others, _NOT_KNOWN)
            return MIXED
        held = missing.get(name) or rebound.get(name) or self._parameter_missing(name, before, env)
        # a test of the name that the value a missing key gives does not
        # decide (``if name.startswith("*"): name = name[1:]``) is as one
        # not about it: the calls that skip the branch may be those
        if (
            after is None
            and before is not None
            and (name not in _names_in(stmt.test) or self._missing_arm_unknown(stmt, name, held))
        ):
            env.var_args[name] = before
            if held is not None:
                env.var_missing[name] = held
            env.var_partial[name] = (False, None)
        elif after is None:
            self._left_by_missing(stmt, name, before, held, env)
            if before is not None:
                env.var_kept_some[name] = before  # the calls that skip the arm
        return MIXED

    def _parameter_missing(self, name: str, before: str | None, env: Env) -> tuple[str, Any] | None:
        """(argument, default) of ``name`` still standing for the parameter of
        ``execute`` whose literal default a missing key gives it
        (``execute(self, table: str = "")``), as a plain read's would (not a
        helper's parameter, which holds what its caller hands it)."""
        if before != name or env.func is None or env.func is not self.entry:  # type: ignore[attr-defined]
            return None
        for param in own_params(env.func):
            if param.name.value == name and param.default is not None:
                known, value = literal_value(param.default, self.module)  # type: ignore[attr-defined]
                return (name, value) if known else None
        return None

    def _missing_arm_unknown(self, stmt: cst.If, name: str, held: tuple[str, Any] | None) -> bool:
        """Whether which arm of ``stmt`` a missing key takes is not known, the
        test being no fallback's (``if not items``, ``if x is None``, which
        :meth:`_left_by_missing` reads): what a missing key leaves in
        ``name`` (``held``) is not known, or does not decide the test
        (``if name.startswith("*")``)."""
        if negative(stmt.test):
            return False
        if held is None:
            return True
        return evaluate(self._shapes(), stmt.test, name, held[1]).kind == UNKNOWN  # type: ignore[attr-defined]

    def _left_by_missing(
        self,
        stmt: cst.If,
        name: str,
        before: str | None,
        held: tuple[str, Any] | None,
        env: Env,
    ) -> None:
        """``name`` held ``held`` (what a missing ``before`` gives) before
        ``stmt``, which binds it to no argument on some arms (``if not items:
        items = []``) or on all (``else: items = items.split(",")``): what it
        holds past the ``if`` when the key is missing, where the test decides
        the arm a missing key takes."""
        if held is None or held[0] != before:
            return
        left = self._missing_left(stmt, name, held[1])
        if left is not None and not changed_in_place(left[0], env, name):
            env.var_missing_only[name] = (held[0], left[0])

    def _missing_left(self, stmt: cst.If, name: str, held: Any) -> tuple[Any] | None:
        """What ``name``, holding ``held`` (what a missing key gives), holds
        past ``stmt``, when known: ``if isinstance(items, str): items =
        json.loads(items)`` is not taken, and the ``None`` stays; ``if not
        items: items = []`` is, and replaces it with the literal (a check
        past it judges ``[]``, as one of ``args.get("items") or []`` does)."""
        shapes = self._shapes()  # type: ignore[attr-defined]
        decided = evaluate(shapes, stmt.test, name, held)
        if decided.kind == UNKNOWN:
            return None
        if not decided.value and stmt.orelse is None:
            return (held,)
        # (a truthy value is one a caller may pass: :func:`replaced` keeps it)
        outcome = replaced(shapes, [stmt], name, held) if not held else None
        return (outcome.value,) if outcome is not None and outcome.kind == KNOWN else None

    def _missing_refused(self, test: cst.BaseExpression, env: Env) -> set[str]:
        """The arguments whose missing key leaves a name ``test`` is true
        of, where that name stands for no argument otherwise (a value made
        of the argument's by a branch a missing key does not take)."""
        found: set[str] = set()
        for name in _names_in(test):
            held = env.var_missing_only.get(name)
            if held is None or name in env.var_args:
                continue
            outcome = evaluate(self._shapes(), test, name, held[1])  # type: ignore[attr-defined]
            if outcome.kind != UNKNOWN and outcome.value:
                found.add(held[0])
        return found

    def _also_args(
        self, test: cst.BaseExpression, env: Env
    ) -> dict[str, dict[str, tuple[bool, Any]]]:
        """The argument each name in ``test`` stands for on some calls ->
        the others it stands for on the rest (:attr:`~doxtool.python.walkstate.Env.var_also`)."""
        return {
            env.var_args[name]: env.var_also[name]
            for name in _names_in(test)
            if name in env.var_also and name in env.var_args
        }

    def _refused_on_some(
        self, arg: str, refusal: str, also: dict[str, dict[str, tuple[bool, Any]]]
    ) -> None:
        """A check refuses ``refusal`` of a name standing for ``arg`` on some
        calls, and for the arguments of ``also`` on others; where what a
        missing key left in the name there is known and refused, a missing
        key is refused on those calls."""
        for refused in (arg, *also.get(arg, ())):
            self._arg(refused).branch_refusals.add(refusal)  # type: ignore[attr-defined]
        for other, (known, held) in also.get(arg, {}).items():
            if known and refusal != CALLED and REFUSALS[refusal](held):
                self._arg(other).branch_refusals.add("missing")  # type: ignore[attr-defined]

    def _partial_args(self, test: cst.BaseExpression, env: Env) -> set[str]:
        """The arguments the names in ``test`` stand for on some calls
        only, unless the test is true on the others (the literal a name
        holds there is refused as well: ``if not items`` of ``[]``)."""
        found: set[str] = set()
        for name in _names_in(test):
            if name not in env.var_partial or name not in env.var_args:
                continue
            known, value = env.var_partial[name]
            outcome = evaluate(self._shapes(), test, name, value) if known else None  # type: ignore[attr-defined]
            if outcome is None or outcome.kind == UNKNOWN or not outcome.value:
                found.add(env.var_args[name])
        return found

    def _branch_missing_refused(self, test: cst.BaseExpression, recovered: bool, env: Env) -> None:
        """A check on some calls only (in a branch of a dispatch, in a method a
        dispatch calls) of a name made of an argument's value by a branch a
        missing key skips (``if isinstance(steps, str): steps = steps.split(",")``,
        then ``if not steps: return Response(error)``): it refuses a missing key
        on those calls, as the same check on every call does on all."""
        for name in self._missing_refused(test, env):
            if env.known_present(name):
                continue
            if recovered:
                self._arg(name).recovered.add("missing")  # type: ignore[attr-defined]
                continue
            self._arg(name).branch_refusals.add("missing")  # type: ignore[attr-defined]
            self._arm_need(name, "refuses", env)  # type: ignore[attr-defined]


def changed_in_place(value: Any, env: Env, name: str) -> bool:
    """Whether the container ``value`` the name holds may be changed by a
    method of the name (``items.append("all")``), in place (``items +=
    ["all"]``), by a call handed it (``add_defaults(items)``, not ``len(items)``)
    or through another name bound to it: what a check past it sees is then
    not known."""
    if not isinstance(value, (list, dict, set)):
        return False
    filled = False

    def named(node: cst.CSTNode) -> bool:
        return type(node) is cst.Name and node.value == name

    class _Fills(cst.CSTVisitor):
        def visit_Attribute(self, node: cst.Attribute) -> None:
            nonlocal filled
            filled = filled or (named(node.value) and node.attr.value in FILLING_METHODS)

        def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
            nonlocal filled
            target = node.target
            filled = filled or (type(target) is cst.Subscript and named(target.value))

        def visit_AugAssign(self, node: cst.AugAssign) -> None:
            nonlocal filled
            filled = filled or named(node.target)

        def visit_Assign(self, node: cst.Assign) -> None:
            nonlocal filled
            filled = filled or named(node.value)

        def visit_Call(self, node: cst.Call) -> None:
            nonlocal filled
            func = node.func
            keeps = (type(func) is cst.Name and func.value in READ_ONLY_CALLS) or (
                type(func) is cst.Attribute and func.attr.value in KEEPING_METHODS
            )
            filled = filled or (not keeps and any(named(a.value) for a in node.args))

    env.func.node.visit(_Fills())
    return filled


def _key(value: object) -> object:
    """What tells an arm's binding apart: the argument, or the marker itself."""
    if type(value) is _Partial:
        return repr(value)  # (a literal may be a list: no hash)
    return value if type(value) is str else id(value)


def _names_in(node: cst.CSTNode) -> set[str]:
    """The names in ``node`` (not in lambdas), read from the nodes' fields
    (:func:`~doxtool.python.cstnodes.child_nodes`): a ``CSTVisitor`` would
    rebuild every node it passes."""
    found: set[str] = set()
    todo: list[cst.CSTNode] = [node]
    while todo:
        current = todo.pop()
        kind = type(current)
        if kind is cst.Name:
            found.add(current.value)  # type: ignore[attr-defined]
        elif kind is not cst.Lambda:
            todo.extend(child_nodes(current))
    return found
