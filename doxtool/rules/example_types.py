"""What an example's value is to the code that reads it (PRM008): of the
type the code reads, taken by its conversion, or misread by a comparison
that alone decides what the value does."""

from __future__ import annotations

from typing import Any

from doxtool.core.facts import Argument, ToolFacts, json_type
from doxtool.python.readforms import REFUSALS
from doxtool.rules.tool_prompts import TEMPLATE

_JSON_TYPES = {
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "array": (list,),
    "object": (dict,),
}


#: conversions, with the JSON type each makes of a value
_CONVERSIONS: dict[str, tuple[Any, str]] = {
    "int": (int, "integer"),
    "float": (float, "number"),
    "str": (str, "string"),
    "list": (list, "array"),
    "tuple": (tuple, "array"),
    "dict": (dict, "object"),
}


def refused_type(value: Any, arg: Argument) -> bool:
    """Whether the code takes the value for another type than ``arg.type``:
    a check of its type (``if not isinstance(size, int): return
    Response(...)``) refuses it (``"10"``, not ``True``, an ``int`` in
    Python; a false value, which an ``or`` may replace before the check,
    is not judged), else it is of no type the code's use needs and its conversion
    does not take it (:func:`converts`)."""
    if arg.type_checks:
        if not value or (isinstance(value, str) and TEMPLATE.search(value)):
            # ``args.get("size") or 10`` gives a false value another before the check
            return False
        return any(REFUSALS[kind](value) for kind in arg.type_checks)
    return (
        bool(arg.type)
        # a boolean's uses are weighed by ``converts``
        and (arg.type_used or arg.type == "boolean")
        and not type_ok(value, arg.type or "")
        and not converts(value, arg)
        and reaches(value, arg)
    )


def reaches(value: Any, arg: Argument) -> bool:
    """Whether the value reaches the conversion that gives the argument its
    type: a test of the value (``int(x) if str(x).isdigit() else x``,
    ``if isinstance(x, str): x = int(x)``) or a caught error (``except
    ValueError: x = 3``) keeps others from it, unconverted or replaced; so
    for a string a base parses (``int(mode, 8)`` under ``if isinstance(mode,
    str)``: an integer is taken as it is)."""
    if arg.conversion_reach is None:
        return True
    kind = json_type(value)
    # ``isinstance(True, int)`` holds
    return kind in arg.conversion_reach or (kind == "boolean" and "integer" in arg.conversion_reach)


def converts(value: Any, arg: Argument) -> bool:
    """Whether the conversion that gives the argument its type takes the
    value (``int("30")``, ``str(2024)``, ``float("1.5")``), or how the code
    uses a boolean takes it: the code accepts it."""
    if arg.type == "boolean":
        return _boolean_accepts(value, arg)
    conversion = _CONVERSIONS.get(arg.coercion or "")
    if conversion is None:
        return False
    # ``int(float(x))``: an integer made of what ``float`` takes
    if conversion[1] != arg.type and (conversion[1], arg.type) != ("number", "integer"):
        return False
    try:
        conversion[0](value)
    except (ValueError, TypeError, OverflowError):
        return False
    return True


def _boolean_accepts(value: Any, arg: Argument) -> bool:
    """Whether the code reads a value other than a JSON boolean as it is
    meant: a spelling it compares (``str(flag).lower() in ("true", "1")``
    takes those and ``"false"``), anything a test of truth takes (``if
    flag:``, ``bool(flag)``), nothing where the value itself is compared
    with ``True`` or ``False`` (``flag is True``)."""
    if arg.spellings is not None or arg.coercion == "str":
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            return False
        # ``str(flag).strip().lower() == "true"``: a spelling of a boolean
        return str(value).strip().lower() in {"true", "false", *(arg.spellings or ())}
    # where the value is only tested for truth (or its use is not seen),
    # any value is taken
    return not arg.boolean_tested


def misread(value: Any, arg: Argument, tool: ToolFacts) -> str | None:
    """What the code compares a value of the other type with, when that
    comparison alone decides what the value does (``flag == "true"`` for a
    JSON ``true``, ``flag is True`` for the string ``"true"``); None when
    the value is taken, or the code may use it otherwise."""
    if tool.dynamic_reads or tool.other_arguments:
        return None  # the arguments handed on may be read anywhere
    if arg.only_compared == "spelling" and isinstance(value, bool):
        return "strings, as read: a JSON boolean never equals one"
    if arg.only_compared == "boolean" and isinstance(value, str) and not TEMPLATE.search(value):
        return "`True` or `False`: a string never is one"
    return None


def type_ok(value: Any, kind: str) -> bool:
    if isinstance(value, str) and TEMPLATE.search(value):
        return True
    if kind in ("integer", "number") and isinstance(value, bool):
        return False
    if kind == "integer" and isinstance(value, float):
        return value.is_integer()
    return isinstance(value, _JSON_TYPES.get(kind, (object,)))


#: the string methods that fold a value before it is compared, which PRM008
#: applies to an example's value as the code does
_FOLDS = frozenset({"strip", "lstrip", "rstrip", "lower", "casefold"})


def among(value: str, arg: Argument) -> bool:
    """Whether the code takes ``value`` for one of the values it compares the
    argument with: as given where it compares the value as given
    (``action == "write"`` refuses ``"Write"``), after the foldings it applies
    where it applies them (``action.lower() == "write"``), stripped and
    lowered where how it compares is not known."""
    if value in (arg.enum or ()):
        return True
    folded = value
    for method in ("strip", "lower") if arg.enum_folds is None else arg.enum_folds:
        if method not in _FOLDS:
            return True  # a reshaping not applied here: nothing is claimed
        folded = getattr(folded, method)()
    return folded in (arg.enum or ())
