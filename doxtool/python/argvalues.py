"""Which values an argument takes, where a closed dispatch and what a
missing key gives disagree (part of
:class:`~doxtool.python.arguments.ArgBuilder`'s reading)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: string methods whose result on a value is known here (no arguments)
_FOLDS = ("casefold", "lower", "upper", "strip", "lstrip", "rstrip")


def default_outside(
    enum: list[Any],
    folds: set[str] | None,
    coercion: str | None,
    missing: tuple[bool, Any],
    refused: Callable[[Any], bool],
) -> bool:
    """Whether what a missing key gives (a default, a fallback) is a value
    the closed dispatch does not take, and no check refuses it: then what
    the dispatch falls through to answers that value too (``format =
    args.get("format", "text")``, a ``match`` on ``"json"`` and ``"md"``,
    then ``return Response(text)``), and which values the argument takes is
    not known. ``missing`` is (whether it is known, the value a missing key
    gives); ``refused`` tells a value a check refuses. A value converted
    (``coercion``) before it is tested, or folded by a method whose result is
    not known here, says nothing; ``str()`` of a string default leaves it as
    it is (``mode = str(args.get("mode", "latest"))``). Where how the value is folded is not known
    (a parameter of ``execute``, which a caller may fold), the default is
    outside only when no folding of it is among the values."""
    known, value = missing
    if coercion == "str" and isinstance(value, str):
        coercion = None  # ``str("latest")`` is ``"latest"``
    if not enum or not known or coercion is not None:
        return False
    if isinstance(value, bool) or not isinstance(value, (str, int, float)) or value == "":
        return False
    if folds is None:
        foldings = _foldings(value) if isinstance(value, str) else [value]
        return not any(holds(enum, v) for v in foldings) and not refused(value)
    if isinstance(value, str):
        if not folds <= set(_FOLDS):
            return False
        for method in _FOLDS:
            if method in folds:
                value = getattr(value, method)()
    return not holds(enum, value) and not refused(value)


def _foldings(value: str) -> list[str]:
    """``value`` as given and as each folding of :data:`_FOLDS` may leave it,
    stripped or not."""
    found: list[str] = []
    for text in (value, value.strip()):
        found.extend((text, text.lower(), text.upper(), text.casefold()))
    return found


def holds(values: list[Any], value: Any) -> bool:
    """Whether ``value`` is among ``values`` (``1 == True``: types compared too)."""
    return any(type(v) is type(value) and v == value for v in values)


def open_values(builder: Any) -> list[str]:
    """The strings an argument's value is compared with (an
    :class:`~doxtool.python.arguments.ArgBuilder`'s ``compared_values``), or
    the keys of a known dict it is looked up in, that are no spelling of a
    boolean (``str(flag).lower() in ("true", "1")``): values of the
    argument, where no closed dispatch lists them."""
    spelled = builder.spellings if builder.boolean_spelling else set()
    return [
        v
        for v in [*builder.compared_values, *builder.looked_up]
        if isinstance(v, str)
        and v.strip()
        and v.strip().lower() not in ("true", "false")
        and v.strip().lower() not in spelled
    ]
