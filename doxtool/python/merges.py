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

from dataclasses import dataclass
from typing import Any

import libcst as cst

from doxtool.python.literals import string_value
from doxtool.python.readforms import READ_METHODS
from doxtool.python.walkstate import Env

#: no default for this key (a literal's own default still applies)
_UNKNOWN: Any = object()


@dataclass(frozen=True)
class Merge:
    """What a dict merged from the arguments holds besides them."""

    #: key -> default the mapping before the arguments gives it (``_UNKNOWN``
    #: when its value is not a literal); None: any key may have a default
    defaults: dict[str, Any] | None
    #: keys written after the arguments: they are not the arguments' values
    overrides: frozenset[str]


class MergedDicts:
    """Merged argument dicts: a part of :class:`~doxtool.python.toolscan.ToolScan`."""

    #: (function node id, name) -> whether the function only reads keys of the name
    only_reads: dict[tuple[int, str], bool]

    def _merge(self, node: cst.BaseExpression, env: Env) -> Merge | None:
        """The merge ``node`` is: a dict display with the arguments splatted
        into it and everything after them known (None otherwise)."""
        if type(node) is not cst.Dict:
            return None
        elements = list(node.elements)
        sources = [
            i
            for i, e in enumerate(elements)
            if type(e) is cst.StarredDictElement and self._is_dict_source(e.value, env)  # type: ignore[attr-defined]
        ]
        if not sources:
            return None
        last = sources[-1]
        overrides: set[str] = set()
        for element in elements[last + 1 :]:
            keys = self._mapping_keys(element)
            if keys is None:
                return None  # what it overrides is not known
            overrides.update(keys)
        defaults: dict[str, Any] | None = {}
        for index, element in enumerate(elements[:last]):
            if index in sources or defaults is None:
                continue
            if type(element) is cst.DictElement:
                key = string_value(element.key)
                if not isinstance(key, str):
                    defaults = None
                    continue
                ok, value = self._value(element.value)  # type: ignore[attr-defined]
                defaults[key] = value if ok else _UNKNOWN
                continue
            ok, value = self._value(element.value)  # type: ignore[attr-defined]
            if ok and isinstance(value, dict) and all(isinstance(k, str) for k in value):
                defaults.update(value)
            else:
                defaults = None
        # ``{"verbose": False, **base}`` with ``base = {**DEFAULTS, **self.args}``:
        # the defaults and overrides of ``base`` hold too
        inner = self._merged_of(elements[last].value, env)  # type: ignore[attr-defined]
        if inner is not None:
            overrides |= inner.overrides
            if defaults is not None and inner.defaults is not None:
                defaults = {**defaults, **inner.defaults}
            else:
                defaults = None
        return Merge(defaults, frozenset(overrides))

    def _mapping_keys(self, element: cst.BaseDictElement) -> set[str] | None:
        """The keys a dict element writes (None: not known)."""
        if type(element) is cst.DictElement:
            key = string_value(element.key)
            return {key} if isinstance(key, str) else None
        ok, value = self._value(element.value)  # type: ignore[attr-defined]
        if ok and isinstance(value, dict) and all(isinstance(k, str) for k in value):
            return set(value)
        return None

    def _merged_of(self, source: cst.BaseExpression | None, env: Env) -> Merge | None:
        if type(source) is cst.Name:
            return env.merged.get(source.value)
        return None

    def _overridden(self, source: cst.BaseExpression | None, key: str, env: Env) -> bool:
        """Whether ``key`` of the dict ``source`` is not the argument's value."""
        merge = self._merged_of(source, env)
        if merge is not None and key in merge.overrides:
            return True
        return self._written(source, key, env)  # type: ignore[attr-defined]

    def _merged_default(
        self, source: cst.BaseExpression | None, key: str, env: Env
    ) -> tuple[bool, bool, Any]:
        """(the key may be missing from the arguments, its default is known, the default)."""
        merge = self._merged_of(source, env)
        if merge is None:
            return False, False, None
        if merge.defaults is None:
            return True, False, None
        if key not in merge.defaults:
            return False, False, None
        value = merge.defaults[key]
        return True, value is not _UNKNOWN, value

    def _assigned_merge(self, node: cst.CSTNode, env: Env) -> Merge | None:
        """The merge ``node`` is, when it is assigned to plain names that the
        function only reads keys of (``args = {**D, **self.args}``); None
        otherwise (the dict is then taken whole)."""
        stmt = env.stmt
        if type(stmt) is cst.Assign:
            targets = [t.target for t in stmt.targets]
        elif type(stmt) is cst.AnnAssign:
            targets = [stmt.target]
        else:
            return None
        if stmt.value is not node or not all(type(t) is cst.Name for t in targets):
            return None
        merge = self._merge(node, env)  # type: ignore[arg-type]
        if merge is None or not all(self._only_read(env, t.value) for t in targets):  # type: ignore[attr-defined]
            return None
        return merge

    def _only_read(self, env: Env, name: str) -> bool:
        """:func:`_only_read` of ``name`` in the function walked, worked out
        once for every walk of it."""
        key = (id(env.func.node), name)
        known = self.only_reads.get(key)
        if known is None:
            known = self.only_reads[key] = _only_read(env.func.node, name)
        return known


