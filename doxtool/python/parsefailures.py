"""Which values a parse of an argument's value fails on, and with which
error: ``json.loads("")`` raises ``json.JSONDecodeError``, ``int("")`` a
``ValueError``, ``int(None)`` a ``TypeError``, ``None.strip()`` an
``AttributeError``. Read by :mod:`~doxtool.python.parsecontracts`, which
judges what the handlers of a ``try`` around the parse make of each error;
it imports no parser.

A kind of refusal (:data:`~doxtool.python.readforms.REFUSALS`) is made of a
parse and the errors the handlers answer with an error: ``fails:`` and the
JSON of ``[parse, [error, ...]]``. It refuses a value the parse fails on
with one of those errors, and no other: a value the parse takes, or fails
on with an error that may be recovered from, passes. Only what is sure of
every Python is claimed: ``datetime.fromisoformat`` refuses ``""`` and
values that are no string, whatever other text a version takes.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

#: the name a ``json.loads`` failure is raised with, as a handler may name it
JSON_ERROR = "json.JSONDecodeError"


def _called(convert: Callable[[Any], Any], value: Any) -> str | None:
    try:
        convert(value)
    except json.JSONDecodeError:
        return JSON_ERROR
    except (ValueError, TypeError, OverflowError) as error:
        return type(error).__name__
    except Exception:  # what else it raises (a RecursionError) is not judged
        return "?"
    return None


def _isoformat(value: Any) -> str | None:
    """``fromisoformat`` of ``datetime`` or ``date``: ``""`` and a value of
    no string are refused by every version; what it makes of other text
    differs between versions (3.11 takes more), so it passes here."""
    if not isinstance(value, str):
        return "TypeError"
    return "ValueError" if value == "" else None


#: the parses judged, by the dotted name they are called by
PARSES: dict[str, Callable[[Any], str | None]] = {
    "json.loads": lambda value: _called(json.loads, value),
    "int": lambda value: _called(int, value),
    "float": lambda value: _called(float, value),
    "datetime.datetime.fromisoformat": _isoformat,
    "datetime.date.fromisoformat": _isoformat,
}

#: the errors each parse may raise on a JSON value
PARSE_ERRORS: dict[str, tuple[str, ...]] = {
    "json.loads": (JSON_ERROR, "TypeError"),
    "int": ("ValueError", "TypeError"),
    "float": ("ValueError", "TypeError"),
    "datetime.datetime.fromisoformat": ("ValueError", "TypeError"),
    "datetime.date.fromisoformat": ("ValueError", "TypeError"),
}
#: a method called on the value (``.strip``): what has no such attribute
#: (``None``) raises this
METHOD_ERRORS = ("AttributeError",)


def failure(parse: str, value: Any) -> str | None:
    """The error ``parse`` (a key of :data:`PARSES`, or ``.name`` for a
    method called on the value) raises on ``value``; None where it takes it."""
    if parse.startswith("."):
        return None if hasattr(value, parse[1:]) else "AttributeError"
    return PARSES[parse](value)


def fails_kind(parse: str, refused: list[str]) -> str:
    """The kind of refusal of ``parse`` failing with one of ``refused``."""
    return "fails:" + json.dumps([parse, sorted(refused)])


def fails_refusal(kind: str) -> Callable[[Any], bool]:
    """The test of a :func:`fails_kind` kind."""
    parse, refused = json.loads(kind[len("fails:") :])
    return lambda value: failure(parse, value) in refused
