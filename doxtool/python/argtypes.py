"""The one JSON type the code reads an argument's value as, if there is one
(part of :class:`~doxtool.python.arguments.ArgBuilder`'s reading; the helper
summaries' side joins its reads in :mod:`~doxtool.python.followargs`).

A conversion (``int(x)``) gives the type, unless it runs on some paths only:
the code compares the value with one the conversion does not convert
(``if timeout != "auto": timeout = int(timeout)``, ``if limit == "all":
... else: int(limit)``), or what a missing key gives is one (``"auto"``
never reaches ``int()``). Then the value is of one type or another, and
no single type is stated.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol

from doxtool.core.facts import json_type
from doxtool.python.readforms import REFUSALS


class Read(Protocol):
    """What :class:`~doxtool.python.arguments.ArgBuilder` knows of how an
    argument's value is read, as far as its type goes."""

    coerced_type: str | None
    coercion: str | None
    compared: set[str]
    compared_values: list[Any]
    annotation_type: str | None
    annotation_union: bool
    weak_type: str | None
    tested_types: set[str]
    has_default: bool
    default: Any
    untold_default: bool
    boolean_spelling: bool
    used_type: str | None
    instance_of: set[str]

    def missing(self) -> tuple[bool, Any]: ...


#: an integer is a number too: the two types do not disagree
INT = ("number", "integer")
#: the JSON types of example values
ALL_TYPES = frozenset({"string", "integer", "number", "boolean", "array", "object", "null"})

#: the conversion that gives each JSON type (``int(x)``: an integer); the
#: string a base parses (``int(x, 16)``) takes any string
_CONVERTERS: dict[str, Callable[[Any], Any]] = {
    "integer": int,
    "number": float,
    "array": list,
    "object": dict,
}


def unconverted(kind: str | None, values: Iterable[Any]) -> bool:
    """Whether one of ``values`` (values the code compares the argument
    with, what a missing key gives) is one the conversion that gives
    ``kind`` does not convert (``int("auto")``): were it converted, the code
    would raise on it, so the conversion runs on some paths only, and the
    value is not of one type. ``None`` and ``""`` test for absence; a value
    the conversion takes (``int("30")``, ``float(1)``) is one it converts."""
    convert = _CONVERTERS.get(kind or "")
    if convert is None:
        return False
    for value in values:
        if value is None or value == "":
            continue
        try:
            convert(value)
        except (ValueError, TypeError, OverflowError):
            return True
    return False


def copied_under_test(kind: str, tested: Iterable[str]) -> bool:
    """Whether a conversion to ``kind`` runs under a test of the value for
    that very type beside a test for another (``if isinstance(s, str): ...
    elif isinstance(s, dict): s = dict(s)``): a copy, the other types taken
    as they are, so the value is not of one type."""
    same = {t for t in tested if t == kind or (kind, t) in (INT, INT[::-1])}
    return bool(same) and bool(set(tested) - same)


def other_type(kind: str | None, values: Iterable[Any]) -> bool:
    """Whether one of ``values`` (literals the code compares the value
    with) is of a JSON type other than ``kind``, the type a literal default
    gives (``args.get("limit", 10)``, then ``if limit == "all"``): the value
    is then not of one type. An integer is a number too."""
    if kind is None:
        return False
    for value in values:
        other = json_type(value)
        if other is not None and other != kind and (kind, other) != INT:
            return True
    return False


def instance_checks(groups: Iterable[dict[str, str]]) -> Iterator[tuple[str, str]]:
    """(argument, kind) for each ``not isinstance(x, T)`` of one argument's
    value as read among the groups a check refuses (``type-int``; not
    ``not isinstance(a, int) and not isinstance(b, int)``, which refuses
    neither alone)."""
    for group in groups:
        for name, kind in group.items() if len(group) == 1 else ():
            if kind.startswith("type-"):
                yield name, kind


#: a value of each JSON type, to try the checks of :func:`instance_type` on
_SAMPLES = {"integer": 5, "number": 1.5, "string": "s", "boolean": True, "array": [], "object": {}}


def instance_type(kinds: Iterable[str]) -> str | None:
    """The one JSON type the checks ``kinds`` (``type-int``, :func:`instance_checks`)
    let through, or None: ``isinstance(x, int)`` an integer (and a JSON
    boolean, an ``int`` in Python, which says nothing of the type),
    ``isinstance(x, (int, float))`` a number; ``isinstance(x, float)``
    alone refuses ``5``, which no JSON type tells from ``1.5``: none."""
    kinds = list(kinds)
    passed = {t for t, v in _SAMPLES.items() if not any(REFUSALS[k](v) for k in kinds)}
    if "integer" in passed:
        passed.discard("boolean")
    if passed == {"integer", "number"}:
        return "number"
    return passed.pop() if kinds and len(passed) == 1 and passed != {"number"} else None


