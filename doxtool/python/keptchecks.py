"""Type checks of a name past a fallback's arm (part of
:class:`~doxtool.python.toolscan.ToolScan`'s contracts).

``files = args.get("files", [])``, then ``if not files: files = ["."]``:
past the ``if`` the name holds the value passed on the calls that skip the
arm (:attr:`~doxtool.python.walkstate.Env.var_kept_some`), so ``if not
isinstance(files, list): return Response(error)`` refuses another type of
the argument as the same check of the name as read does.
"""

from __future__ import annotations

from collections.abc import Iterable

import libcst as cst

from doxtool.python.absencetests import _isinstance_of
from doxtool.python.argtypes import instance_checks
from doxtool.python.bindings import scope_bindings
from doxtool.python.walkstate import Env


def kept_instance_checks(test: cst.BaseExpression, env: Env) -> list[tuple[str, str]]:
    """(argument, ``type-...`` kind) of a test ``not isinstance(x, T)`` of
    such a name ``x``, standing for no argument otherwise."""
    if type(test) is not cst.UnaryOperation or type(test.operator) is not cst.Not:
        return []
    typed = _isinstance_of(test.expression)
    if typed is None or type(typed[0]) is not cst.Name:
        return []
    name = typed[0].value
    kept = env.var_kept_some.get(name)
    return [(kept, typed[1])] if kept and name not in env.var_args else []


def checked_kinds(
    checks: Iterable[dict[str, str]], test: cst.BaseExpression, recovered: bool, env: Env
) -> list[tuple[str, str]]:
    """(argument, ``type-...`` kind) of the refusing type checks of a test:
    those of the absence groups ``checks`` (:func:`~doxtool.python.argtypes.instance_checks`)
    and, unless the block recovers, those of a name past a fallback's arm."""
    kept = [] if recovered else kept_instance_checks(test, env)
    return [*instance_checks(checks), *kept]


def forget_rebound(stmt: cst.BaseStatement, env: Env) -> None:
    """Before walking ``stmt``: a name it may bind anew anywhere (a ``for``
    or ``with`` target, a handler's name, an import, a ``def``, a pattern's
    capture, a nested scope's ``nonlocal``) no longer holds the argument
    past a fallback's arm (:attr:`~doxtool.python.walkstate.Env.var_kept_some`).
    Of an ``if``, only its tests: each statement of its arms is met in turn
    (``if isinstance(files, str): files = files.split(",")`` tests the argument)."""
    if not env.var_kept_some:
        return
    if type(stmt) is cst.If:
        tests: list[cst.BaseStatement] = []
        current: cst.CSTNode | None = stmt
        while type(current) is cst.If:
            tests.append(cst.SimpleStatementLine(body=[cst.Expr(current.test)]))
            current = current.orelse
        table = scope_bindings(cst.Module(body=tests))
    else:
        table = scope_bindings(cst.Module(body=[stmt]))  # type: ignore[list-item]
    for name in list(env.var_kept_some):
        if table.of(name) != []:
            del env.var_kept_some[name]
