"""The parameters of a nested function or a lambda in the walk of a tool
(part of :mod:`~doxtool.python.closures`).

A parameter is the nested function's own name: inside it, a local of the
enclosing function with the same name is not what it holds (``mode =
self.args.get("mode")``, then ``def label(mode): return int(mode)`` called
with ``"7"`` converts the literal, not the argument). What the walk knows of
such a local is set aside while the body is walked, and put back after. A
parameter a call hands a local of the enclosing function by its bare name
(``parse(profiles)``) holds that local's value in the body: it stands for
what the local stands for there.
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from doxtool.python.walkstate import Env

#: the :class:`~doxtool.python.walkstate.Env` maps from a local name to what
#: the walk knows of its value
_NAME_MAPS = (
    "var_args",
    "var_missing",
    "var_partial",
    "var_also",
    "var_missing_only",
    "var_kept_some",
    "var_literals",
    "var_missing_either",
    "var_rebound",
    "var_folds",
    "var_converts",
    "var_renamed",
    "var_calls",
    "var_lens",
    "var_groups",
    "results",
    "empty_unless",
    "lookups",
    "dispatched",
    "merged",
    "dict_literals",
    "instances",
    "responses",
    "key_filters",
)
#: ... and the sets of local names
_NAME_SETS = (
    "var_missing_made",
    "method_names",
    "var_made",
    "or_results",
    "arg_results",
    "other_bound",
)

#: what was set aside for a name: (map or set, whether it held the name, its value)
Saved = list[tuple[str, str, bool, Any]]


def shadow(env: Env, params: set[str], passed: dict[str, str] | None = None) -> Saved:
    """Set aside what ``env`` knows of the locals named as ``params``, then
    give each parameter in ``passed`` (parameter -> the local the call
    handed it) what the walk knew of that local; returns what :func:`restore`
    puts back."""
    taken: dict[str, dict[str, tuple[bool, Any]]] = {}
    for local in set((passed or {}).values()):
        taken[local] = _state_of(env, local)
    saved: Saved = []
    for name in params:
        for field, (held, value) in _state_of(env, name).items():
            saved.append((field, name, held, value))
            _set(env, field, name, False, None)
    for param, local in (passed or {}).items():
        if param in params:
            for field, (held, value) in taken[local].items():
                _set(env, field, param, held, value)
    return saved


def restore(env: Env, saved: Saved) -> None:
    """Put back what :func:`shadow` set aside."""
    for field, name, held, value in saved:
        _set(env, field, name, held, value)


def call_bindings(
    node: cst.FunctionDef, call: cst.Call
) -> tuple[dict[str, cst.BaseExpression], list[cst.Param]] | None:
    """What ``call`` hands each parameter of the nested function ``node``
    (by position or keyword), and the parameters it leaves to their
    defaults; None when it hands ``*`` or ``**`` values (where they land is
    not known)."""
    if any(arg.star for arg in call.args):
        return None
    params = node.params
    positional = [p.name.value for p in (*params.posonly_params, *params.params)]
    named = {*positional, *(p.name.value for p in params.kwonly_params)}
    handed: dict[str, cst.BaseExpression] = {}
    index = 0
    for arg in call.args:
        if arg.keyword is not None:  # one a ``**`` parameter takes holds no name
            name: str | None = arg.keyword.value if arg.keyword.value in named else None
        elif index < len(positional):
            name = positional[index]
            index += 1
        else:
            name = None
        if name is not None:
            handed[name] = arg.value
    every = (*params.posonly_params, *params.params, *params.kwonly_params)
    return handed, [p for p in every if p.name.value not in handed]


def passed_locals(node: cst.FunctionDef, call: cst.Call, env: Env) -> dict[str, str]:
    """The nested function's parameters ``call`` hands a local of the
    enclosing function by its bare name (by position or keyword), when that
    local stands for an argument; none when the call hands ``*`` or ``**``
    values (where they land is not known)."""
    bindings = call_bindings(node, call)
    if bindings is None:
        return {}
    handed, left = bindings
    found: dict[str, str] = {}
    for name, value in handed.items():
        if type(value) is cst.Name and (
            value.value in env.var_args or value.value in env.var_groups
        ):
            found[name] = value.value
    # a parameter the call leaves to its default, a local bound when the
    # ``def`` ran (``def check(mode=mode)``): that local's value
    for param in left:
        default = param.default
        if type(default) is cst.Name and (
            default.value in env.var_args or default.value in env.var_groups
        ):
            found[param.name.value] = default.value
    return found


def _state_of(env: Env, name: str) -> dict[str, tuple[bool, Any]]:
    """What each map and set of ``env`` holds for ``name``."""
    state: dict[str, tuple[bool, Any]] = {}
    for field in _NAME_MAPS:
        mapping = getattr(env, field)
        state[field] = (name in mapping, mapping.get(name))
    for field in _NAME_SETS:
        state[field] = (name in getattr(env, field), None)
    return state


def _set(env: Env, field: str, name: str, held: bool, value: Any) -> None:
    """Make ``env``'s map or set ``field`` hold (or not) ``name``."""
    container = getattr(env, field)
    if field in _NAME_SETS:
        if held:
            container.add(name)
        else:
            container.discard(name)
    elif held:
        container[name] = value
    else:
        container.pop(name, None)
