"""A tool's call of a helper-module function that only returns one read of
the arguments dict it is handed, under the key a parameter holds
(:attr:`~doxtool.core.summary_facts.FunctionSummary.accessor`: ``def
arg(args, name, default=None): return args.get(name, default)``, called
``to = arg(self.args, "to")``), read as the method form of it is in the
tool's own module (:mod:`~doxtool.python.accessors`): the read has the
default the call leaves (the parameter's literal default) or hands as a
string literal, and a check of what the call returns (``if not to: return
Response(...)``) is a check of that read (:mod:`~doxtool.python.refusedvalues`).
A default the call hands as another value stays not known, as does the
whole read where the accessor falls back on another dict parameter
(``args.get(name, config.get(name, default))``) that the call does not hand
the tool's arguments too: what that dict holds is not known.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from doxtool.core.call_facts import HelperCall
from doxtool.core.summary_facts import KeyRead
from doxtool.python.followargs import Found, parameter_of


def _accessor(found: Found, call: HelperCall) -> list:
    """The summary's accessor as ``call`` uses it: ``[]`` where it falls back
    on a dict parameter the call does not hand the tool's arguments."""
    accessor = found.summary.accessor
    other = accessor[5] if accessor[5:] else ""
    if other and other not in {parameter_of(found, key) for key in call.dicts}:
        return []
    return accessor


def called_default(found: Found, call: HelperCall, read: KeyRead, bound: dict[str, str]) -> KeyRead:
    """The accessor's read as ``call`` makes it (``bound``: its parameters
    bound to string literals), with the default the call leaves or hands,
    then the fallback an ``or`` after the call gives a falsy one
    (:func:`with_fallback`); ``read`` as it is where that is not known."""
    accessor = _accessor(found, call)
    if not accessor or read.key or read.source != accessor[0] or read.key_param != accessor[1]:
        return read
    if call.fallback is not None and accessed_key(found, call) is None:
        return dataclasses.replace(read, has_default=False, default=None, default_unknown=True)
    if not accessor[2] or call.given is None:
        return with_fallback(read, call.fallback)
    if "*" in call.given or "**" in call.given:
        return read  # what a splat fills is not known
    param = accessor[2]
    if param not in {parameter_of(found, key) for key in call.given}:
        known, value = accessor[3], accessor[4]
    elif param in bound:
        known, value = True, bound[param]
    else:
        known, value = False, None
    if not known:
        return read
    read = dataclasses.replace(read, default=value, has_default=True, default_unknown=False)
    return with_fallback(read, call.fallback)


def with_fallback(read: KeyRead, fallback: list[Any] | None) -> KeyRead:
    """``arg(self.args, "n") or 5``: a missing key's falsy value gives way to
    the fallback, as after ``self.args.get("n") or 5``
    (:meth:`~doxtool.python.fallbacks.Fallbacks._missing_default`): a literal
    that is not empty is the default; any other is neither claimed nor denied."""
    if fallback is None or read.kind != "get" or read.default_unknown:
        return read
    if read.has_default and read.default:
        return read  # the ``or`` is not reached
    known, value = fallback
    if known and value:
        return dataclasses.replace(read, default=value, has_default=True, default_unknown=False)
    return dataclasses.replace(read, default=None, has_default=False, default_unknown=True)


def falsy_literal(call: HelperCall) -> bool:
    """Whether the ``or`` after ``call`` gives a known falsy literal (``or ""``)."""
    return call.fallback is not None and bool(call.fallback[0]) and not call.fallback[1]


def falsy_fallback(found: Found, call: HelperCall) -> list[Any] | None:
    """``to = arg(self.args, "to") or ""``: [True, value] when what a missing
    key gives through the call is the known falsy literal the ``or`` after
    it gives (the accessor's read gives a falsy default, or none); None
    where that is not so or not known."""
    if not falsy_literal(call):
        return None
    accessor = _accessor(found, call)
    if not accessor:
        return None
    reads = [
        r
        for r in found.summary.reads
        if not r.key and r.source == accessor[0] and r.key_param == accessor[1]
    ]
    if len(reads) != 1:
        return None
    bound = {param: value for key, value in call.literals if (param := parameter_of(found, key))}
    read = called_default(found, dataclasses.replace(call, fallback=None), reads[0], bound)
    if read.default_unknown or (read.has_default and read.default):
        return None
    return call.fallback


def accessed_key(found: Found, call: HelperCall) -> str | None:
    """The argument a call of an accessor reads: the string literal it hands
    the key parameter, when it hands the dict parameter the tool's arguments."""
    accessor = _accessor(found, call)
    if not accessor or accessor[0] not in {parameter_of(found, key) for key in call.dicts}:
        return None
    for key, value in call.literals:
        if parameter_of(found, key) == accessor[1]:
            return value
    return None
