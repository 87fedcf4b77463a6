"""Values a person writes the Python way in a companion (``False``, ``None``,
``'.'``, ``1_000``): read as the JSON values they are, so that the code's own
literal spelled as the code spells it is the same value as its JSON spelling.
"""

from __future__ import annotations

from typing import Any

from doxtool.core.literaleval import literal_eval

#: longest text read as a Python literal (a default is a short value)
_MAX_LITERAL = 2000


def python_literal(text: str) -> tuple[bool, Any]:
    """(True, value) when ``text`` is a Python literal of a JSON value: a
    string, number, boolean, ``None``, or a list, tuple or dict of them."""
    if len(text) > _MAX_LITERAL:
        return False, None
    try:
        value = literal_eval(text.strip())
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return False, None
    if not _json_value(value, 0):
        return False, None
    return True, _as_json(value)


def _json_value(value: Any, depth: int) -> bool:
    if depth > 40:
        return False
    if value is None or isinstance(value, (bool, int, float, str)):
        # no NaN nor infinity: JSON has neither
        return not isinstance(value, float) or abs(value) < float("inf")
    if isinstance(value, (list, tuple)):
        return all(_json_value(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _json_value(v, depth + 1) for k, v in value.items())
    return False


def _as_json(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_as_json(v) for v in value]
    if isinstance(value, dict):
        return {k: _as_json(v) for k, v in value.items()}
    return value
