"""Checks ended by a call of another module's function (part of
:class:`~doxtool.python.toolscan.ToolScan`).

``if not note: raise ToolError("note is required")`` at the top of
``execute`` makes ``note`` required (:mod:`~doxtool.python.contracts`).
``if not note: reject("note")`` does the same when ``reject`` never returns (every path of it
raises, or it is annotated ``NoReturn``). One of the module's own is known
at once; for one of another module of the repository extraction, which
sees one module, records the calls and what the argument would be were the check a refusal
(:attr:`~doxtool.core.argument_facts.Argument.raise_calls`); the tool's
resolution follows the calls and takes that when each never returns
(:meth:`~doxtool.python.returns.ReturnFollower.settle_raises`). A call
that may return leaves the argument as the code reads it: the check then
ends nothing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

import libcst as cst

from doxtool.core.facts import Argument, Effect, Outcome
from doxtool.python.arguments import ArgBuilder
from doxtool.python.controlflow import contains_return
from doxtool.python.modulescan import ModuleScan
from doxtool.python.walkstate import Env


class RaiseCalls:
    """Checks ended by calls: a part of :class:`~doxtool.python.toolscan.ToolScan`."""

    entry: object
    _ends_unless: Callable[[Sequence[cst.BaseStatement], Env], list[str]]
    _refusal_groups: Callable[[cst.BaseExpression, Env], list[dict[str, str]]]
    _arg: Callable[[str], ArgBuilder]
    _ends_every_path: Callable[[Sequence[cst.BaseStatement], Env], bool]
    _refusing: Callable[[cst.BaseExpression, bool, Env], None]
    _checked_result: Callable[[cst.BaseExpression, Env], None]
    _foreign_call: Callable[[cst.BaseExpression, Env], str | None]
    outcomes: list[Outcome]
    scan: ModuleScan
    effects: list[Effect]

    def _raise_contract(self, stmt: cst.If, body: Sequence[cst.BaseStatement], env: Env) -> bool:
        """``if not note: reject("note")`` at the top of ``execute``, where
        every path of the block ends if the calls of other modules it makes
        never return: record them on each argument the check refuses alone
        (alone: required; ``if not a and not b``: alternatives), as a
        ``raise`` there does. Whether it is one."""
        if env.func is not self.entry or not env.needed_here or env.recovering:
            return False
        if any(contains_return(s) for s in body):
            return False  # a returned value: what it is, :mod:`.absence` reads
        if self._ends_every_path(body, env):  # a call of the module's own that never returns
            self._refusing(stmt.test, False, env)
            self._checked_result(stmt.test, env)
            return True
        last = body[-1] if body else None
        small = last.body[-1] if type(last) is cst.SimpleStatementLine else None
        # the call the block ends with (``log(q); reject("q")``), else those
        # that would end its paths (``if a: reject("a") else: reject("b")``)
        ending = self._foreign_call(small.value, env) if type(small) is cst.Expr else None
        calls = [ending] if ending is not None else self._ends_unless(body, env)
        if not calls:
            return False
        for group in self._refusal_groups(stmt.test, env):
            for name, refusal in group.items():
                check = self.raise_checks.setdefault(name, RaiseCheck())
                check.calls.update(calls)
                check.refusals.add(refusal)
                if len(group) == 1:
                    check.alone = True
                else:  # ``if not a and not b: reject(...)``: alternatives
                    check.alternatives.update(set(group) - {name})
        return True

    def _past_calls(self, stmt: cst.BaseStatement, made: tuple[int, int], env: Env) -> None:
        """Past ``stmt`` (``made``: how many outcomes and effects there were
        before it): the outcomes and effects it made past calls of other
        modules' functions in the blocks around it name them (a path reaches
        them only if each returns); a call statement of a function of another
        module of the repository is passed for the rest of the block."""
        if env.past_calls:
            found: list[Outcome | Effect] = [*self.outcomes[made[0] :], *self.effects[made[1] :]]
            for item in found:
                item.unless = sorted({*item.unless, *env.past_calls})
        if type(stmt) not in (cst.SimpleStatementLine, cst.SimpleStatementSuite):
            return
        small = stmt.body[-1]  # type: ignore[attr-defined]
        if type(small) is cst.Expr:
            call = self._foreign_call(small.value, env)
            root = (call or "").removeprefix("await ").split(".", 1)[0]
            if call is not None and call not in env.past_calls and root in self.scan.local_roots:
                env.past_calls = (*env.past_calls, call)

    @property
    def raise_checks(self) -> dict[str, RaiseCheck]:
        """An argument -> the checks of it ended by calls of other modules."""
        found: dict[str, RaiseCheck] | None = getattr(self, "_raise_checks", None)
        if found is None:
            found = {}
            self._raise_checks = found
        return found

    @property
    def answered_values(self) -> dict[str, set[str]]:
        """An argument -> the calls a closed dispatch's test rejects the values
        it does not list with (``if mode not in MODES: return self.fail(...)``)."""
        found: dict[str, set[str]] | None = getattr(self, "_answered_values", None)
        if found is None:
            found = {}
            self._answered_values = found
        return found

    def _built(self, builder: ArgBuilder) -> Argument:
        """The argument ``builder`` holds, with what it would be were its
        checks ended by calls of other modules refusals; the values it lists
        in doubt while the calls a dispatch rejects others with may not refuse."""
        built = builder.build()
        calls = self.answered_values.get(builder.name)
        if calls:
            presence = built.absence_presence or [
                built.required,
                built.has_default,
                built.default_unknown,
                built.required_unknown,
            ]
            built = dataclasses.replace(
                built,
                absence_calls=sorted({*built.absence_calls, *calls}),
                absence_presence=presence,
                absence_values=True,
            )
        check = self.raise_checks.get(builder.name)
        if check is None:
            return built
        refusing = dataclasses.replace(
            builder,
            refusals=builder.refusals | check.refusals,
            contract_required=builder.contract_required or check.alone,
            alternatives=builder.alternatives | check.alternatives,
        )
        would = refusing.build()
        presence = _presence(would)
        if presence == _presence(built) and would.alternatives == built.alternatives:
            return built
        return dataclasses.replace(
            built,
            raise_calls=sorted(check.calls),
            raise_presence=presence,
            raise_alternatives=would.alternatives,
        )


@dataclasses.dataclass
class RaiseCheck:
    """The checks of an argument ended by calls of other modules: the calls,
    the kinds of value they refuse (:data:`~doxtool.python.readforms.REFUSALS`),
    whether one checks it alone, and the arguments checked with it
    (``if not a and not b``: each stands in for the other)."""

    calls: set[str] = dataclasses.field(default_factory=set)
    refusals: set[str] = dataclasses.field(default_factory=set)
    alone: bool = False
    alternatives: set[str] = dataclasses.field(default_factory=set)


def _presence(arg: Argument) -> list[bool]:
    return [
        arg.required,
        arg.required_unknown,
        arg.has_default,
        arg.default_unknown,
        arg.alternatives_optional,
    ]
