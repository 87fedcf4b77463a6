"""Where each arm of an ``if`` starts (part of :class:`~doxtool.python.toolscan.ToolScan`).

The walk is linear, but the ``else`` of an ``if`` does not run after its
body: a name the body bound again (``name = name[1:]``) still holds, in the
``else``, what it held before the ``if`` (``else: name = name.strip()``
makes ``name`` of the argument's own value again). Before the ``else`` is
walked, what the body's names stood for is put back as it was before the
``if`` (the argument a name stands for, the value a missing key gives it,
the argument a call was handed to make it); past the ``if``, each holds
what the last arm binding it left, as the linear walk has it
(:mod:`~doxtool.python.partialbinds` judges the arms together).
"""

from __future__ import annotations

from typing import Any

from doxtool.python.walkstate import Env

#: the fields of :class:`~doxtool.python.walkstate.Env` an arm starts from
#: as they were before the ``if``: what a local name stands for
_FIELDS = ("var_args", "var_missing", "var_rebound", "var_calls")

#: a field's entry for a name: held (its value) or not held
_ABSENT = object()

ArmEnd = dict[str, tuple[Any, ...]]


def arm_start(
    env: Env, var_missing: dict[str, Any], var_rebound: dict[str, Any]
) -> dict[str, dict[str, Any]]:
    """What the fields hold where an ``if`` starts (for :func:`next_arm`),
    with the copies of ``var_missing`` and ``var_rebound`` the start of the
    ``if`` already took (:meth:`~doxtool.python.partialbinds.PartialBindings._bindings_begin`)."""
    return {
        "var_args": dict(env.var_args),
        "var_missing": var_missing,
        "var_rebound": var_rebound,
        "var_calls": dict(env.var_calls),
    }


def next_arm(names: set[str], start: dict[str, dict[str, Any]], env: Env) -> ArmEnd:
    """Put ``names`` (bound by the arm just walked) back as they were at
    ``start`` for the next arm; what the arm left in them, for :func:`past_if`."""
    left: ArmEnd = {}
    for name in names:
        left[name] = tuple(getattr(env, field).get(name, _ABSENT) for field in _FIELDS)
        for field in _FIELDS:
            _put(getattr(env, field), name, start[field].get(name, _ABSENT))
    return left


def past_if(left: ArmEnd, rebound: set[str], env: Env) -> None:
    """Past the ``if``: a name the first arm bound and the next did not
    (``rebound``) holds what the first left, as the linear walk had it."""
    for name, values in left.items():
        if name in rebound:
            continue
        for field, value in zip(_FIELDS, values, strict=True):
            _put(getattr(env, field), name, value)


def _put(held: dict[str, Any], name: str, value: Any) -> None:
    if value is _ABSENT:
        held.pop(name, None)
    else:
        held[name] = value
