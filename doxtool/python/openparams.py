"""The mode an ``open``-like call of a helper function is given, where the
function itself cannot read it: a parameter of the function (``def save(path,
text, mode="w"): open(path, mode)``) decides it at each call, by what the
call passes or, when it passes nothing there, by the parameter's default;
any other mode not read leaves what the call does not known (a read or a
write). Read from ``ast`` while a function is summarised
(:mod:`doxtool.python.functionwalk`) and decided when a call is followed
(:mod:`doxtool.python.follow`).
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from doxtool.core.summary_facts import EffectCall
from doxtool.python import effects
from doxtool.python.astparse import parameter_defaults
from doxtool.python.callkinds import call_argument, open_mode
from doxtool.python.pathorigins import unbound_parameters


def open_effects(
    node: ast.Call,
    call: str,
    constant: Callable[[str], str | None] | None,
    function: ast.FunctionDef | ast.AsyncFunctionDef,
    index: int = 1,
) -> list[EffectCall]:
    """The effects of an ``open``-like call ``node`` (``call`` as resolved)
    in ``function``, its mode the ``index``-th argument (0 for
    ``path.open(mode)``): the areas of its mode when it is read; else one
    effect of no area, decided by the call of ``function`` when the mode is
    a parameter it never rebinds (:attr:`EffectCall.mode`), not known otherwise."""
    mode = open_mode(node, constant, index)
    if mode is not None:
        return [EffectCall(area, call, node.lineno) for area in effects.for_open(mode)]
    given = call_argument(node, index, "mode")
    param = given.id if isinstance(given, ast.Name) else ""
    starred = any(isinstance(a, ast.Starred) for a in node.args[: index + 1]) or any(
        k.arg is None for k in node.keywords
    )
    if starred or param not in unbound_parameters(function) - _variadic(function):
        return [EffectCall("", call, node.lineno)]
    return [EffectCall("", call, node.lineno, param, _default(function, param))]


def _variadic(function: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    args = function.args
    return {p.arg for p in (args.vararg, args.kwarg) if p is not None}


def _default(function: ast.FunctionDef | ast.AsyncFunctionDef, param: str) -> str | None:
    """The string literal ``param`` defaults to; None without one."""
    for arg, default in parameter_defaults(function.args):
        if arg.arg == param:
            if isinstance(default, ast.Constant) and isinstance(default.value, str):
                return default.value
            return None
    return None


def decided_areas(
    effect: EffectCall, bound: dict[str, str], given: frozenset[str] | None
) -> tuple[str, ...] | None:
    """The areas of ``effect`` at a call of its function: its own area; for
    a mode its function is handed, those of the literal the call binds the
    parameter to (``bound``) or, when the call is known to fill the
    parameters ``given`` only and not that one, of its default. None when
    they are not known."""
    if effect.area:
        return (effect.area,)
    if not effect.mode:
        return None
    mode = bound.get(effect.mode)
    if mode is None and given is not None and effect.mode not in given:
        mode = effect.default
    if mode is None or not effects.is_mode(mode):
        return None
    return effects.for_open(mode)
