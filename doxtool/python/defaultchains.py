"""Reads whose default is another read (part of :mod:`~doxtool.python.fallbacks`).

``args.get("profiles", args.get("profile", []))`` gives the first key's value
when it is there, else the second's, else the last literal: a name bound to
it holds the value of either argument, as one bound to ``args.get("text") or
args.get("message")`` does, and a test of its type or a conversion of it is
one of each argument it may hold. The chain counts when it names two
arguments or more and ends in no default or a falsy literal (a literal that
is not empty stands in for them all when every key is missing)."""

from __future__ import annotations

from typing import Any

import libcst as cst

from doxtool.python.walkstate import Env

#: links followed at most
_MAX_LINKS = 16


def default_chain(walker: Any, node: cst.BaseExpression, env: Env) -> frozenset[str]:
    """The arguments a read whose default is another read stands for
    (``walker`` a :class:`~doxtool.python.toolscan.ToolScan`)."""
    found: list[str] = []
    current = node
    for _ in range(_MAX_LINKS):
        call = walker._read_call(current, env)
        if call is None or call.func.attr.value != "get":
            return frozenset()
        arg = walker._arg_of(call, env)
        if arg is None:
            return frozenset()
        found.append(arg)
        if len(call.args) < 2:
            break
        default = call.args[1].value
        if walker._read_call(default, env) is not None:
            current = default
            continue
        known, value = walker._value(default)
        if not known or value:
            return frozenset()
        break
    else:
        return frozenset()
    if len(set(found)) < 2:
        return frozenset()
    # each stands in for the others, as in ``args.get("a") or args.get("b")``:
    # the last default is reached with all missing (a check refusing it then
    # leaves it no default)
    walker.stand_in_groups.append(frozenset(found))
    return frozenset(found)
