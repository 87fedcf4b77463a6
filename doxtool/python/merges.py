"""Argument dicts merged with other mappings (part of
:class:`~doxtool.python.toolscan.ToolScan`).

``args = {**DEFAULTS, **self.args}`` is the tool's arguments over defaults: a
read of ``args["lang"]`` reads the argument ``lang``, which is optional when
the defaults may hold it (with their value as its default when they are a
literal). Keys written after the arguments (``{**self.args, "mode": "x"}``)
override them: reading those reads no argument. When what comes after the
arguments is not known, the merge is not followed (the dict takes every
argument, which silences the rules that would say one is never read).
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from doxtool.python.argfills import SELF_ARGS
from doxtool.python.cstnodes import dotted_name, getattr_of
from doxtool.python.literals import string_value
from doxtool.python.mergeforms import (
    NO_KEY,
    PLAIN,
    Merge,
    either,
    literal_keys,
    merge_parts,
)
from doxtool.python.nameuses import only_read
from doxtool.python.walkstate import Env

#: dotted names of the calls that copy the dict they are handed
_COPIES = (["copy", "copy"], ["copy", "deepcopy"], ["deepcopy"])
#: one part of a merge: (key, value) written (``NO_KEY`` for a key that
#: is no literal string), or (None, mapping) spread
_Part = tuple[Any, cst.BaseExpression]


class MergedDicts:
    """Merged argument dicts: a part of :class:`~doxtool.python.toolscan.ToolScan`."""

    #: (function node id, name) -> whether the function only reads keys of the name
    only_reads: dict[tuple[int, str], bool]

    def _dict_value(self, node: cst.BaseExpression | None, env: Env) -> Any:
        """What ``node`` evaluates to when it holds the arguments dict: the
        :class:`Merge` it is (:data:`PLAIN` for the dict itself or a copy),
        :data:`OPAQUE` when it holds them in a way not followed; None when
        it holds no arguments dict.

        ``self.args``, a name for it, ``getattr(self, "args", {})``,
        ``self.args or {}``, ``self.args if isinstance(self.args, dict) else
        {}``, ``dict(self.args)``, ``self.args.copy()``, ``copy.deepcopy(...)``,
        and the merges ``{**DEFAULTS, **self.args}``, ``DEFAULTS | self.args``,
        ``dict(DEFAULTS, **self.args)``.
        """
        held: Any = node  # each branch knows the node's kind
        kind = type(held)
        if kind is cst.Name:
            return env.merged.get(held.value, PLAIN) if held.value in env.dicts else None
        if kind is cst.Attribute:
            return PLAIN if self._is_base_source(held, env) else None
        if kind is cst.Call:
            return self._call_value(held, env)
        if kind is cst.Dict:
            spread = any(type(e) is cst.StarredDictElement for e in held.elements)
            return self._merge(held, env) if spread else None
        if kind is cst.BinaryOperation:
            return self._merge(held, env) if type(held.operator) is cst.BitOr else None
        if kind is cst.NamedExpr:
            return self._dict_value(held.value, env)
        if kind is cst.BooleanOperation:
            right = self._dict_value(held.right, env)
            if type(held.operator) is cst.And:
                return right  # the left one is tested; the right one is the value
            left = self._dict_value(held.left, env)
            return self._either(left, right, held.left, held.right, env)
        if kind is cst.IfExp:
            body, orelse = held.body, held.orelse
            return self._either(
                self._dict_value(body, env), self._dict_value(orelse, env), body, orelse, env
            )
        return None

    def _is_base_source(self, node: cst.Attribute, env: Env) -> bool:
        return (
            node.attr.value == "args"
            and type(node.value) is cst.Name
            and env.self_name is not None
            and node.value.value == env.self_name
        )

    def _call_value(self, node: cst.Call, env: Env) -> Any:
        func = node.func
        if type(func) is cst.Attribute and func.attr.value == "copy" and not node.args:
            return self._dict_value(func.value, env)
        name = func.value if type(func) is cst.Name else None
        if name == "getattr" and env.self_name is not None:
            if getattr_of(node) == (env.self_name, "args"):
                return PLAIN
            if len(node.args) == 3 and _getattr_args(node, env.self_name):
                # the default stands in when the tool has no ``args``
                return self._either(PLAIN, None, node.args[0].value, node.args[2].value, env)
            return None
        if name == "dict":
            return self._merge(node, env)
        if dotted_name(func) in _COPIES and len(node.args) == 1 and not node.args[0].star:
            return self._dict_value(node.args[0].value, env)
        dotted = dotted_name(func)
        is_cast = dotted is not None and self.scan._resolve(dotted, env.names) == "typing.cast"  # type: ignore[attr-defined]
        if is_cast and len(node.args) == 2 and not node.args[1].star:
            return self._dict_value(node.args[1].value, env)  # ``cast(T, x)`` is ``x``
        return None

    def _either(
        self,
        first: Any,
        second: Any,
        first_node: cst.BaseExpression,
        second_node: cst.BaseExpression,
        env: Env,
    ) -> Any:
        """:func:`~doxtool.python.mergeforms.either` of two expressions."""
        other = second_node if first is not None else first_node
        return either(first, second, lambda: self._literal_keys(other))

    def _literal_keys(self, node: cst.BaseExpression) -> frozenset[str] | None:
        """The keys of a literal dict (or a constant bound to one, or None)."""
        if type(node) is cst.Dict:
            keys = set()
            for element in node.elements:
                key = string_value(element.key) if type(element) is cst.DictElement else None
                if not isinstance(key, str):
                    return None
                keys.add(key)
            return frozenset(keys)
        if type(node) is cst.Call and type(node.func) is cst.Name and node.func.value == "dict":
            return frozenset() if not node.args else None
        return literal_keys(*self._value(node))  # type: ignore[attr-defined]

    def _parts(self, node: cst.BaseExpression) -> list[_Part] | None:
        """The parts of a merge in order: a dict display's elements, the
        operands of ``|``, the arguments of ``dict(...)``."""
        if type(node) is cst.Dict:
            return [
                (_key_of(e.key), e.value) if type(e) is cst.DictElement else (None, e.value)
                for e in node.elements
            ]
        if type(node) is cst.BinaryOperation:
            operands: list[cst.BaseExpression] = []
            while type(node) is cst.BinaryOperation and type(node.operator) is cst.BitOr:
                operands.append(node.right)
                node = node.left
            operands.append(node)
            return [(None, operand) for operand in reversed(operands)]
        assert type(node) is cst.Call
        parts: list[_Part] = []
        for index, arg in enumerate(node.args):
            if arg.star == "*" or (not arg.star and arg.keyword is None and index > 0):
                return None
            key = arg.keyword.value if arg.keyword is not None else None
            parts.append((key, arg.value))
        return parts

    def _merge(self, node: cst.BaseExpression, env: Env) -> Any:
        """The merge ``node`` is (a dict display, ``|``, ``dict(...)``) when
        it spreads the arguments: a :class:`Merge` when everything after them
        is known, :data:`OPAQUE` otherwise; None when it holds no arguments."""
        parts = self._parts(node)
        return self._merge_parts(parts, env) if parts else None

    def _merge_parts(self, parts: list[_Part], env: Env) -> Any:
        """:func:`~doxtool.python.mergeforms.merge_parts` of the parts of a merge."""
        return merge_parts(
            parts,
            lambda value: self._dict_value(value, env),
            self._value,  # type: ignore[attr-defined]
        )

    def _merged_of(self, source: cst.BaseExpression | None, env: Env) -> Merge | None:
        """The merge the dict read is (a name for one, or one written in place)."""
        if source is None:
            return None
        if type(source) is cst.Name:
            return env.merged.get(source.value)  # type: ignore[no-any-return]
        value = self._dict_value(source, env)
        return value if isinstance(value, Merge) and not value.plain else None

    def _overridden(self, source: cst.BaseExpression | None, key: str, env: Env) -> bool:
        """Whether ``key`` of the dict ``source`` is not the argument's value."""
        merge = self._merged_of(source, env)
        if merge is not None and key in merge.overrides:
            return True
        return self._written(source, key, env)  # type: ignore[attr-defined]

    def _stands_in(self, source: cst.BaseExpression | None, key: str, env: Env) -> bool:
        """Whether a literal standing in for the arguments on some calls has ``key``."""
        merge = self._merged_of(source, env)
        return merge is not None and key in merge.fallback

    def _merged_default(
        self, source: cst.BaseExpression | None, key: str, env: Env
    ) -> tuple[bool, bool, Any]:
        """(the key may be missing from the arguments, its default is known, the default)."""
        merge = self._merged_of(source, env)
        return (False, False, None) if merge is None else merge.default(key)

    def _merged_into_args(self, node: cst.BaseExpression, env: Env) -> bool:
        """Whether ``node`` is the value of ``self.args = {**DEFAULTS,
        **self.args}`` (``self.args = DEFAULTS | self.args``, ``self.args =
        self.args or {}``): the arguments stay where they were, not handed on."""
        stmt = env.stmt
        return (
            type(stmt) is cst.Assign
            and stmt.value is node
            and len(stmt.targets) == 1
            and self._dict_label(stmt.targets[0].target, env) == SELF_ARGS  # type: ignore[attr-defined]
            and isinstance(self._dict_value(node, env), Merge)
        )

    def _assigned_merge(self, node: cst.CSTNode, env: Env) -> Merge | None:
        """The merge ``node`` is, when it is assigned to plain names that the
        function only reads keys of (``args = {**D, **self.args}``,
        ``args = DEFAULTS | self.args``); None otherwise (the dict is then
        taken whole)."""
        stmt = env.stmt
        if type(stmt) is cst.Assign:
            targets = [t.target for t in stmt.targets]
        elif type(stmt) is cst.AnnAssign:
            targets = [stmt.target]
        else:
            return None
        if stmt.value is not node or not all(type(t) is cst.Name for t in targets):
            return None
        merge = self._dict_value(node, env)  # type: ignore[arg-type]
        if not isinstance(merge, Merge):
            return None
        if not all(self._only_read(env, t.value) for t in targets):  # type: ignore[attr-defined]
            return None
        return merge

    def _only_read(self, env: Env, name: str) -> bool:
        """:func:`~doxtool.python.nameuses.only_read` of ``name`` in the function walked, worked out
        once for every walk of it."""
        key = (id(env.func.node), name)
        known = self.only_reads.get(key)
        if known is None:
            known = self.only_reads[key] = only_read(env.func.node, name)
        return known


def _getattr_args(node: cst.Call, self_name: str) -> bool:
    """Whether ``getattr(...)`` names ``self`` and ``"args"`` first (a default after)."""
    if any(a.keyword is not None or a.star for a in node.args):
        return False
    owner, name = node.args[0].value, node.args[1].value
    return (
        type(owner) is cst.Name
        and owner.value == self_name
        and type(name) is cst.SimpleString
        and string_value(name) == "args"
    )


def _key_of(node: cst.BaseExpression) -> Any:
    """A key written in a dict display: the string, or ``NO_KEY``."""
    key = string_value(node)
    return key if isinstance(key, str) else NO_KEY
