"""Follow what a tool returns into the repository's other modules.

``return final(text)`` with ``final`` in ``helpers/responses.py``, or
``return await self.finish(...)`` with ``finish`` on a base class elsewhere:
extraction sees one module and records such values
(:attr:`~doxtool.core.facts.ToolFacts.returned_calls`); this step reads the
callee's summary (:attr:`~doxtool.core.summary_facts.FunctionSummary.returns`)
and adds the ``Response`` outcomes it returns, at the tool's ``return`` (but
for a ``return`` of a ``Response`` call that does not fit its class, which
raises ``TypeError``: :mod:`~doxtool.python.responsefit`). A
value it cannot follow to a ``Response`` (a callee not found, a value of
unknown kind, a path that returns None) makes the tool's ``break_loop``
unknown (:attr:`~doxtool.core.facts.ToolFacts.unknown`): doxtool then claims
nothing about it.

The same following settles an argument whose missing or empty value is
answered with what a call returns (``if not note: return self.fail(...)``,
:mod:`~doxtool.python.absence`): when the call always gives a ``Response``,
it may refuse the value or handle it, and the argument's requiredness and
default are not known (:meth:`ReturnFollower.settle_arguments`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from doxtool.core.facts import BREAK_LOOP, Argument, HelperCall, Outcome, ToolFacts
from doxtool.core.summary_facts import KeyRead, Returned
from doxtool.python.follow import MAX_DEPTH, Found, HelperFollower
from doxtool.python.followargs import parameter_of
from doxtool.python.followraises import never_returns, past_never, settled
from doxtool.python.names import module_name
from doxtool.python.responsefit import Defined, Lookup, raising_return


class ReturnFollower:
    def __init__(
        self,
        follower: HelperFollower,
        module_of: Callable[[str], str] = module_name,
        defined: Defined = lambda qualified: None,
        lookup: Lookup = lambda module: None,
    ) -> None:
        self.follower = follower
        self.module_of = module_of
        #: where a dotted class name is defined (a ``Response`` call's class)
        self.defined = defined
        #: the facts of a module of the repository by its dotted name
        self.lookup = lookup

    def apply(self, tool: ToolFacts, module: str) -> ToolFacts:
        """The tool (of ``module``) with the outcomes of the values it returns
        from other modules."""
        if not tool.returned_calls:
            return tool
        home = self.module_of(tool.defined_in_path) if tool.defined_in_path else module
        cls = f"{home}.{tool.class_name}"
        outcomes = list(tool.outcomes)
        known = True
        for call in tool.returned_calls:
            found = self.follower.entry(tool, call.target) if call.target else None
            if found is not None and call.coroutine and found.summary.is_async:
                known = False  # a coroutine handed on, never awaited: no Response
            elif found is None or not self._collect(cls, found, call, outcomes, 0, set()):
                known = False
        unknown = list(tool.unknown)
        if not known and BREAK_LOOP not in unknown:
            unknown.append(BREAK_LOOP)
        return dataclasses.replace(tool, outcomes=outcomes, unknown=unknown)

    def _collect(
        self,
        cls: str,
        found: Found,
        call: HelperCall,
        outcomes: list[Outcome],
        depth: int,
        seen: set[tuple[str, str]],
    ) -> bool:
        """Add the Responses ``found`` returns; False when some value is not one."""
        summary = found.summary
        key = (found.facts.path, summary.name)
        if key in seen:
            return True  # a recursive call adds what the first one does
        seen.add(key)
        if summary.falls_off or not summary.returns or found.constructs:
            return False
        known = True
        for returned in summary.returns:
            # a ``break_loop`` the callee computes (its parameter, say) is no
            # value of the tool's: not known
            if returned.kind == "response" and raising_return(
                self.defined, self.lookup, found.facts, returned.line
            ):
                continue  # the call raises ``TypeError``: nothing is returned
            if returned.kind == "response" and isinstance(returned.break_loop, bool):
                outcome = Outcome(
                    returned.break_loop,
                    call.line,
                    call.column,
                    None,
                    call.function,
                    call.path,
                    _message(returned.message, found, call, depth),
                )
                if outcome not in outcomes:  # Responses alike but for their lines: one here
                    outcomes.append(outcome)
            elif returned.kind == "call" and depth + 1 < MAX_DEPTH:
                callee = self._callee(cls, found, returned.call)
                if callee is not None and _coroutine(found, returned, callee):
                    known = False  # a coroutine handed on, never awaited: no Response
                elif callee is None or not self._collect(
                    cls, callee, call, outcomes, depth + 1, seen
                ):
                    known = False
            else:
                known = False
        return known

    def settle(self, tool: ToolFacts, cls: str) -> ToolFacts:
        """The tool (its class ``cls``, dotted) with what calls into other
        modules settle: checks answered by a call, checks and ends past calls
        that may never return."""
        tool = self.settle_raises(self.settle_arguments(tool, cls), cls)
        tool = past_never(tool, lambda calls: self._never_past(tool, cls, calls))
        return self.settle_ends(tool, cls)

    def settle_raises(self, tool: ToolFacts, cls: str) -> ToolFacts:
        """The tool with the arguments whose checks end with calls into other
        modules (:attr:`Argument.raise_calls`) as those checks make them when
        each call never returns (:mod:`~doxtool.python.raisecalls`)."""
        if not any(a.raise_calls for a in tool.arguments):
            return tool
        arguments = [
            settled(a, bool(a.raise_calls) and self._never_past(tool, cls, a.raise_calls))
            for a in tool.arguments
        ]
        return dataclasses.replace(tool, arguments=arguments)

    def settle_ends(self, tool: ToolFacts, cls: str) -> ToolFacts:
        """The tool (its class ``cls``, dotted) without the ends it reaches
        only past calls into other modules (:attr:`MissingResponse.unless`)
        that each never return: every path of the function raises (or it is
        annotated ``NoReturn``), and it is called, awaited when ``async``."""
        missing = [m for m in tool.missing_responses if not self._never_past(tool, cls, m.unless)]
        if len(missing) == len(tool.missing_responses):
            return tool
        return dataclasses.replace(tool, missing_responses=missing)

    def _never_past(self, tool: ToolFacts, cls: str, calls: list[str]) -> bool:
        for call in calls or [""]:
            target = call.removeprefix("await ")
            found = self.follower.entry(tool, target, cls) if target else None
            if not never_returns(found, call, self.follower.callee):
                return False
        return True

    def settle_arguments(self, tool: ToolFacts, cls: str) -> ToolFacts:
        """The tool (its class ``cls``, dotted) with what a check answered by
        a call makes unknown: when each call (:attr:`Argument.absence_calls`)
        always gives a ``Response``, it may refuse the missing or empty
        value or handle it, so the argument's requiredness (when refusing
        would make it required) and its default are not known. A call that
        may give anything else leaves the argument as the code reads it."""
        if not any(a.absence_calls for a in tool.arguments):
            return tool
        arguments = []
        for arg in tool.arguments:
            presence = arg.absence_presence
            # the values a dispatch lists hold when the call its test
            # rejects the others with refuses (only wraps the message)
            doubted = arg.absence_values
            taken = _default_taken(arg)
            if arg.absence_calls and len(presence) == 4:
                wrapped = all(self._wraps(tool, cls, call) for call in arg.absence_calls)
                arg = _refused(arg) if wrapped else arg
                doubted = doubted and not wrapped
            if doubted:
                arg = _values_in_doubt(arg)
            if arg.absence_calls:
                unsure = not (arg.required or taken) and all(
                    self._responds(tool, cls, call) for call in arg.absence_calls
                )
                in_doubt = arg.absence_required
                arg = dataclasses.replace(
                    arg,
                    absence_calls=[],
                    absence_required=False,
                    absence_presence=[],
                    absence_values=False,
                )
                if unsure:
                    arg = dataclasses.replace(
                        arg,
                        required_unknown=arg.required_unknown or in_doubt,
                        default=None,
                        has_default=False,
                        default_unknown=True,
                    )
            arguments.append(arg)
        return dataclasses.replace(tool, arguments=arguments)

    def _wraps(self, tool: ToolFacts, cls: str, call: str) -> bool:
        """Whether a call the tool returns the result of only wraps the
        message it is handed in a ``Response`` (``def fail(self, text):
        return Response(message=text, break_loop=False)``, awaited when
        ``async``): returning it returns what a ``Response`` built in the
        block would, which refuses (:mod:`~doxtool.python.contracts`)."""
        awaited = call.startswith("await ")
        found = self.follower.entry(tool, call.removeprefix("await "), cls)
        if found is None or found.constructs or found.summary.is_async != awaited:
            return False
        summary = found.summary
        returned = summary.returns[0] if len(summary.returns) == 1 else None
        return (
            returned is not None
            and returned.kind == "response"
            and (returned.message or "").startswith("parameter:")
            and not (summary.falls_off or summary.raises or summary.generator)
            and not summary.effects
            # nothing called but the ``Response`` built, no key read (its parameters aside)
            and all(c.target.rsplit(".", 1)[-1] == "Response" for c in summary.calls)
            and all(
                read.kind == "parameter" or _into_response(read, returned.line)
                for read in summary.reads
            )
        )

    def _responds(self, tool: ToolFacts, cls: str, call: str) -> bool:
        """Whether a call the tool returns the result of (``self.fail``, ``await
        self.default``) always gives a ``Response``."""
        awaited = call.startswith("await ")
        target = call.removeprefix("await ")
        found = self.follower.entry(tool, target, cls)
        return (
            found is not None
            and found.summary.is_async == awaited
            and self._always(cls, found, 0, set())
        )

    def _always(self, cls: str, found: Found, depth: int, seen: set[tuple[str, str]]) -> bool:
        """Whether every value ``found`` returns is a ``Response`` (through the
        calls it returns the result of, to :data:`MAX_DEPTH`)."""
        summary = found.summary
        key = (found.facts.path, summary.name)
        if key in seen:
            return True  # a recursive call gives what the others give
        seen.add(key)
        if summary.falls_off or not summary.returns or found.constructs:
            return False
        for returned in summary.returns:
            if returned.kind == "response":
                continue
            if returned.kind != "call" or depth + 1 >= MAX_DEPTH:
                return False
            callee = self._callee(cls, found, returned.call)
            if callee is None or _coroutine(found, returned, callee):
                return False
            if not self._always(cls, callee, depth + 1, seen):
                return False
        return True

    def _callee(self, cls: str, caller: Found, target: str) -> Found | None:
        """The function a call in ``caller`` reaches: ``self.m()`` in a method
        is the tool's own ``m`` first (an override), then its bases'."""
        if target.startswith("self.") and caller.summary.bound:
            found = self.follower.method(cls, target[len("self.") :])
            if found is not None:
                return found
        return self.follower.callee(caller, target)


def _into_response(read: KeyRead, line: int) -> bool:
    """Whether ``read`` is only the parameter handed to the ``Response`` the
    function returns on ``line``, where the summary does not follow the class
    (``Response(message=text, ...)`` of a ``helpers.tool`` the repository
    lacks, as in a plugin's): no key of it is read there."""
    callee = read.computed.split("(", 1)[0].rsplit(".", 1)[-1].strip()
    return read.handed and not read.key and read.line == line and callee == "Response"


def _coroutine(caller: Found, returned: Returned, callee: Found) -> bool:
    """Whether an ``async`` ``caller`` returns the coroutine an ``async``
    ``callee`` makes, not awaited: awaiting the caller gives no ``Response``."""
    return caller.summary.is_async and not returned.awaited and callee.summary.is_async


def _message(message: str | None, found: Found, call: HelperCall, depth: int) -> str | None:
    """What the message of a ``Response`` the callee builds is at the tool's
    ``return``: ``blank`` wherever it is built; the kind of the value the
    tool hands the parameter it is (``final(text)``: ``argument`` when
    ``text`` is the argument as read) where the tool's call is the callee's
    own; None where it is not known."""
    if message == "blank":
        return message
    name = (message or "").removeprefix("parameter:")
    if depth or not message or name == message:
        return None
    kinds = [kind for key, kind in call.messages if parameter_of(found, key) == name]
    return kinds[0] if len(kinds) == 1 else None


def _default_taken(arg: Argument) -> bool:
    """Whether a missing value takes one of the values a dispatch answered
    by a call lists (``op = self.args.get("op", "list")`` before ``if op not
    in ("list", "get"): return self._search(...)``): its default is one of
    them, and refusing in those calls would claim nothing else (no check of a
    missing or empty value is answered by one), so the calls see only values
    sent and the default holds whatever they do."""
    current = [arg.required, arg.has_default, arg.default_unknown, arg.required_unknown]
    default = arg.default
    return (
        arg.has_default
        and arg.absence_values
        and arg.absence_presence == current
        and any(type(v) is type(default) and v == default for v in arg.enum or [])
    )


def _values_in_doubt(arg: Argument) -> Argument:
    """``arg`` whose closed dispatch may take other values than those it
    lists: they are values it is compared with, not all it may take."""
    listed = [v for v in arg.enum or [] if isinstance(v, str)]
    compared = list(dict.fromkeys([*(arg.compared or []), *listed]))
    return dataclasses.replace(
        arg,
        enum=None,
        enum_folds=None,
        values_unknown=True,
        compared=compared or None,
        absence_values=False,
    )


def _refused(arg: Argument) -> Argument:
    """``arg`` as its checks answered by calls claim it were the calls
    refusals (:attr:`~Argument.absence_presence`); a default the code
    does not give (two that clash) stays unclaimed."""
    required, has_default, default_unknown, unknown = arg.absence_presence
    kept = has_default and arg.has_default
    return dataclasses.replace(
        arg,
        required=required,
        required_unknown=unknown,
        has_default=kept,
        default=arg.default if kept else None,
        default_unknown=default_unknown or (has_default and not kept),
        absence_calls=[],
        absence_required=False,
        absence_presence=[],
        absence_values=False,
    )
