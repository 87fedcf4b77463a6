"""Facts made smaller once extraction is done with them.

A module's facts are about a thousand small objects, and most of their lists
are empty (a step that passes nothing, a read with no alternatives). A
whole-repository run holds every module's facts at once, so :func:`compact`
lets all the empty lists of a result be one shared, read-only list
(:data:`EMPTY`) and all its equal strings one string. Facts are read-only
downstream of extraction; the shared list refuses to grow, so a mutation
would fail loudly instead of reaching every module's facts.

A compacted result pickles smaller (the pool's workers hand their results on
pickled) and unpickles to fewer objects; :data:`EMPTY` unpickles to itself.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any, NoReturn, SupportsIndex


class FrozenEmptyList(list):  # type: ignore[type-arg]
    """An empty list that stays empty: every method that would add to it raises."""

    __slots__ = ()

    def _refuse(self, *_: object, **__: object) -> NoReturn:
        raise TypeError("compacted facts are read-only: copy the list to change it")

    append = extend = insert = __setitem__ = __iadd__ = __imul__ = _refuse

    def __reduce__(self) -> tuple[Any, tuple[()]]:
        return (_empty, ())

    def __copy__(self) -> list[Any]:
        return []

    def __deepcopy__(self, memo: dict[int, Any]) -> list[Any]:
        return []

    def __mul__(self, count: SupportsIndex) -> list[Any]:
        return []


#: the one empty list that compacted results share
EMPTY: list[Any] = FrozenEmptyList()


def _empty() -> list[Any]:
    return EMPTY


@cache
def _fields(cls: type) -> tuple[str, ...] | None:
    """The field names of a dataclass; None for any other type."""
    if not dataclasses.is_dataclass(cls):
        return None
    return tuple(f.name for f in dataclasses.fields(cls))


def compact(result: Any) -> Any:
    """``result`` (a dataclass instance), its empty lists replaced by
    :data:`EMPTY` and its equal strings by one of them, at every depth; the
    same object, changed in place."""
    strings: dict[str, str] = {}
    setattr_ = object.__setattr__  # frozen dataclasses too
    stack = [result]
    while stack:
        obj = stack.pop()
        if type(obj) is list:
            for index, item in enumerate(obj):
                kind = type(item)
                if kind is str:
                    obj[index] = strings.setdefault(item, item)
                elif kind is list and not item:
                    obj[index] = EMPTY
                elif kind not in _LEAVES:
                    stack.append(item)
            continue
        if type(obj) is tuple:
            stack.extend(obj)
            continue
        names = _fields(type(obj))
        if names is None:
            continue
        for name in names:
            value = getattr(obj, name)
            kind = type(value)
            if kind is str:
                setattr_(obj, name, strings.setdefault(value, value))
            elif kind is list and not value:
                setattr_(obj, name, EMPTY)
            elif kind not in _LEAVES:
                stack.append(value)
    return result


#: values with nothing inside to compact
_LEAVES = frozenset({int, float, bool, type(None), str, bytes, FrozenEmptyList})
