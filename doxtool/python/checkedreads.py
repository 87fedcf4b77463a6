"""Whether a closed dispatch's values hold for every read of an argument
(part of :class:`~doxtool.python.arguments.ArgBuilder`).

A check that refuses all but some values (``if kind not in ("slack",
"email"): return Response(error)``) in one method says nothing of a read of
the same key in another method that runs without it: ``kind =
self.args.get("kind")`` in ``_test``, handed to ``connect(kind)``, takes any
value there. The values accepted are then not known. A read in ``execute``
(which may hand the value on to the method that checks it) or in a hook
that only shows the call (``get_log_object``) leaves them as they are.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from doxtool.core.facts import ArgumentRead

#: the methods whose reads leave the values a closed dispatch accepts as
#: they are: the entry, which may hand the value on to the method that
#: checks it, and the framework's hooks, which show the call
_NOT_PATHS = frozenset({"execute", "before_execution", "after_execution", "get_log_object"})


def read_past_checks(reads: Iterable[ArgumentRead], closed_in: set[str], always: bool) -> bool:
    """Whether a read of the argument lies in a method none of whose closed
    dispatches tests it, where such a dispatch does not run on every call
    (``always``) and ``closed_in`` names the functions holding one."""
    if always or not closed_in:
        return False
    return any(
        r.function
        and r.function not in closed_in
        and r.function.rsplit(".", 1)[-1] not in _NOT_PATHS
        for r in reads
    )


def unique(items: Iterable[Any], key: Any) -> list[Any]:
    """The first of the items of each key, in order."""
    firsts: dict[Any, Any] = {}
    for item in items:
        firsts.setdefault(key(item), item)
    return list(firsts.values())
