"""What an expression that stands for an argument says of its value: whether
it is the value as read (:func:`raw_value`), the JSON types an
``isinstance`` test checks it for (:func:`tested_types`), and the values an
``if`` tests are strings before its body handles them as such
(:func:`strings_tested`), and the type a method called on the value as read
needs (:func:`method_type`)."""

from __future__ import annotations

import libcst as cst

from doxtool.python.cstnodes import dotted_name
from doxtool.python.readforms import COERCIONS as _COERCIONS


def raw_value(node: cst.BaseExpression) -> bool:
    """Whether an expression that stands for an argument is its value as read:
    a name, a subscript, ``d.get(...)``, not a conversion (``str(x)``, ``x.lower()``)."""
    if type(node) in (cst.Name, cst.Subscript):
        return True
    return (
        type(node) is cst.Call
        and type(node.func) is cst.Attribute
        and node.func.attr.value in ("get", "pop")
    )


def tested_types(node: cst.BaseExpression) -> set[str]:
    """The JSON types ``isinstance(x, <node>)`` tests for (``str``, ``(list,
    tuple)``); ``"?"`` for a class that is none of them (``Sequence`` takes
    strings too)."""
    if type(node) is cst.Tuple:
        return {kind for element in node.elements for kind in tested_types(element.value)}
    dotted = dotted_name(node)
    kind = _COERCIONS.get(dotted[-1]) if dotted and len(dotted) == 1 else None
    return {kind or "?"}


def strings_tested(test: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The values ``test`` is true only for strings of (``isinstance(x,
    str)``, also joined by ``and``): in the body of ``if isinstance(label,
    str): label = label.strip()``, what a string method says of the value
    holds of strings only, and other types pass by unchanged."""
    if type(test) is cst.BooleanOperation and type(test.operator) is cst.And:
        return [*strings_tested(test.left), *strings_tested(test.right)]
    if not (
        type(test) is cst.Call
        and type(test.func) is cst.Name
        and test.func.value == "isinstance"
        and len(test.args) == 2
    ):
        return []
    return [test.args[0].value] if tested_types(test.args[1].value) == {"string"} else []


#: methods of one JSON type only (a string's, an object's, an array's): one
#: called on the value as read fails on a value of another type (``5.strip()``,
#: ``[1].items()``); ``count`` and ``index``, of strings and arrays, are not
_STRING_METHODS = (
    "strip lstrip rstrip lower upper casefold title capitalize swapcase replace split rsplit "
    "splitlines partition rpartition startswith endswith removeprefix removesuffix encode format "
    "zfill center ljust rjust expandtabs isdigit isdecimal isnumeric isalpha isalnum isspace "
    "islower isupper istitle"
)
_METHOD_TYPES = {
    **dict.fromkeys(_STRING_METHODS.split(), "string"),
    **dict.fromkeys(("items", "keys", "values"), "object"),
    **dict.fromkeys(("append", "extend", "insert", "sort"), "array"),
}


def method_type(func: cst.BaseExpression) -> str | None:
    """The JSON type the method ``func`` calls needs of the value it is
    called on, when that is the value as read (``x.strip()``: a string;
    ``x.items()``: an object), else None (``str(x).strip()``, ``(x or
    "").strip()``, a method of more than one type)."""
    if type(func) is not cst.Attribute or not raw_value(func.value):
        return None
    return _METHOD_TYPES.get(func.attr.value)


def keeps_blank(call: cst.Call) -> bool:
    """Whether the string method ``call`` makes ``""`` of ``""`` whatever the
    value it is called on: ``title()``, ``capitalize()``, ``replace("-",
    "_")``; not ``replace("", "x")``, nor a ``replace`` of a value not known."""
    func = call.func
    if type(func) is not cst.Attribute or func.attr.value != "replace":
        return True
    old = call.args[0].value if call.args else None
    return type(old) is cst.SimpleString and old.evaluated_value not in ("", b"")
