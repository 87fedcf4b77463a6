"""Comparisons of an argument's value (part of :class:`~doxtool.python.toolscan.ToolScan`).

``x == "list"``, ``x in ("a", "b")``, ``x is None``, ``"k" in self.args``:
the values a dispatch tests an argument against, and whether a closed
dispatch tests it on every call.
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from doxtool.python.compareduses import compared_kind, sole_binding
from doxtool.python.readvalues import raw_value
from doxtool.python.walkstate import Env

#: spellings of a boolean that ``str(x).lower() == ...`` compares against
_BOOLEAN_SPELLINGS = frozenset({"true", "false"})


class Comparisons:
    """Comparisons: a part of :class:`~doxtool.python.toolscan.ToolScan`."""

    def _comparison(self, node: cst.Comparison, env: Env) -> None:
        left = node.left
        single = len(node.comparisons) == 1
        for target in node.comparisons:
            op = target.operator
            right = target.comparator
            if type(op) in (cst.In, cst.NotIn) and self._is_dict_source(right, env):
                self._read(left, node, "contains", env, source=right)
            elif type(op) in (cst.Equal, cst.NotEqual, cst.In, cst.NotIn, cst.Is, cst.IsNot):
                self._enum_from(left, op, right, env, single)
                if type(op) in (cst.Equal, cst.NotEqual):
                    self._enum_from(right, op, left, env, single)
            left = right

    def _enum_from(
        self,
        subject: cst.BaseExpression,
        op: cst.BaseCompOp,
        other: cst.BaseExpression,
        env: Env,
        single: bool = False,
    ) -> None:
        arg = self._arg_of(subject, env)
        if arg is None:
            return
        if self._hides_missing(subject, env):
            self._arg(arg).missing_unknown = True
        ok, value = self._value(other)
        if not ok and type(op) in (cst.In, cst.NotIn):
            keys = self._dict_keys(other)  # ``action not in HANDLERS``
            ok, value = keys is not None, keys
        if not ok:
            return
        values = list(value) if isinstance(value, (list, dict)) else [value]
        if type(op) in (cst.In, cst.NotIn) and not isinstance(value, (list, dict)):
            return
        # ``x is True`` and ``x in (True, "yes")`` on the value itself: another
        # type than its default's (:meth:`~doxtool.python.arguments.ArgBuilder.compare`)
        self._arg(arg).compare(values, raw_value(subject))
        if single:
            self._compared_read(arg, subject, values, op, env)
        if env.closed:
            self._closed_on(arg, values, env)
        if type(op) in (cst.Is, cst.IsNot):
            return
        if any(isinstance(v, str) and v.strip().lower() in _BOOLEAN_SPELLINGS for v in values):
            # ``str(x).lower() == "true"`` accepts a JSON boolean as well as a string
            builder = self._arg(arg)
            builder.boolean_spelling = True
            builder.spellings.update(v.strip().lower() for v in values if isinstance(v, str))
            return
        if env.closed:
            for item in values:
                self._add_enum(arg, item)

    def _compared_read(
        self,
        arg: str,
        subject: cst.BaseExpression,
        values: list[Any],
        op: cst.BaseCompOp,
        env: Env,
    ) -> None:
        """Note the read ``subject`` stands for as compared, as read, with
        literals of one kind (:mod:`~doxtool.python.compareduses`): the read
        itself (``self.args.get("flag") == "true"``), or the one a local name
        is bound to when every use of the name is such a comparison."""
        kind = compared_kind(values, op)
        if kind is None:
            return
        read: cst.BaseExpression | None = None
        if type(subject) in (cst.Call, cst.Subscript) and raw_value(subject):
            read = subject
        elif type(subject) is cst.Name:
            key = (id(env.func.node), subject.value)
            found = self.sole_bindings.get(key, False)
            if found is False:
                found = self.sole_bindings[key] = sole_binding(
                    env.func.node, subject.value, self.module
                )
            if found is not None and found[1] == kind:
                read = found[0]
        if read is not None:
            self._arg(arg).compared_as_read(id(read), kind)

    def _closed_on(self, arg: str, values: list[Any], env: Env) -> None:
        """A closed dispatch tests ``arg`` against ``values``: on every call
        when it is a check of ``execute``'s top, before anything returns."""
        builder = self._arg(arg)
        builder.blank_tested = builder.blank_tested or "" in values
        builder.none_tested = builder.none_tested or None in values
        if env.needed_here and env.func is self.entry and not env.recovering:
            builder.closed_always = True
        else:
            builder.closed_sometimes = True
            if env.doubted_here and env.func is self.entry and not env.recovering:
                # on every call, if the calls checks before it return refuse
                builder.absence_calls.update(env.doubted_here)
                builder.absence_closed_always = True

    def _add_enum(self, arg: str, value: Any) -> None:
        # ``x == ""`` and ``x is None`` test for absence, not for a choice
        if value is not None and value != "" and not isinstance(value, (list, dict)):
            self._arg(arg).add_enum(value)
