"""Arguments whose value a tool hands to a helper of another module that
refuses it (part of :mod:`doxtool.python.resolve`).

``text = self.args.get("text", "")`` then ``shout(text)``, where
``helpers.text_utils.shout`` starts with ``if not text: raise ValueError``:
a missing ``text`` gives ``""``, which the helper refuses, so ``text`` is
required, as a check in the tool's own module makes it. The helper's
summary tells which parameters it raises on
(:attr:`~doxtool.core.summary_facts.FunctionSummary.refuses`), the call
which argument values it passes as they are
(:attr:`~doxtool.core.facts.HelperCall.values`).

The same holds of a value a helper hands back: ``text = read_text(self.args)``,
where ``read_text`` returns ``args.get("text", "").strip()``, then ``if not
text: return Response(...)`` refuses what a missing ``text`` gives. When
what the helper returns cannot be told to be that read (another value on
some path, a value made from it), each key the helper reads with a default
is required or optional: neither is claimed, nor the default.

A helper's check may hand an error back instead of raising: ``parsed, err
= check_items(items)``, then ``if err: return Response(...)``, where
``check_items`` starts with ``if not items: return [], "items is
required"``. The summary tells which literal each item of what such a check
returns is (:attr:`~doxtool.core.summary_facts.FunctionSummary.answers`), the
call which items of its result the tool refuses (``if err:``, ``if not
parsed:``): a check whose literal the tool refuses refuses the value handed
as a raise would.

Only a call made on every call of ``execute`` that gets this far, outside a
``try`` that goes on after an error and outside any branch, makes an
argument required; one made on some calls only (in a branch, past a return,
as ``if action == "add": self._add()``) leaves it required or optional,
neither, nor the default, claimed. Only what a missing key gives (the
tool's default, or None when it reads the key with none) that the helper's
check refuses counts. An argument that has alternatives is left as it
is; one whose default is not known (a read handed straight to the helper,
``shout(self.args.get("text"))``, which another use may replace) is
required or optional: the check may refuse what a missing key gives, or
not.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from doxtool.core.facts import Argument, HelperCall, ToolFacts
from doxtool.python.calledaccessors import accessed_key, falsy_fallback
from doxtool.python.followargs import Found, parameter_of
from doxtool.python.handedrefusals import handed_refusals
from doxtool.python.readforms import CALLED, ISINSTANCE_TYPES, REFUSALS

#: the function a call of the tool reaches (``HelperFollower.entry``)
Entry = Callable[[ToolFacts, str, bool], "Found | None"]


def with_refused_values(tool: ToolFacts, entry: Entry) -> ToolFacts:
    """The tool with each argument required whose missing value a helper it
    hands the value to refuses on every call."""
    refused: dict[str, Argument] = {}
    for call in tool.helper_calls:
        every = _every_call(call)
        if not every and (call.recovered or call.path is not None):
            continue
        found = entry(tool, call.target, call.named)
        if found is None:
            continue
        if every:
            for item, kind in call.checked:
                _checked(tool, call, found, item, kind, refused)
        converted = {key: made for key, made in call.converted}
        for checks, sure in ((call.checked, every), (call.checked_some, False)):
            for param, refusal in _answered(checks, found):
                for key, name in call.values:
                    argument = refused.get(name) or tool.argument(name)
                    if parameter_of(found, key) != param or argument is None:
                        continue
                    needed = _needed(argument, refusal, converted.get(key))
                    if needed is not None:
                        refused[name] = needed if sure else _doubted(argument)
        refuses = handed_refusals(found, lambda target, named: entry(tool, target, named))
        for key, name in call.values:
            kind = refuses.get(parameter_of(found, key) or "")
            argument = refused.get(name) or tool.argument(name)
            if kind is None or argument is None:
                continue
            needed = _needed(argument, kind, converted.get(key))
            if needed is not None:
                # on some calls only (a branch, past a return): needed there
                refused[name] = needed if every else _doubted(argument)
    if not refused:
        return tool
    return dataclasses.replace(tool, arguments=[refused.get(a.name, a) for a in tool.arguments])


def _answered(checks: list[list[str]], found: Found) -> list[tuple[str, str]]:
    """(parameter, kind of value refused) for each check of the helper that
    hands back a literal one of the tool's ``checks`` of that item of the
    result refuses (``parsed, err = check(items)``, ``if err: return
    Response(...)``, where ``check`` returns ``[], "items is required"`` for
    an empty ``items``)."""
    return [
        (param, refusal)
        for param, refusal, item, value in found.summary.answers
        if any(at == item and REFUSALS[kind](value) for at, kind in checks)
    ]


def _checked(
    tool: ToolFacts,
    call: HelperCall,
    found: Found,
    item: str,
    kind: str,
    refused: dict[str, Argument],
) -> None:
    """The arguments the checked ``item`` of what ``found`` returns stands
    for, required (or of unknown requiredness) in ``refused``."""
    if kind == "truthy":  # an error handed back: which key it is about is not known here
        return
    accessed = accessed_key(found, call) if not item else None
    if accessed is not None:  # ``to = arg(self.args, "to")``: :mod:`.calledaccessors`
        argument = refused.get(accessed) or tool.argument(accessed)
        fallback = falsy_fallback(found, call)
        if argument is not None and fallback is not None:  # ``... or ""``
            needed = _fallback_needed(argument, kind, fallback[1])
        else:
            needed = _needed(argument, kind) if argument is not None else None
        if needed is not None:
            refused[accessed] = needed
        return
    carriers = {parameter_of(found, key) for key in call.dicts} - {None}
    index = int(item[1:]) if item else 0
    stands = {
        tuple(r.reads[index]) if index < len(r.reads) and (item or len(r.reads) == 1) else ("", "")
        for r in found.summary.returns
    }
    reads = [r for r in found.summary.reads if r.source in carriers and r.key]
    if found.summary.falls_off:
        stands.add(("", ""))
    if len(stands) == 1 and next(iter(stands))[0] in carriers:
        ((source, key),) = stands
        same = [r for r in reads if r.source == source and r.key == key]
        defaults = {(r.has_default, repr(r.default), r.default_unknown) for r in same}
        argument = refused.get(key) or tool.argument(key)
        if argument is None or argument.required:
            return
        if len(defaults) == 1:
            needed = _needed(argument, kind)
            if needed is not None:
                refused[key] = needed
            return
    # the value checked is no one read that can be told: each key the
    # helper reads with a default may be the one refused
    for read in reads:
        argument = refused.get(read.key) or tool.argument(read.key)
        if argument is not None and argument.has_default and not argument.required:
            refused[read.key] = _doubted(argument)


def _fallback_needed(argument: Argument, kind: str, missing: object) -> Argument | None:
    """``to = arg(self.args, "to") or ""``, then ``if not to: raise``: the
    falsy literal a missing key gives past the ``or``, refused by the check,
    makes ``argument`` required, when this is its only read (another read's
    default may be what a missing key gives there)."""
    if argument.required or argument.alternatives or argument.required_unknown:
        return None
    if len(argument.reads) != 1 or kind == CALLED or not REFUSALS[kind](missing):
        return None
    return dataclasses.replace(
        argument, required=True, default=None, has_default=False, default_unknown=False
    )


def _doubted(argument: Argument) -> Argument:
    """``argument``, required or optional: neither, nor a default, claimed."""
    return dataclasses.replace(
        argument, required_unknown=True, default=None, has_default=False, default_unknown=True
    )


def _every_call(call: HelperCall) -> bool:
    return call.needed and not call.conditional and not call.recovered and call.path is None


def _needed(argument: Argument, kind: str, made: str | None = None) -> Argument | None:
    """``argument`` made required when a check refusing ``kind`` refuses
    what a missing key gives (through the conversion ``made``, a builtin's
    name, when it is handed converted: ``""`` not computed); None when it
    stays as it is."""
    if argument.required or argument.alternatives:
        return None
    if argument.required_unknown:
        return None
    if argument.default_unknown:
        # what a missing key gives is not known (``shout(args.get("t"))``,
        # which a use may replace): the check may refuse it, or not
        return _doubted(argument)
    if kind == CALLED:  # a test of what the value holds: any value may be refused, or none
        return _doubted(argument)
    missing = argument.default if argument.has_default else None
    if made is not None:  # ``check(str(items))``: ``"None"`` for a missing ``items``
        convert = ISINSTANCE_TYPES.get(made)  # the builtin type of that name
        try:
            missing = convert(missing)  # type: ignore[misc]
        except Exception:  # ``int("")``, or a conversion not computed: either
            return _doubted(argument)
    if not REFUSALS[kind](missing):
        return None
    return dataclasses.replace(
        argument,
        required=True,
        default=None,
        has_default=False,
        # the refused default is in the code all the same: neither claimed nor denied
        default_unknown=argument.has_default and argument.default is not None,
    )