class _Uses(cst.CSTVisitor):
    """The uses of a name in a function: all of them, and those that read one key."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.total = 0
        self.reads: set[int] = set()
        #: names that are no variable (``x.args``, ``f(args=...)``)
        self.labels: set[int] = set()
        #: subscripts written to or deleted: no reads
        self.writes: set[int] = set()

    def _is(self, node: cst.CSTNode) -> bool:
        return type(node) is cst.Name and node.value == self.name  # type: ignore[attr-defined]

    def visit_Name(self, node: cst.Name) -> None:
        if node.value == self.name and id(node) not in self.labels:
            self.total += 1

    def visit_Arg(self, node: cst.Arg) -> None:
        if node.keyword is not None:
            self.labels.add(id(node.keyword))

    def visit_Subscript(self, node: cst.Subscript) -> None:
        if self._is(node.value) and id(node) not in self.writes:
            self.reads.add(id(node.value))

    def _written(self, target: cst.CSTNode) -> None:
        """``d["k"] = v``, ``d["k"] += v``, ``del d["k"]``: the dict is changed."""
        if type(target) is cst.Subscript:
            self.writes.add(id(target))
        elif type(target) in (cst.Tuple, cst.List):
            for element in target.elements:  # type: ignore[attr-defined]
                self._written(element.value)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._written(node.target)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        self._written(node.target)

    def visit_Del(self, node: cst.Del) -> None:
        self._written(node.target)

    def visit_For(self, node: cst.For) -> None:
        self._written(node.target)

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self.labels.add(id(node.attr))
        if self._is(node.value) and node.attr.value in READ_METHODS:
            self.reads.add(id(node.value))

    def visit_StarredDictElement(self, node: cst.StarredDictElement) -> None:
        # ``{"verbose": False, **base}``: a merge of the merge, followed in turn
        if self._is(node.value):
            self.reads.add(id(node.value))

    def visit_ComparisonTarget(self, node: cst.ComparisonTarget) -> None:
        if type(node.operator) in (cst.In, cst.NotIn) and self._is(node.comparator):
            self.reads.add(id(node.comparator))

    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
        if self._is(node.target):
            self.reads.add(id(node.target))
        self._written(node.target)


def _only_read(function: cst.CSTNode, name: str) -> bool:
    """Whether a function uses ``name`` only to read keys of it (``d["k"]``,
    ``d.get("k")``, ``"k" in d``, ``{**d}``): the dict is not changed, handed
    on, stored or shown whole."""
    uses = _Uses(name)
    function.visit(uses)
    return uses.total == len(uses.reads)
