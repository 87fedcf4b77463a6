"""What the ``message`` of a ``Response`` a tool returns is made of (part of
:class:`~doxtool.python.toolscan.ToolScan`): text of its own, a blank literal,
a tool argument as the model sent it, or a value the code computes
(:attr:`~doxtool.core.facts.Outcome.message`).
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from doxtool.core.facts import MESSAGE_KINDS
from doxtool.python.cstnodes import child_nodes
from doxtool.python.emptiness import nonempty_when
from doxtool.python.holdingtests import may_lose_text, names_read, nonempty_if_true
from doxtool.python.literals import literal_value
from doxtool.python.modulescan import Func
from doxtool.python.numbertexts import number_text
from doxtool.python.readvalues import raw_value
from doxtool.python.walkstate import Env


class MessageKinds:
    """Message kinds: a part of :class:`~doxtool.python.toolscan.ToolScan`."""

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
            # a part never empty (a number, an argument tested for text
            # before, a fallback with text) shown without a format spec,
            # which might cut it, keeps the whole from being empty
            if any(
                type(p) is cst.FormattedStringExpression
                and p.format_spec is None
                and self._one_message_kind(p.expression, env) == "text"
                for p in parts
            ):
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
        if type(node) is cst.Name and node.value in env.changed:
            return "argument"  # ``title = title.strip()`` past the test (:mod:`.changedtexts`)
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

    def _message_when_ending(self, call: cst.Call, env: Env) -> str | None:
        """What the message of a ``Response(...)`` is when its ``break_loop``,
        decided at run time, is true: ``Response(message=text,
        break_loop=bool(text))`` ends the turn only with some text, and so
        does ``break_loop=text.startswith("FINAL:")``. Not
        known when the flag binds a name (``(text := other) != ""`` tests
        another value than the message, read before it)."""
        flag = break_loop_node(call)
        if flag is not None and type(flag) is cst.Name:
            flag = self._flag_test(flag.value, env) or flag
        if flag is None or _binds_name(flag):
            return None
        shown = nonempty_if_true(flag)
        message = message_node(call)
        if message is not None and self._cuts_tested(message, flag, env):
            # ``message=text.replace("FINAL:", "")``: the flag's test of
            # ``text`` says nothing of what is left; only a test of
            # emptiness of the flag as written is kept
            original = break_loop_node(call)
            shown = list(nonempty_when(original, True)) if original is not None else []
        assumed = self._assume_nonempty(shown, env)  # type: ignore[attr-defined]
        try:
            return self._message_kind(call, env)
        finally:
            env.forget_nonempty(assumed)

    def _cuts_tested(self, message: cst.BaseExpression, test: cst.BaseExpression, env: Env) -> bool:
        """Whether ``message`` may cut the text of the names ``test`` reads
        (:func:`~doxtool.python.holdingtests.may_lose_text`)."""
        body = env.func.node.body
        params = _parameters(env.func)

        def values(name: str) -> list[cst.BaseExpression | None] | None:
            bound = self._bound_in(body, name)
            if bound is None or (bound and name in params):
                return None
            return [b.value for b in bound]

        return may_lose_text(message, names_read(test), values)

    def _flag_test(self, name: str, env: Env) -> cst.BaseExpression | None:
        """The test a flag's name holds (``done = text.endswith("!")`` then
        ``break_loop=done``): its one plain binding in the function, when
        no name the test reads is bound more than once there (a parameter:
        not at all), so it tests the values the message is made of; None
        otherwise."""
        fn = env.func
        params = _parameters(fn)
        found = self._bound_in(fn.node.body, name)
        if name in params or not found or len(found) != 1 or found[0].value is None:
            return None
        test = found[0].value
        for read in names_read(test):
            bound = self._bound_in(fn.node.body, read)
            if bound is None or len(bound) > 1 or (bound and read in params):
                return None
        return test


def _parameters(fn: Func) -> set[str]:
    """The names of a function's parameters, ``*args`` and ``**kwargs`` too."""
    names = {p.name.value for p in fn.named()}
    params = fn.node.params
    for star in (params.star_arg, params.star_kwarg):
        if isinstance(star, cst.Param):
            names.add(star.name.value)
    return names


def _binds_name(node: cst.CSTNode) -> bool:
    """Whether an expression holds a ``:=`` (outside a lambda, where it binds nothing here)."""
    todo = [node]
    while todo:
        current = todo.pop()
        if type(current) is cst.NamedExpr:
            return True
        if type(current) is not cst.Lambda:
            todo.extend(child_nodes(current))
    return False


def message_node(call: cst.Call) -> cst.BaseExpression | None:
    """The ``message`` a ``Response(...)`` call is handed, by keyword or first."""
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == "message":
            return arg.value
    positional = [a for a in call.args if a.keyword is None and not a.star]
    return positional[0].value if positional else None


def break_loop_node(call: cst.Call) -> cst.BaseExpression | None:
    """The ``break_loop`` a ``Response(...)`` call is handed, by keyword or second."""
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == "break_loop":
            return arg.value
    positional = [a for a in call.args if a.keyword is None and not a.star]
    return positional[1].value if len(positional) >= 2 else None
