"""Argument contracts and closed dispatch (part of :class:`~doxtool.python.toolscan.ToolScan`).

``if not x: return Response("x is required")`` at the top of ``execute`` makes
``x`` required; a dispatch whose other values raise or return an error
(``else``, ``case _``) accepts only the values it tests.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import libcst as cst

from doxtool.python.arguments import ArgBuilder
from doxtool.python.blockreturns import (
    answers_with_awaited,
    answers_with_work,
    returns_only_written,
    with_returned_inline,
    written,
)
from doxtool.python.checktests import negated, negative
from doxtool.python.conjunctrefusals import ConjunctRefusals, names_in, refuse_jointly
from doxtool.python.controlflow import contains_return, ends_with_raise, terminates
from doxtool.python.cstcaught import base_only_classes
from doxtool.python.cstnodes import child_nodes, is_kind, suite_body
from doxtool.python.elsechecks import ElseChecks
from doxtool.python.keptchecks import checked_kinds
from doxtool.python.matchcontracts import MatchContracts
from doxtool.python.matchpatterns import literal_pattern, match_values
from doxtool.python.parsecontracts import ParseContracts
from doxtool.python.readforms import CALLED, REFUSALS
from doxtool.python.renamedkeys import renamed_under
from doxtool.python.selectedvalues import SelectedValues
from doxtool.python.walkstate import Env


class Contracts(ElseChecks, SelectedValues, ConjunctRefusals, MatchContracts, ParseContracts):
    """Contracts and closed dispatch: a part of :class:`~doxtool.python.toolscan.ToolScan`."""

    # -- argument contracts and closed dispatch ------------------------------------

    def _error_exit(self, body: Sequence[cst.BaseStatement], env: Env) -> bool:
        """Whether a block ends the function with a raise or a returned
        ``Response`` (not one made of what work gives: :func:`answers_with_work`,
        :func:`answers_with_awaited`)."""
        if not terminates(body):
            return False
        for stmt in body:
            if type(stmt) in (cst.SimpleStatementLine, cst.SimpleStatementSuite):
                for small in stmt.body:
                    if type(small) is cst.Raise:
                        return True
                    if type(small) is cst.Return and (value := small.value) is not None:
                        response = self._is_response_call(value, env)
                        only = partial(self._writes_only, env=env)
                        work = answers_with_work(value, env.self_name, only) or (
                            answers_with_awaited(body, env.self_name, only)
                        )
                        return (response and not work) or (
                            env.answers and written(value)  # a message written there, the answer
                        )
                    if type(small) is cst.Return:
                        return False
        return False

    def _writes_only(self, call: cst.Call, env: Env) -> bool:
        """Whether ``call`` reaches a function of the module or a method of the
        tool's class (or a base in the module) that only returns a message written in it."""
        fn = self._callee_function(call, env)  # type: ignore[attr-defined]
        return fn is not None and returns_only_written(fn.node)

    def _contract(self, stmt: cst.If, env: Env) -> None:
        """``if not x: return Response("x is required")`` makes ``x`` required (in a helper,
        only ``raise`` ends ``execute``; a call of another module: :mod:`.raisecalls`); a raise
        a ``try`` around it may recover from leaves it optional, its end not known."""
        body = with_returned_inline(suite_body(stmt.body))
        error = self._error_exit(body, env)
        if not error and self._raise_contract(stmt, body, env):  # type: ignore[attr-defined]
            return
        recovered = (
            error and env.recovering > 0 and ends_with_raise(body) and id(stmt) not in env.escaping
        )
        groups = lambda: self._refusal_groups(stmt.test, env)  # noqa: E731
        if env.func is self.entry and not recovered and self._doubtful(body, error, groups, env):
            return self._checked_result(stmt.test, env, True)  # ``return self.fail(...)``
        selects = error and self._ends_execute(env) and self._answers(stmt.test, env)
        if selects or (not (error and self._ends_execute(env)) and self._hands_back(body, env)):
            self._hedged_check(stmt.test, env, selects)
            return
        if not error or not (self._ends_execute(env) or ends_with_raise(body)):
            return
        self._refusing(stmt.test, recovered, env)
        if not recovered:
            self._checked_result(stmt.test, env)

    def _hands_back(self, body: Sequence[cst.BaseStatement], env: Env) -> bool:
        """Whether ``body`` is the block of a check in a function ``execute``
        calls that ends in a ``return`` (``if not args.get("k"): return "k is
        required"``): it ends that function, not the tool's call."""
        last = body[-1] if body and type(body[-1]) is cst.SimpleStatementLine else None
        return (
            env.func is not self.entry and last is not None and type(last.body[-1]) is cst.Return  # type: ignore[union-attr]
        )

    def _hedged_check(self, test: cst.BaseExpression, env: Env, selects: bool = False) -> None:
        """A check whose block hands a value back to the tool: the tool may
        answer with it (``Response(message=check(self.args) or "ok")``) or go
        on, which the walk does not follow. Each argument the check refuses
        alone is needed on some calls (``required or optional``, its default
        neither claimed nor denied), as in a helper of another module
        (:mod:`~doxtool.python.asthandedchecks`). A check of a value the
        caller handed (``def truthy(v): if v is None: return False``) is a
        conversion as much as a check, as there: it refuses nothing (unless it ``selects``)."""
        if env.handed & names_in(test) and not selects:
            return
        for name in self._missing_refused(test, env):  # type: ignore[attr-defined]
            self._arg(name).branch_refusals.add("missing")
        for group in self._refusal_groups(test, env):
            for name, refusal in group.items() if len(group) == 1 else ():
                if refusal != CALLED:
                    self._arg(name).branch_refusals.add(refusal)

    def _ends_execute(self, env: Env) -> bool:
        """Whether a ``Response`` the walked function returns ends ``execute``:
        it is ``execute``, or a function whose result ``execute`` returns
        (``return _reply(text)``) on every call that gets this far."""
        return env.func is self.entry or ((env.collect_outcomes or env.answers) and env.needed)

    def _assert_contract(self, test: cst.BaseExpression, env: Env, always: bool) -> None:
        """``assert text, "text is required"`` refuses what ``if not text:
        raise AssertionError(...)`` does: on every call (``always``, at the
        top of a function that always runs), or on the calls that come this
        way (a branch of a dispatch, a method a dispatch calls). Past a check
        answered by a call (``if not note: return self.fail(...)``) it runs
        on every call only if that call refuses (:mod:`~doxtool.python.absence`)."""
        failing = negated(test)
        groups = lambda: self._refusal_groups(failing, env)  # noqa: E731
        recovered = env.recovering > 0
        if not (always and recovered) and self._doubtful((), True, groups, env, always):
            return  # refused, or never reached when the call handles the value
        if always:
            self._refusing(failing, recovered, env)
            return
        for group in self._refusal_groups(failing, env):
            refuse_jointly(self._arg, group)
            if len(group) == 1:
                for name, refusal in group.items():
                    self._arg(name).branch_refusals.add(refusal)

    def _refusing(self, test: cst.BaseExpression, recovered: bool, env: Env) -> None:
        """A check true for ``test`` ends ``execute`` with an error on every call
        (``recovered``: a handler may recover from its raise); a name bound to an
        argument on some calls only (:mod:`.partialbinds`, ``self.method or ...``): those."""
        if not recovered and self._names_method(test, env):  # ``self.method or args.get(k)``
            self._conjunct_refusals(test, env)  # ``not q and self.method != "list"``: some calls
            return self._hedged_check(test, env, selects=True)  # needed when no method is named
        partial = self._partial_args(test, env)  # type: ignore[attr-defined]
        if not recovered:  # ``if action == "dm" and not target``: :mod:`.conjunctrefusals`
            self._conjunct_refusals(test, env)
        checks = [] if recovered else self._absence_groups(test, env)  # type: ignore[attr-defined]
        for name, kind in checked_kinds(checks, test, recovered, env):
            self._arg(name).instance_of.add(kind)
        for name in self._missing_refused(test, env):  # type: ignore[attr-defined]
            builder = self._arg(name)
            if recovered:
                builder.recovered.add("missing")
            else:
                builder.refusals.add("missing")
                self._needed_or_renamed(builder, test, env)
        also = self._also_args(test, env) if partial else {}  # type: ignore[attr-defined]
        for group in self._refusal_groups(test, env):
            if partial & set(group):
                for name, refusal in group.items() if len(group) == 1 else ():
                    self._refused_on_some(name, refusal, also)  # type: ignore[attr-defined]
                continue
            for name, refusal in group.items():
                builder = self._arg(name)
                if recovered:
                    builder.recovered.add(refusal)
                    continue
                if refusal == CALLED:  # the test may refuse any value, or none
                    builder.branch_refusals.add(refusal)
                    continue
                builder.refusals.add(refusal)
                if len(group) == 1:
                    self._needed_or_renamed(builder, test, env)
                else:
                    builder.alternatives.update(set(group) - {name})

    @staticmethod
    def _needed_or_renamed(builder: ArgBuilder, test: cst.BaseExpression, env: Env) -> None:
        """A check on every call refuses the argument missing: it is needed,
        or, where an old name was written back under it before
        (``if "link" in self.args and "url" not in self.args: self.args["url"]
        = self.args.pop("link")``, :mod:`.renamedkeys`), one of the two is,
        unless the check tests a name bound to the key's value before that
        (``url = self.args.get("url", "")`` above the renaming): it holds
        what the model sent under the key alone."""
        renamed = renamed_under(builder.name, env)
        if any(
            not env.var_renamed.get(name)
            for name in names_in(test)
            if env.var_args.get(name) == builder.name
        ):
            renamed = frozenset()
        if renamed:  # they stand in for it: its default is reached with both missing, refused
            builder.alternatives.update(renamed)
            builder.stand_ins.update(renamed)
        else:
            builder.contract_required = True

    def _branch_contract(self, stmt: cst.If, env: Env) -> None:
        """``if not text: return Response(error)`` where it does not run on
        every call (in a branch of a dispatch, in a method a dispatch calls):
        the kinds of value it refuses are no default there, while a call
        that does not come this way may take the default."""
        body = with_returned_inline(suite_body(stmt.body))
        error = self._error_exit(body, env)
        groups = lambda: self._refusal_groups(stmt.test, env)  # noqa: E731
        if self._doubtful(body, error, groups, env, every_call=False):
            return self._checked_result(stmt.test, env, True)
        if not error and self._hands_back(body, env):
            # ``if not k: return "k is required"``; past a return of the function
            # (``if not ok: return ""``) it runs on some of its calls only: nothing
            if not env.past_exit:
                self._hedged_check(stmt.test, env)
            return
        if not error:
            return
        if env.past_exit and not (
            env.func is self.entry or env.collect_outcomes or env.answers or ends_with_raise(body)
        ):
            return  # a ``Response`` a helper returns, past a return, ends nothing
        # a raise a handler recovers from refuses nothing, as in :meth:`_contract`
        recovered = env.recovering > 0 and ends_with_raise(body) and id(stmt) not in env.escaping
        checks = [] if recovered else self._absence_groups(stmt.test, env)  # type: ignore[attr-defined]
        if not recovered:
            self._conjunct_refusals(stmt.test, env)
            self._checked_result(stmt.test, env, True)
        for name, kind in checked_kinds(checks, stmt.test, recovered, env):
            self._arg(name).instance_of.add(kind)
        self._branch_missing_refused(stmt.test, recovered, env)  # type: ignore[attr-defined]
        for group in self._refusal_groups(stmt.test, env):
            if not recovered:
                refuse_jointly(self._arg, group)
            if len(group) == 1:
                for name, refusal in group.items():
                    if env.known_present(name):
                        continue  # ``if until:`` around it: no missing key comes here
                    if recovered:
                        self._arg(name).recovered.add(refusal)
                        continue
                    self._arg(name).branch_refusals.add(refusal)
                    if refusal != CALLED and REFUSALS[refusal](None):  # a missing key is refused
                        self._arm_need(name, "refuses", env)

    def _closed_absence(self, stmt: cst.If, env: Env) -> None:
        """A branch of a closed dispatch that takes a missing or empty value
        on (``if not action: action = "list"``): ``""`` (and ``None``, as
        the test refuses it) is a value it accepts; when it returns what a
        call gives (``return await self.default()``), that call may refuse
        them too (:mod:`~doxtool.python.absence`)."""
        body = suite_body(stmt.body)
        if self._error_exit(body, env):
            return
        # what a call returns may also be an error (``return self.fail(...)``)
        target = self._absence_call(body, env)
        for group in self._absence_groups(stmt.test, env):
            for name, refusal in group.items():
                if refusal == CALLED:
                    continue  # what the call made is taken on, not the value
                builder = self._arg(name)
                blank, none = REFUSALS[refusal](""), REFUSALS[refusal](None)
                if target is None or not blank:
                    # (``elif action is None: return await self.default()``
                    # takes ``None`` on, whatever the call gives)
                    builder.blank_tested = builder.blank_tested or blank
                    builder.none_tested = builder.none_tested or none
                else:
                    builder.absence_calls.add(target)
                    builder.absence_blank = builder.absence_blank or blank
                    builder.absence_none = builder.absence_none or none
                    if len(group) == 1:  # (``if not a and not b``: no alternatives)
                        builder.absence_closed.add(refusal)

    def _base_only(self) -> frozenset[str]:
        """The module's classes ``except Exception`` does not take (read once)."""
        found: frozenset[str] | None = getattr(self, "_base_only_found", None)
        if found is None:
            found = self._base_only_found = base_only_classes(self.scan.tree)  # type: ignore[attr-defined]
        return found

    def _is_check(self, stmt: cst.BaseStatement, env: Env) -> bool:
        """``if <test>: return Response(error)`` (or raise), with no ``else``."""
        return (
            type(stmt) is cst.If
            and stmt.orelse is None
            and negative(stmt.test)
            and self._error_exit(with_returned_inline(suite_body(stmt.body)), env)
        )

    def _returns_on_argument_path(self, stmt: cst.CSTNode, env: Env, top: bool = True) -> bool:
        """Whether a statement can return, other than on an error, in a way
        that depends on the arguments (after it, a check holds only on some paths)."""
        if type(stmt) in (cst.SimpleStatementLine, cst.SimpleStatementSuite):
            return top and any(type(s) is cst.Return for s in stmt.body)
        if type(stmt) is cst.If:
            if self._mentions_arguments(stmt.test, env) and contains_return(stmt):
                return True
            branches: list[cst.CSTNode] = list(suite_body(stmt.body))
            if type(stmt.orelse) is cst.If:
                branches.append(stmt.orelse)
            elif stmt.orelse is not None:
                branches.extend(suite_body(stmt.orelse.body))
            return any(self._returns_on_argument_path(s, env, False) for s in branches)
        if type(stmt) in (cst.Try, cst.TryStar):
            blocks = [suite_body(stmt.body)]
            if stmt.orelse is not None:
                blocks.append(suite_body(stmt.orelse.body))
            if stmt.finalbody is not None:
                blocks.append(suite_body(stmt.finalbody.body))
            return any(self._returns_on_argument_path(s, env, top) for b in blocks for s in b)
        if type(stmt) is cst.With:
            return any(self._returns_on_argument_path(s, env, top) for s in suite_body(stmt.body))
        if type(stmt) in (cst.For, cst.While):
            # a loop whose only returns are its checks' error exits (``for key
            # in ("url", "selector"): if not self.args.get(key): return error``)
            blocks = [suite_body(stmt.body)]
            if stmt.orelse is not None:
                blocks.append(suite_body(stmt.orelse.body))
            return any(contains_return(s) and not self._is_check(s, env) for b in blocks for s in b)
        return contains_return(stmt)

    def _accepting_test(self, test: cst.BaseExpression, env: Env, closed: bool) -> None:
        """What the test of a branch that ends ``execute`` says about the values
        an argument accepts. A value such a branch tests outside the closed
        dispatch (``if action == "purge": return ...``) may be accepted or
        answered with an error, which the code does not say; a test no list
        holds (``action.startswith("del")``, a comparison with a value not
        known) accepts values no list holds, in or out of the dispatch. Either
        way the values accepted are not known (:meth:`ArgBuilder.build`)."""
        parts: list[cst.BaseExpression] = [test]
        while parts:
            node = parts.pop()
            if type(node) is cst.BooleanOperation:
                parts.extend((node.left, node.right))
                continue
            if type(node) is cst.UnaryOperation and type(node.operator) is cst.Not:
                inner = node.expression
                if self._arg_of(inner, env) is None and not _type_check(inner):
                    self._values_unknown(inner, env)
                continue
            if type(node) is cst.Comparison:
                self._accepting_comparison(node, env, closed)
                continue
            if self._arg_of(node, env) is None:  # not the truthiness of an argument
                self._values_unknown(node, env)

    def _accepting_comparison(self, node: cst.Comparison, env: Env, closed: bool) -> None:
        if len(node.comparisons) != 1:
            self._values_unknown(node, env)
            return
        target = node.comparisons[0]
        op = type(target.operator)
        if op in (cst.Is, cst.IsNot):
            return  # ``x is None``: absence, not a choice
        if op in (cst.In, cst.NotIn) and self._is_dict_source(target.comparator, env):
            return  # ``"key" in self.args``: presence
        sides = [(node.left, target.comparator)]
        if op in (cst.Equal, cst.NotEqual):
            sides.append((target.comparator, node.left))
        for subject, other in sides:
            arg = self._arg_of(subject, env)
            builder = self.args.get(arg) if arg is not None else None
            if builder is None:
                continue
            if op in (cst.In, cst.NotIn):  # also ``x not in allowed``, a local literal
                ok, value = self._collection_value(other, env)  # type: ignore[attr-defined]
            else:
                ok, value = self._value(other)
            if not ok and op in (cst.In, cst.NotIn):
                keys = self._dict_keys(other, env)  # ``action not in HANDLERS``
                ok, value = keys is not None, keys
            if not ok or (op in (cst.In, cst.NotIn) and not isinstance(value, (list, dict))):
                builder.values_unknown = True
            elif closed:
                pass  # the dispatch's own values (``_enum_from``)
            elif op in (cst.Equal, cst.In):
                spread = op is cst.In and isinstance(value, (list, dict))
                builder.add_beside(list(value) if spread else [value])
            elif op in (cst.NotEqual, cst.NotIn):
                builder.values_unknown = True  # true for every value but these

    def _accepting_case(self, case: cst.MatchCase, builder: ArgBuilder, closed: bool) -> None:
        """A ``case`` of a ``match`` on an argument, as :meth:`_accepting_test`
        reads an ``if``: its literal values are accepted; a capture, a class
        or a sequence pattern accepts values no list holds (``case _`` of a
        closed dispatch is its error exit)."""
        pattern = case.pattern
        if closed and type(pattern) is cst.MatchAs and pattern.pattern is None:
            return
        if not literal_pattern(pattern):
            builder.values_unknown = True
        elif not closed:
            builder.add_beside(match_values(pattern, self.module))

    def _values_unknown(self, node: cst.CSTNode, env: Env) -> None:
        """Every argument an expression reads: tested in a way no list of values holds."""
        for arg in self._named_arguments(node, env):
            builder = self.args.get(arg)
            if builder is not None:
                builder.values_unknown = True

    def _mentions_arguments(self, node: cst.CSTNode, env: Env) -> bool:
        """Whether an expression depends on what the call holds: its arguments,
        or the method of a ``tool:method`` name (``self.method``)."""
        stack: list[cst.CSTNode] = [node]
        while stack:
            current = stack.pop()
            if type(current) is cst.Name and (
                current.value in env.var_args
                or current.value in env.dicts
                or current.value in env.method_names
                or current.value in env.arg_results
            ):
                return True
            if _is_method(current, env):
                return True
            if is_kind(current, cst.BaseExpression) and self._is_dict_source(current, env):
                return True
            stack.extend(child_nodes(current))
        return False

    def _names_method(self, node: cst.CSTNode, env: Env) -> bool:
        """Whether an expression holds the method of a ``tool:method`` name:
        ``self.method``, or a local name bound to what it gives."""
        stack: list[cst.CSTNode] = [node]
        while stack:
            current = stack.pop()
            if _is_method(current, env) or (
                type(current) is cst.Name and current.value in env.method_names
            ):
                return True
            stack.extend(child_nodes(current))
        return False


def _is_method(node: cst.CSTNode, env: Env) -> bool:
    """``self.method``: the method of a ``tool:method`` name."""
    return (
        type(node) is cst.Attribute
        and node.attr.value == "method"
        and type(node.value) is cst.Name
        and node.value.value == env.self_name
    )


def _type_check(node: cst.BaseExpression) -> bool:
    """``isinstance(x, str)``: under ``not``, true for the values of other types only."""
    return (
        type(node) is cst.Call and type(node.func) is cst.Name and node.func.value == "isinstance"
    )
