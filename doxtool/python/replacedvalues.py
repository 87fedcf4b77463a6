"""Arguments whose missing value a helper of another module replaces (part
of :mod:`doxtool.python.resolve`).

``execute(self, limit=None, **kwargs)`` then ``run(query, limit)``, where
``helpers.search.run(query, limit=None)`` starts with ``limit = int(limit)
if limit else 10``: a missing ``limit`` is ``None`` in the tool, and ``10``
where it is used. The default the tool states is then the helper's ``10``,
not ``null``, as the same statement in the tool's own code gives
(:mod:`doxtool.python.replacements`). The helper's summary tells which
parameters its body replaces and from which literal
(:attr:`~doxtool.core.summary_facts.KeyRead.replaced`), the call which
argument values it passes as they are
(:attr:`~doxtool.core.facts.HelperCall.values`).

Only a call made on every call of ``execute`` that gets this far, outside
any branch, states the helper's value, and only when the tool's default is
the literal the helper replaces (``None`` handed to a ``None`` default);
any other such hand-off of an empty default (``None``, ``""``, ``0``: the
mark of an argument not given) leaves it unknown: neither the tool's
literal nor the helper's value is claimed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from doxtool.core.facts import Argument, HelperCall, ToolFacts
from doxtool.core.summary_facts import KeyRead
from doxtool.python.followargs import Found, parameter_of

#: the function a call of the tool reaches (``HelperFollower.entry``)
Entry = Callable[[ToolFacts, str], "Found | None"]


def with_replaced_values(tool: ToolFacts, entry: Entry) -> ToolFacts:
    """The tool with the default of each argument a helper replaces the
    missing value of: the helper's, or unknown."""
    changed: dict[str, Argument] = {}
    for call in tool.helper_calls:
        if not call.values:
            continue
        found = entry(tool, call.target)
        if found is None:
            continue
        for key, name in call.values:
            argument = changed.get(name) or tool.argument(name)
            read = _parameter_read(found, parameter_of(found, key))
            if argument is None or read is None or not argument.has_default or argument.default:
                continue  # a default that is a value a caller may pass is no mark of a missing one
            changed[name] = _replaced(argument, read, _every_call(call))
    if not changed:
        return tool
    return dataclasses.replace(tool, arguments=[changed.get(a.name, a) for a in tool.arguments])


def _parameter_read(found: Found, param: str | None) -> KeyRead | None:
    """The read of the callee's parameter ``param`` whose literal its body replaces."""
    for read in found.summary.reads:
        if read.source == "**" and read.kind == "parameter" and read.key == param:
            return read if read.replaced else None
    return None


def _replaced(argument: Argument, read: KeyRead, every_call: bool) -> Argument:
    """``argument`` with the default the helper's replacement gives its
    missing value: the helper's value when the tool hands the very literal
    the helper replaces on every call, else none claimed."""
    same = type(argument.default) is type(read.replaced_from)
    if every_call and same and argument.default == read.replaced_from and read.has_default:
        return dataclasses.replace(argument, default=read.default, default_unknown=False)
    return dataclasses.replace(argument, default=None, has_default=False, default_unknown=True)


def _every_call(call: HelperCall) -> bool:
    return call.needed and not call.conditional
