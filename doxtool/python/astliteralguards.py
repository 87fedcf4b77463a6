"""The branches of a function and the tests of a parameter against literals
that lead into them (part of :class:`~doxtool.python.functionwalk.FunctionWalk`).

``dispatch(name, arguments)`` reads ``arguments["decision_id"]`` under ``if
name == "call":``; a caller that hands ``name`` the literal ``"status"``
never runs that branch. The walk notes, on each read and call into the
repository (:attr:`~doxtool.core.summary_facts.KeyRead.when`), the tests of a
parameter the function never rebinds against literals it stands under: ``==``
and ``!=`` a string, ``in`` and ``not in`` a tuple, list or set of strings or
a dict literal the function binds once and only tests and reads (``if name in
table:``, ``table[name]``), in the ``if`` branch, the ``else`` and past an
``if`` whose body always returns or raises. Following a call,
:mod:`~doxtool.python.follow` leaves out what a caller's literal rules out.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from typing import Any

from doxtool.core.summary_facts import KeyRead, OutCall
from doxtool.python.astrefusedkeys import present_past, rebound_in_test
from doxtool.python.astwalk import walk

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef
#: (parameter, whether the test holds for the values or for every other, the values)
Guard = list[Any]


class AstLiteralGuards:
    """Branches and their literal tests: a part of
    :class:`~doxtool.python.functionwalk.FunctionWalk`."""

    node: FunctionNode
    params: list[str]
    reads: list[KeyRead]
    calls: list[OutCall]
    guards: list[frozenset[str] | None]
    absent: list[frozenset[str]]
    undecided: list[list[KeyRead | OutCall]]
    #: (guard, reads and calls before it) past an ``if`` whose body always
    #: ends the function, in the statement lists being walked
    _past_tests: list[tuple[Guard, int, int]]
    #: the names the function binds (:meth:`_rebinds`), read when first needed
    _bound_names: frozenset[str] | None = None
    _absence_groups: Callable[[ast.expr], list[dict[str, Any]]]  # :mod:`.astkeychecks`
    #: keys present past a check earlier in the blocks walked that raises
    #: without them (:func:`~doxtool.python.astrefusedkeys.present_past`)
    present_past: frozenset[str] = frozenset()
    owner: Any  # the :class:`~doxtool.python.summaryscope.ModuleScope`

    def _stmts(self, body: Sequence[ast.stmt]) -> None:
        raise NotImplementedError

    def _under(
        self,
        body: Sequence[ast.stmt],
        present: frozenset[str],
        absent: frozenset[str],
        framed: bool = False,
        when: Guard | None = None,
    ) -> list[KeyRead | OutCall]:
        """Walk a branch; ``framed``: one of an ``if`` not about the handed
        dicts that runs on some calls only, whose reads that raise without
        their key (and calls into the repository) it returns; ``when``: the
        literal test the branch stands under."""
        self.guards.append(present)
        self.absent.append(absent)
        if framed:
            self.undecided.append([])
        start = len(self.reads), len(self.calls)
        self._stmts(body)
        if when is not None:
            self._stand_under(when, *start)
        self.absent.pop()
        self.guards.pop()
        return self.undecided.pop() if framed else []

    def _literal_test(self, test: ast.expr) -> Guard | None:
        """The test of a parameter against literals ``test`` is, if it is one."""
        return literal_test(test, self.node, self.params, self._rebinds())

    def _rebinds(self) -> frozenset[str]:
        """The names the function's body binds, nested scopes included (the
        module's index of bindings, read once: :mod:`~doxtool.python.scopebinds`)."""
        if self._bound_names is None:
            binds = self.owner.binds().of(self.node)
            own = binds.defined - {self.node.name}
            self._bound_names = frozenset(binds.assigned() | binds.imported | binds.handlers | own)
        return self._bound_names

    def _note_past_test(self, stmt: ast.stmt) -> None:
        """``if name == "status": return ...``: what follows runs only for other
        values; ``if "k" not in args: raise ...``: with ``k``
        (:func:`~doxtool.python.astrefusedkeys.present_past`), until
        :meth:`_close_past_tests` leaves the block."""
        past = present_past(stmt, self._absence_groups)
        if past and not rebound_in_test(self.node, stmt):  # ``for path in ...`` before it
            self.present_past = self.present_past | past
        if type(stmt) is not ast.If or stmt.orelse or not _ends(stmt.body):
            return
        test = self._literal_test(stmt.test)
        if test is not None:
            self._past_tests.append((negated_test(test), len(self.reads), len(self.calls)))

    def _close_past_tests(self, depth: tuple[int, frozenset[str]]) -> None:
        """The reads and calls past the ``if`` statements of a statement list
        (those noted beyond ``depth``: tests, and the keys present before
        them) stand under their tests negated; the keys they take present
        are no longer known so."""
        while len(self._past_tests) > depth[0]:
            self._stand_under(*self._past_tests.pop())
        self.present_past = depth[1]

    def _rebound_passed(self) -> list[str]:
        """The parameters the function hands on to calls and rebinds."""
        passed = {own for call in self.calls for _, own in call.passes}
        return [p for p in self.params if p in passed and p in self._rebinds()]

    def _stand_under(self, when: Guard, reads: int, calls: int) -> None:
        for item in [*self.reads[reads:], *self.calls[calls:]]:
            item.when = [*item.when, when]


