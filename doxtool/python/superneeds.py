"""The arguments a base tool's ``execute`` needs, needed by a subclass that
hands on to it (part of :mod:`doxtool.python.resolve`).

A subclass whose ``execute`` ends in ``return await super().execute(**kwargs)``
runs its base's ``execute`` with the same arguments. Following that call
reads the base's code through its function summary, which counts only a
``raise`` as refusing a missing key; the base's own tool analysis also
knows a refusal by ``Response`` (``if not url: return Response(...)``).
That analysis's required arguments are required of the subclass when
nothing in between can change what the base sees:

- the call runs on every path of the subclass's ``execute`` that gets this
  far (:attr:`~doxtool.core.facts.HelperCall.needed`), outside a ``try``
  that goes on after an error and outside any branch;
- it hands on the arguments dict whole (``**kwargs``) and nothing else;
- the class's own code changes neither that key of the dict nor keys it
  cannot name (:mod:`doxtool.python.argwrites`).

A read of the subclass's own with a default (``self.args.get("url", "")``
for a progress line) changes nothing the base sees: the base still needs
the key. Arguments the base reads as alternatives of each other
(``self.args.get("text") or self.args.get("message")``, then a check that
needs one) stay alternatives in the subclass, with the base's default,
when the subclass changes none of them and reads them as no other group.
Otherwise nothing is carried over: what the followed call says stands.
"""

from __future__ import annotations

import dataclasses

from doxtool.core.facts import Argument, HelperCall, ToolFacts

#: the call this looks at
SUPER_EXECUTE = "super().execute"


def forwarding_call(tool: ToolFacts) -> HelperCall | None:
    """The tool's own ``super().execute(**kwargs)`` call that hands the
    arguments on unchanged on every path, if there is one."""
    for call in tool.helper_calls:
        if (
            call.target == SUPER_EXECUTE
            and call.path is None
            and call.needed
            and not call.conditional
            and not call.recovered
            and call.dicts == ["**"]
            and not (call.fills or call.fills_unknown or call.selves or call.literals)
            and not call.changes_unknown
        ):
            return call
    return None


def kept_needs(tool: ToolFacts, call: HelperCall, needs: list[Argument]) -> list[Argument]:
    """Of the base's required arguments and alternatives, those the
    subclass (its analysis before following, ``tool``) leaves as they are."""
    kept: list[Argument] = []
    for need in needs:
        own = tool.argument(need.name)
        if {need.name, *need.alternatives} & set(call.changed):
            continue
        if own is not None and own.alternatives and set(own.alternatives) != set(need.alternatives):
            continue
        if all(k.name != need.name for k in kept):
            kept.append(need)
    return kept


def with_needs(tool: ToolFacts, needs: list[Argument]) -> ToolFacts:
    """The followed tool with each argument of ``needs`` it reads required,
    as the base's analysis says (its default refused, not claimed), or one
    of the base's alternatives, as the base reads it."""
    if not needs:
        return tool
    by_name = {n.name: n for n in needs}
    arguments: list[Argument] = []
    for argument in tool.arguments:
        need = by_name.get(argument.name)
        if need is not None and need.alternatives:
            group = {need.name, *need.alternatives}
            if not argument.required and all(tool.argument(name) for name in group):
                argument = dataclasses.replace(
                    argument,
                    required_unknown=False,
                    default=need.default,
                    has_default=need.has_default,
                    default_unknown=need.default_unknown,
                    alternatives=list(need.alternatives),
                    alternatives_optional=need.alternatives_optional,
                    type=argument.type or need.type,
                    type_used=argument.type_used if argument.type else need.type_used,
                )
            arguments.append(argument)
            continue
        if (
            need is not None
            and not need.required
            and not need.alternatives
            and not argument.required
            and not argument.alternatives
        ):
            # what the base's analysis leaves not known, following its code
            # through a summary does not know either; its type stands too
            # (an annotation a normalising call of the base widens)
            argument = dataclasses.replace(
                argument,
                required_unknown=argument.required_unknown or need.required_unknown,
                type=need.type,
                type_used=need.type_used,
                **_unknown_default(argument, need),
            )
        elif (
            need is not None
            and not argument.alternatives
            and (not argument.required or argument.required_unknown)
        ):
            # following the call into the base's code says less than the
            # base's own analysis: its check's answer is handed back
            argument = dataclasses.replace(
                argument,
                required=True,
                required_unknown=False,
                default=need.default,
                has_default=need.has_default,
                default_unknown=need.default_unknown,
                type=argument.type or need.type,
                type_used=argument.type_used if argument.type else need.type_used,
            )
        arguments.append(argument)
    return dataclasses.replace(tool, arguments=arguments)


def _unknown_default(argument: Argument, need: Argument) -> dict[str, object]:
    """The default fields of ``argument`` once the base's analysis, ``need``,
    leaves its default not known (``action or self.method``)."""
    if not need.default_unknown:
        return {}
    return {"has_default": False, "default": None, "default_unknown": True}
