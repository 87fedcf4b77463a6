"""Messages that are a number written out (part of the outcomes' message
kinds, :mod:`~doxtool.python.outcomes`): ``str(int(x))``, ``f"{n}"`` where
every binding of ``n`` is ``int(...)``, ``float(...)`` or ``len(...)`` of
Python's builtins. A number's text is never empty, whatever argument it was
made of: such a message is no answer as the model sent it."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

import libcst as cst

from doxtool.python.cstnodes import parameter_names

#: builtins whose result is a number (``bool`` too: ``"True"``, ``"False"``)
_NUMBERS = frozenset({"int", "float", "bool", "len", "round", "abs"})


def _number_call(node: cst.BaseExpression, shadowed: Collection[str]) -> bool:
    return (
        type(node) is cst.Call
        and type(node.func) is cst.Name
        and node.func.value in _NUMBERS
        and node.func.value not in shadowed
    )


def number_text(node: cst.BaseExpression, walk: Any, env: Any) -> bool:
    """Whether ``node`` is a number, or ``str(...)`` of one: a call of a
    builtin that makes one, or a name that is not a parameter of the
    function walked (``env.func``) and whose every binding there is such a
    call (``walk``: the outcomes' walk, with the module's scan and the
    bindings of a scope); a name the module binds may hide a builtin."""
    shadowed = walk.scan.bound_names
    if (
        type(node) is cst.Call
        and type(node.func) is cst.Name
        and node.func.value == "str"
        and "str" not in shadowed
        and len(node.args) == 1
        and node.args[0].keyword is None
        and not node.args[0].star
    ):
        node = node.args[0].value
    if _number_call(node, shadowed):
        return True
    fn = env.func
    if type(node) is not cst.Name or node.value in parameter_names(fn.node.params):
        return False
    bound = walk._bound_in(fn.node.body, node.value)
    return bool(bound) and all(
        b.value is not None and _number_call(b.value, shadowed) for b in bound
    )
