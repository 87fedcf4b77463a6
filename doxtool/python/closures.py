"""Code that runs where it is called or on some passes only, in the walk of a
tool (part of :class:`~doxtool.python.toolscan.ToolScan`): a nested
function's body, a loop's body.

A nested function (``def render(body): return self.args["template"]...``)
runs when it is called, not where it stands: its body is walked at each call
by its bare name (``render(text)``), under what is known there (the guards,
the branch of a dispatch, the ``if`` not about the arguments), as a method's
body is at ``self._render(text)``. One named other than as the callee of a
call (handed on as a callback, returned, decorated into a registry) or never
called may run on any call or none: its body is walked where it stands, as
run on some calls only, and so is one only a call the walk never meets
reaches. A lambda's body is an expression evaluated on some calls only. The
parameters of either are its own names: one that has the name of an
arguments dict is not that dict in it.

A loop's body runs once per item, maybe no time (``for name in
self.args.get("highlight", [])``): it is walked as run on some calls only,
unless the loop runs over a literal that is not empty (``for key in ("a",
"b")``) or is ``while True``. (The ``ast`` walk of a helper follows the same
rules: :mod:`~doxtool.python.astclosures`.)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import libcst as cst

from doxtool.core.literaleval import literal_eval
from doxtool.python.accessors import accessor_read, held_defaults
from doxtool.python.callfallbacks import past_fallback
from doxtool.python.closureparams import call_bindings, passed_locals, restore, shadow
from doxtool.python.cstnodes import child_nodes, parameter_names, suite_body
from doxtool.python.ownkeys import shadowed_keys
from doxtool.python.walkstate import Env

#: literal containers: a loop over one with an element runs at least once
_CONTAINERS = (cst.Tuple, cst.List, cst.Set)


class Called:
    """A mark on the expression walk's stack: the nested function's body
    runs here, after the call's arguments are evaluated (``call``)."""

    __slots__ = ("call", "node")

    def __init__(self, node: cst.FunctionDef, call: cst.Call | None = None) -> None:
        self.node = node
        self.call = call


class ClosureWalk:
    """Nested functions and loop bodies: a part of :class:`~doxtool.python.toolscan.ToolScan`."""

    _stmts: Callable[..., None]
    _expr: Callable[..., None]
    _unordered: Callable[[Callable[[], None]], None]
    _key: Callable[..., object]
    _literal_key: Callable[[cst.BaseExpression], str | None]

    def _closure(self, node: cst.FunctionDef, env: Env) -> None:
        """At a nested ``def``: walked at its calls, or here as run on some calls only."""
        name = node.name.value
        env.closures[name] = node
        if not called_only(env.func.node, name):
            self._closure_body(node, env, some_calls=True)

    def _closure_body(
        self, node: cst.FunctionDef, env: Env, some_calls: bool, call: cst.Call | None = None
    ) -> None:
        """Walk a nested function's body: at a call (``some_calls`` False),
        under what the call's place knows; else as run on some calls only.
        A call inside its own body (recursion) walks nothing more. A
        parameter the call hands a literal key (``arg("limit")`` of ``def
        arg(name): return self.args.get(name)``), or whose literal default
        it leaves, holds that key in the body; any other is its own name."""
        key = id(node)
        if env.closure_walks.get(key):
            return
        env.closure_walks[key] = True
        outer_keys = env.keys
        env.keys = {
            name: value for name, value in outer_keys.items() if name not in _param_names(node)
        }
        outer_defaults = env.held_defaults
        env.held_defaults = {}
        if call is not None:
            env.keys.update(self._passed_keys(node, call, env))
            env.held_defaults = {
                param: literal
                for param, held in held_defaults(node, call).items()
                # ``arg("n") or 5`` (:func:`~doxtool.python.callfallbacks.past_fallback`)
                if (
                    literal := past_fallback(
                        held,
                        self.or_call_fallbacks.get(id(call)),  # type: ignore[attr-defined]
                        self._value,  # type: ignore[attr-defined]
                        self.or_fallback_nodes,  # type: ignore[attr-defined]
                    )
                )
                is not None
            }
        # its parameters are its own names (:mod:`~doxtool.python.closureparams`)
        passed = passed_locals(node, call, env) if call is not None else None
        params_saved = shadow(env, _param_names(node), passed)
        # what it returns is not what the enclosing function returns; a test
        # it makes is none of the enclosing ``if``'s
        collect, env.collect_outcomes = env.collect_outcomes, False
        closed, env.closed = env.closed, False
        stmt = env.stmt
        shadowed = env.dicts & _param_names(node)
        env.dicts -= shadowed
        own_keys = env.own_keys
        env.own_keys -= shadowed_keys(node, env)
        if some_calls:
            env.undecided.append(set())
        try:
            walk = lambda: self._stmts(suite_body(node.body), env)  # noqa: E731
            self._unordered(walk) if some_calls else walk()
        finally:
            if some_calls:
                env.undecided.pop()
            env.dicts |= shadowed
            env.own_keys = own_keys
            env.keys = outer_keys
            env.held_defaults = outer_defaults
            restore(env, params_saved)
            env.stmt = stmt
            env.closed = closed
            env.collect_outcomes = collect
            env.closure_walks[key] = False

    def _accessor_argument(self, call: cst.Call, env: Env) -> str | None:
        """The argument a call of a nested function that only returns a read
        of the key a parameter holds stands for (``to = arg("to")`` of ``def
        arg(name, default=None): return self.args.get(name, default)``), as
        the read itself would (:mod:`~doxtool.python.accessors`)."""
        node = env.closures.get(call.func.value) if type(call.func) is cst.Name else None
        read = accessor_read(node) if node is not None else None
        if node is None or read is None:
            return None
        own = _param_names(node)
        keys, loop_keys = env.keys, env.loop_keys
        env.keys = {n: v for n, v in keys.items() if n not in own}
        env.keys.update(self._passed_keys(node, call, env))
        env.loop_keys = {n: v for n, v in loop_keys.items() if n not in own}
        shadowed = env.dicts & own
        env.dicts -= shadowed
        own_keys = env.own_keys
        env.own_keys -= shadowed_keys(node, env)
        try:
            return self._arg_of(read, env)  # type: ignore[attr-defined,no-any-return]
        finally:
            env.keys, env.loop_keys = keys, loop_keys
            env.dicts |= shadowed
            env.own_keys = own_keys

    def _passed_keys(self, node: cst.FunctionDef, call: cst.Call, env: Env) -> dict[str, str]:
        """The nested function's parameters the call binds to a literal key
        (a string, or a name the walk knows holds one), by position or by
        keyword, and those it leaves at a literal default; none when the
        call hands ``*`` or ``**`` values (where they land is not known)."""
        bindings = call_bindings(node, call)
        if bindings is None:
            return {}
        handed, left = bindings
        found: dict[str, str] = {}
        for name, value in handed.items():
            key = self._key(value, env)
            if isinstance(key, str):
                found[name] = key
        for param in left:
            if param.default is not None:
                default = self._literal_key(param.default)
                if default is not None:
                    found[param.name.value] = default
        return found

    def _lambda(self, node: cst.Lambda, env: Env) -> None:
        """A lambda's body: evaluated when called, if ever; its parameters are its own names."""
        shadowed = env.dicts & _param_names(node)
        env.dicts -= shadowed
        own_keys = env.own_keys
        env.own_keys -= shadowed_keys(node, env)
        params_saved = shadow(env, _param_names(node))
        try:
            self._expr((node.body, frozenset(), frozenset()), env)
            self._escaped(node.body, env)  # type: ignore[attr-defined]  # ``lambda: self.args``
        finally:
            env.dicts |= shadowed
            env.own_keys = own_keys
            restore(env, params_saved)

    def _closures_left(self, env: Env) -> None:
        """After a function's body: a nested function no call the walk met
        reaches (called inside a nested class, a decorator) as run on some calls only."""
        for node in list(env.closures.values()):
            if id(node) not in env.closure_walks:
                self._closure_body(node, env, some_calls=True)

    def _on_error(self, body: Sequence[cst.BaseStatement], env: Env) -> None:
        """An ``except`` handler's body: run when the ``try``'s body raises,
        which may hang on an argument's value (``float(self.args["x"])``): a
        read there is needed on some calls only, and a default read
        elsewhere still holds."""
        env.on_error += 1
        try:
            self._stmts(body, env)
        finally:
            env.on_error -= 1

    def _loop_body(self, body: Sequence[cst.BaseStatement], env: Env, runs: bool) -> None:
        """A loop's body: walked as it stands when the loop runs at least
        once (``runs``), else as run on some calls only."""
        if runs:
            self._stmts(body, env)
            return
        env.undecided.append(set())
        try:
            self._stmts(body, env)
        finally:
            env.undecided.pop()


