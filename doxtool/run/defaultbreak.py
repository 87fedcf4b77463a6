"""A ``Response`` a tool builds without ``break_loop``, under a framework
whose ``Response`` gives it a default (a fork's ``break_loop: bool =
False``): the outcome is that default.

The module alone does not tell what such a call gives: its outcome is
``dynamic`` with the expression ``<missing>``
(:meth:`doxtool.python.outcomes.Outcomes._break_loop`). With the repository
at hand, the call's class is resolved as DOX011 resolves it (the name bound
once in the module, through its imports, to a class of the repository whose
own code says the parameters a call of it takes), and when that code says
the default outright (:mod:`doxtool.python.initbreakloop`) and the call
gives no value for it, by keyword or by position, the outcome is that
boolean. The call is found by the outcome's line: one ``Response`` call on
it, else the outcome stays as it is (and so it does when another call of
the module passing none may give another value: the outcome may stand for a
``Response`` kept in a name, ``return resp if q else Response(message=m)``);
a call that does not fit the class (DOX011: it raises ``TypeError``) stays
as it is too (:mod:`doxtool.run.raisingresponses` drops it where the
``return`` gives that call outright).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from doxtool.core.facts import ModuleFacts, Outcome, ToolFacts
from doxtool.core.outline_facts import ClassCall, Param
from doxtool.python.resolve import ToolResolver
from doxtool.run.responseclasses import call_problems, response_class

#: the facts of the module at a repository path
Facts = Callable[[str], ModuleFacts]

#: the expression of an outcome whose call passes no ``break_loop``
MISSING = "<missing>"
_NAME = "break_loop"


def fill_default_break_loop(
    facts: Facts, resolver: ToolResolver, rel: str, tools: list[ToolFacts]
) -> list[ToolFacts]:
    """``tools`` (of the module at ``rel``) with each outcome of a call that
    passes no ``break_loop`` given the default its class holds, where known;
    ``facts`` gives a module's facts, ``resolver`` finds where a class is
    defined. The facts are not changed in place: copies are made where one
    changes."""
    filled: list[ToolFacts] = []
    for tool in tools:
        outcomes = [_filled(facts, resolver, rel, outcome) for outcome in tool.outcomes]
        if any(new is not old for new, old in zip(outcomes, tool.outcomes, strict=True)):
            tool = dataclasses.replace(tool, outcomes=outcomes)
        filled.append(tool)
    return filled


def _filled(facts: Facts, resolver: ToolResolver, rel: str, outcome: Outcome) -> Outcome:
    if outcome.break_loop != "dynamic" or outcome.expression != MISSING:
        return outcome
    module = facts(outcome.path or rel)
    outline = module.outline
    if not module.parsed or outline is None:
        return outcome
    calls = [call for call in outline.response_calls if call.line == outcome.line]
    if len(calls) != 1:
        return outcome
    call = calls[0]
    found = _default(resolver, module, call.callee)
    if found is None or _passes(call, found[0]) or call_problems(call, found[0]):
        return outcome
    if any(_other_default(resolver, module, other, found[1]) for other in outline.response_calls):
        return outcome
    return dataclasses.replace(outcome, break_loop=found[1], expression=None)


def _other_default(
    resolver: ToolResolver, module: ModuleFacts, call: ClassCall, default: bool
) -> bool:
    """Whether ``call``, passing no ``break_loop``, may give another value
    than ``default``: an outcome on one line may stand for a ``Response``
    kept in a name (``return resp if q else Response(message=m)``, ``resp``
    made by another class), so every call of the module passing none must
    give the same."""
    if _NAME in call.keywords:
        return False
    found = _default(resolver, module, call.callee)
    if found is None:
        return True
    return not _passes(call, found[0]) and found[1] is not default


def _default(
    resolver: ToolResolver, facts: ModuleFacts, callee: str
) -> tuple[list[Param], bool] | None:
    """The parameters a call of the class ``callee`` stands for in the module
    takes, and the ``break_loop`` an instance made without one holds; None
    when either is not known (or something rebinds ``break_loop`` on the
    class from its module)."""
    found = response_class(resolver, facts, callee, frozenset({_NAME}))
    if found is None:
        return None
    cls = found[1]
    default = cls.break_loop_default
    return None if default is None or cls.init is None else (cls.init, default)


def _passes(call: ClassCall, params: list[Param]) -> bool:
    """Whether ``call`` gives ``break_loop`` a value, by keyword or position."""
    if _NAME in call.keywords:
        return True
    positional = [p.name for p in params if p.kind in ("positional-only", "positional")]
    return _NAME in positional[: call.positional]
