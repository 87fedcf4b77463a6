"""Checks over literal keys written as comprehensions (part of
:class:`~doxtool.python.toolscan.ToolScan`).

``if any(not self.args.get(k) for k in ("url", "selector")): raise ...``,
``if not all(k in self.args for k in KEYS): return Response(error)`` and
``missing = [k for k in KEYS if k not in self.args]`` then ``if missing:
raise ...`` check each key as the same test written out once per key does
(``if not url or not selector``), as the ``for`` statement over the keys is
read (:meth:`~doxtool.python.toolwalk.StatementWalk._unrolled_checks`).

A comprehension that tests the keys' presence or truth and is not read so
(its result kept, handed on, tested with something else) may end the call
with an error on some calls: the arguments it tests are needed on some
calls, their requiredness not known, never optional. One that collects
values (``{k: self.args.get(k) for k in KEYS}``) tests nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import libcst as cst

from doxtool.python.cstnodes import LEAVES, child_nodes
from doxtool.python.keyaggregates import (
    AGGREGATES,
    READ_ONLY_CALLS,
    aggregate_groups,
    each_key,
    one_of_keys,
)
from doxtool.python.walkstate import Env

Comprehension = cst.ListComp | cst.SetComp | cst.GeneratorExp | cst.DictComp
Groups = list[dict[str, str]]

#: comprehensions that are empty exactly when no key passes their ``if``
_COLLECTIONS = (cst.ListComp, cst.SetComp, cst.DictComp)


class KeyChecks:
    """Checks written as comprehensions: a part of :class:`~doxtool.python.toolscan.ToolScan`."""

    _absence: Callable[..., dict[str, str] | None]
    _absence_groups: Callable[..., Groups]
    _loop_keys: Callable[..., list[str]]
    _is_dict_source: Callable[..., bool]
    _arg: Callable[..., Any]

    def _per_key(
        self, node: Comprehension, env: Env
    ) -> tuple[str, list[str], cst.BaseExpression | None] | None:
        """The loop name, the literal keys and the single ``if`` clause's test
        (None: no clause) of a comprehension with one ``for`` over literal keys."""
        loop = node.for_in
        if loop.inner_for_in is not None or type(loop.target) is not cst.Name or len(loop.ifs) > 1:
            return None
        keys = self._loop_keys(loop.iter, env)
        if not keys:
            return None
        return loop.target.value, keys, loop.ifs[0].test if loop.ifs else None

    def _each_key(self, name: str, keys: list[str], env: Env) -> Iterator[str]:
        """Each key, bound to the loop's name while the caller reads the test."""
        return each_key(env.loop_keys, name, keys)

    def _aggregate(self, node: cst.BaseExpression) -> tuple[str, Comprehension] | None:
        """``any(...)`` or ``all(...)`` over a comprehension: the function's name
        and the comprehension."""
        if (
            type(node) is cst.Call
            and type(node.func) is cst.Name
            and node.func.value in AGGREGATES
            and len(node.args) == 1
            and node.args[0].keyword is None
            and not node.args[0].star
            and type(node.args[0].value) in (cst.GeneratorExp, cst.ListComp, cst.SetComp)
        ):
            return node.func.value, node.args[0].value  # type: ignore[return-value]
        return None

    def _key_check_groups(self, node: cst.BaseExpression, negated: bool, env: Env) -> Groups | None:
        """The absence groups (:meth:`~doxtool.python.contracts.Contracts._absence_groups`)
        of a test over literal keys, ``not`` before it when ``negated``: ``any(t
        for k in KEYS)`` is ``t`` for the first key or the next, ``all`` joins
        them with ``and``; a name bound to ``[k for k in KEYS if t]`` is true
        when ``t`` is for some key. None: no such test."""
        if type(node) is cst.Name and not negated:
            made = env.key_filters.get(node.value)
            if made is None:
                return None
            loop = self._per_key(made, env)
            if loop is None or loop[2] is None:
                return None
            name, keys, test = loop
            tested: cst.BaseExpression = test
            return aggregate_groups(
                True,
                env.loop_keys,
                name,
                keys,
                lambda: self._absence_groups(tested, env),
                lambda: self._absence(tested, env),
            )
        aggregate = self._aggregate(node)
        if aggregate is None:
            return None
        function, comprehension = aggregate
        loop = self._per_key(comprehension, env)
        if loop is None or loop[2] is not None:
            return None
        name, keys, _ = loop
        element: cst.BaseExpression = comprehension.elt  # type: ignore[union-attr]
        if negated:
            element = _negation(element)
        return aggregate_groups(
            one_of_keys(function, negated),
            env.loop_keys,
            name,
            keys,
            lambda: self._absence_groups(element, env),
            lambda: self._absence(element, env),
        )

    def _kept_key_filter(self, name: str, value: cst.BaseExpression, env: Env) -> None:
        """``missing = [k for k in KEYS if k not in self.args]``: what ``if
        missing:`` tests (a generator is always true: not kept). Another
        binding of the name forgets it; so does any other use of the name in
        the function that may change the collection (``missing.clear()``)."""
        env.key_filters.pop(name, None)
        if type(value) not in _COLLECTIONS:
            return
        loop = self._per_key(value, env)  # type: ignore[arg-type]
        if loop is not None and loop[2] is not None and not _changed(env.func.node, name):
            env.key_filters[name] = value  # type: ignore[assignment]

    def _key_tests_doubt(self, node: cst.BaseExpression, env: Env) -> None:
        """A comprehension over literal keys that tests their presence or
        truth and does not collect their values (``[k for k in KEYS if k not
        in self.args]``), or ``any``/``all`` over such tests (``any(not
        self.args.get(k) for k in KEYS)``): what it finds may refuse the
        call, on some calls at least."""
        aggregate = self._aggregate(node)
        comprehension = node if aggregate is None else aggregate[1]
        if type(comprehension) not in (*_COLLECTIONS, cst.GeneratorExp):
            return
        loop = self._per_key(comprehension, env)  # type: ignore[arg-type]
        if loop is None:
            return
        name, keys, test = loop
        if type(comprehension) is cst.DictComp:
            parts = [comprehension.key, comprehension.value]
        else:
            parts = [comprehension.elt]  # type: ignore[attr-defined]
        if test is not None and any(self._reads_values(p, env) for p in parts):
            return  # collects the values it finds
        if test is None and aggregate is None:
            return  # the values themselves (``[self.args.get(k) for k in KEYS]``)
        tests = [test] if test is not None else parts
        if any(self._looks_in_value(part, name, env) for part in tests):
            return  # ``k in updates``: the keys of what an argument holds, not arguments
        for _ in self._each_key(name, keys, env):
            for part in tests:
                for group in (self._absence(part, env), self._absence(_negation(part), env)):
                    for arg in group or ():
                        self._arg(arg).sometimes_read = True

    def _looks_in_value(self, test: cst.BaseExpression, name: str, env: Env) -> bool:
        """Whether ``test`` is ``name in <x>`` (``not in`` too, also under
        ``not``) where ``<x>`` is not the arguments dict: the loop's keys are
        looked for in what an argument holds (``{k: updates[k] for k in KEYS
        if k in updates}`` keeps the keys it has), which tests no argument's
        presence."""
        while type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
            test = test.expression
        if type(test) is not cst.Comparison or len(test.comparisons) != 1:
            return False
        target = test.comparisons[0]
        return (
            type(test.left) is cst.Name
            and test.left.value == name
            and type(target.operator) in (cst.In, cst.NotIn)
            and not self._is_dict_source(target.comparator, env)
        )

    def _reads_values(self, node: cst.CSTNode, env: Env) -> bool:
        """Whether an expression holds the arguments dict (reads a value)."""
        stack = [node]
        while stack:
            current = stack.pop()
            if isinstance(current, cst.BaseExpression) and self._is_dict_source(current, env):
                return True
            stack.extend(child_nodes(current, LEAVES - {cst.Name}))
        return False


