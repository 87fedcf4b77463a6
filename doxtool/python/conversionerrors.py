"""Which values a conversion of an argument's value fails on, and with
which error (``int([1])`` a ``TypeError``, ``int("ten")`` a ``ValueError``):
what a handler that catches one lets by. Read by both walks
(:mod:`~doxtool.python.guardedconversions`,
:mod:`~doxtool.python.astconversionreach`); it imports neither parser."""

from __future__ import annotations

from doxtool.python.argtypes import ALL_TYPES
from doxtool.python.readforms import COERCIONS

#: the conversions whose error a value may meet (not ``str``, ``bool``)
CONVERTING = frozenset(COERCIONS) - {"str", "bool"}

#: the JSON types whose values a conversion fails on with a ``TypeError``
#: (``int([1])``), and with a ``ValueError`` (``int("ten")``); values of the
#: other types it takes, or fails on with either (``dict([[1]])``, ``dict([1])``)
_TYPE_ERRORS = {
    "int": frozenset({"array", "object", "null"}),
    "float": frozenset({"array", "object", "null"}),
    "list": frozenset({"integer", "number", "boolean", "null"}),
    "tuple": frozenset({"integer", "number", "boolean", "null"}),
    "dict": frozenset({"integer", "number", "boolean", "null"}),
}
_VALUE_ERRORS = {"int": frozenset({"string"}), "float": frozenset({"string"})}


def escaping(caught: frozenset[str], conversion: str) -> frozenset[str]:
    """The JSON types whose values ``conversion`` fails on with an error no
    class of ``caught`` takes (``except ValueError`` lets ``int([1])``'s
    ``TypeError`` by)."""
    types = ALL_TYPES
    if "ValueError" in caught:
        types = types & _TYPE_ERRORS.get(conversion, frozenset())
    if "TypeError" in caught:
        types = types & _VALUE_ERRORS.get(conversion, frozenset())
    return types
