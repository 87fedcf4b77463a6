"""Code that runs where it is called or on some passes only, in the ``ast``
walk of a helper (part of :class:`~doxtool.python.functionwalk.FunctionWalk`):
a nested function's body, a lambda's, a loop's. The rules are the libcst
walk's (:mod:`~doxtool.python.closures`): a nested function is walked at each
call by its bare name, under what is known there; one named otherwise, or
never called, where it stands as run on some calls only; a lambda's body as
an expression evaluated on some calls only; a loop's body as run on some
calls only unless the loop is over a literal with an element or ``while
True`` (over literal keys, once per key: :mod:`~doxtool.python.loopkeys`).
Parameters of a nested function or a lambda that have the name of a handed
dict are not that dict inside it. Imports no libcst.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from typing import Any

from doxtool.python.astbranches import nonempty_literal
from doxtool.python.astclosureparams import handed_names, own_conversions, parameter_names
from doxtool.python.astparse import parameter_defaults
from doxtool.python.astreach import terminates
from doxtool.python.astwalk import walk
from doxtool.python.triedimports import kept_tried_ast_imports

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef


class AstCalled:
    """A mark on the expression walk's stack: the nested function's body
    runs here, after the call's arguments are evaluated (``call``)."""

    __slots__ = ("call", "node")

    def __init__(self, node: FunctionNode, call: ast.Call | None = None) -> None:
        self.node = node
        self.call = call


