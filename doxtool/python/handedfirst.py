"""A dispatch whose value was handed to a call before it is tested.

``app_info = mgr.get_app(app_name)`` then ``if app_name == "shared-browser":
return ...``, ``if app_name == "shared-terminal": return ...``, then
``return Response(f"Opened '{app_name}'")``: the call takes the value first,
and may accept values the tests after it do not name (a lookup among the
apps there are). The tests single out some values; they do not choose among
all the accepted ones, and what follows them may be the answer to any other
value, not a refusal. Such a run of tests is no closed dispatch
(:meth:`~doxtool.python.contracts.Contracts._closed`).
"""

from __future__ import annotations

import builtins
from collections.abc import Callable, Sequence

import libcst as cst

from doxtool.python.arms import compared
from doxtool.python.cstnodes import child_nodes


def tested_values(stmt: cst.If | cst.Match) -> list[cst.BaseExpression]:
    """What a dispatch tests: the left side of each comparison of an ``if``
    chain (``app_name`` of ``app_name == "x"``), or a ``match``'s subject."""
    if type(stmt) is cst.Match:
        return [stmt.subject]
    tested: list[cst.BaseExpression] = []
    current: cst.CSTNode | None = stmt
    while type(current) is cst.If:
        tested.extend(compared(current.test))
        current = current.orelse
    return tested


#: what a block defines rather than runs (libcst's node classes are final)
_NOT_RUN_HERE = frozenset({cst.FunctionDef, cst.ClassDef, cst.Lambda})


def handed_before(
    tested: Sequence[cst.BaseExpression],
    preceding: Sequence[cst.BaseStatement],
    is_response: Callable[[cst.Call], bool],
    found: dict[cst.CSTNode, list[cst.Call]] | None = None,
) -> bool:
    """Whether a statement before the dispatch, in its block, hands one of
    the ``tested`` values itself to a call (``mgr.get_app(app_name)``) that is
    neither a ``Response`` (``is_response`` tells) nor one of a builtin
    (``isinstance(action, str)``, ``len(action)``: they take any value).
    ``found`` keeps each statement's :func:`calls_run` for the next dispatch
    of the block, which looks back at the same statements."""
    if not tested:
        return False
    for stmt in preceding:
        calls = found.get(stmt) if found is not None else None
        if calls is None:
            calls = calls_run(stmt)
            if found is not None:
                found[stmt] = calls
        for call in calls:
            if _builtin(call) or is_response(call):
                continue
            for arg in call.args:
                if any(arg.value.deep_equals(value) for value in tested):
                    return True
    return False


def calls_run(stmt: cst.CSTNode) -> list[cst.Call]:
    """The calls under ``stmt`` that run where it does (none in a function,
    class or lambda it defines)."""
    calls: list[cst.Call] = []
    todo: list[cst.CSTNode] = [stmt]
    while todo:
        node = todo.pop()
        kind = type(node)
        if kind is cst.Call:
            calls.append(node)  # type: ignore[arg-type]
        if kind not in _NOT_RUN_HERE:
            todo.extend(child_nodes(node))
    return calls


def _builtin(call: cst.Call) -> bool:
    """Whether a call is of a builtin by its bare name (``isinstance(...)``)."""
    return type(call.func) is cst.Name and hasattr(builtins, call.func.value)
