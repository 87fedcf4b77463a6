"""A check whose test also selects a value of an argument (part of
:class:`~doxtool.python.contracts.Contracts`).

``if action == "servers" or not server: return Response(...)`` runs its
block for the value ``servers`` (here the default: on every call without
``action``) as well as for a missing ``server``: the ``Response`` it returns
is the tool's answer to a request it takes (a listing of servers) as much as
an error. Whether ``server`` is refused is then not known: needed on some
calls at most, as the check of a helper handing its answer back
(:meth:`~doxtool.python.contracts.Contracts._hedged_check`). Past it no
call missing what it answers comes: a later check of that alone (the
``else`` of ``if url: ... elif server: ... else: return Response(error)``
past ``if action == "servers" or (not url and not server)``) refuses
nothing either.
"""

from __future__ import annotations

import libcst as cst

from doxtool.python.readforms import CALLED
from doxtool.python.walkstate import Env


class SelectedValues:
    """Tests of a check that select a value: a part of
    :class:`~doxtool.python.contracts.Contracts`."""

    #: id of a function's top body -> the groups of arguments whose joint
    #: absence a check there answers (:meth:`_answers`)
    answered_groups: dict[int, list[frozenset[str]]]

    def _answers(self, test: cst.BaseExpression, env: Env) -> bool:
        """Whether the check ending ``execute`` on ``test`` answers as much
        as it refuses: ``test`` selects a value (:meth:`_selects_value`),
        the groups it would refuse then noted as answered, or it only
        refuses what a check before it answered (:meth:`_answered`)."""
        groups = [g for g in self._refusal_groups(test, env) if CALLED not in g.values()]  # type: ignore[attr-defined]
        names = [frozenset(group) for group in groups]
        if self._selects_value(test, env):
            self.answered_groups.setdefault(id(env.top_body), []).extend(names)
            return True
        return bool(names) and all(self._answered(group, env) for group in names)

    def _answered(self, names: frozenset[str], env: Env) -> bool:
        """Whether a check before, in the same body, answers every call
        missing all of ``names``: no such call gets this far."""
        return any(group <= names for group in self.answered_groups.get(id(env.top_body), ()))

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
