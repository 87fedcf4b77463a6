"""Turn fact and finding dataclasses into JSON-ready data and back.

Field metadata ``{"json": "name"}`` renames a field in JSON (``class_name`` is
``class``). Loading is strict about shape: anything that does not fit raises
``ValueError``, which the cache treats as a corrupt entry.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar, Union, get_args, get_origin

T = TypeVar("T")


@cache
def _fields(cls: type) -> tuple[tuple[str, str, Any], ...]:
    hints = typing.get_type_hints(cls)
    return tuple(
        (f.name, f.metadata.get("json", f.name), hints[f.name]) for f in dataclasses.fields(cls)
    )


#: values that are their own data
_SCALARS = frozenset({str, int, float, bool, type(None)})
_NOT_A_DATACLASS: tuple[tuple[str, str], ...] | None = None


@cache
def _dataclass_keys(cls: type) -> tuple[tuple[str, str], ...] | None:
    """(attribute, JSON key) of each field of a dataclass; None for other types."""
    if not dataclasses.is_dataclass(cls):
        return _NOT_A_DATACLASS
    return tuple((f.name, f.metadata.get("json", f.name)) for f in dataclasses.fields(cls))


def to_data(obj: Any, exclude: frozenset[str] = frozenset()) -> Any:
    """Convert dataclasses (recursively) to dicts, lists and scalars."""
    kind = type(obj)
    if kind in _SCALARS:
        return obj
    if exclude:
        return _to_data_excluding(obj, exclude)
    if kind is list or kind is tuple:
        return [item if type(item) in _SCALARS else to_data(item) for item in obj]
    encoder = _ENCODERS.get(kind)
    if encoder is None:
        encoder = _ENCODERS[kind] = _encoder(kind)
    if encoder is not _NO_ENCODER:
        return encoder(obj)
    if isinstance(obj, (list, tuple)):
        return [to_data(item) for item in obj]
    if isinstance(obj, dict):
        return {str(k): to_data(v) for k, v in obj.items()}
    return obj


def _to_data_excluding(obj: Any, exclude: frozenset[str]) -> Any:
    """:func:`to_data` leaving out the JSON keys ``exclude`` names, at every depth."""
    kind = type(obj)
    if kind in _SCALARS:
        return obj
    keys = _dataclass_keys(kind)
    if keys is not None:
        return {
            key: _to_data_excluding(getattr(obj, name), exclude)
            for name, key in keys
            if key not in exclude
        }
    if isinstance(obj, (list, tuple)):
        return [_to_data_excluding(item, exclude) for item in obj]
    if isinstance(obj, dict):
        return {str(k): _to_data_excluding(v, exclude) for k, v in obj.items()}
    return obj


def _no_encoder(obj: Any) -> Any:
    raise AssertionError("not a dataclass")  # never called: compared by identity


_NO_ENCODER: Callable[[Any], Any] = _no_encoder
#: type -> how :func:`to_data` writes it (:func:`_encoder`), or :data:`_NO_ENCODER`
_ENCODERS: dict[type, Callable[[Any], Any]] = {}
#: conversions of one class after which its encoder or decoder is written out:
#: compiling one costs about as much as converting a few dozen instances
#: the general way, which is all a short run does
WRITE_OUT_AFTER = 64


def _encoder(cls: type) -> Callable[[Any], Any]:
    """How :func:`to_data` turns a ``cls`` instance into its dict: a general
    walk of its fields, until the class has been converted
    :data:`WRITE_OUT_AFTER` times; then a function written out field by field
    (:func:`_written_encoder`). :data:`_NO_ENCODER` for a type that is not a
    dataclass.
    """
    keys = _dataclass_keys(cls)
    if keys is None:
        return _NO_ENCODER
    uses = 0

    def encode(obj: Any) -> dict[str, Any]:
        nonlocal uses
        uses += 1
        if uses == WRITE_OUT_AFTER:
            _ENCODERS[cls] = _written_encoder(cls, keys)
        return {
            key: v if type(v := getattr(obj, name)) in _SCALARS else to_data(v)
            for name, key in keys
        }

    return encode


def _written_encoder(cls: type, keys: tuple[tuple[str, str], ...]) -> Callable[[Any], Any]:
    """The encoder of ``cls`` written out: a scalar field value is taken as it
    is, without a call; anything else goes through :func:`to_data`, so the
    result is the same as the general walk's."""
    items = "".join(
        f"    {key!r}: v if type(v := obj.{name}) in scalars else to_data(v),\n"
        for name, key in keys
    )
    code = f"def encode(obj):\n  return {{\n{items}  }}\n"
    namespace: dict[str, Any] = {"scalars": _SCALARS, "to_data": to_data}
    exec(compile(code, f"<doxtool encoder of {cls.__qualname__}>", "exec"), namespace)
    return namespace["encode"]  # type: ignore[no-any-return]


