"""How a tool's ``execute`` ends (part of :class:`~doxtool.python.toolscan.ToolScan`).

The ``Response`` objects it returns (their ``break_loop`` and what their
message is made of), what it returns instead of one, and the errors it raises.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import libcst as cst

from doxtool.core.facts import MESSAGE_KINDS, HelperCall, MissingResponse, Outcome
from doxtool.python.bindings import Binding, scope_bindings
from doxtool.python.codeline import one_line
from doxtool.python.cstcode import code_of
from doxtool.python.cstnodes import child_nodes, dotted_name, is_kind, suite_body
from doxtool.python.emptiness import nonempty_when
from doxtool.python.literals import literal_value
from doxtool.python.modulescan import Func
from doxtool.python.nonereach import returns_bound_none
from doxtool.python.numbertexts import number_text
from doxtool.python.ownparams import own_params
from doxtool.python.readvalues import raw_value
from doxtool.python.unawaited import coroutine_made
from doxtool.python.walkstate import Env


class Outcomes:
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
            for kind, expression in self._break_loop(call, env):
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
        value: cst.BaseExpression | None = None
        positional = [a for a in call.args if a.keyword is None and not a.star]
        for arg in call.args:
            if arg.keyword is not None and arg.keyword.value == "break_loop":
                value = arg.value
        if value is None and len(positional) >= 2:
            value = positional[1].value
        if value is None:
            splat = next((a for a in call.args if a.star == "**"), None)
            if splat is not None:
                return [("dynamic", "**" + one_line(code_of(splat.value, self.module)))]
            return [("dynamic", "<missing>")]
        return self._break_loop_value(value, env)

    def _message_kind(self, call: cst.Call, env: Env) -> str | None:
        """What the ``message`` of a ``Response(...)`` call is made of (see
        :attr:`Outcome.message`)."""
        value: cst.BaseExpression | None = None
        for arg in call.args:
            if arg.keyword is not None and arg.keyword.value == "message":
                value = arg.value
        positional = [a for a in call.args if a.keyword is None and not a.star]
        if value is None and positional:
            value = positional[0].value
        if value is None:
            return None
        kinds: set[str] = set()
        todo = [value]
        while todo and len(kinds) < len(MESSAGE_KINDS):
            node = todo.pop()
            if type(node) is cst.IfExp:
                for arm, truth in ((node.orelse, False), (node.body, True)):
                    if self._shown_nonempty(arm, node.test, truth, env):
                        kinds.add("text")  # ``text if text else ...``: not empty there
                    else:
                        todo.append(arm)
            else:
                kinds.add(self._one_message_kind(node, env))
        return next((kind for kind in MESSAGE_KINDS if kind in kinds), None)

    def _shown_nonempty(
        self, arm: cst.BaseExpression, test: cst.BaseExpression, truth: bool, env: Env
    ) -> bool:
        """Whether ``arm`` is an argument's value as read that ``test`` shows
        is not empty when it is ``truth`` (``text if text else "Done."``)."""
        if not raw_value(arm):
            return False
        arg = self._arg_of(arm, env)
        return arg is not None and any(
            raw_value(shown) and self._arg_of(shown, env) == arg
            for shown in nonempty_when(test, truth)
        )

    def _one_message_kind(self, node: cst.BaseExpression, env: Env) -> str:
        if type(node) is cst.BooleanOperation and type(node.operator) is cst.Or:
            # ``a or b or c`` is the first operand that is not empty: it is
            # never empty when one operand has text, and blank operands only
            # matter when all are
            operands: list[cst.BaseExpression] = []
            current: cst.BaseExpression = node
            while type(current) is cst.BooleanOperation and type(current.operator) is cst.Or:
                operands.append(current.right)
                current = current.left
            operands.append(current)
            ordered = [self._one_message_kind(operand, env) for operand in reversed(operands)]
            kinds = set(ordered)
            if "text" in kinds:
                return "text"
            # ``text or DEFAULT_ANSWER``, ``text or self.agent.read_prompt(...)``:
            # a missing or empty argument gives a fallback not known to be empty
            last = max((i for i, kind in enumerate(ordered) if kind == "argument"), default=None)
            if last is not None and "computed" in ordered[last + 1 :]:
                return "computed"
            return next((k for k in MESSAGE_KINDS if k in kinds and k != "blank"), "blank")
        if type(node) is cst.Name and node.value in env.texts:
            return "text"
        if type(node) is cst.Name and node.value in env.computed:
            return "computed"
        ok, value = (
            self._bound_string(node.value, env)
            if type(node) is cst.Name
            else literal_value(node, self.module)
        )
        if ok and isinstance(value, str):
            return "text" if value.strip() else "blank"
        if type(node) is cst.FormattedString:
            parts = node.parts
            if any(type(p) is cst.FormattedStringText and p.value.strip() for p in parts):
                return "text"
            if any(
                type(p) is cst.FormattedStringExpression
                and self._arg_of(p.expression, env)
                and not number_text(p.expression, self, env)
                for p in parts
            ):
                return "argument"
            return "computed"
        if number_text(node, self, env):
            return "text"  # a number written out is never empty
        arg = self._arg_of(node, env)
        if arg is None:
            return "computed"
        return "text" if arg in env.nonempty else "argument"

    def _bound_string(self, name: str, env: Env) -> tuple[bool, Any]:
        """(True, the string) a name holds when each binding of it is a
        string literal that is blank, or each one that is not (``fallback =
        ""``; ``DEFAULT_ANSWER = "Done."`` at module level where the function
        binds no such name and has no such parameter); else (False, None)."""
        fn = env.func
        if name in _parameters(fn):
            return False, None
        local = self._bound_in(fn.node.body, name)
        if local is None:
            return False, None
        if not local:
            ok, value = self.scan.constant(name)
            return (True, value) if ok and isinstance(value, str) else (False, None)
        values = [
            literal_value(b.value, self.module) if b.value is not None else (False, None)
            for b in local
        ]
        if not all(ok and isinstance(value, str) for ok, value in values):
            return False, None
        blank = {not value.strip() for _, value in values}
        return (True, values[0][1]) if len(blank) == 1 else (False, None)

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


def _parameters(fn: Func) -> set[str]:
    """The names of a function's parameters, ``*args`` and ``**kwargs`` too."""
    names = {p.name.value for p in fn.named()}
    params = fn.node.params
    for star in (params.star_arg, params.star_kwarg):
        if isinstance(star, cst.Param):
            names.add(star.name.value)
    return names
