"""How a tool's ``execute`` ends (part of :class:`~doxtool.python.toolscan.ToolScan`).

The ``Response`` objects it returns (their ``break_loop`` and what their
message is made of), what it returns instead of one, and the errors it raises.
"""

from __future__ import annotations

import libcst as cst

from doxtool.core.facts import MESSAGE_KINDS, HelperCall, MissingResponse, Outcome, Raise
from doxtool.python.cstcode import code_of
from doxtool.python.cstnodes import dotted_name
from doxtool.python.literals import literal_value
from doxtool.python.walkstate import Env


class Outcomes:
    """Returns and raises: a part of :class:`~doxtool.python.toolscan.ToolScan`."""

    # -- returns, raises ------------------------------------------------------

    def _return(self, node: cst.Return, env: Env) -> None:
        value = node.value
        if value is not None:
            self._expr(value, env)
        if not env.collect_outcomes:
            return
        line, column = self.scan.loc.statement(node)
        if value is None:
            self.missing.append(MissingResponse("bare-return", line, column, env.func.qualname))
            return
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
            kind, expression = self._break_loop(call)
            message = self._message_kind(call, env)
            self.outcomes.append(Outcome(kind, line, column, expression, qualname, message=message))
            return
        if type(inner) is cst.Name and inner.value in env.responses:
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
        if target is not None:
            self._scan(target, collect=True)
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
        self.returned_calls.append(HelperCall(returned, line, column, qualname))

    def _break_loop(self, call: cst.Call) -> tuple[bool | str, str | None]:
        """``break_loop`` of a ``Response(...)`` call: True, False or dynamic."""
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
                return "dynamic", "**" + code_of(splat.value, self.module).strip()
            return "dynamic", "<missing>"
        return self._break_loop_value(value)

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
                todo.extend((node.orelse, node.body))
            else:
                kinds.add(self._one_message_kind(node, env))
        return next((kind for kind in MESSAGE_KINDS if kind in kinds), None)

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
            kinds = {self._one_message_kind(operand, env) for operand in operands}
            if "text" in kinds:
                return "text"
            return next((k for k in MESSAGE_KINDS if k in kinds and k != "blank"), "blank")
        if type(node) is cst.Name and node.value in env.texts:
            return "text"
        ok, value = literal_value(node, self.module)
        if ok and isinstance(value, str):
            return "text" if value.strip() else "blank"
        if type(node) is cst.FormattedString:
            parts = node.parts
            if any(type(p) is cst.FormattedStringText and p.value.strip() for p in parts):
                return "text"
            if any(
                type(p) is cst.FormattedStringExpression and self._arg_of(p.expression, env)
                for p in parts
            ):
                return "argument"
            return "computed"
        arg = self._arg_of(node, env)
        if arg is None:
            return "computed"
        return "text" if arg in env.nonempty else "argument"

    def _break_loop_value(self, value: cst.BaseExpression) -> tuple[bool | str, str | None]:
        if type(value) is cst.Name and value.value in ("True", "False"):
            return value.value == "True", None
        return "dynamic", code_of(value, self.module).strip()

    def _raise(self, node: cst.Raise, env: Env) -> None:
        exc = node.exc
        if exc is None:
            return
        self._expr(exc, env)
        target = exc.func if type(exc) is cst.Call else exc
        dotted = dotted_name(target)
        if dotted is None:
            return
        qualified = self.scan._resolve(dotted, env.names)
        if qualified is None and len(dotted) == 1 and dotted[0] in self.scan.classes:
            qualified = f"{self.scan.module}.{dotted[0]}"
        if qualified is None and not dotted[-1][:1].isupper():
            return  # ``raise error``: a variable holding an exception of unknown type
        short = (qualified or ".".join(dotted)).rsplit(".", 1)[-1]
        if "Repairable" in short and env.trying:
            # the ``try`` may catch it (``except RepairableException: return
            # Response(...)``) or not: whether the tool raises it is not known
            self.caught_repairable = True
            return
        line, column = self.scan.loc.statement(node)
        self.raises.append(
            Raise(short, line, column, qualified, "Repairable" in short, env.func.qualname)
        )

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
