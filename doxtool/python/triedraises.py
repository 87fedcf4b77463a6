"""Raises of a class's own methods that an inherited ``execute`` calls in a
``try`` (part of :mod:`doxtool.python.resolve`).

A class that takes ``execute`` from a base in another module has its own
methods read one by one, each as if the framework called it
(:meth:`~doxtool.python.toolscan.ToolScan.run_partial`): a ``raise`` in an
override the base calls inside a ``try`` is then read as getting out of the
tool, though the base's handlers may catch it::

    class ContractTool(Tool):                       # tools/base.py
        async def execute(self, **kwargs):
            try:
                request = self._validate_request(self.args)
            except ContractValidationError as e:
                return Response(message=str(e), break_loop=False)

    class GetTrade(ContractTool):                   # tools/get_trade.py
        def _validate_request(self, args):
            raise ContractValidationError("bad")    # caught by the base

Such a raise is marked as one in a ``try`` whose handlers may catch it when
every call that reaches its function is made in a ``try``, or from a function
that is itself reached that way: the base's calls of the method (in code the
class does not override, or overrides but runs through ``super()``) and the
module's own calls of it (from the class's methods, for a method; from any
function of the module, for a module-level function). A method no code
calls (the framework's, one a dispatch reaches by a computed name) keeps its
raises as they are. A repairable error so marked is not claimed, and the
tool's repairable errors are not known, as for one raised in a ``try`` of the
module's own (:mod:`.raises`).

A call through ``super()`` or the class's name (``GetTrade._validate(self,
args)``) is one of the method too. Where code not read here may call the
methods, nothing is marked: a base of another module besides the one
``execute`` comes from and the configured tool bases (a mixin, ``class
GetTrade(PrecheckMixin, ContractTool)``, or a base of that base of a third
module), or a call handed ``self`` (``run_checked(self)``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Protocol

from doxtool.core.facts import REPAIRABLE, ModuleFacts, ToolFacts
from doxtool.core.summary_facts import OutCall
from doxtool.python.frameworkcalls import FRAMEWORK_CALLED
from doxtool.python.inherit import _in_module_mro, outside_bases, own_methods

#: a call of a function: (the calling function of the module, or None for
#: code elsewhere; made in a ``try``)
Caller = tuple["str | None", bool]

#: bases whose code calls no method of the class
_INERT_BASES = frozenset({"abc.ABC", "object"})


class _Resolver(Protocol):
    def configured(self, qualified: str) -> bool: ...
    def defined(self, qualified: str, depth: int = 0) -> tuple[ModuleFacts, str] | None: ...


def _method(function: str) -> str | None:
    """``Class.method`` -> ``method``; None for a module-level function."""
    return function.rsplit(".", 1)[1] if "." in function else None


def _class_calls(
    facts: ModuleFacts, classes: set[str], skipped: set[str]
) -> Iterator[tuple[str, OutCall]]:
    """(calling function, call) of the methods of ``classes`` in a module, but
    those named in ``skipped``."""
    for summary in facts.summaries:
        method = _method(summary.name)
        if method is None or method in skipped or summary.name.rsplit(".", 1)[0] not in classes:
            continue
        for out in summary.calls:
            yield summary.name, out


def _called_method(target: str, facts: ModuleFacts, classes: set[str]) -> str | None:
    """The method of the object a call of ``target`` reaches: ``self.m``,
    ``super().m``, or ``Class.m`` of one of ``classes`` (another class's
    ``self`` is another object)."""
    for prefix in ("self.", "super().", *(f"{facts.module}.{cls}." for cls in classes)):
        method = target.removeprefix(prefix)
        if target.startswith(prefix) and method and "." not in method:
            return method
    return None


def _self_calls(
    facts: ModuleFacts, classes: set[str], skipped: set[str]
) -> Iterator[tuple[str, str, bool]]:
    """(calling function, method called on the object, in a ``try``) of the
    methods of ``classes`` in a module, but those named in ``skipped``."""
    for caller, out in _class_calls(facts, classes, skipped):
        method = _called_method(out.target, facts, classes)
        if method is not None:
            yield caller, method, out.in_try


def _replaced(facts: ModuleFacts, name: str) -> set[str]:
    """The methods the class ``name`` overrides whose inherited code never
    runs: those no method of the class (or of its bases in the module) calls
    through ``super()`` (``await super().before_execution(**kwargs)`` runs
    the base's)."""
    classes = set(_in_module_mro(facts, name))
    supered = {
        out.target.removeprefix("super().")
        for _, out in _class_calls(facts, classes, set())
        if out.target.startswith("super().")
    }
    return own_methods(facts, name) - supered


def _others_reach(
    facts: ModuleFacts,
    name: str,
    base: tuple[ModuleFacts, str],
    overridden: set[str],
    resolver: _Resolver,
) -> bool:
    """Whether code not read here may call the methods of the class ``name``:
    a base of another module that is neither ``base`` nor a configured tool
    base, or ``self`` handed to a call in the class's or ``base``'s code."""
    for qualified in [*outside_bases(facts, name), *outside_bases(*base)]:
        if qualified in _INERT_BASES or resolver.configured(qualified):
            continue
        found = resolver.defined(qualified)
        if found is None or found[0].path != base[0].path or found[1] != base[1]:
            return True
    calls = [
        *_class_calls(base[0], set(_in_module_mro(*base)), overridden),
        *_class_calls(facts, set(_in_module_mro(facts, name)), set()),
    ]
    return any(source == "self" for _, out in calls for _, source in out.passes)


def _callers(
    facts: ModuleFacts, name: str, base: ModuleFacts, base_name: str, overridden: set[str]
) -> dict[str, list[Caller]]:
    """Function of the module (``Class.method`` as a raise names it, or a
    module-level function's name) -> the calls known to reach it."""
    classes = _in_module_mro(facts, name)
    methods: dict[str, list[Caller]] = {}
    # the base's code the class does not override (an override runs instead)
    for _, method, in_try in _self_calls(base, set(_in_module_mro(base, base_name)), overridden):
        methods.setdefault(method, []).append((None, in_try))
    for caller, method, in_try in _self_calls(facts, set(classes), set()):
        methods.setdefault(method, []).append((caller, in_try))
    callers: dict[str, list[Caller]] = {}
    for cls in classes:
        for method, calls in methods.items():
            callers[f"{cls}.{method}"] = calls
    prefix = f"{facts.module}."
    for summary in facts.summaries:
        for out in summary.calls:
            called = out.target.removeprefix(prefix)
            if out.target.startswith(prefix) and "." not in called:
                callers.setdefault(called, []).append((summary.name, out.in_try))
    return callers


def _tried(callers: dict[str, list[Caller]]) -> set[str]:
    """The functions every known call of which is made in a ``try``, or from
    a function so reached (a call through a function of this set)."""
    tried: set[str] = set()
    changed = True
    while changed:
        changed = False
        for function, calls in callers.items():
            if function in tried or _method(function) in FRAMEWORK_CALLED:
                continue
            if all(in_try or caller in tried for caller, in_try in calls):
                tried.add(function)
                changed = True
    return tried


def with_tried_raises(
    tool: ToolFacts,
    facts: ModuleFacts,
    name: str,
    base: tuple[ModuleFacts, str],
    resolver: _Resolver,
) -> ToolFacts:
    """``tool`` (the class ``name`` of ``facts`` merged with the analysis of
    ``base``, the class it inherits ``execute`` from) with the raises of its
    own code that only a ``try`` reaches marked so. Only where that
    ``execute`` is the base's module's, and no code elsewhere may call the
    methods (``resolver`` finds the classes of the bases)."""
    own = [r for r in tool.raises if r.path in (None, facts.path) and not r.in_try]
    execute = tool.execute
    if not own or execute is None or execute.defined_in_path != base[0].path:
        return tool
    overridden = _replaced(facts, name)
    if _others_reach(facts, name, base, overridden, resolver):
        return tool
    tried = _tried(_callers(facts, name, *base, overridden))
    if not tried:
        return tool
    raises = []
    unknown = False
    for raised in tool.raises:
        if raised not in own or raised.function not in tried:
            raises.append(raised)
        elif raised.repairable:
            unknown = True  # it may be caught there, or not: not claimed
        else:
            raises.append(dataclasses.replace(raised, in_try=True))
    missing = unknown and REPAIRABLE not in tool.unknown
    return dataclasses.replace(
        tool, raises=raises, unknown=[*tool.unknown, REPAIRABLE] if missing else tool.unknown
    )