def from_data(cls: type[T], data: Any) -> T:
    """Build ``cls`` from data produced by :func:`to_data`."""
    return _converter(cls)(data)  # type: ignore[no-any-return]


Converter = Callable[[Any], Any]


def _identity(data: Any) -> Any:
    return data


@cache
def _converter(tp: Any) -> Converter:
    """A function that builds a value of ``tp`` from its data, with the type
    inspected once (loading a cached fact then costs a walk of its data)."""
    if tp is Any:
        return _identity
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        return _union(tp)
    if origin in (list, tuple):
        return _list((get_args(tp) or (Any,))[0])
    if origin is dict:
        return _dict((get_args(tp) or (Any, Any))[1])
    if dataclasses.is_dataclass(tp):
        return _dataclass(tp)
    scalar = _SCALAR_CONVERTERS.get(tp)
    return scalar if scalar is not None else _identity


def _to_bool(data: Any) -> Any:
    if type(data) is not bool:
        raise ValueError(f"expected a boolean, got {data!r}")
    return data


def _to_int(data: Any) -> Any:
    if type(data) is not int and (isinstance(data, bool) or not isinstance(data, int)):
        raise ValueError(f"expected an integer, got {data!r}")
    return data


def _to_float(data: Any) -> Any:
    if type(data) is not float and (isinstance(data, bool) or not isinstance(data, (int, float))):
        raise ValueError(f"expected a number, got {data!r}")
    return data


def _to_str(data: Any) -> Any:
    if type(data) is not str and not isinstance(data, str):
        raise ValueError(f"expected a string, got {data!r}")
    return data


def _to_none(data: Any) -> Any:
    if data is not None:
        raise ValueError(f"expected null, got {data!r}")
    return None


#: the check of each scalar type, without inspecting the type per value
_SCALAR_CONVERTERS: dict[Any, Converter] = {
    bool: _to_bool,
    int: _to_int,
    float: _to_float,
    str: _to_str,
    type(None): _to_none,
}


def _union(tp: Any) -> Converter:
    options = get_args(tp)
    nullable = type(None) in options
    variants = [option for option in options if option is not type(None)]

    def convert(data: Any) -> Any:
        if data is None and nullable:
            return None
        for option in variants:
            try:
                return _converter(option)(data)
            except (TypeError, ValueError):
                continue
        raise ValueError(f"no variant of {tp} fits {data!r}")

    return convert


def _list(item_tp: Any) -> Converter:
    scalar = item_tp if item_tp in (str, int, float, bool) else None
    item: Converter | None = None

    def convert(data: Any) -> Any:
        nonlocal item
        if type(data) is not list and not isinstance(data, list):
            raise ValueError(f"expected a list, got {type(data).__name__}")
        if not data:
            return []
        if item is None:  # looked up on first use: a dataclass may hold a list of itself
            item = _converter(item_tp)
        if scalar is not None and all(type(value) is scalar for value in data):
            return list(data)
        return [item(value) for value in data]

    return convert


def _dict(value_tp: Any) -> Converter:
    def convert(data: Any) -> Any:
        if not isinstance(data, dict):
            raise ValueError(f"expected an object, got {type(data).__name__}")
        value = _converter(value_tp)
        return {k: value(v) for k, v in data.items()}

    return convert


