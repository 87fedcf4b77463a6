"""Results of calls into other modules held in names, and the checks of them
(part of :class:`~doxtool.python.toolscan.ToolScan`, through
:class:`~doxtool.python.calls.Calls`).

``text = read_text(self.args)`` then ``if not text: return Response(...)``:
the call's result is refused when empty, and resolving tells which argument
that is (:mod:`doxtool.python.refusedvalues`).
"""

from __future__ import annotations

import libcst as cst

from doxtool.core.facts import HelperCall
from doxtool.python.calledaccessors import falsy_literal
from doxtool.python.callfallbacks import first_operand
from doxtool.python.cstnodes import descendants
from doxtool.python.heldobjects import returned_values
from doxtool.python.walkstate import Env

#: the bindings the walk follows, dropping what the name held
_ASSIGNMENTS = (cst.Assign, cst.AnnAssign, cst.AugAssign)


class HeldResults:
    """Names holding what a call into another module returned, and their checks."""

    #: id of a call node -> the call into another module it is
    call_nodes: dict[int, HelperCall]

    def _hold_result(self, target: cst.BaseExpression, value: cst.BaseExpression, env: Env) -> None:
        """What an assignment binds: a name (or the names of a tuple) holding the result
        of a call into another module handed the arguments dict or an argument's value."""
        inner = value.expression if type(value) is cst.Await else value
        call = self.call_nodes.get(id(inner))
        past_or = type(inner) is cst.BooleanOperation and type(target) is cst.Name
        if past_or:  # ``to = arg(self.args, "to") or ""``: a falsy result gives a falsy value
            call = self.call_nodes.get(id(first_operand(inner)))
            call = call if call is not None and falsy_literal(call) else None
        if call is not None and not (call.dicts or call.values):
            call = None
        if type(target) is cst.Name:
            env.results.pop(target.value, None)
            env.or_results.discard(target.value)
            env.arg_results.discard(target.value)
            if self._reads_arguments(inner, env, inner is not value):
                env.arg_results.add(target.value)
            if call is not None and self._held_until_assigned(target.value, env):
                env.results[target.value] = (call, "")
                if past_or:
                    env.or_results.add(target.value)
        elif type(target) in (cst.Tuple, cst.List):
            for index, element in enumerate(target.elements):  # type: ignore[attr-defined]
                if type(element) is not cst.Element:
                    call = None  # ``parsed, *_, err``: the items past a star are not counted
                if type(element.value) is cst.Name:
                    name = element.value.value
                    env.results.pop(name, None)
                    if call is not None and self._held_until_assigned(name, env):
                        env.results[name] = (call, f"#{index}")

    def _reads_arguments(self, value: cst.BaseExpression, env: Env, awaited: bool) -> bool:
        """Whether ``value`` is a call that may read the arguments: one
        handed them (or a value of one), or of a method of the tool
        (``self.check()``, which reads ``self.args``)."""
        if type(value) is not cst.Call:
            return False
        callee = self._callee_function(value, env)  # type: ignore[attr-defined]
        if callee is not None and _gives_none(callee.node, awaited):
            return False  # ``def validate(self): ...raise`` answers nothing: None
        func = value.func
        if (
            type(func) is cst.Attribute
            and type(func.value) is cst.Name
            and func.value.value == env.self_name
            and callee is not None
            and not _agent_only(callee.node)
        ):
            return True
        return self._mentions_arguments(value, env)  # type: ignore[attr-defined]

    def _held_until_assigned(self, name: str, env: Env) -> bool:
        """Whether ``name`` holds what it was assigned until an assignment binds
        it again (which the walk sees): the function binds it in no other way
        (``for err in ...``, ``with ... as err``, ``(err := ...)``, ``del err``)."""
        bound = self._bound_in(env.func.node.body, name)  # type: ignore[attr-defined]
        return bound is not None and all(type(b.node) in _ASSIGNMENTS for b in bound)

    def _checked_result(self, test: cst.BaseExpression, env: Env, some: bool = False) -> None:
        """``if not text:`` on a name holding what a call into another module
        returned: the call's result is refused when empty (resolving tells
        which argument that is, :mod:`doxtool.python.refusedvalues`); ``some``:
        on some calls only (:attr:`~doxtool.core.facts.HelperCall.checked_some`)."""
        refusal = "falsy"
        if type(test) is cst.Name:  # ``if err:``: a value handed back refused when set
            subject, refusal = test, "truthy"
        elif type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
            subject = test.expression
        elif (
            type(test) is cst.Comparison
            and len(test.comparisons) == 1
            and type(test.comparisons[0].operator) is cst.Is
            and type(test.comparisons[0].comparator) is cst.Name
            and test.comparisons[0].comparator.value == "None"  # type: ignore[attr-defined]
        ):
            subject, refusal = test.left, "none"
        else:
            return
        if type(subject) is cst.Name and subject.value in env.results:
            call, item = env.results[subject.value]
            if subject.value in env.or_results and refusal != "falsy":
                # ``(x or None) is None`` holds when ``x`` is falsy; ``(x or "") is None`` never
                if refusal != "none" or call.fallback[1] is not None:
                    return
                refusal = "falsy"
            if [item, refusal] not in (checked := call.checked_some if some else call.checked):
                checked.append([item, refusal])


def _gives_none(node: cst.FunctionDef, awaited: bool) -> bool:
    """Whether a call of the function always gives None: no ``return`` of
    it gives another value, it is no generator, a coroutine is awaited and no
    decorator wraps it."""
    if (node.asynchronous is not None and not awaited) or node.decorators:
        return False
    if any(type(n) is cst.Yield for n in descendants(node.body)):
        return False
    return all(type(v) is cst.Name and v.value == "None" for v in returned_values(node))


def _agent_only(node: cst.FunctionDef) -> bool:
    """Whether a method uses its ``self`` only for ``self.agent`` (and takes
    no other parameter): it reads none of the arguments, as code doing the
    same in place would not."""
    params = node.params
    if node.decorators:
        return False
    if params.star_arg is not cst.MaybeSentinel.DEFAULT or params.star_kwarg is not None:
        return False
    if params.posonly_params or params.kwonly_params or len(params.params) != 1:
        return False
    self_name = params.params[0].name.value
    agent_uses: set[int] = set()
    names: list[cst.Name] = []
    for current in descendants(node.body):
        if type(current) is cst.Attribute and _is_self(current.value, self_name):
            if current.attr.value != "agent":
                return False
            agent_uses.add(id(current.value))
        elif _is_self(current, self_name):
            names.append(current)  # type: ignore[arg-type]
    return all(id(name) in agent_uses for name in names)


def _is_self(node: cst.CSTNode, self_name: str) -> bool:
    return type(node) is cst.Name and node.value == self_name  # type: ignore[attr-defined]
