"""Keys a tool refuses all at once: ``if kwargs: return Response("x does not
take ...")`` in a function whose ``**`` parameter receives the arguments past
the ones it names. What the body of such a check does with the dict (names
the keys in its message, ``", ".join(kwargs)``, an f-string) takes none of them: the call
ends there with an error, so the tool takes no other argument
(:meth:`~doxtool.python.argreads.ArgumentReads._wholesale`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import libcst as cst

from doxtool.python.cstnodes import child_nodes, suite_body
from doxtool.python.walkstate import Env

#: nodes whose code does not run where they stand
_ELSEWHERE = frozenset({cst.FunctionDef, cst.ClassDef, cst.Lambda})


def in_extras_refusal(
    env: Env,
    error_exit: Callable[[Sequence[cst.BaseStatement], Env], bool],
    classes: Mapping[str, Any],
) -> bool:
    """Whether the statement walked (``env.stmt``) is in the body of an ``if``
    whose test is the function's ``**`` parameter alone (``if kwargs:``,
    ``if len(kwargs):``), a dict of the arguments, and whose body ends the
    function with an error (``error_exit``, or a method of the class in
    ``classes`` that only wraps the message in a ``Response``)."""
    star = env.func.node.params.star_kwarg
    if star is None or env.stmt is None:
        return False
    name = star.name.value
    if name not in env.dicts:
        return False
    stack: list[cst.CSTNode] = list(suite_body(env.func.node.body))
    while stack:
        node = stack.pop()
        if type(node) in _ELSEWHERE:
            continue
        if type(node) is cst.If and _tests_any_key(node.test, name):
            body = suite_body(node.body)
            if (
                len(body) == 1
                and _holds(body, env.stmt)
                and (error_exit(body, env) or _wrapped(body[0], env, classes))
                and not _used_outside_text(body[0], name)
            ):
                return True
        stack.extend(child_nodes(node))
    return False


def _tests_any_key(test: cst.BaseExpression, name: str) -> bool:
    """``kwargs`` or ``len(kwargs)``: true when the dict holds any key."""
    if type(test) is cst.Call and type(test.func) is cst.Name and test.func.value == "len":
        if len(test.args) != 1 or test.args[0].star:
            return False
        test = test.args[0].value
    return type(test) is cst.Name and test.value == name


def _wrapped(stmt: cst.BaseStatement, env: Env, classes: Mapping[str, Any]) -> bool:
    """``return self._msg(...)`` of a method of the class whose body is only
    ``return Response(message=text, ...)`` of its first parameter."""
    if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
        return False
    small = stmt.body[0]
    if type(small) is not cst.Return or type(small.value) is not cst.Call:
        return False
    func = small.value.func
    if not (type(func) is cst.Attribute and type(func.value) is cst.Name):
        return False
    owner = classes.get(env.func.cls or "")
    method = owner.methods.get(func.attr.value) if owner is not None else None
    if method is None or func.value.value != env.self_name or method.node.asynchronous:
        return False
    params = [p.name.value for p in method.node.params.params]
    body = suite_body(method.node.body)
    if len(params) < 2 or len(body) != 1 or type(body[0]) is not cst.SimpleStatementLine:
        return False
    (inner,) = body[0].body if len(body[0].body) == 1 else (None,)
    if type(inner) is not cst.Return or type(inner.value) is not cst.Call:
        return False
    call = inner.value
    if getattr(call.func, "value", None) != "Response" or not call.args:
        return False
    message = next((a for a in call.args if a.keyword and a.keyword.value == "message"), None)
    message = message or (call.args[0] if call.args[0].keyword is None else None)
    return (
        message is not None and type(message.value) is cst.Name and message.value.value == params[1]
    )


def _used_outside_text(stmt: cst.BaseStatement, name: str) -> bool:
    """Whether ``name`` is used in ``stmt`` other than to write text: in an
    f-string, or handed to ``", ".join(...)`` or ``"...".format(...)``."""
    stack: list[cst.CSTNode] = [stmt]
    while stack:
        node = stack.pop()
        if type(node) is cst.FormattedString or _formats(node):
            continue
        if type(node) is cst.Name and node.value == name:
            return True
        stack.extend(child_nodes(node))
    return False


def _formats(node: cst.CSTNode) -> bool:
    """``", ".join(...)`` or ``"{}".format(...)``: a string made of the values."""
    if type(node) is not cst.Call or type(node.func) is not cst.Attribute:
        return False
    func = node.func
    return type(func.value) is cst.SimpleString and func.attr.value in ("join", "format")


def _holds(body: Sequence[cst.BaseStatement], target: cst.CSTNode) -> bool:
    """Whether ``target`` is one of the nodes of ``body``."""
    stack: list[cst.CSTNode] = list(body)
    while stack:
        node = stack.pop()
        if node is target:
            return True
        stack.extend(child_nodes(node))
    return False