def called_only(scope: cst.CSTNode, name: str) -> bool:
    """Whether ``name`` is used in ``scope`` only as the callee of calls
    (``name(...)``), at least once: not handed on, returned, rebound or
    deleted. Attribute names, keywords and parameters of that name are no
    uses (a parameter's shadowing is not told apart: taken as a use)."""
    calls = 0
    todo: list[cst.CSTNode] = [scope]
    while todo:
        node = todo.pop()
        kind = type(node)
        if kind is cst.Name:
            if node.value == name:  # type: ignore[attr-defined]
                return False
            continue
        if kind is cst.Call and type(node.func) is cst.Name:  # type: ignore[attr-defined]
            if node.func.value == name:  # type: ignore[attr-defined]
                calls += 1
            todo.extend(node.args)  # type: ignore[attr-defined]
            continue
        if kind is cst.Attribute:
            todo.append(node.value)  # type: ignore[attr-defined]
            continue
        if kind is cst.Arg:
            todo.append(node.value)  # type: ignore[attr-defined]
            continue
        if kind in (cst.FunctionDef, cst.ClassDef):
            # its own name binds it (the ``def`` itself is no use)
            todo.extend(c for c in child_nodes(node) if c is not node.name)  # type: ignore[attr-defined]
            continue
        if kind is cst.Param:
            todo.extend(c for c in child_nodes(node) if c is not node.name)  # type: ignore[attr-defined]
            continue
        todo.extend(child_nodes(node))
    return calls > 0


def nonempty_literal(node: cst.BaseExpression) -> bool:
    """A literal tuple, list or set with an element that is not starred: a
    loop over it runs at least once."""
    return type(node) in _CONTAINERS and any(
        type(e) is cst.Element
        for e in node.elements  # type: ignore[attr-defined]
    )


def always_true(test: cst.BaseExpression) -> bool:
    """``while True:`` / ``while 1:``: the body runs at least once."""
    if type(test) is cst.Name:
        return test.value == "True"
    if type(test) is cst.Integer:
        return literal_eval(test.value) != 0  # libcst's own leaves a cycle
    return False


def _param_names(node: cst.FunctionDef | cst.Lambda) -> set[str]:
    return parameter_names(node.params)
