"""Arguments whose missing value a helper of another module replaces (part
of :mod:`doxtool.python.resolve`).

``execute(self, limit=None, **kwargs)`` then ``run(query, limit)``, where
``helpers.search.run(query, limit=None)`` starts with ``limit = int(limit)
if limit else 10``: a missing ``limit`` is ``None`` in the tool and ``10``
where the helper uses it. Which one the tool's default is depends on what
else the tool does with the value, which the facts do not hold; so neither
is claimed: the default is unknown, as for a ``None`` the tool's own code
replaces with what doxtool cannot evaluate
(:mod:`doxtool.python.replacements`). A companion stating either is then
neither confirmed nor denied. The helper's summary tells which parameters
its body replaces (:attr:`~doxtool.core.summary_facts.KeyRead.replaced`),
the call which argument values it passes as they are
(:attr:`~doxtool.core.facts.HelperCall.values`). Only an empty default
(``None``, ``""``, ``0``: the mark of an argument not given) is replaced;
a value a caller may pass as well stays.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from doxtool.core.facts import Argument, ToolFacts
from doxtool.python.followargs import Found, parameter_of

#: the function a call of the tool reaches (``HelperFollower.entry``)
Entry = Callable[[ToolFacts, str, bool], "Found | None"]


def with_replaced_values(tool: ToolFacts, entry: Entry) -> ToolFacts:
    """The tool with no default claimed for an argument whose empty
    default a helper it hands the value to replaces."""
    changed: dict[str, Argument] = {}
    for call in tool.helper_calls:
        if not call.values:
            continue
        found = entry(tool, call.target, call.named)
        if found is None:
            continue
        for key, name in call.values:
            argument = tool.argument(name)
            if argument is None or not argument.has_default or argument.default:
                continue
            if _replaces(found, parameter_of(found, key)):
                changed[name] = dataclasses.replace(
                    argument, default=None, has_default=False, default_unknown=True
                )
    if not changed:
        return tool
    return dataclasses.replace(tool, arguments=[changed.get(a.name, a) for a in tool.arguments])


def _replaces(found: Found, param: str | None) -> bool:
    """Whether the callee's body replaces the literal of its parameter ``param``."""
    return any(
        read.source == "**" and read.kind == "parameter" and read.key == param and read.replaced
        for read in found.summary.reads
    )
