"""Keys a tool refuses all at once: ``if kwargs: return Response("x does not
take ...")`` in a function whose ``**`` parameter receives the arguments past
the ones it names. What the body of such a check does with the dict (names
the keys in its message, ``", ".join(kwargs)``, an f-string) takes none of them: the call
ends there with an error, so the tool takes no other argument
(:meth:`~doxtool.python.argreads.ArgumentReads._wholesale`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import libcst as cst

from doxtool.python.cstnodes import child_nodes, suite_body
from doxtool.python.walkstate import Env

#: nodes whose code does not run where they stand
_ELSEWHERE = frozenset({cst.FunctionDef, cst.ClassDef, cst.Lambda})


def in_extras_refusal(
    env: Env, error_exit: Callable[[Sequence[cst.BaseStatement], Env], bool]
) -> bool:
    """Whether the statement walked (``env.stmt``) is in the body of an ``if``
    whose test is the function's ``**`` parameter alone (``if kwargs:``,
    ``if len(kwargs):``), a dict of the arguments, and whose body ends the
    function with an error (``error_exit``)."""
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
                and error_exit(body, env)
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
