"""How a tool's ``execute`` ends (part of :class:`~doxtool.python.toolscan.ToolScan`).

The ``Response`` objects it returns (their ``break_loop`` and what their
message is made of), what it returns instead of one, and the errors it raises.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import libcst as cst

from doxtool.core.facts import HelperCall, MissingResponse, Outcome
from doxtool.python.bindings import Binding, scope_bindings
from doxtool.python.codeline import one_line
from doxtool.python.cstcode import code_of
from doxtool.python.cstnodes import child_nodes, dotted_name, is_kind, suite_body
from doxtool.python.literals import literal_value
from doxtool.python.messagekinds import MessageKinds, break_loop_node
from doxtool.python.modulescan import Func
from doxtool.python.nonereach import returns_bound_none
from doxtool.python.ownparams import own_params
from doxtool.python.unawaited import coroutine_made
from doxtool.python.walkstate import Env


class Outcomes(MessageKinds):
    """Returns and raises: a part of :class:`~doxtool.python.toolscan.ToolScan`."""

    # -- returns, raises ------------------------------------------------------

    def _return(self, node: cst.Return, env: Env) -> None:
        value = node.value
        if value is not None:
            self._walk_returned(value, env)  # (:mod:`~doxtool.python.returnedcalls`)
            self._escaped(value, env)  # ``return self.args``: not followed
        if not env.collect_outcomes or env.overridden:
            return  # not what the function returns (a ``finally`` overrides it)
        line, column = self.scan.loc.statement(node)
        if value is None:
            self.missing.append(MissingResponse("bare-return", line, column, env.func.qualname))
            return
        if type(value) is cst.Name and self._none_reaches(node, value.value, env):
            # ``response = None``, then branches that may all be skipped
            self.missing.append(
                MissingResponse("returns-none-bound", line, column, env.func.qualname)
            )
        # ``return a if c else b`` returns either
        todo: list[cst.BaseExpression] = [value]
        while todo:
            current = todo.pop()
            if type(current) is cst.IfExp:
                todo.extend((current.orelse, current.body))
            else:
                self._returned(current, line, column, env)

    def _returned(self, value: cst.BaseExpression, line: int, column: int, env: Env) -> None:
        """One expression ``execute`` (or a function in its chain) returns."""
        qualname = env.func.qualname
        inner = value.expression if type(value) is cst.Await else value
        call = inner if type(inner) is cst.Call else None
        if call is not None and self._is_response_call(call, env):
            message = self._message_kind(call, env)
            flags = self._break_loop(call, env)
            if message == "argument" and any(kind == "dynamic" for kind, _ in flags):
                message = self._message_when_ending(call, env) or message
            for kind, expression in flags:
                self.outcomes.append(
                    Outcome(kind, line, column, expression, qualname, message=message)
                )
            return
        if type(inner) is cst.Name and inner.value in env.responses:
            # every value it was given (branches and reassignments are not
            # told apart): known only when there is one
            values = env.responses[inner.value]
            if len(set(values)) == 1:
                kind, expression = values[0]
            else:
                kind, expression = "dynamic", f"{inner.value}.break_loop"
            self.outcomes.append(Outcome(kind, line, column, expression, qualname))
            return
        if type(inner) is cst.Name and inner.value == "None":
            self.missing.append(MissingResponse("returns-none", line, column, qualname))
            return
        ok, _ = literal_value(inner, self.module)
        if ok or type(inner) is cst.FormattedString:
            self.missing.append(MissingResponse("returns-literal", line, column, qualname))
            return
        target = self._callee(call, env) if call is not None else None
        if (
            target is not None
            and type(value) is not cst.Await
            and coroutine_made(target.fn, env.func)
        ):
            # the coroutine is handed on, never awaited: its body never runs
            self.missing.append(MissingResponse("returns-coroutine", line, column, qualname))
            return
        if target is not None:
            assert call is not None
            flags = self._call_flags(call, target.fn, env)
            self._scan(dataclasses.replace(target, flags=flags), collect=True)
            return
        # what the module alone does not tell: resolving follows it, or says
        # the outcome is unknown
        returned = ""
        if call is not None and (
            type(call.func) is cst.Attribute
            and type(call.func.value) is cst.Name
            and call.func.value.value == env.self_name
            and env.func.cls is not None
        ):
            # a method this module does not define (a base elsewhere may)
            self.chain.setdefault(f"{self.cls.name}.{call.func.attr.value}", None)
            returned = f"self.{call.func.attr.value}"
        elif (
            call is not None
            and type(call.func) is cst.Attribute
            and type(call.func.value) is cst.Call
            and type(call.func.value.func) is cst.Name
            and call.func.value.func.value == "super"
        ):
            # ``super().m()`` of a base elsewhere: resolving looks from the bases
            returned = f"self.{call.func.attr.value}"
        elif call is not None:
            dotted = dotted_name(call.func)
            qualified = self.scan._resolve(dotted, env.names) if dotted is not None else None
            if qualified is not None and qualified.split(".", 1)[0] in self.scan.local_roots:
                returned = qualified
        helper = HelperCall(returned, line, column, qualname)
        helper.coroutine = type(value) is not cst.Await and env.func.is_async
        if call is not None and returned:
            # what each value handed on would be as a message (``final(text)``)
            helper.messages = [
                [arg.keyword.value if arg.keyword else f"#{index}", kind]
                for index, arg in enumerate(call.args)
                if not arg.star and (kind := self._one_message_kind(arg.value, env))
            ]
        self.returned_calls.append(helper)

    def _none_reaches(self, node: cst.Return, name: str, env: Env) -> bool:
        """Whether ``return name`` hands back the ``None`` the name was bound
        to on some path (:mod:`~doxtool.python.nonereach`)."""
        body = env.func.node.body
        return returns_bound_none(
            suite_body(body),
            node,
            self._bound_in(body, name),
            lambda call: self._never_returns(call, env),  # type: ignore[attr-defined]
        )

    def _break_loop(self, call: cst.Call, env: Env) -> list[tuple[bool | str, str | None]]:
        """``break_loop`` of a ``Response(...)`` call: the booleans it may be,
        or dynamic (with the expression) when they are not known."""
        value = break_loop_node(call)
        if value is None:
            # ``**options`` may hold it, and so may ``*parts`` by position
            splat = next((a for a in call.args if a.star == "**"), None)
            splat = splat or next((a for a in call.args if a.star == "*"), None)
            if splat is not None:
                text = one_line(code_of(splat.value, self.module))
                return [("dynamic", str(splat.star) + text)]
            return [("dynamic", "<missing>")]
        return self._break_loop_value(value, env)

    def _break_loop_value(
        self, value: cst.BaseExpression, env: Env
    ) -> list[tuple[bool | str, str | None]]:
        known = self._bools(value, env)
        if known is not None:
            return [(flag, None) for flag in sorted(known, reverse=True)]
        return [("dynamic", one_line(code_of(value, self.module)))]

    def _set_break_loop(
        self, owner: cst.BaseExpression, value: cst.BaseExpression | None, env: Env
    ) -> None:
        """``owner.break_loop = value`` after the Response is built (``value``
        None: changed in a way not read, ``|=``, ``setattr`` of a name not
        known). Whether the change runs is not told apart: a Response kept in
        a name may give what it was built with or what it was given, so a
        boolean adds to its values, and a value not known makes it unknown.
        A change of a Response that is not one kept in a name (an alias of
        one, ``self.response``) may change any of them: all are unknown."""
        if type(owner) is cst.Name and owner.value in env.responses:
            name = owner.value
            values = (
                self._break_loop_value(value, env)
                if value is not None
                else [("dynamic", f"{name}.break_loop")]
            )
            if all(isinstance(kind, bool) for kind, _ in values):
                values = [*env.responses[name], *values]
            env.responses[name] = values
            return
        for name in env.responses:
            env.responses[name] = [("dynamic", f"{name}.break_loop")]

    def _setattr_break_loop(self, call: cst.Call, env: Env) -> None:
        """``setattr(response, "break_loop", value)``: as ``response.break_loop =
        value``; with an attribute name not known, as a change not read."""
        if type(call.func) is not cst.Name or call.func.value != "setattr" or not env.responses:
            return
        args = [a for a in call.args if a.keyword is None and not a.star]
        if len(args) != 3 or len(call.args) != 3:
            return
        ok, attribute = literal_value(args[1].value, self.module)
        if ok and attribute != "break_loop":
            return
        self._set_break_loop(args[0].value, args[2].value if ok else None, env)

    # -- booleans a name or a parameter is bound to ---------------------------

    def _bools(self, node: cst.BaseExpression, env: Env | None) -> frozenset[bool] | None:
        """The booleans an expression may be: ``True``, a name bound once to
        one (in the function, or at module level), a parameter every call
        binds to one, ``a if c else b`` of such; None when not known. With no
        ``env`` (a parameter's default) only module-level names are read."""
        todo = [node]
        found: set[bool] = set()
        while todo:
            current = todo.pop()
            if type(current) is cst.IfExp:
                todo.extend((current.body, current.orelse))
                continue
            if type(current) is not cst.Name:
                return None
            if current.value in ("True", "False"):
                found.add(current.value == "True")
                continue
            known = self._name_bools(current.value, env)
            if known is None:
                return None
            found.update(known)
        return frozenset(found)

    def _name_bools(self, name: str, env: Env | None) -> frozenset[bool] | None:
        if env is not None:
            fn = env.func
            params = fn.node.params
            named = {p.name.value for p in fn.named()}
            for star in (params.star_arg, params.star_kwarg):
                if isinstance(star, cst.Param):
                    named.add(star.name.value)
            if name in named and name not in env.flags:
                return None  # a parameter no call binds to a boolean, rebound or not
            local = self._bound_in(fn.node.body, name)
            if local is None:
                return None
            if name in named:
                # a parameter: what every call hands it, unless it is rebound
                return None if local else env.flags.get(name)
            if local:
                return self._bound_bools(local, fn.node.body)
        return self._bound_bools(self._bound_in(self.scan.tree, name))

    def _bound_bools(
        self, bound: list[Binding] | None, body: cst.BaseSuite | None = None
    ) -> frozenset[bool] | None:
        """The booleans of a name bound only to ``True`` or ``False``: once,
        or, in a function's ``body``, in branches after at most one binding
        before them (``stop = False``, then ``if done: stop = True``)."""
        if not bound:
            return None
        values: set[bool] = set()
        for binding in bound:
            value = binding.value
            if type(value) is not cst.Name or value.value not in ("True", "False"):
                return None
            values.add(value.value == "True")
        if len(bound) == 1 or (body is not None and _branches_after_one(bound, body)):
            return frozenset(values)
        return None

    def _bound_in(self, scope: cst.CSTNode, name: str) -> list[Binding] | None:
        table = self._bindings.get(id(scope))
        if table is None:
            source = self.scan.loc.source
            declares = "global" in source or "nonlocal" in source
            table = self._bindings[id(scope)] = scope_bindings(scope, declares)
        return table.of(name)

    def _call_flags(self, call: cst.Call, fn: Func, env: Env) -> frozenset[tuple[str, bool]]:
        """The booleans a call of ``fn`` binds its parameters to: the one it
        passes, or the parameter's default when it passes none."""
        own = own_params(fn)
        names = {p.name.value for p in own}
        positional = [name for name in fn.positional() if name in names]
        passed: dict[str, cst.BaseExpression] = {}
        starred = False
        index = 0
        for arg in call.args:
            if arg.star:
                starred = True  # what it fills is not known
            elif arg.keyword is not None:
                passed[arg.keyword.value] = arg.value
            elif index < len(positional):
                passed[positional[index]] = arg.value
                index += 1
        pairs: set[tuple[str, bool]] = set()
        for param in own:
            name = param.name.value
            if name in passed:
                known = self._bools(passed[name], env)
            elif not starred and param.default is not None:
                known = self._bools(param.default, None)
            else:
                known = None
            pairs.update((name, flag) for flag in known or ())
        return frozenset(pairs)

    def _is_response_call(self, node: cst.BaseExpression, env: Env) -> bool:
        if type(node) is cst.Await:
            node = node.expression
        if type(node) is not cst.Call:
            return False
        dotted = dotted_name(node.func)
        if dotted is None:
            return False
        qualified = self.scan._resolve(dotted, env.names) or ".".join(dotted)
        return qualified.rsplit(".", 1)[-1] == "Response"


def _branches_after_one(bound: list[Binding], body: cst.BaseSuite) -> bool:
    """Whether every binding but the first statement of ``body`` that binds
    the name sits in a branch or a loop after it, and so on in each block
    nested in it: no binding a block always runs overrides another (a
    ``with`` block always runs too)."""
    return _none_overridden(suite_body(body), {id(binding.node) for binding in bound})


def _none_overridden(block: Sequence[cst.BaseStatement], nodes: set[int]) -> bool:
    first = True
    for stmt in block:
        if type(stmt) is cst.SimpleStatementLine:
            hits = sum(id(small) in nodes for small in stmt.body)
            if not hits:
                continue
            if not first or hits > 1:
                return False
        elif not _binds_within(stmt, nodes):
            continue
        elif type(stmt) is cst.With:
            return False
        elif not all(_none_overridden(inner, nodes) for inner in _blocks(stmt)):
            return False  # ``if a: stop = False; stop = True``: the first never reaches
        first = False
    return True


def _blocks(stmt: cst.CSTNode) -> list[Sequence[cst.BaseStatement]]:
    """The blocks nested directly in a compound statement (an ``elif`` as one of its own)."""
    out: list[Sequence[cst.BaseStatement]] = []
    for name in ("body", "orelse", "finalbody"):
        value = getattr(stmt, name, None)
        if is_kind(value, cst.BaseSuite):
            out.append(suite_body(value))
        elif type(value) in (cst.Else, cst.Finally):
            out.append(suite_body(value.body))
        elif type(value) is cst.If:
            out.append([value])
    for item in (*getattr(stmt, "handlers", ()), *getattr(stmt, "cases", ())):
        out.append(suite_body(item.body))
    return out


def _binds_within(stmt: cst.CSTNode, nodes: set[int]) -> bool:
    todo = [stmt]
    while todo:
        node = todo.pop()
        if id(node) in nodes:
            return True
        todo.extend(child_nodes(node))
    return False