class AstClosures:
    """Nested functions, lambdas and loop bodies: a part of
    :class:`~doxtool.python.functionwalk.FunctionWalk`."""

    node: FunctionNode
    sources: set[str]
    undecided: list[list[Any]]
    on_error: int
    loop_keys: dict[str, str]
    _stmts: Callable[[Sequence[ast.stmt]], None]
    _expr: Callable[[Any], None]
    _literal_keys: Callable[[ast.expr], list[str]]
    _key: Callable[[ast.expr], str | None]
    owner: Any  # the :class:`~doxtool.python.summaryscope.ModuleScope`
    names: dict[str, str]
    #: nested functions by name; id of each one walked -> whether its walk is under way
    closures: dict[str, FunctionNode]
    closure_walks: dict[int, bool]
    coerced_names: list[tuple[str, str]]

    def _closure(self, node: FunctionNode) -> None:
        """At a nested ``def``: walked at its calls, or here as run on some calls only."""
        self.closures[node.name] = node
        if not called_only(self.node, node.name):
            self._closure_body(node, some_calls=True)

    def _closure_called(self, call: ast.Call) -> AstCalled | None:
        """The mark for a call of a nested function by its bare name, if it is one."""
        if not self.closures or type(call.func) is not ast.Name:
            return None
        node = self.closures.get(call.func.id)
        return None if node is None else AstCalled(node, call)

    def _closure_body(
        self, node: FunctionNode, some_calls: bool, call: ast.Call | None = None
    ) -> None:
        """Walk a nested function's body: at a call (``some_calls`` False),
        under what the call's place knows; else as run on some calls only. A
        call inside its own body (recursion) walks nothing more. A parameter
        the call hands a literal key, or leaves at a literal default, holds
        that key in the body (:meth:`_passed_keys`)."""
        walks = self.closure_walks
        if walks.get(id(node)):
            return
        walks[id(node)] = True
        params = _param_names(node.args)
        mark = len(self.coerced_names)
        outer_keys = self.loop_keys
        self.loop_keys = {name: key for name, key in outer_keys.items() if name not in params}
        if call is not None:
            self.loop_keys.update(self._passed_keys(node.args, call))
        shadowed = self.sources & params
        self.sources -= shadowed
        if some_calls:
            self.undecided.append([])
        try:
            self._stmts(node.body)
        finally:
            if some_calls:
                self.undecided.pop()
            self.sources |= shadowed
            self.loop_keys = outer_keys
            walks[id(node)] = False
            # its parameters are its own names (:mod:`.astclosureparams`)
            handed = handed_names(node.args, call) if call is not None else None
            self.coerced_names = own_conversions(self.coerced_names, mark, params, handed)

    def _passed_keys(self, params: ast.arguments, call: ast.Call) -> dict[str, str]:
        """The nested function's parameters ``call`` binds to a literal key
        (a string, or a name the walk knows holds one), by position or by
        keyword, and those it leaves at a literal default (a string, or a
        module's constant); none when the call hands ``*`` or ``**`` values."""
        if any(isinstance(a, ast.Starred) for a in call.args) or any(
            k.arg is None for k in call.keywords
        ):
            return {}
        positional = [*params.posonlyargs, *params.args]
        bound = [(p.arg, v) for p, v in zip(positional, call.args, strict=False)]
        named = {p.arg for p in (*positional, *params.kwonlyargs)}
        # a keyword a ``**`` parameter takes holds no name
        bound += [(k.arg, k.value) for k in call.keywords if k.arg in named]
        found = {name: key for name, value in bound if (key := self._key(value)) is not None}
        filled = {name for name, _ in bound}
        for param, default in parameter_defaults(params):
            if default is not None and param.arg not in filled:
                key = _literal_key(default, self.owner.constants)
                if key is not None:
                    found[param.arg] = key
        return found

    def _closures_left(self) -> None:
        """After the body: a nested function no call the walk met reaches, as
        run on some calls only."""
        for node in list(self.closures.values()):
            if id(node) not in self.closure_walks:
                self._closure_body(node, some_calls=True)

    def _lambda(self, node: ast.Lambda) -> None:
        """A lambda's body: evaluated when called, if ever; its parameters are its own names."""
        params = _param_names(node.args)
        shadowed = self.sources & params
        self.sources -= shadowed
        mark = len(self.coerced_names)
        try:
            self._expr((node.body, frozenset(), frozenset()))
            self._escaped(node.body)  # type: ignore[attr-defined]  # ``lambda: args``
        finally:
            self.sources |= shadowed
            self.coerced_names = own_conversions(self.coerced_names, mark, params)

    def _loop(self, stmt: ast.For | ast.AsyncFor | ast.While) -> None:
        """A loop: its body walked once per literal key it runs over
        (:mod:`~doxtool.python.loopkeys`), else once, as run on some calls
        only unless the loop runs at least once; then its ``else``."""
        if isinstance(stmt, ast.While):
            self._expr(stmt.test)
            self._loop_body(stmt.body, always_true(stmt.test))
            self._stmts(stmt.orelse)
            return
        self._expr(stmt.iter)
        self._escaped(stmt.iter)  # type: ignore[attr-defined]  # ``for key in args``: every key
        keys = self._literal_keys(stmt.iter)
        if isinstance(stmt.target, ast.Name) and keys:
            self._check_loop(stmt)  # type: ignore[attr-defined]  # its checks, once per key
            name = stmt.target.id
            for key in keys:
                self.loop_keys[name] = key
                self._stmts(stmt.body)
            self.loop_keys.pop(name, None)
        else:
            self._loop_body(stmt.body, bool(keys) or nonempty_literal(stmt.iter))
        self._stmts(stmt.orelse)

    def _handlers_and_else(self, stmt: ast.Try) -> None:
        """A ``try``'s handlers, run when its body raises, and its ``else``,
        skipped when a handler recovers: reads there are needed on some
        calls only (:attr:`~doxtool.core.summary_facts.KeyRead.on_error`)."""
        self.on_error += 1
        for handler in stmt.handlers:
            self._stmts(handler.body)
        # the import of the body that holds over a handler's (:mod:`.triedimports`)
        kept_tried_ast_imports(stmt, self.owner.bind, self.owner.local_roots, self.names)
        recovers = not all(terminates(h.body) for h in stmt.handlers)
        self.on_error += recovers - 1
        try:
            self._stmts(stmt.orelse)
        finally:
            self.on_error -= recovers

    def _loop_body(self, body: Sequence[ast.stmt], runs: bool) -> None:
        """A loop's body: walked as it stands when the loop runs at least
        once (``runs``), else as run on some calls only."""
        if runs:
            self._stmts(body)
            return
        self.undecided.append([])
        try:
            self._stmts(body)
        finally:
            self.undecided.pop()


def called_only(scope: ast.AST, name: str) -> bool:
    """Whether ``name`` is used in ``scope`` only as the callee of calls
    (``name(...)``), at least once: not handed on, returned, rebound or deleted."""
    nodes = walk(scope)
    callees = {
        id(n.func)
        for n in nodes
        if type(n) is ast.Call and type(n.func) is ast.Name and n.func.id == name
    }
    uses = [n for n in nodes if type(n) is ast.Name and n.id == name]
    return bool(callees) and all(id(n) in callees for n in uses)


def always_true(test: ast.expr) -> bool:
    """``while True:`` / ``while 1:``: the body runs at least once."""
    if type(test) is not ast.Constant:
        return False
    return test.value is True or (type(test.value) is int and test.value != 0)


def _param_names(args: ast.arguments) -> set[str]:
    return parameter_names(args)


def _literal_key(node: ast.expr, constants: dict[str, object]) -> str | None:
    """The string a parameter's default is: a literal, or a module's constant bound to one."""
    if isinstance(node, ast.Constant):
        return node.value if isinstance(node.value, str) else None
    if isinstance(node, ast.Name):
        value = constants.get(node.id)
        return value if isinstance(value, str) else None
    return None
