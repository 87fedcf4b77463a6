"""The parameters a helper refuses through the helpers it hands them to
(part of :mod:`doxtool.python.refusedvalues`).

A helper's summary tells which of its parameters a check at the top of its
body raises on (:attr:`~doxtool.core.summary_facts.FunctionSummary.refuses`).
A helper may leave the check to another, of a further module::

    def prepare(query):                 # helpers/a.py
        cleaned = check_query(query)    # helpers/b.py: ``if not query: raise``
        return cleaned

``prepare`` refuses what ``check_query`` refuses of the value it hands it as
it is. Only a call on the straight stretch at the top of the body counts:
each step of its flow before it a call, an effect or an intervention check
(no branch, loop, ``try``, ``return`` or ``raise`` before it), the call
itself made on every call (not in a branch, a conditional expression or a
``try``), of a function of the
repository by its dotted name (a method through ``self`` is left alone:
which one runs depends on the object), awaited when it is ``async``, and
handing on a parameter the helper never rebinds, as it is (``query``, not
``query or "all"``). Such calls are followed to
a bounded depth.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from doxtool.core.summary_facts import KeyRead
from doxtool.python.astrefusedparams import refuse_defaults
from doxtool.python.followargs import Found, parameter_of

#: the function a dotted call target reaches (None: not one of the repository)
Callee = Callable[[str, bool], "Found | None"]

_MAX_DEPTH = 4


def handed_refusals(found: Found, callee: Callee, depth: int = 0) -> dict[str, str]:
    """Parameter -> kind of value refused (:data:`~doxtool.python.readforms.REFUSALS`
    names) of ``found``: its own checks', then those of the helpers it
    hands parameters to (see the module)."""
    summary = found.summary
    refuses = {param: kind for param, kind in summary.refuses}
    if depth >= _MAX_DEPTH:
        return refuses
    calls = {(out.target, out.line): out for out in summary.calls}
    own = set(summary.params) - set(summary.rebound)
    for step in summary.flow:
        if step.kind in ("effect", "intervene"):
            continue
        if step.kind != "call":
            break  # past a branch, a loop, a ``try``, a return: not on every call
        out = calls.get((step.what, step.line))
        if out is None or out.conditional or out.in_try or out.when:
            continue
        if step.what.startswith(("self.", "super().")):
            continue
        reached = callee(step.what, out.named)
        if reached is None or (reached.summary.is_async and not step.awaited):
            continue
        further = handed_refusals(reached, callee, depth + 1)
        for key, source in step.absent:  # (the parameters handed on as they are)
            param = parameter_of(reached, key) if key != "**" else None
            if source in own and param in further:
                refuses.setdefault(source, further[param])
    return refuses


def refused_parameter(read: KeyRead, found: Found, callee: Callee) -> KeyRead:
    """A parameter of ``found`` the tool's arguments are splatted into
    (``run_search(**kwargs)``), with a default one of the helpers it hands the
    parameter to refuses (``def run_search(query=""): check_query(query)``):
    read as where ``run_search``'s own check refuses it
    (:func:`~doxtool.python.astrefusedparams.refuse_defaults`)."""
    if read.kind != "parameter" or not read.has_default or read.replaced:
        return read
    kind = handed_refusals(found, callee).get(read.key)
    if kind is None:
        return read
    refused = dataclasses.replace(read)
    refuse_defaults([refused], [[read.key, kind]], [])
    return refused
