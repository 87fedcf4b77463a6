"""A check whose test also selects a value of an argument (part of
:class:`~doxtool.python.contracts.Contracts`).

``if action == "servers" or not server: return Response(...)`` runs its
block for the value ``servers`` (here the default: on every call without
``action``) as well as for a missing ``server``: the ``Response`` it returns
is the tool's answer to a request it takes (a listing of servers) as much as
an error. Whether ``server`` is refused is then not known: needed on some
calls at most, as the check of a helper handing its answer back
(:meth:`~doxtool.python.contracts.Contracts._hedged_check`).
"""

from __future__ import annotations

import libcst as cst

from doxtool.python.walkstate import Env


class SelectedValues:
    """Tests of a check that select a value: a part of
    :class:`~doxtool.python.contracts.Contracts`."""

    def _selects_value(self, test: cst.BaseExpression, env: Env) -> bool:
        """Whether ``test`` is an ``or`` one of whose operands compares an
        argument with a value it may be sent (``action == "servers"``,
        ``mode in ("list", "all")``): not an empty one (``mode == ""``
        tests a missing value)."""
        if type(test) is not cst.BooleanOperation or type(test.operator) is not cst.Or:
            return False
        parts: list[cst.BaseExpression] = [test]
        while parts:
            node = parts.pop()
            if type(node) is cst.BooleanOperation and type(node.operator) is cst.Or:
                parts.extend((node.left, node.right))
            elif type(node) is cst.Comparison and len(node.comparisons) == 1:
                target = node.comparisons[0]
                pairs = [(node.left, target.comparator)]
                if type(target.operator) is cst.Equal:
                    pairs.append((target.comparator, node.left))
                elif type(target.operator) is not cst.In:
                    continue
                for subject, other in pairs:
                    known, value = self._value(other)  # type: ignore[attr-defined]
                    values = value if isinstance(value, (list, tuple, set, frozenset)) else [value]
                    if known and values and all(values) and self._arg_of(subject, env):  # type: ignore[attr-defined]
                        return True
        return False
