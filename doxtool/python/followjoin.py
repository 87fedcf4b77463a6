"""What following a tool's calls finds, joined with what the tool has (part
of :mod:`doxtool.python.follow`): each item once, the tool's own first."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any, TypeVar

from doxtool.core.facts import DynamicRead, Effect, Raise

T = TypeVar("T")


def unique_effects(effects: list[Effect]) -> list[Effect]:
    seen: set[tuple[Any, ...]] = set()
    out = []
    for effect in effects:
        key = (effect.area, tuple(effect.calls), effect.line, effect.column, effect.path)
        if key not in seen:
            seen.add(key)
            out.append(effect)
    return out


def joined_effects(own: list[Effect], found: list[Effect]) -> list[Effect]:
    """The tool's own effects and those following its calls finds, each once:
    a found effect of the same area at the very call the tool's own walk
    already read (``conn.request()`` on an object of a class inheriting the
    library's ``request``: named as written there, and as the class's method
    when followed) is that effect again."""
    at = {(e.area, e.line, e.column, e.path) for e in own if not e.reached_line}
    again = [e for e in found if e.reached_line or (e.area, e.line, e.column, e.path) not in at]
    return unique_effects([*own, *again])


def place(item: DynamicRead | Raise) -> tuple[str | None, int, int]:
    return (item.path, item.line, item.column)


def joined(known: list[T], found: Iterable[T], key: Callable[[T], Hashable]) -> list[T]:
    """``known`` and, after it, each item of ``found`` whose key none before has."""
    seen = {key(item) for item in known}
    out = list(known)
    for item in found:
        if key(item) not in seen:
            seen.add(key(item))
            out.append(item)
    return out
