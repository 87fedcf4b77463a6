"""The keys a test takes present (part of :class:`~doxtool.python.toolscan.ToolScan`):
``"k" in args``, a read or a name standing for one tested true (``if
args.get("k"):``), and one tested against ``None`` where a missing key gives
``None`` (``args.get("k") is not None``: present where true; ``is None``:
where false), under which a read that raises without the key does not raise.
"""

from __future__ import annotations

import libcst as cst

from doxtool.python.walkstate import Env


class GuardTests:
    """Guards: a part of :class:`~doxtool.python.toolscan.ToolScan`."""

    def _guards_of(
        self, test: cst.BaseExpression, env: Env
    ) -> tuple[frozenset[str], frozenset[str]]:
        """Keys known present when ``test`` is true / false."""
        positive: set[str] = set()
        negative: set[str] = set()
        parts = [test]
        while parts:
            node = parts.pop()
            if type(node) is cst.BooleanOperation and type(node.operator) is cst.And:
                parts.extend([node.left, node.right])
                continue
            if type(node) is cst.Comparison and len(node.comparisons) == 1:
                target = node.comparisons[0]
                if self._is_dict_source(target.comparator, env):  # type: ignore[attr-defined]
                    key = self._key(node.left, env)  # type: ignore[attr-defined]
                    if isinstance(key, str):
                        if type(target.operator) is cst.In:
                            positive.add(key)
                        elif type(target.operator) is cst.NotIn:
                            negative.add(key)
                tested = self._none_tested(node, env)
                if tested is not None:
                    (positive if tested[1] else negative).add(tested[0])
            arg = self._arg_of(node, env)  # type: ignore[attr-defined]
            if arg is not None:
                positive.add(arg)
        return frozenset(positive), frozenset(negative)

    def _none_tested(self, node: cst.Comparison, env: Env) -> tuple[str, bool] | None:
        """(key, whether true takes it present) of ``args.get("k") is not None``
        or ``... is None``, also of a name bound to such a read: only where a
        missing key gives ``None`` (``args.get("k", 5)`` is never ``None``)."""
        target = node.comparisons[0]
        operator = type(target.operator)
        none = type(target.comparator) is cst.Name and target.comparator.value == "None"
        if not none or operator not in (cst.Is, cst.IsNot):
            return None
        left = node.left
        if type(left) is cst.Name:
            held = self._tested_missing(left, env)  # type: ignore[attr-defined]
            key = held[0] if held is not None and held[1] is None else None
        else:
            key = self._get_of_key(left, env)
        return None if key is None else (key, operator is cst.IsNot)

    def _get_of_key(self, node: cst.BaseExpression, env: Env) -> str | None:
        """The key of ``args.get("k")`` or ``args.get("k", None)``, if ``node`` is one."""
        if type(node) is not cst.Call or type(node.func) is not cst.Attribute:
            return None
        args = node.args
        if node.func.attr.value != "get" or not 1 <= len(args) <= 2:
            return None
        if any(a.keyword is not None or a.star for a in args):
            return None
        default = args[1].value if len(args) == 2 else None
        if default is not None and not (type(default) is cst.Name and default.value == "None"):
            return None
        if not self._is_dict_source(node.func.value, env):  # type: ignore[attr-defined]
            return None
        key = self._key(args[0].value, env)  # type: ignore[attr-defined]
        return key if isinstance(key, str) else None
