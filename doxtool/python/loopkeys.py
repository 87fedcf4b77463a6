"""Loops over literal keys in a function body, for its summary (part of
:class:`~doxtool.python.functionwalk.FunctionWalk`).

A ``for`` statement or a comprehension whose one target runs over a short
literal of strings (``for key in ("a", "b")``, or a name the function binds
once to such a literal: ``allowed = {"a", "b"}`` then ``{k: values[k] for k
in allowed if k in values}``) reads each of those keys: its body, or its
element, is walked once per key with the target standing for it, and a
comprehension's conditions guard the element as an ``if`` would. Any other
loop reads a key no one can name.
"""

from __future__ import annotations

import ast
from functools import cached_property
from typing import Any

from doxtool.python.scopebinds import local_keys
from doxtool.python.summaryscope import ModuleScope, place_key_reads

#: a loop over more literal keys than this is not unrolled
MAX_LOOP_KEYS = 32

_LITERALS = (ast.Tuple, ast.List, ast.Set)
Comprehension = ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp


class LoopKeys:
    """Loops over literal keys: a part of :class:`~doxtool.python.functionwalk.FunctionWalk`."""

    owner: ModuleScope
    node: ast.FunctionDef | ast.AsyncFunctionDef
    params: list[str]
    loop_keys: dict[str, str]
    #: the nodes of the body (:attr:`~doxtool.python.keyvalues.KeyValues.body_walk`)
    body_walk: list[ast.AST]

    def _key(self, node: ast.expr) -> str | None:
        raise NotImplementedError

    def _expr(self, node: Any) -> None:
        raise NotImplementedError

    def _tests(self, test: ast.expr) -> tuple[frozenset[str], frozenset[str]]:
        raise NotImplementedError

    def _rebound(self) -> frozenset[str]:
        raise NotImplementedError

    def _literal_keys(self, node: ast.expr) -> list[str]:
        """The keys a loop over ``node`` takes in turn: a literal tuple, list
        or set of strings, or a local name bound once to one; [] for any
        other iterable (a module's string constant is a string, not keys)."""
        if isinstance(node, ast.Name):
            if node.id in self.owner.constants:
                return []
            found = self._bound_literals.get(node.id)
            if found is None and node.id not in self._rebound():
                # a module's literal nothing changes (``KEYS = ("url", "selector")``)
                found = self.owner.key_literal(node.id)
            if found is None:
                return []
            node = found
        if not isinstance(node, _LITERALS):
            return []
        keys = [self._key(e) for e in node.elts]
        if not keys or len(keys) > MAX_LOOP_KEYS or any(k is None for k in keys):
            return []
        return list(dict.fromkeys(k for k in keys if k is not None))

    @cached_property
    def _local_keys(self) -> dict[str, str | None]:
        """The names the function binds, to the string each always holds
        there, if any (:func:`~doxtool.python.scopebinds.local_keys`)."""
        return local_keys(self.node, self.owner.binds().of(self.node))

    @cached_property
    def _bound_literals(self) -> dict[str, ast.Tuple | ast.List | ast.Set]:
        """Names the function binds exactly once, by ``name = <literal>``, to
        a tuple, list or set, and otherwise names only as what a ``for`` (a
        statement or in a comprehension) runs over or the right side of
        ``in`` / ``not in``: nothing else can change it or hand it on (nested
        scopes included; the rule of :mod:`~doxtool.python.localliterals`)."""
        literals: dict[str, list[ast.Tuple | ast.List | ast.Set]] = {}
        #: the ids of the names in those places
        placed: set[int] = set()
        for n in self.body_walk:
            kind = type(n)
            if kind is ast.Assign:
                targets, value = n.targets, n.value  # type: ignore[attr-defined]
                if (
                    len(targets) == 1
                    and type(targets[0]) is ast.Name
                    and isinstance(value, _LITERALS)
                ):
                    literals.setdefault(targets[0].id, []).append(value)
                    placed.add(id(targets[0]))
            else:
                place_key_reads(n, placed)
        other = set(self.params)
        for n in self.body_walk:
            if type(n) is ast.Name and id(n) not in placed:
                other.add(n.id)  # type: ignore[attr-defined]
            elif type(n) in (ast.Global, ast.Nonlocal):
                other.update(n.names)  # type: ignore[attr-defined]
        return {
            name: values[0]
            for name, values in literals.items()
            if len(values) == 1 and name not in other
        }

    def _unrolled(self, node: Comprehension) -> bool:
        """Walk a comprehension with one ``for`` over literal keys once per
        key (the element guarded by its conditions); False, nothing walked,
        for any other comprehension."""
        if len(node.generators) != 1:
            return False
        generator = node.generators[0]
        if generator.is_async or type(generator.target) is not ast.Name:
            return False
        keys = self._literal_keys(generator.iter)
        if not keys:
            return False
        self._expr(generator.iter)
        name = generator.target.id
        parts = [node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]
        known = self.loop_keys.get(name)
        for key in keys:
            self.loop_keys[name] = key
            present: frozenset[str] = frozenset()
            for index, test in enumerate(generator.ifs):
                # a later condition is evaluated for the keys the earlier pass
                self._expr(test if index == 0 else (test, present, frozenset()))
                present = present | self._tests(test)[0]
            for part in parts:
                self._expr((part, present, frozenset()) if generator.ifs else part)
        if known is None:
            self.loop_keys.pop(name, None)
        else:
            self.loop_keys[name] = known
        return True
