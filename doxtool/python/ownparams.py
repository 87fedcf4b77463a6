"""A function's own named parameters, as the argument walk reads them: a
method's ``self`` or ``cls`` is not one."""

from __future__ import annotations

import libcst as cst

from doxtool.python.modulescan import Func


def own_params(fn: Func) -> list[cst.Param]:
    """Named parameters of a function, without a method's ``self`` or ``cls``."""
    named = fn.named()
    params = fn.node.params
    # the bound one is the first positional, positional-only or not
    # (``def execute(self, /, path)``)
    first = [*params.posonly_params, *params.params][:1]
    if fn.cls is not None and not fn.is_static and first:
        return named[1:] if named and named[0] is first[0] else named
    return named


def keyword_params(fn: Func) -> list[cst.Param]:
    """The own parameters a keyword fills (those after a ``/``): the framework
    calls ``execute`` and ``before_execution`` with the tool's arguments as
    keywords (``**tool_args``), so a positional-only one never takes one; a
    key of its name lands in ``**kwargs``, if any."""
    positional = {id(p) for p in fn.node.params.posonly_params}
    return [p for p in own_params(fn) if id(p) not in positional]


def own_values(fn: Func) -> frozenset[tuple[str, str]]:
    """Each named parameter standing for the argument of the same name."""
    return frozenset((p.name.value, p.name.value) for p in own_params(fn))
