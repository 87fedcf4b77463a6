"""A ``Response`` kept in a name and handed to a call before it is returned
(part of :class:`~doxtool.python.toolscan.ToolScan`)::

    response = Response(message=summary, break_loop=False)
    self._finalize(response)          # may set ``response.break_loop = True``
    return response

The callee may change the object's ``break_loop``. A function of the module
(a method through ``self``, a function by name) is read: each
``<parameter>.break_loop = value`` in it (also through a name bound to the
parameter, ``setattr``, ``|=``, or handed on to a further call, followed
the same way) adds its value to those the Response may have, as the same
change in the function that keeps the Response would. A callee outside the
repository (a builtin, a library's function: ``print``, ``logging.info``,
``json.dumps``) knows nothing of a ``Response`` and changes nothing. Any
other callee (a function of another module of the repository, a method of an
object whose class is not known, ``self.agent.log(response)``, a callable
handed in) may change it: its ``break_loop`` is not known.

What is not read: the object handed inside another value (``f([response])``)
or kept by the callee for later (``self.last = response``).

The framework hands the ``Response`` ``execute`` returned to the tool's
``after_execution`` before it reads ``break_loop``: an override that may
set it (read as above) makes the value the loop sees not known, unless all
it sets is the one boolean every ``Response`` already gives. Handing it on
to the framework's own ``Tool`` method (``await
super().after_execution(response)``) changes nothing.
"""

from __future__ import annotations

import builtins
import dataclasses
from typing import Any

import libcst as cst

from doxtool.core.facts import Outcome
from doxtool.python.callees import super_method
from doxtool.python.cstnodes import descendants, dotted_name
from doxtool.python.literals import literal_value
from doxtool.python.modulescan import Func
from doxtool.python.ownparams import own_params
from doxtool.python.walkstate import Env

#: the values a Response may have: (``True``/``False``, None) or
#: (``"dynamic"``, the expression)
Values = list[tuple[bool | str, str | None]]
#: builtins that may change an object handed to them, or run code that may
_CHANGING_BUILTINS = frozenset({"delattr", "vars", "exec", "eval"})
_HARMLESS_BUILTINS = frozenset(dir(builtins)) - _CHANGING_BUILTINS
#: how deep calls handing the object on are followed
_MAX_DEPTH = 3
#: the framework's tool base: none of its methods sets ``break_loop``
_FRAMEWORK_BASES = frozenset({"helpers.tool.Tool", "python.helpers.tool.Tool"})