def _dataclass(tp: Any) -> Converter:
    """The converter of a dataclass: the general one (:func:`_partial`) until
    the class has been converted :data:`WRITE_OUT_AFTER` times, then one
    written out field by field (:func:`_written_decoder`)."""
    uses = 0
    current: Converter | None = None

    def convert(data: Any) -> Any:
        nonlocal uses, current
        if current is not None:
            return current(data)
        uses += 1
        if uses == WRITE_OUT_AFTER:
            current = _written_decoder(tp)
        if type(data) is not dict and not isinstance(data, dict):
            raise ValueError(f"expected an object for {tp.__name__}")
        return _partial(tp, data)

    return convert


def _written_decoder(tp: Any) -> Converter:
    """The converter of a dataclass written out.

    A field whose data has the exact scalar type its hint names is taken as
    it is; anything else goes through the field's converter, which checks it
    as :func:`from_data` always does. Data that lacks a field (written by
    hand, or for an older shape) takes the general path: the fields it has,
    the defaults for the rest.
    """
    fields = _fields(tp)
    arguments = "".join(
        f"            {name}={_field_code(index, key, hint)},\n"
        for index, (name, key, hint) in enumerate(fields)
    )
    code = (
        "def decode(data):\n"
        "    if type(data) is not dict and not isinstance(data, dict):\n"
        "        raise ValueError(expected)\n"
        "    try:\n"
        f"        return tp(\n{arguments}        )\n"
        "    except KeyError:\n"
        "        return partial(tp, data)\n"
        "    except TypeError as exc:\n"
        "        raise ValueError(str(exc)) from exc\n"
    )
    namespace: dict[str, Any] = {
        "tp": tp,
        "expected": f"expected an object for {tp.__name__}",
        "partial": _partial,
        **{f"t{index}": _exact_scalar(hint) for index, (_, _, hint) in enumerate(fields)},
        **{f"c{index}": _converter(hint) for index, (_, _, hint) in enumerate(fields)},
    }
    exec(compile(code, f"<doxtool decoder of {tp.__qualname__}>", "exec"), namespace)
    return namespace["decode"]  # type: ignore[no-any-return]


def _exact_scalar(hint: Any) -> type | None:
    """The scalar type data of ``hint`` has when it needs no check (a plain
    ``str``, ``int``, ``float`` or ``bool``, alone or with None)."""
    if hint in (str, int, float, bool):
        return hint  # type: ignore[no-any-return]
    if get_origin(hint) in (Union, types.UnionType):
        options = [option for option in get_args(hint) if option is not type(None)]
        if len(options) == 1 and len(get_args(hint)) == 2 and options[0] in (str, int, float, bool):
            return options[0]  # type: ignore[no-any-return]
    return None


def _field_code(index: int, key: str, hint: Any) -> str:
    """The expression that converts one field's data in a generated decoder."""
    scalar = _exact_scalar(hint)
    value = f"data[{key!r}]"
    if scalar is None:
        return f"c{index}({value})"
    if scalar is hint:
        return f"v if type(v := {value}) is t{index} else c{index}(v)"
    return f"v if (v := {value}) is None or type(v) is t{index} else c{index}(v)"


def _partial(tp: Any, data: dict[str, Any]) -> Any:
    """``tp`` from its data, field by field: the fields it has, the defaults for the rest."""
    kwargs = {name: _converter(hint)(data[key]) for name, key, hint in _fields(tp) if key in data}
    try:
        return tp(**kwargs)
    except TypeError as exc:
        raise ValueError(str(exc)) from exc


def dump_json(value: Any) -> str | None:
    """JSON text of plain data, as the cache stores it; None if it has none."""
    try:
        text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
        if not text.isascii():
            try:
                text.encode("utf-8")
            except UnicodeEncodeError:
                # a lone surrogate (a crafted ``"\ud800"`` key) cannot be
                # stored as UTF-8 text; as a JSON escape it reads back whole
                text = json.dumps(value, separators=(",", ":"), ensure_ascii=True)
    except (TypeError, ValueError, RecursionError):
        return None
    return text


def encode(value: Any) -> str | None:
    """A fact dataclass as the cache stores it (computed where it was parsed,
    so a pool's workers share the work); None when it cannot be stored."""
    try:
        return dump_json(to_data(value))
    except (TypeError, ValueError, RecursionError):
        return None
