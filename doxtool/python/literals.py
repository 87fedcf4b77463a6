"""Literal values of libcst expressions, read without evaluating any code.

Strings are joined without recursion; everything else goes through
:func:`~doxtool.core.literaleval.literal_eval` (:func:`ast.literal_eval`'s
evaluation), which evaluates nothing but literals.
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from doxtool.core.literaleval import literal_eval
from doxtool.python.cstcode import code_of


def _simple_string(node: cst.SimpleString) -> str | bytes:
    """A string literal's value; without a prefix, escapes or a carriage return
    (which the tokenizer would translate) it is the text between the quotes."""
    text = node.value
    quote = text[-1]
    if text[0] == quote and "\\" not in text and "\r" not in text:
        width = 3 if len(text) >= 6 and text.startswith(quote * 3) else 1
        return text[width:-width]
    # libcst's ``evaluated_value`` is ``ast.literal_eval``, whose closures
    # leave a cycle per call for a collector pool workers never run
    value = literal_eval(text)
    assert isinstance(value, (str, bytes))
    return value


def string_value(node: cst.SimpleString | cst.ConcatenatedString) -> str | bytes | None:
    """Value of a string literal; None when it is an f-string.

    Implicit concatenation nests (``"a" "b" "c"``), and a long multi-line
    prompt text nests deeply enough to exhaust the recursion of libcst's own
    ``evaluated_value``, so the parts are collected without recursion.
    """
    parts: list[str | bytes] = []
    stack: list[cst.BaseExpression] = [node]
    while stack:
        current = stack.pop()
        if type(current) is cst.ConcatenatedString:
            stack.append(current.right)
            stack.append(current.left)
        elif type(current) is cst.SimpleString:
            parts.append(_simple_string(current))
        else:
            return None
    if all(isinstance(part, str) for part in parts):
        return "".join(parts)  # type: ignore[arg-type]
    if all(isinstance(part, bytes) for part in parts):
        return b"".join(parts)  # type: ignore[arg-type]
    return None


def literal_value(node: cst.BaseExpression, module: cst.Module) -> tuple[bool, Any]:
    """(True, value) when ``node`` is a Python literal; never evaluates code."""
    if type(node) is cst.Name:
        if node.value in ("True", "False", "None"):
            return True, {"True": True, "False": False, "None": None}[node.value]
        return False, None
    if type(node) in (cst.SimpleString, cst.ConcatenatedString):
        value = string_value(node)
        return (value is not None, value)
    if type(node) is cst.Set:
        return _set_value(node, module)
    if type(node) not in (
        cst.Integer,
        cst.Float,
        cst.UnaryOperation,
        cst.List,
        cst.Tuple,
        cst.Dict,
        cst.Set,
    ):
        return False, None
    try:
        value = literal_eval(code_of(node, module).strip())
    except (ValueError, SyntaxError, TypeError, RecursionError, MemoryError):
        return False, None
    if isinstance(value, complex):
        return False, None
    return True, _ordered(value)


def _set_value(node: cst.Set, module: cst.Module) -> tuple[bool, Any]:
    """A set literal as the list of its distinct elements in source order: a
    set's own iteration order follows string hashing, which changes from one
    interpreter run to the next (``PYTHONHASHSEED``), and facts must not."""
    items: list[Any] = []
    for element in node.elements:
        if type(element) is not cst.Element:
            return False, None  # ``{*other}``
        known, value = literal_value(element.value, module)
        if not known:
            return False, None
        if value not in items:  # equality, as a set has it: ``{1, True}`` is ``{1}``
            items.append(value)
    return True, items


def _ordered(value: Any) -> Any:
    """Tuples and sets as lists, recursively; a set nested in another literal
    (whose source order ``ast.literal_eval`` does not keep) in a fixed order."""
    if isinstance(value, (set, frozenset)):
        return sorted((_ordered(v) for v in value), key=lambda v: (type(v).__name__, repr(v)))
    if isinstance(value, (list, tuple)):
        return [_ordered(v) for v in value]
    if isinstance(value, dict):
        return {k: _ordered(v) for k, v in value.items()}
    return value


def jsonable(value: Any) -> Any:
    """Literal values as JSON can hold them (bytes and odd keys become strings)."""
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, (list, tuple, set, frozenset)):
        return [jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    return repr(value)
