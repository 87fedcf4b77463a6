"""Comparisons of an argument's value (part of :class:`~doxtool.python.toolscan.ToolScan`).

``x == "list"``, ``x in ("a", "b")``, ``x is None``, ``"k" in self.args``:
the values a dispatch tests an argument against, and whether a closed
dispatch tests it on every call.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import libcst as cst

from doxtool.python.compareduses import compared_kind, sole_binding
from doxtool.python.conjunctrefusals import names_in
from doxtool.python.controlflow import ends_with_raise
from doxtool.python.cstnodes import suite_body
from doxtool.python.readforms import CALLED, COERCIONS, READ_METHODS, REFUSALS, STRING_METHODS
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
                key = self._read(left, node, "contains", env, source=right)
                if key is not None and id(node) in env.refused_tests:
                    read = self._arg(key).reads[-1]  # its presence is refused
                    self._arg(key).refused_reads.add((read.line, read.column))
                    env.refused_by[id(node)] = key
            elif type(op) in (cst.Equal, cst.NotEqual, cst.In, cst.NotIn, cst.Is, cst.IsNot):
                self._enum_from(left, op, right, env, single)
                if type(op) in (cst.Equal, cst.NotEqual):
                    self._enum_from(right, op, left, env, single)
            left = right

    def _refuse_after(
        self, stmt: cst.BaseStatement, following: Sequence[cst.BaseStatement], env: Env
    ) -> None:
        """Past a test that refuses a key when present (``if "debug" in
        self.args: raise ValueError(...)``), a read of that key in the
        statements ``following`` it in its block never finds it: such a read
        leaves the key refused only (a read at a line before them, in a nested
        function called there, may run elsewhere too). Past one that raises
        when a key is missing, the rest of its block finds it (:meth:`_raised_without`)."""
        key = env.refused_by.get(id(stmt.test)) if type(stmt) is cst.If else None
        if key is not None and following:
            line = self.scan.loc.statement(following[0])[0]  # type: ignore[attr-defined]
            env.refused_keys = {**env.refused_keys, key: line}
        if type(stmt) is cst.If and stmt.orelse is None and ends_with_raise(suite_body(stmt.body)):
            env.present_past = env.present_past | self._raised_without(stmt.test, env)

    def _raised_without(self, test: cst.BaseExpression, env: Env) -> frozenset[str]:
        """The arguments a check that raises refuses alone when missing (``if
        "k" not in args: raise ...``, ``if args.get("k") is None``): past it,
        in its block, they are present, whether or not a handler around it
        goes on; not one a name in the test stands for on some calls only,
        nor where a name in the test is bound more than once in the function."""
        partial = self._partial_args(test, env)  # type: ignore[attr-defined]
        body = env.func.node.body
        for name in names_in(test) & set(env.var_args):
            bound = self._bound_in(body, name)  # type: ignore[attr-defined]
            if bound is None or len(bound) > 1:
                return frozenset()  # ``for path in ...`` may have made what it tests
        return frozenset(
            name
            for group in self._refusal_groups(test, env)  # type: ignore[attr-defined]
            if len(group) == 1
            for name, refusal in group.items()
            if refusal != CALLED and REFUSALS[refusal](None) and name not in partial
        )

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
        if type(op) in (cst.In, cst.NotIn):  # also ``x not in allowed``, a local literal
            ok, value = self._collection_value(other, env)  # type: ignore[attr-defined]
        else:
            ok, value = self._value(other)
        if not ok and type(op) in (cst.In, cst.NotIn):
            keys = self._dict_keys(other, env)  # ``action not in HANDLERS``
            ok, value = keys is not None, keys
        if type(op) in (cst.In, cst.NotIn) and not (ok and isinstance(value, (list, dict))):
            if env.closed:  # ``tool not in READ_TOOLS``: values not known
                self._arg(arg).closed_opaque = True
            return
        if not ok:
            return
        values = list(value) if isinstance(value, (list, dict)) else [value]
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
            folds = self._folds(subject, env)
            for item in values:
                self._add_enum(arg, item, folds)

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
        builder.closed_in.add(env.func.qualname)
        builder.blank_tested = builder.blank_tested or "" in values
        builder.none_tested = builder.none_tested or None in values
        # ``if mode not in MODES: return self.fail(...)``: closed if that call refuses
        answered = (env.closed_call,) if env.closed_call is not None else ()
        always = env.needed_here and env.func is self.entry and not env.recovering
        if env.closed_rejects and not env.recovering:  # every value outside the list is refused
            builder.rejecting.add("always" if always and not answered else "sometimes")
        if always and not answered:
            builder.closed_always = True
        else:
            builder.closed_sometimes = True
            doubted = (*env.doubted_here, *answered)
            top = env.needed_here or env.doubted_here
            if doubted and top and env.func is self.entry and not env.recovering:
                # on every call, if the calls checks before it return refuse
                builder.absence_calls.update(doubted)
                builder.absence_closed_always = True
            elif answered:
                builder.absence_calls.update(answered)
        if answered:  # the values it lists hold only if that call refuses
            self.answered_values.setdefault(arg, set()).update(answered)  # type: ignore[attr-defined]

    def _add_enum(self, arg: str, value: Any, folds: frozenset[str] | None = None) -> None:
        # ``x == ""`` and ``x is None`` test for absence, not for a choice
        if value is not None and value != "" and not isinstance(value, (list, dict)):
            self._arg(arg).add_enum(value, folds)

    def _folds(self, node: cst.BaseExpression, env: Env) -> frozenset[str] | None:
        """The string methods applied to an argument's value in an expression
        that stands for it (as :meth:`_arg_of` reads it) before it is compared:
        ``action.strip().lower()`` gives ``strip`` and ``lower``, the value as
        read (``self.args.get("action")``, a name bound to it) none. None
        where that is not known: a name bound elsewhere (a parameter), the
        result of a call doxtool follows (``self._mode()``)."""
        folds: set[str] = set()
        for _ in range(64):
            if type(node) is cst.Name:
                if node.value not in env.var_args:
                    return None
                known = env.var_folds.get(node.value)
                return None if known is None else frozenset(folds | known)
            if type(node) is cst.Subscript:
                return frozenset(folds)
            if type(node) is cst.BooleanOperation and type(node.operator) is cst.Or:
                # ``self.args.get("action") or "list"``: the operand read
                left = self._arg_of(node.left, env) is not None
                node = node.left if left else node.right
            elif type(node) is cst.NamedExpr:
                node = node.value
            elif type(node) is cst.Call and self._callee_function(node, env) is not None:
                return None  # what a function doxtool follows returns
            elif type(node) is cst.Call and type(node.func) is cst.Attribute:
                method = node.func.attr.value
                if method in READ_METHODS and self._is_dict_source(node.func.value, env):
                    return frozenset(folds)
                if method not in STRING_METHODS:
                    return None
                folds.add(method)
                node = node.func.value
            elif type(node) is cst.Call and type(node.func) is cst.Name and node.args:
                if node.func.value not in COERCIONS:
                    return None
                node = node.args[0].value  # ``str(x)`` compares the string itself
            else:
                return None
        return None
