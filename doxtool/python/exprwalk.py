"""The walk over expressions (part of :class:`~doxtool.python.toolscan.ToolScan`,
through :class:`~doxtool.python.toolwalk.StatementWalk`): each call,
subscript, comparison and dict handed to the part of the analysis it
concerns, under the guards of conditional expressions, ``and``/``or`` and
comprehensions.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import libcst as cst

from doxtool.python.closures import Called, nonempty_literal
from doxtool.python.cstnodes import LEAVES, child_nodes, dotted_name
from doxtool.python.dictescapes import HOLDERS
from doxtool.python.readforms import KEY_METHODS
from doxtool.python.readvalues import strings_tested
from doxtool.python.walkstate import Env

#: comprehensions whose loop over literal keys is unrolled (``ExpressionWalk._unrolled``)
_COMPREHENSIONS = (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)

#: nodes :meth:`ExpressionWalk._expr` has nothing to do with: expressions
#: with no expression inside, and the literal text of an f-string
_NOTHING_INSIDE = LEAVES | {cst.FormattedStringText}
#: ... but names, which may be an arguments dict used as a whole
_LEAVES_BUT_NAMES = _NOTHING_INSIDE - {cst.Name}


class _Strings:
    """On the stack of :meth:`ExpressionWalk._expr`: the part of an
    expression true only for strings of some values (``x.strip() if
    isinstance(x, str) else x``, ``isinstance(x, str) and x.strip()``), where
    a string method says nothing of their type, as in the body of such an
    ``if``; None in :attr:`names` ends the last such part."""

    __slots__ = ("names",)

    def __init__(self, names: frozenset[str] | None) -> None:
        self.names = names


class _NoneUse:
    """On the stack of :meth:`ExpressionWalk._expr`, under the nodes of the
    use: ``args.get("f").strip()`` or ``int(args.get("f"))``, a use of a
    read that raises on the ``None`` a missing key gives, judged once the
    read is walked (:meth:`~doxtool.python.readmissing.ReadMissing._none_used`)."""

    __slots__ = ("node",)

    def __init__(self, node: cst.Attribute | cst.Call) -> None:
        self.node = node


#: calls that run a coroutine handed them as a task
_TASKS = ("asyncio.create_task", "asyncio.ensure_future")


class _Handed(_NoneUse):
    """On the stack of :meth:`ExpressionWalk._expr`, under the nodes of an
    argument of a call: ``update(title=args.get("title"))`` hands on the
    ``None`` a missing key gives
    (:meth:`~doxtool.python.readmissing.ReadMissing._handed_none`)."""

    __slots__ = ()


#: calls that test what they are handed rather than use it
_TESTING = frozenset({"bool", "isinstance", "callable", "hasattr", "type", "len", "int", "float"})


def _hands_value(node: cst.Call) -> bool:
    """Whether ``node`` uses the values it is handed (``update(title=...)``),
    not only tests them (``isinstance(...)``, ``bool(...)``)."""
    return type(node.func) is not cst.Name or node.func.value not in _TESTING


def _used_read(node: cst.Attribute | cst.Call) -> bool:
    """Whether the value ``node`` uses is a call (``args.get("f").strip()``,
    ``len(args.get("f"))``): a read, if any, the walk has not met yet."""
    if type(node) is cst.Attribute:
        return type(node.value) is cst.Call
    args = node.args
    return len(args) == 1 and type(args[0].value) is cst.Call


class ExpressionWalk:
    """Expressions: a part of :class:`~doxtool.python.toolscan.ToolScan`."""

    def _unrolled(
        self, node: cst.ListComp | cst.SetComp | cst.GeneratorExp | cst.DictComp, env: Env
    ) -> bool:
        """``[self.args.get(k) for k in ("a", "b")]`` reads ``a`` and ``b``, as
        the same loop written as a ``for`` statement does: a single ``for``
        over the literal keys :meth:`_loop_keys` knows, its body walked once
        per key. False (nothing walked) for any other comprehension."""
        loop = node.for_in
        if loop.inner_for_in is not None or type(loop.target) is not cst.Name:
            return False
        keys = self._loop_keys(loop.iter, env)
        if not keys:
            return False
        self._expr(loop.iter, env)
        self._key_tests_doubt(node, env)  # type: ignore[attr-defined]
        name = loop.target.value
        parts: list[cst.BaseExpression] = (
            [node.key, node.value] if type(node) is cst.DictComp else [node.elt]
        )
        known = env.loop_keys.get(name)
        # ``if`` clauses: their tests, and the element after them, are
        # evaluated for some keys only, the element as under an ``if``
        # (``{k: values[k] for k in KEYS if k in values}`` reads each key
        # where it is present)
        filtered = bool(loop.ifs)
        env.branches += filtered
        for key in keys:
            env.loop_keys[name] = key
            present: frozenset[str] = frozenset()
            absent: frozenset[str] = frozenset()
            for clause in loop.ifs:
                self._expr(clause.test, env)
                positive, _ = self._guards_of(clause.test, env)
                present |= positive or frozenset()
                absent |= self._absent_of(clause.test, env)[0]
            for part in parts:
                self._expr((part, present, absent) if loop.ifs else part, env)  # type: ignore[arg-type]
        env.branches -= filtered
        if known is None:
            env.loop_keys.pop(name, None)
        else:
            env.loop_keys[name] = known
        return True

    def _handed_method(self, node: cst.Attribute, env: Env) -> None:
        """``self.args.get`` not called where it is written (``get =
        self.args.get``, ``self._fmt(self.args.get)``): what it reads where
        it is called the walk does not follow, so the tool takes arguments
        no one can name (:mod:`~doxtool.python.dictescapes`)."""
        if node.attr.value in KEY_METHODS and self._is_dict_source(node.value, env):
            self._wholesale(node, env)

    def _collects_errors(self, node: cst.Call, env: Env) -> bool:
        """Whether ``node`` is ``asyncio.gather(..., return_exceptions=True)``."""
        if not any(
            a.keyword is not None
            and a.keyword.value == "return_exceptions"
            and type(a.value) is cst.Name
            and a.value.value == "True"
            for a in node.args
        ):
            return False
        called = dotted_name(node.func)
        if not called or called[0] not in env.names:
            return False
        return self.scan._resolve(called, env.names) == "asyncio.gather"  # type: ignore[attr-defined]

    def _gathered_calls(self, node: cst.Call, env: Env) -> set[int]:
        """The ids of the calls whose coroutines ``gather`` runs: each one
        handed (``gather(self.fetch(u))``, ``*[self.fetch(u) for u in
        urls]``, ``asyncio.create_task(self.fetch(u))``), not the calls in
        their arguments, made before ``gather`` is."""
        found: set[int] = set()
        for arg in node.args:
            value = arg.value
            if arg.keyword is not None:
                continue
            if arg.star == "*" and type(value) in (cst.ListComp, cst.GeneratorExp):
                value = value.elt  # type: ignore[attr-defined]
            elif arg.star:
                continue
            if type(value) is not cst.Call:
                continue
            found.add(id(value))
            called = dotted_name(value.func)
            known = called and called[0] in env.names
            resolved = self.scan._resolve(called, env.names) if known else None  # type: ignore[attr-defined]
            if resolved in _TASKS and value.args and type(value.args[0].value) is cst.Call:
                found.add(id(value.args[0].value))
        return found

    def _expr(self, node: cst.CSTNode, env: Env) -> None:
        # the stack holds nodes; ``(node, guard)`` visits a node under a
        # guard, and None ends the guard that was pushed last
        stack: list[Any] = [node]
        # the arguments dict used where the walk reads that use: anywhere
        # else it takes every argument (:mod:`~doxtool.python.dictescapes`);
        # the node walked is used where its caller reads that use
        used = {id(node[0] if type(node) is tuple else node)}
        # functions the walk meets called: a dict's method met elsewhere is
        # handed on (``get = self.args.get``), with what it reads
        called: set[int] = set()
        dicts = env.dicts
        #: calls handed ``gather(..., return_exceptions=True)`` (a comprehension's
        #: element is walked on its own)
        gathered: set[int] = self.__dict__.setdefault("_gathered", set())
        while stack:
            current = stack.pop()
            if current is None:
                env.guards.pop()
                env.absent.pop()
                env.branches -= 1
                continue
            kind = type(current)
            if kind is _NoneUse:
                self._none_used(current.node, env)  # type: ignore[attr-defined]
                continue
            if kind is _Handed:
                self._handed_none(current.node, env)  # type: ignore[attr-defined]
                continue
            if kind is _Strings:
                if current.names is None:
                    env.string_bodies.pop()
                else:
                    env.string_bodies.append(current.names)
                continue
            if kind is tuple:
                current, guard, absent = current
                env.guards.append(guard)
                env.absent.append(absent)
                env.branches += 1
                stack.append(None)
                kind = type(current)
            if kind is cst.Name:
                if current.value in dicts and id(current) not in used:
                    self._wholesale(current, env)
                continue
            if kind in _NOTHING_INSIDE:
                continue
            if kind is cst.FormattedStringExpression:
                self.displayed.add(id(current.expression))  # type: ignore[attr-defined]
            if kind is Called:
                self._closure_body(current.node, env, False, current.call)  # type: ignore[attr-defined]
                continue
            if kind in HOLDERS and self._dict_value(current, env) is not None:
                if id(current) not in used:
                    self._wholesale(current, env)
                used.update(map(id, self._held_parts(current)))
            else:
                used.update(map(id, self._understood(current, env)))
            if kind is cst.Attribute and id(current) not in called:
                self._handed_method(current, env)
                self._property_read(current, env)  # type: ignore[attr-defined]
            if kind in (cst.Attribute, cst.Call) and _used_read(current):
                stack.append(_NoneUse(current))  # judged once the read in it is walked
            elif kind in (cst.Attribute, cst.Call):  # ``f.split()``, ``len(f)`` raise on None
                self._none_used(current, env)  # type: ignore[attr-defined]
            if kind is cst.Attribute:  # ``value.attr``: the name is no expression
                if type(current.value) not in _NOTHING_INSIDE:
                    stack.append(current.value)
                continue
            if kind is cst.Call:
                self._key_tests_doubt(current, env)  # type: ignore[attr-defined]
                self._setattr_break_loop(current, env)
                self._handed_response(current, env)  # type: ignore[attr-defined]
                if env.dict_literals:
                    self._mutated(current, env)  # type: ignore[attr-defined]
                # a call ``gather(..., return_exceptions=True)`` is handed: what
                # it raises is a result, as in a ``try`` whose handler goes on
                direct = id(current) in gathered
                env.trying += direct
                self._call(current, env)
                env.trying -= direct
                self._wholesale_call(current, env)
                if env.closures and type(current.func) is cst.Name:
                    # a nested function's body runs here, after the arguments
                    closure = env.closures.get(current.func.value)
                    if closure is not None:
                        stack.append(Called(closure, current))
                # the function, then each argument's value (a keyword is a name)
                if self._collects_errors(current, env):
                    gathered.update(self._gathered_calls(current, env))
                for arg in reversed(current.args):
                    if type(arg.value) is cst.Call and not arg.star and _hands_value(current):
                        stack.append(_Handed(arg.value))  # once the read in it is walked
                    if type(arg.value) not in _NOTHING_INSIDE:
                        stack.append(arg.value)
                called.add(id(current.func))
                if type(current.func) not in _NOTHING_INSIDE:
                    stack.append(current.func)
                continue
            if kind is cst.Subscript:
                self._subscript(current, env)
            elif kind is cst.Comparison:
                self._comparison(current, env)
            elif kind is cst.IfExp:
                self._guarded_fallback(current, env)  # type: ignore[attr-defined]
                positive, negative = self._guards_of(current.test, env)
                absent_true, absent_false = self._absent_of(current.test, env)
                stack.append((current.orelse, negative or frozenset(), absent_false))
                self._strings_only(
                    current.test, (current.body, positive or frozenset(), absent_true), stack, env
                )
                stack.append(current.test)
                continue
            elif kind is cst.BooleanOperation and type(current.operator) is cst.And:
                positive, _ = self._guards_of(current.left, env)
                absent_true, _ = self._absent_of(current.left, env)
                self._strings_only(
                    current.left, (current.right, positive or frozenset(), absent_true), stack, env
                )
                stack.append(current.left)
                continue
            elif kind is cst.BooleanOperation and type(current.operator) is cst.Or:
                self._or_fallback(current, env)
                # the right operand is evaluated when the left is falsy
                _, absent_false = self._absent_of(current.left, env)
                stack.append((current.right, frozenset(), absent_false))
                stack.append(current.left)
                continue
            elif kind is cst.NamedExpr:
                # ``if not (c := self.args.get("c")):`` binds ``c`` as ``c = ...`` does
                self._expr(current.value, env)
                self._assign_target(current.target, current.value, env)
                continue
            elif kind in _COMPREHENSIONS and self._unrolled(current, env):
                continue
            elif kind in _COMPREHENSIONS and not _runs_per_item(current):
                # over a literal with elements, with no condition: the
                # element is evaluated at least once, per item
                if self.ordered:
                    self._unordered(partial(self._expr, current, env))
                    continue
            elif kind in _COMPREHENSIONS:
                # ``[args["x"] for t in items]``: the first iterable is
                # evaluated where it stands; the element, the conditions and
                # any later loop per item, if any (``items`` may be empty)
                stack.append(current.for_in)
                parts = [current.key, current.value] if kind is cst.DictComp else [current.elt]
                stack.extend((part, frozenset(), frozenset()) for part in reversed(parts))
                continue
            elif kind is cst.CompFor:
                stack.append(current.iter)
                if current.inner_for_in is not None:
                    stack.append((current.inner_for_in, frozenset(), frozenset()))
                stack.extend((c.test, frozenset(), frozenset()) for c in reversed(current.ifs))
                continue
            elif kind in (cst.Lambda, cst.FunctionDef, cst.ClassDef):
                if kind is cst.Lambda:  # evaluated when called, if ever
                    self._lambda(current, env)  # type: ignore[attr-defined]
                continue
            children = child_nodes(current, _LEAVES_BUT_NAMES)
            children.reverse()
            for child in children:
                if type(child) is not cst.Name:
                    stack.append(child)
                elif child.value in dicts and id(child) not in used:
                    self._wholesale(child, env)  # ``[args]``, ``yield args``: not followed

    def _strings_only(
        self, test: cst.BaseExpression, part: tuple[Any, ...], stack: list[Any], env: Env
    ) -> None:
        """Push ``part``, evaluated when ``test`` is true: where ``test`` is
        true only for strings of some arguments, as a :class:`_Strings` part."""
        tested = strings_tested(test)
        if not tested:
            stack.append(part)
            return
        standing = self._standing_for  # type: ignore[attr-defined]
        names = frozenset(a for t in tested for a in standing(t, env))
        stack.append(_Strings(None))
        stack.append(part)
        stack.append(_Strings(names))


def _runs_per_item(
    node: cst.ListComp | cst.SetComp | cst.GeneratorExp | cst.DictComp,
) -> bool:
    """Whether a comprehension's element may be evaluated no time: it has a
    condition, or a loop not over a literal with an element."""
    loop: cst.CompFor | None = node.for_in
    while loop is not None:
        if loop.ifs or not nonempty_literal(loop.iter):
            return True
        loop = loop.inner_for_in
    return False
