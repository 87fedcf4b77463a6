"""A ``Response`` a tool returns outright whose call cannot run: no outcome.

``return Response("done", True, None, 1)`` under a framework whose
``Response`` takes at most three positional arguments raises ``TypeError``
before anything is returned, so the turn never gets that ``break_loop``.
With the repository at hand, the call's class is resolved as DOX011
resolves it (the name bound once in the module, through its imports, to a
class of the repository whose own code says the parameters a call of it
takes), and an outcome whose ``return`` gives such a call outright is
dropped when the call does not fit (DOX011 reports the call itself). The
call is found by the outcome's line: the one ``Response`` call on it, which
the ``return`` gives outright (not ``return a if c else Response(...)``,
where the outcome may stand for ``a``); else the outcome stays.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from doxtool.core.facts import ModuleFacts, Outcome, ToolFacts
from doxtool.python.resolve import ToolResolver
from doxtool.python.responsefit import raising_return

#: the facts of the module at a repository path
Facts = Callable[[str], ModuleFacts]


def drop_raising_outcomes(
    facts: Facts, resolver: ToolResolver, rel: str, tools: list[ToolFacts]
) -> list[ToolFacts]:
    """``tools`` (of the module at ``rel``) without the outcomes of a
    returned ``Response`` call that raises ``TypeError``; ``facts`` gives a
    module's facts, ``resolver`` finds where a class is defined. The facts
    are not changed in place: copies are made where one changes."""
    kept: list[ToolFacts] = []
    for tool in tools:
        outcomes = [o for o in tool.outcomes if not _raises(facts, resolver, rel, o)]
        if len(outcomes) != len(tool.outcomes):
            tool = dataclasses.replace(tool, outcomes=outcomes)
        kept.append(tool)
    return kept


def _raises(facts: Facts, resolver: ToolResolver, rel: str, outcome: Outcome) -> bool:
    """Whether ``outcome`` is returned by a ``Response`` call that cannot run."""
    return raising_return(
        resolver.defined, resolver.lookup, facts(outcome.path or rel), outcome.line
    )
