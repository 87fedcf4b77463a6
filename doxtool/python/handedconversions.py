"""The conversion an argument's value goes through on its way to a helper
(part of :class:`~doxtool.python.calls.Calls`).

``check_items(str(items))`` hands ``"None"`` where ``items`` is missing, not
``None``: a check of the helper refusing an empty value refuses what the
conversion made of the missing value, which :mod:`~doxtool.python.refusedvalues`
computes (:attr:`~doxtool.core.call_facts.HelperCall.converted`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

import libcst as cst

from doxtool.python.readforms import COERCIONS, STRING_METHODS

#: the bindings of a name in the walked function (None: not known)
Bindings = Callable[[str], Sequence[cst.BaseExpression | None] | None]


class _Made(Protocol):
    """What :func:`made_from` reads of the walk's state
    (:attr:`~doxtool.python.walkstate.Env.var_calls`)."""

    var_calls: dict[str, str]


def made_from(node: cst.BaseExpression, env: _Made) -> str | None:
    """The argument a name handed holds what another call made of
    (``channel = validate(channel)``, then ``self._list(channel)``: what
    ``validate`` makes of a missing value is not known, so neither is whether
    the helper's check refuses it); None for any other value."""
    return env.var_calls.get(node.value) if type(node) is cst.Name else None


def conversion(
    node: cst.BaseExpression, bindings: Bindings, made: Mapping[str, str] | None = None
) -> str | None:
    """The builtin (``str``, ``int``, ...) a value handed is the result of,
    directly or through the one binding of a name; ``""`` where a conversion
    is there but what it makes is not computed (a string method over it,
    a name bound more than once, a name in ``made``: one :func:`made_from`
    names); None where no conversion is seen."""
    if type(node) is cst.Name and made and node.value in made:
        return ""
    if type(node) is cst.Name:
        bound = bindings(node.value)
        if bound is None:
            return None
        found = [conversion(v, lambda _: None) if v is not None else None for v in bound]
        if len(found) == 1:
            return found[0]
        return "" if any(f is not None for f in found) else None
    methods = False
    while True:
        if type(node) is cst.NamedExpr:
            node = node.value
        elif (
            type(node) is cst.Call
            and type(node.func) is cst.Attribute
            and node.func.attr.value in STRING_METHODS
        ):
            node, methods = node.func.value, True
        else:
            break
    if type(node) is cst.Call and type(node.func) is cst.Name and node.func.value in COERCIONS:
        return "" if methods else node.func.value
    return None
