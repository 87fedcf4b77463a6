"""A function's own named parameters, as the argument walk reads them: a
method's ``self`` or ``cls`` is not one."""

from __future__ import annotations

import libcst as cst

from doxtool.python.modulescan import Func


def own_params(fn: Func) -> list[cst.Param]:
    """Named parameters of a function, without a method's ``self`` or ``cls``."""
    named = fn.named()
    if fn.cls is not None and not fn.is_static and fn.node.params.params[:1]:
        return named[1:] if named and named[0] is fn.node.params.params[0] else named
    if fn.cls is not None and not fn.is_static and fn.node.params.posonly_params[:1]:
        return named[1:]
    return named


def own_values(fn: Func) -> frozenset[tuple[str, str]]:
    """Each named parameter standing for the argument of the same name."""
    return frozenset((p.name.value, p.name.value) for p in own_params(fn))