def negated_test(test: Guard) -> Guard:
    """The test that holds where ``test`` does not."""
    param, holds, values = test
    return [param, not holds, values]


def literal_test(
    test: ast.expr, node: FunctionNode, params: list[str], rebound: frozenset[str]
) -> Guard | None:
    """``name == "x"``, ``name != "x"``, ``name in ("x", "y")``, ``name not in
    table`` (a dict literal :func:`_table_keys` accepts): (parameter, whether
    the test holds for the values, the values), for a parameter ``node``
    never rebinds (``rebound``: the names it binds)."""
    if type(test) is not ast.Compare or len(test.ops) != 1:
        return None
    left, op, right = test.left, test.ops[0], test.comparators[0]
    kind = type(op)
    if kind not in (ast.Eq, ast.NotEq, ast.In, ast.NotIn):
        return None
    if kind in (ast.Eq, ast.NotEq) and _string(left) is not None:
        left, right = right, left
    if type(left) is not ast.Name or left.id not in params or left.id in rebound:
        return None
    values: list[str] | None
    if kind in (ast.Eq, ast.NotEq):
        text = _string(right)
        values = [text] if text is not None else None
    else:
        values = _members(right, node)
    if values is None:
        return None
    return [left.id, kind in (ast.Eq, ast.In), sorted(set(values))]


def ruled_out(when: list[Guard], values: dict[str, str]) -> bool:
    """Whether a parameter's literal (``values``: parameter -> the literal a
    caller hands it) fails a test a read or call stands under."""
    for param, holds, accepted in when:
        value = values.get(param)
        if value is not None and (value in accepted) != holds:
            return True
    return False


def _string(node: ast.expr) -> str | None:
    if type(node) is ast.Constant and isinstance(node.value, str):
        return node.value
    return None


def _members(node: ast.expr, function: FunctionNode) -> list[str] | None:
    """The strings of a tuple, list or set literal of strings, or the keys of
    a dict literal bound once (:func:`_table_keys`)."""
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        found = [_string(e) for e in node.elts]
        return None if None in found else [e for e in found if e is not None]
    if isinstance(node, ast.Name):
        return _table_keys(function, node.id)
    return None


def _table_keys(function: FunctionNode, name: str) -> list[str] | None:
    """The keys of a dict literal of string keys ``function`` binds ``name``
    to once, naming it nowhere else but as the right side of ``in`` / ``not
    in`` and as what a subscript reads (nested scopes included)."""
    keys: list[str] | None = None
    fine: set[int] = set()
    for current in walk(function):
        if isinstance(current, (ast.Global, ast.Nonlocal)) and name in current.names:
            return None
        if isinstance(current, ast.arg) and current.arg == name:
            return None
        if isinstance(current, ast.Assign) and any(_names(t, name) for t in current.targets):
            if keys is not None or len(current.targets) != 1:
                return None
            if not isinstance(current.value, ast.Dict):
                return None
            found = [_string(k) if k is not None else None for k in current.value.keys]
            if None in found:
                return None
            keys = [k for k in found if k is not None]
            fine.add(id(current.targets[0]))
        elif isinstance(current, ast.Compare) and len(current.ops) == 1:
            if isinstance(current.ops[0], (ast.In, ast.NotIn)):
                fine.add(id(current.comparators[0]))
        elif isinstance(current, ast.Subscript) and isinstance(current.ctx, ast.Load):
            fine.add(id(current.value))
    if keys is None:
        return None
    for current in walk(function):
        if _names(current, name) and id(current) not in fine:
            return None
    return keys


def _names(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _ends(body: Sequence[ast.stmt]) -> bool:
    """Whether a block always ends the function: its last statement returns or raises."""
    return bool(body) and type(body[-1]) in (ast.Return, ast.Raise)