def _negation(test: cst.BaseExpression) -> cst.BaseExpression:
    """``not test``, a membership test turned over (``k in d``: ``k not in d``)."""
    if type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
        return test.expression
    if type(test) is cst.Comparison and len(test.comparisons) == 1:
        target = test.comparisons[0]
        turned = {cst.In: cst.NotIn, cst.NotIn: cst.In}.get(type(target.operator))
        if turned is not None:
            return test.with_changes(comparisons=[target.with_changes(operator=turned())])
    return cst.UnaryOperation(cst.Not(), test)


def _changed(function: cst.CSTNode, name: str) -> bool:
    """Whether a function may change what a name holds in place: an
    attribute of it (``missing.clear()``), an augmented assignment, a
    ``del`` or an item written; or may hand it to what can: a call other
    than of :data:`~doxtool.python.keyaggregates.READ_ONLY_CALLS` given it
    (``drop(missing)``), another name bound to it (``other = missing``), a
    collection or a ``yield`` holding it. A call a ``return`` or a
    ``raise`` makes (``raise KeyError(missing)``) comes after every test."""
    ending: set[int] = set()  # (a parent is met before its children)
    stack: list[cst.CSTNode] = [function]
    while stack:
        current = stack.pop()
        kind = type(current)
        if kind is cst.Return or kind is cst.Raise:
            ending.add(id(current.value if kind is cst.Return else current.exc))  # type: ignore[attr-defined]
        if kind is cst.Call and id(current) not in ending and _hands_on(current, name):  # type: ignore[arg-type]
            return True
        aliases = (cst.Assign, cst.AnnAssign, cst.NamedExpr, cst.Yield)
        if kind in aliases and _is_name(current.value, name):  # type: ignore[attr-defined]
            return True
        if kind in (cst.List, cst.Tuple, cst.Set, cst.Dict) and any(
            _is_name(getattr(e, "value", None), name)
            for e in current.elements  # type: ignore[attr-defined]
        ):
            return True
        if kind is cst.Attribute and _is_name(current.value, name):  # type: ignore[attr-defined]
            return True
        if kind is cst.AugAssign and _is_name(current.target, name):  # type: ignore[attr-defined]
            return True
        if kind is cst.Subscript and _is_name(current.value, name):  # type: ignore[attr-defined]
            return True
        if kind is cst.Del and _names(current.target, name):  # type: ignore[attr-defined]
            return True
        stack.extend(child_nodes(current, LEAVES))
    return False


def _names(target: cst.CSTNode, name: str) -> bool:
    """Whether a ``del`` target names ``name`` (``del missing``, ``del
    missing[0]``, ``del a, missing``)."""
    stack: list[cst.CSTNode] = [target]
    while stack:
        current = stack.pop()
        if _is_name(current, name):
            return True
        stack.extend(child_nodes(current, LEAVES))
    return False


def _is_name(node: cst.CSTNode | None, name: str) -> bool:
    return type(node) is cst.Name and node.value == name  # type: ignore[union-attr]


def _hands_on(call: cst.Call, name: str) -> bool:
    """Whether ``call`` is given ``name`` and may change it."""
    if not any(_is_name(arg.value, name) for arg in call.args):
        return False
    func = call.func
    if type(func) is cst.Name:
        return func.value not in READ_ONLY_CALLS
    return not (type(func) is cst.Attribute and func.attr.value == "join")