class HandedResponses:
    """Responses handed to calls: a part of :class:`~doxtool.python.toolscan.ToolScan`."""

    scan: Any
    module: cst.Module

    def _bind_response(self, name: str, value: cst.BaseExpression, env: Env) -> None:
        """``name = value``. A Response kept in a name: every assignment is a
        possible value at ``return name`` (branches are not told apart). One
        made on some calls only, the name bound before to another value
        (``response = self.save()``, a helper's result), may leave that value
        there: its ``break_loop`` is not known."""
        if self._is_response_call(value, env):  # type: ignore[attr-defined]
            call = value.expression if type(value) is cst.Await else value
            assert type(call) is cst.Call
            values: Values = self._break_loop(call, env)  # type: ignore[attr-defined]
            if name in env.other_bound and env.some_calls():
                values = [*values, ("dynamic", f"{name}.break_loop")]
            env.responses.setdefault(name, []).extend(values)
        elif not (type(value) is cst.Name and value.value == name):
            env.responses.pop(name, None)
            if not (type(value) is cst.Name and value.value == "None"):
                env.other_bound.add(name)  # (``None``: :meth:`_none_reaches`)

    def _handed_response(self, call: cst.Call, env: Env) -> None:
        """A call handed a Response kept in a name: what the callee may set
        its ``break_loop`` to is added to its values (a value not known
        makes it unknown)."""
        if not env.responses or (type(call.func) is cst.Name and call.func.value == "setattr"):
            return  # (``setattr``: read as the change it makes, ``_setattr_break_loop``)
        for index, arg in enumerate(call.args):
            value = arg.value
            if type(value) is not cst.Name or value.value not in env.responses:
                continue
            name = value.value
            if arg.star:
                changed: Values = [("dynamic", f"{name}.break_loop")]
            else:
                changed = self._changes_of(call, index, env, 0, set())
            if not changed:
                continue
            if all(isinstance(kind, bool) for kind, _ in changed):
                env.responses[name] = [*env.responses[name], *changed]
            else:
                env.responses[name] = [("dynamic", f"{name}.break_loop")]

    def _changes_of(
        self, call: cst.Call, index: int, env: Env, depth: int, seen: set[tuple[str, str]]
    ) -> Values:
        """What the callee of ``call`` may set ``break_loop`` of the object
        its ``index``-th argument hands it to."""
        unknown: Values = [("dynamic", None)]
        fn = self._callee_function(call, env)  # type: ignore[attr-defined]
        if fn is None:
            plain = self._outside_repository(call, env) or self._framework_super(call, env)
            return [] if plain else unknown
        param = _parameter(fn, call, index)
        if param is None or depth >= _MAX_DEPTH:
            return unknown
        if (fn.qualname, param) in seen:
            return []  # a recursive call changes what the first one does
        seen.add((fn.qualname, param))
        callee = self._callee_env(fn)
        for param_name, flag in self._call_flags(call, fn, env):  # type: ignore[attr-defined]
            callee.flags[param_name] = callee.flags.get(param_name, frozenset()) | {flag}
        return self._param_changes(fn, param, callee, depth, seen)

    def _callee_env(self, fn: Func) -> Env:
        """A fresh walk state for the body of ``fn``, read for what it does to
        a parameter (no outcomes of its own collected)."""
        return Env(
            func=fn,
            self_name=fn.self_name,
            dicts=set(),
            names=dict(self.scan.names),
            collect_outcomes=False,
        )

    def _param_changes(
        self, fn: Func, param: str, env: Env, depth: int, seen: set[tuple[str, str]]
    ) -> Values:
        """What ``fn`` may set ``break_loop`` of its parameter ``param`` to."""
        nodes = descendants(fn.node.body)
        names = {param}
        for node in nodes:  # ``r = response``: the same object
            alias = type(node) is cst.Assign and len(node.targets) == 1
            if alias and type(node.value) is cst.Name and node.value.value in names:
                target = node.targets[0].target
                if type(target) is cst.Name:
                    names.add(target.value)
        out: Values = []

        def owned(node: cst.BaseExpression) -> bool:
            return (
                type(node) is cst.Attribute
                and node.attr.value == "break_loop"
                and type(node.value) is cst.Name
                and node.value.value in names
            )

        for node in nodes:
            if type(node) is cst.Assign:
                if any(owned(t.target) for t in node.targets):
                    out.extend(self._break_loop_value(node.value, env))  # type: ignore[attr-defined]
            elif type(node) is cst.AnnAssign and owned(node.target) and node.value is not None:
                out.extend(self._break_loop_value(node.value, env))  # type: ignore[attr-defined]
            elif type(node) is cst.AugAssign and owned(node.target):
                out.append(("dynamic", None))
            elif type(node) is cst.Call:
                out.extend(self._call_changes(node, names, env, depth, seen))
        return out

    def _call_changes(
        self, call: cst.Call, names: set[str], env: Env, depth: int, seen: set[tuple[str, str]]
    ) -> Values:
        """What a call in the callee handed the object may set it to:
        ``setattr(response, "break_loop", value)``, or a further call."""
        args = call.args
        handed = [
            i for i, a in enumerate(args) if type(a.value) is cst.Name and a.value.value in names
        ]
        if not handed:
            return []
        if type(call.func) is cst.Name and call.func.value == "setattr" and handed == [0]:
            ok, attribute = (
                literal_value(args[1].value, self.module) if len(args) == 3 else (False, None)
            )
            if ok and attribute != "break_loop":
                return []
            if ok and not any(a.keyword or a.star for a in args):
                return self._break_loop_value(args[2].value, env)  # type: ignore[no-any-return, attr-defined]
            return [("dynamic", None)]
        out: Values = []
        for index in handed:
            if args[index].star:
                return [("dynamic", None)]
            out.extend(self._changes_of(call, index, env, depth + 1, seen))
        return out

    def _after_execution_changes(self) -> None:
        """The outcomes as the loop reads them past the ``after_execution``
        the framework hands the returned ``Response`` to (the class's own or
        a base's in the module): one that may set its ``break_loop`` leaves
        each value not known, unless all it sets is the one boolean every
        ``Response`` gives already."""
        hook = self.scan._find_method(self.cls, "after_execution")
        outcomes: list[Outcome] = self.outcomes  # type: ignore[attr-defined]
        if hook is None or not outcomes:
            return
        own = {p.name.value for p in own_params(hook)}
        positional = [name for name in hook.positional() if name in own]
        if not positional:
            return  # (``tool.after_execution(response)``: its first parameter)
        param = positional[0]
        env = self._callee_env(hook)
        changed = self._param_changes(hook, param, env, 0, {(hook.qualname, param)})
        if not changed:
            return
        values = {kind for kind, _ in changed} | {o.break_loop for o in outcomes}
        if len(values) == 1 and isinstance(next(iter(values)), bool):
            return  # (``False`` returned, ``response.break_loop = False`` set)
        expression = f"{param}.break_loop after {hook.qualname}"
        outcomes[:] = [
            dataclasses.replace(o, break_loop="dynamic", expression=expression) for o in outcomes
        ]

    def _framework_super(self, call: cst.Call, env: Env) -> bool:
        """Whether a call is ``super().m(...)`` in a method of the tool class
        (or of a base in the module) that reaches the framework's ``Tool``
        (every base from another module is it), whose methods set no ``break_loop``."""
        if super_method(call.func) is None:
            return False
        mro = self.scan.mro(self.cls)
        if env.func.cls not in {owner.name for owner in mro}:
            return False
        own = f"{self.scan.module}."
        outside = {base for owner in mro for base in owner.resolved if not base.startswith(own)}
        return bool(outside) and outside <= _FRAMEWORK_BASES

    def _outside_repository(self, call: cst.Call, env: Env) -> bool:
        """Whether a call's callee is a builtin or a library's (the names of
        the module say so): it knows nothing of the repository's ``Response``."""
        dotted = dotted_name(call.func)
        if dotted is None:
            return False
        scan = self.scan
        if len(dotted) == 1 and dotted[0] not in env.names:
            name = dotted[0]
            local = name in scan.functions or name in scan.classes
            return name in _HARMLESS_BUILTINS and not local and not _binds(env.func, name)
        qualified = scan._resolve(dotted, env.names)
        return qualified is not None and qualified.split(".", 1)[0] not in scan.local_roots


def _parameter(fn: Func, call: cst.Call, index: int) -> str | None:
    """The parameter of ``fn`` the ``index``-th argument of ``call`` lands in."""
    arg = call.args[index]
    own = [p.name.value for p in own_params(fn)]
    if arg.keyword is not None:
        name = arg.keyword.value
        return name if name in own else None
    before = call.args[:index]
    if any(a.star or a.keyword for a in before):
        return None
    positional = [name for name in fn.positional() if name in own]
    return positional[index] if index < len(positional) else None


def _binds(fn: Func, name: str) -> bool:
    """Whether a function binds ``name`` itself (a parameter, an assignment)."""
    if name in {p.name.value for p in fn.named()}:
        return True
    return any(
        type(node) in (cst.AssignTarget, cst.AnnAssign)
        and type(node.target) is cst.Name
        and node.target.value == name  # type: ignore[attr-defined]
        for node in descendants(fn.node.body)
    )
