"""Whether a ``return name`` can hand back the ``None`` the name was bound to.

``response = None``, then ``if a: response = Response(...)`` and ``elif b:
response = Response(...)`` with no ``else``: when neither test holds,
``return response`` returns ``None``. Told only where the code shows it:

- the path walked is the function's own blocks, ``if`` (an ``elif`` chain
  is one choice) and ``with``; a loop, a ``try`` or a ``match`` that binds
  the name or holds the ``return`` leaves it not known;
- every ``if`` along the path that binds the name, ends the path (``return``,
  ``raise``, a call that never returns) or holds the ``return`` is a choice
  the path makes, and so is a loop, ``try`` or ``match`` that may end it;
  more than one choice may be choices no call makes together (``if not a:
  return ...`` before ``if a: response = ...``), so only a path of at most one
  choice is told;
- a name bound in a way not read (``global``, ``nonlocal``, a star import)
  is not known, nor is a path past an ``assert`` (which may end it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import libcst as cst

from doxtool.python.bindings import Binding
from doxtool.python.controlflow import ending_call
from doxtool.python.cstnodes import child_nodes, is_kind, suite_body

#: whether a statement's call (``f(x)``, ``await f(x)``) never returns
Ends = Callable[[cst.BaseExpression], bool]

#: the choices a path may make and still be told
_MAX_CHOICES = 1


class _Unknown(Exception):
    """The path cannot be told."""


@dataclass(frozen=True)
class _State:
    """The fewest choices of a path that reaches a point (None: none does),
    and of one that reaches it with the name holding ``None``."""

    reach: int | None
    none: int | None

    def plus(self, choices: int) -> _State:
        return _State(
            None if self.reach is None else self.reach + choices,
            None if self.none is None else self.none + choices,
        )

    def join(self, other: _State) -> _State:
        return _State(_least(self.reach, other.reach), _least(self.none, other.none))


_GONE = _State(None, None)


def _least(a: int | None, b: int | None) -> int | None:
    if a is None:
        return b
    if b is None:
        return a
    return min(a, b)


def returns_bound_none(
    body: Sequence[cst.BaseStatement],
    ret: cst.Return,
    bindings: list[Binding] | None,
    ends: Ends | None = None,
) -> bool:
    """Whether ``ret`` (``return name``) returns ``None`` on a path of the
    function's ``body`` on which ``name`` was last bound to ``None``
    (``bindings``: every binding of the name in the function, None when
    they cannot be told)."""
    if not bindings:
        return False
    nones = {id(b.node) for b in bindings if type(b.value) is cst.Name and b.value.value == "None"}
    if not nones:
        return False
    walk = _Walk(ret, {id(b.node) for b in bindings}, nones, ends)
    try:
        walk.block(body, _State(0, None))
    except _Unknown:
        return False
    found = walk.found
    return found is not None and found <= _MAX_CHOICES


class _Walk:
    def __init__(
        self, ret: cst.Return, binds: set[int], nones: set[int], ends: Ends | None
    ) -> None:
        self.ret = ret
        self.binds = binds
        self.nones = nones
        self.ends = ends
        #: the fewest choices of a path that reaches ``ret`` with the name ``None``
        self.found: int | None = None

    def block(self, body: Sequence[cst.BaseStatement], state: _State) -> _State:
        for stmt in body:
            if state.reach is None:
                return state  # what follows is not reached this way
            state = self.statement(stmt, state)
        return state

    def statement(self, stmt: cst.BaseStatement, state: _State) -> _State:
        kind = type(stmt)
        if kind in (cst.SimpleStatementLine, cst.SimpleStatementSuite):
            for small in stmt.body:  # type: ignore[attr-defined]
                state = self.small(small, state)
                if state.reach is None:
                    break
            return state
        if kind is cst.If:
            return self.if_chain(stmt, state)  # type: ignore[arg-type]
        if kind is cst.With:
            if self.holds(stmt.items):  # type: ignore[attr-defined]
                raise _Unknown  # ``with ... as name``
            return self.block(suite_body(stmt.body), state)  # type: ignore[attr-defined]
        if kind in (cst.FunctionDef, cst.ClassDef):
            if id(stmt) in self.binds:
                raise _Unknown
            return state  # its body runs where it is called
        # a loop, ``try`` or ``match``: not walked
        if self.holds([stmt]) or self.has_target(stmt):
            raise _Unknown
        if self.may_end(stmt):
            return state.plus(1)
        return state

    def small(self, small: cst.BaseSmallStatement, state: _State) -> _State:
        if small is self.ret:
            self.found = _least(self.found, state.none)
            return _GONE
        if self.holds([small]):
            if (
                id(small) not in self.binds
                or type(small) not in (cst.Assign, cst.AnnAssign)
                or self.holds(child_nodes(small))
            ):
                raise _Unknown  # ``+=``, ``:=``, ``del``, ``import``, a binding inside
            bound_none = id(small) in self.nones
            return _State(state.reach, state.reach if bound_none else None)
        if type(small) in (cst.Return, cst.Raise):
            return _GONE
        if type(small) is cst.Assert:
            raise _Unknown  # ``assert response``: a path may end there
        call = ending_call(small)
        if call is not None and self.ends is not None and self.ends(call):
            return _GONE
        return state

    def if_chain(self, stmt: cst.If, state: _State) -> _State:
        """An ``if`` with its ``elif`` branches: one choice (none when every
        test is ``True`` or ``False``: the branch that runs is known)."""
        branches: list[tuple[cst.BaseExpression | None, Sequence[cst.BaseStatement]]] = []
        current: cst.If | cst.Else | None = stmt
        while type(current) is cst.If:
            if self.holds([current.test]):
                raise _Unknown
            branches.append((current.test, suite_body(current.body)))
            current = current.orelse
        branches.append((None, suite_body(current.body) if current is not None else ()))
        tests = [test for test, _ in branches[:-1]]
        if all(type(t) is cst.Name and t.value in ("True", "False") for t in tests):
            runs = next(
                (body for test, body in branches if test is None or test.value == "True"),  # type: ignore[attr-defined]
                (),
            )
            return self.block(runs, state)
        matters = any(
            self.holds(s) or self.has_target(s) or self.may_end(s)
            for _, body in branches
            for s in body
        )
        state = state.plus(1) if matters else state
        out = _GONE
        for _, body in branches:
            out = out.join(self.block(body, state))
        return out

    def holds(self, *nodes: object) -> bool:
        """Whether the nodes bind the name."""
        todo: list[cst.CSTNode] = []
        for node in nodes:
            if isinstance(node, cst.CSTNode):
                todo.append(node)
            elif isinstance(node, (list, tuple)):
                todo.extend(n for n in node if isinstance(n, cst.CSTNode))
        while todo:
            node = todo.pop()
            if id(node) in self.binds:
                return True
            todo.extend(child_nodes(node))
        return False

    def has_target(self, node: cst.CSTNode) -> bool:
        todo = [node]
        while todo:
            current = todo.pop()
            if current is self.ret:
                return True
            todo.extend(child_nodes(current))
        return False

    def may_end(self, node: cst.CSTNode) -> bool:
        """Whether a statement holds a ``return``, ``raise``, ``assert``, ``break``,
        ``continue`` or a call that never returns: a path may end there."""
        todo = [node]
        while todo:
            current = todo.pop()
            if type(current) in (cst.Return, cst.Raise, cst.Assert, cst.Break, cst.Continue):
                return True
            if type(current) in (cst.FunctionDef, cst.ClassDef, cst.Lambda):
                continue
            if is_kind(current, cst.BaseSmallStatement):
                call = ending_call(current)  # type: ignore[arg-type]
                if call is not None and self.ends is not None and self.ends(call):
                    return True
            todo.extend(child_nodes(current))
        return False