def checked_types(arg: Read, kind: str | None) -> list[str] | None:
    """The checks a value of another type than ``kind`` fails (``not
    isinstance(size, int)``, then an error), when they give ``kind``
    (:func:`read_type`): an example's value is held to them."""
    checked = not arg.coerced_type and kind is not None and kind == instance_type(arg.instance_of)
    return sorted(arg.instance_of) if checked else None


def read_type(arg: Read) -> str | None:
    """The one JSON type the code reads the value as, or None: a
    conversion's (unless it runs on some paths only, :func:`unconverted`),
    else the annotation's, else the literal default's, else what ``str(x)``
    or a string method says."""
    if arg.coerced_type:
        known, missing = arg.missing()
        values = [*arg.compared_values, *([missing] if known else [])]
        kind = arg.coerced_type
        if copied_under_test(kind, arg.tested_types) or unconverted(kind, values):
            return None
        return kind
    checked = instance_type(arg.instance_of)
    if checked is not None and all(t == checked or (checked, t) == INT for t in arg.tested_types):
        # ``if not isinstance(size, int): return Response(error)``, no other
        # type tested (``if isinstance(tags, str): tags = tags.split(",")``)
        return checked
    if arg.annotation_union:
        return None
    kind = arg.annotation_type
    if kind is not None:
        # the author's claim, unless the code takes another type too:
        # ``ids: list[str] | None``, then ``if isinstance(ids, str)``
        other = any(t != kind and (kind, t) != INT for t in arg.tested_types)
        return None if other else kind
    if arg.has_default:
        kind = json_type(arg.default)
        if any(c != kind and (kind, c) != INT for c in arg.compared):
            kind = None  # ``flag in ("yes", True)``: not only the default's type
        elif kind is not None and arg.tested_types:
            return None  # ``if isinstance(tags, str): tags = tags.split(",")``
        elif (
            kind not in (None, "string")
            and arg.coercion == "str"
            and not (kind == "boolean" and arg.boolean_spelling)
        ):
            # ``str(args.get("count", 10))``: "5" does as well as 5; not
            # ``str(flag).lower() == "true"``, a boolean or its spelling
            return None
    if kind is None and arg.weak_type is not None:
        kind = arg.weak_type
        if any(t != kind for t in arg.tested_types):
            # ``keys.strip()`` on one path, ``isinstance(keys, list)`` on
            # another: the code takes another type too
            return None
        if kind == "string" and arg.coercion == "str" and _fallback_typed(arg):
            return None  # ``str(args.get("ids") or [])``, as with a default ``[]``
    # a string or a JSON boolean: the type is not one; not when a string
    # method runs on the value as read (``flag.lower() == "true"`` fails on
    # a JSON boolean)
    spelled = arg.boolean_spelling and arg.used_type != "string"
    return None if spelled and kind == "string" else kind


def _fallback_typed(arg: Read) -> bool:
    """Whether the value a missing key gives is a literal of a type other
    than a string (``args.get("ids") or []``, ``or 0``): a ``str(x)`` of the
    value then says no more of its type than it does after a literal
    default of that type (``str(args.get("count", 10))``); or a default
    doxtool cannot tell (``args.get("count", self.LIMIT)``, a constant of
    another module), which may be of any type as well."""
    known, value = arg.missing()
    if not known and arg.untold_default:
        return True
    other = json_type(value) if known else None
    return other not in (None, "string") and not (other == "boolean" and arg.boolean_spelling)


def type_used(arg: Read, kind: str | None, enum: Iterable[Any]) -> bool:
    """Whether the code states ``kind``, the type :func:`read_type` gives,
    as the type it takes, beyond what a missing key gives: a conversion made
    it (``int(x)`` refuses ``"five"``), a string method is called on the
    value as read (``x.strip()`` fails on ``5``), a check ends ``execute``
    with an error on another type (``if not isinstance(x, int): return
    Response(...)``, :func:`instance_type`), a model validates it, the
    parameter's annotation declares it (``count: int``), or a closed
    dispatch accepts values of that type only. A literal default alone
    (``args.get("count", "10")``) says what a missing key gives, not what
    the code accepts: a value only formatted (``f"{count}"``), logged,
    compared or handed on takes ``5`` as well as ``"5"``."""
    if kind is None:
        return False
    if kind in (arg.coerced_type, arg.used_type, arg.annotation_type):
        return True
    if kind == instance_type(arg.instance_of):
        return True
    kinds = {json_type(v) for v in enum}
    return bool(kinds) and all(k == kind or (kind, k) == INT for k in kinds)


def reach_of(arg: Read, reach: set[str]) -> list[str] | None:
    """The JSON types of the values that reach a conversion giving the
    argument's type, where tests or a caught error keep others from all of
    them (:mod:`~doxtool.python.guardedconversions`); None: every value
    reaches one, or the type does not rest on a conversion alone (an
    annotation, a string method on the value as read, a check of its type)."""
    others = arg.annotation_type or arg.used_type or arg.instance_of
    return None if not arg.coerced_type or others or reach >= ALL_TYPES else sorted(reach)
