"""Where the arguments dict goes (part of :class:`~doxtool.python.toolscan.ToolScan`).

The walk reads what is read of the arguments dict (``self.args``, a name
for it, a copy or a merge of it: :meth:`~doxtool.python.merges.MergedDicts._dict_value`)
where it is read: a key subscripted, ``.get``, ``in``, a test, a call it is
handed to. Anywhere else the dict goes (``return self.args``,
``self.params = self.args``, ``[self.args]``, ``for key in self.args``, a
name for a merge that is changed or handed on) the walk does not follow it:
the tool takes arguments no one can name, and says so
(:meth:`~doxtool.python.argreads.ArgumentReads._wholesale`), rather than
taking none.
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from doxtool.python.mergeforms import NO_KEY, PLAIN, Merge, on_some_paths
from doxtool.python.readforms import DICT_READERS
from doxtool.python.walkstate import Env

#: expressions that may be the arguments dict, a copy or a merge of it
HOLDERS = frozenset(
    {
        cst.Attribute,
        cst.Call,
        cst.Dict,
        cst.BinaryOperation,
        cst.BooleanOperation,
        cst.IfExp,
        cst.NamedExpr,
    }
)


class DictEscapes:
    """Where the arguments dict goes: a part of :class:`~doxtool.python.toolscan.ToolScan`."""

    def _held_parts(self, node: cst.CSTNode) -> list[cst.CSTNode]:
        """The parts of an expression that is the arguments dict (or a copy,
        or a merge) which make it up: their use is its own."""
        kind = type(node)
        if kind is cst.Call:
            parts: list[cst.CSTNode] = [a.value for a in node.args]  # type: ignore[attr-defined]
            if type(node.func) is cst.Attribute:  # type: ignore[attr-defined]
                parts.append(node.func.value)  # type: ignore[attr-defined]
            return parts
        if kind is cst.Dict:
            return [e.value for e in node.elements if type(e) is cst.StarredDictElement]  # type: ignore[attr-defined]
        if kind in (cst.BinaryOperation, cst.BooleanOperation):
            return [node.left, node.right]  # type: ignore[attr-defined]
        if kind is cst.IfExp:
            return [node.test, node.body, node.orelse]  # type: ignore[attr-defined]
        if kind is cst.NamedExpr:
            return [node.value]  # type: ignore[attr-defined]
        return []

    def _understood(self, node: cst.CSTNode, env: Env) -> list[cst.CSTNode]:
        """The children of an expression (not itself the arguments dict)
        whose use of the dict the walk reads: a key read (``d["k"]``,
        ``d.get``, ``"k" in d``), a method (``d.items()``:
        :mod:`~doxtool.python.models`) or an attribute no dict has, a test
        (``not d``, ``d is None``), a call it is handed to
        (:meth:`~doxtool.python.models.HandedWhole._wholesale_call`), the
        dict shown in an f-string."""
        kind = type(node)
        if kind is cst.Subscript:
            value = node.value  # type: ignore[attr-defined]
            return [value] if self._is_dict_source(value, env) else []  # type: ignore[attr-defined]
        if kind is cst.Attribute:
            # a dict's method, or an attribute no dict has: it takes nothing on
            return [node.value]  # type: ignore[attr-defined]
        if kind is cst.Call:
            return [a.value for a in node.args]  # type: ignore[attr-defined]
        if kind is cst.Comparison:
            return [node.left]  # type: ignore[attr-defined]
        if kind is cst.ComparisonTarget:
            return [node.comparator]  # type: ignore[attr-defined]
        if kind is cst.UnaryOperation or kind is cst.FormattedStringExpression:
            return [node.expression]  # type: ignore[attr-defined]
        if kind is cst.IfExp:
            return [node.test]  # type: ignore[attr-defined]
        if kind is cst.BooleanOperation:
            return [node.left, node.right]  # type: ignore[attr-defined]
        if kind is cst.CompFor:
            return [node.target]  # type: ignore[attr-defined]
        return []

    def _escaped(self, node: cst.BaseExpression | None, env: Env) -> None:
        """``node`` goes where the walk does not follow it (``return``,
        ``for key in ...``): if it holds the arguments, it takes them all."""
        if node is not None and self._dict_value(node, env) is not None:  # type: ignore[attr-defined]
            self._wholesale(node, env)  # type: ignore[attr-defined]

    def _bind_dict(self, name: str, value: cst.BaseExpression, env: Env) -> None:
        """``name = value``: a name for the arguments (``args = self.args or
        {}``), for a merge of them the function only reads keys of (``args =
        DEFAULTS | self.args``), or for nothing of them. A merge changed or
        handed on, or a dict that holds the arguments in a way not followed,
        takes every argument (the walk does not follow it)."""
        held = self._dict_value(value, env)  # type: ignore[attr-defined]
        some_paths = self._rebound_on_some_paths(name, held, env)
        env.merged.pop(name, None)
        env.dict_literals.pop(name, None)
        if some_paths is not None:  # ``if flag: args = {**args, "mode": "x"}``
            self._hold_merge(name, some_paths, env)
        elif held is None:
            env.dicts.discard(name)
            if env.at_top and (type(value) is cst.Dict or _copy_of(value) is not None):
                env.dict_literals[name] = value  # what ``name |= self.args`` merges over
        elif isinstance(held, Merge) and held.plain:
            env.dicts.add(name)
        elif self._assigned_merge(value, env) is not None:  # type: ignore[attr-defined]
            env.merged[name] = held
            env.dicts.add(name)
        else:
            env.dicts.discard(name)
            self._wholesale(value, env)  # type: ignore[attr-defined]

    def _stored(self, target: cst.BaseExpression, value: cst.BaseExpression, env: Env) -> None:
        """``self.params = self.args``, ``cfg["args"] = self.args``, ``a, b =
        self.args``: the dict is kept where the walk does not follow it
        (``self.args = DEFAULTS | self.args`` keeps it where it was)."""
        if self._dict_value(value, env) is None:  # type: ignore[attr-defined]
            return
        if not self._merged_into_args(value, env):  # type: ignore[attr-defined]
            self._wholesale(value, env)  # type: ignore[attr-defined]

    def _augmented(self, small: cst.AugAssign, env: Env) -> None:
        """``cfg |= self.args`` (a merge of the arguments over what ``cfg``
        held, as ``cfg = cfg | self.args``), ``args |= {"mode": "x"}`` (keys
        written over a merge); anything else that holds the arguments takes
        them all."""
        target, value = small.target, small.value
        held = self._dict_value(value, env)  # type: ignore[attr-defined]
        if type(target) is not cst.Name or type(small.operator) is not cst.BitOrAssign:
            if held is not None:
                self._wholesale(value, env)  # type: ignore[attr-defined]
            return
        name = target.value
        if held is None and name not in env.dicts:
            env.dict_literals.pop(name, None)
            return
        before: Any = env.dict_literals.get(name)
        if name in env.dicts:
            before = target
        elif before is not None:
            before = _copy_of(before) or before
        parts = [(None, before) if before is not None else (NO_KEY, target), (None, value)]
        merge = self._merge_parts(parts, env)  # type: ignore[attr-defined]
        merge = self._rebound_on_some_paths(name, merge, env) or merge
        env.merged.pop(name, None)
        env.dict_literals.pop(name, None)
        if isinstance(merge, Merge) and self._only_read(env, name):  # type: ignore[attr-defined]
            self._hold_merge(name, merge, env)
        else:
            env.dicts.discard(name)
            self._wholesale(value, env)  # type: ignore[attr-defined]

    def _rebound_on_some_paths(self, name: str, held: Any, env: Env) -> Merge | None:
        """What ``name`` holds past a rebinding to ``held`` that runs on some
        paths only (:func:`~doxtool.python.mergeforms.on_some_paths`), when
        it held a merge of the arguments before and the function only reads
        keys of it; None otherwise."""
        if env.at_top or name not in env.dicts or not isinstance(held, Merge):
            return None
        if not self._only_read(env, name):  # type: ignore[attr-defined]
            return None
        merged = on_some_paths(env.merged.get(name, PLAIN), held)
        return merged if isinstance(merged, Merge) else None

    @staticmethod
    def _mutated(call: cst.Call, env: Env) -> None:
        """``cfg.setdefault("k", 1)``, ``cfg.update(...)``: a literal dict
        changed, no longer what ``cfg |= self.args`` merges over as written."""
        func = call.func
        receiver = func.value if type(func) is cst.Attribute else None
        if type(receiver) is cst.Name and func.attr.value not in DICT_READERS:  # type: ignore[union-attr]
            env.dict_literals.pop(receiver.value, None)

    @staticmethod
    def _hold_merge(name: str, merge: Merge, env: Env) -> None:
        env.merged.pop(name, None)
        if not merge.plain:
            env.merged[name] = merge
        env.dicts.add(name)


def _copy_of(node: cst.BaseExpression) -> cst.BaseExpression | None:
    """What ``dict(X)`` or ``X.copy()`` copies."""
    if type(node) is not cst.Call:
        return None
    func = node.func
    if type(func) is cst.Attribute and func.attr.value == "copy" and not node.args:
        return func.value
    if (
        type(func) is cst.Name
        and func.value == "dict"
        and len(node.args) == 1
        and not node.args[0].star
        and node.args[0].keyword is None
    ):
        return node.args[0].value
    return None
