"""A check of an argument joined by ``and`` to a test of something else
(part of :class:`~doxtool.python.contracts.Contracts`).

``if action == "dm" and not target: return Response("dm requires a target")``
refuses a missing ``target`` on the calls the other test takes only, as
``if action == "dm": if not target: return Response(...)`` does in a branch
of a dispatch: ``target`` is needed on some calls (``required or
optional``, its default neither claimed nor denied), not optional. Each part
of an ``or`` inside (``action == "share" and (not sid or not key)``) refuses
its argument alone so. An argument the other test also names (``if text
and not text.strip()``) is left as it was: a missing one never gets there.
A test whose every part is a check (``not a and not b``) is one of several
arguments at once (:meth:`~doxtool.python.absencetests.AbsenceTests._absence`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import libcst as cst

from doxtool.python.checktests import and_parts
from doxtool.python.cstnodes import child_nodes, is_kind, suite_body
from doxtool.python.readforms import CALLED
from doxtool.python.walkstate import Env

if TYPE_CHECKING:
    from doxtool.python.arguments import ArgBuilder


class ConjunctRefusals:
    """Checks joined to other tests: a part of :class:`~doxtool.python.contracts.Contracts`."""

    def _joined_check(self, stmt: cst.If, env: Env) -> bool:
        """Whether ``stmt`` is such a check ending the call with an error (no
        ``else``): an arm of no dispatch, the values its other test takes
        going on past it (:meth:`~doxtool.python.dispatchends.DispatchEnds._closed`)."""
        parts = and_parts(stmt.test)
        return (
            len(parts) > 1
            and stmt.orelse is None
            and any(self._refusal_groups(p, env) for p in parts)  # type: ignore[attr-defined]
            and self._error_exit(suite_body(stmt.body), env)  # type: ignore[attr-defined]
        )

    def _conjunct_refusals(self, test: cst.BaseExpression, env: Env) -> None:
        """The arguments ``test``, an ``and`` of a check and other tests, refuses
        on some calls only (called by :class:`~doxtool.python.contracts.Contracts`
        where a check ends the call with an error no handler recovers from)."""
        parts = and_parts(test)
        if len(parts) < 2 or self._refusal_groups(test, env):  # type: ignore[attr-defined]
            return
        checks, others = [], []
        for part in parts:
            groups = self._refusal_groups(part, env)  # type: ignore[attr-defined]
            if groups:
                checks.extend(groups)
            else:
                others.append(part)
        if not checks or not others:
            return
        named = {arg for part in others for arg in self._named_arguments(part, env)}
        for group in checks:
            for name, refusal in group.items() if len(group) == 1 else ():
                if name not in named and refusal != CALLED and not env.known_present(name):
                    self._arg(name).branch_refusals.add(refusal)  # type: ignore[attr-defined]

    def _named_arguments(self, node: cst.CSTNode, env: Env) -> set[str]:
        """The arguments an expression reads, at any depth, each as
        :meth:`~doxtool.python.argreads.ArgumentReads._arg_of` reads it
        (``action.strip().lower() == "a"``: ``action``)."""
        found: set[str] = set()
        stack: list[cst.CSTNode] = [node]
        while stack:
            current = stack.pop()
            if is_kind(current, cst.BaseExpression):
                arg = self._arg_of(current, env)  # type: ignore[attr-defined]
                if arg is not None:
                    found.add(arg)
                    continue
            stack.extend(child_nodes(current))
        return found


def names_in(node: cst.CSTNode) -> set[str]:
    """The names ``node`` holds."""
    todo, found = [node], set()
    while todo:
        current = todo.pop()
        if type(current) is cst.Name:
            found.add(current.value)
        todo.extend(child_nodes(current))
    return found


def refuse_jointly(arg: Callable[[str], ArgBuilder], group: dict[str, str]) -> None:
    """A check on some calls only refusing the joint absence of a ``group`` of
    arguments (``if not name`` past ``name = args.get("name") or
    args.get("title", "")``): each one's refused kinds, with the others."""
    for name, refusal in group.items() if len(group) > 1 else ():
        if refusal != CALLED:  # a test of what a call makes of it refuses nothing known
            arg(name).joint_branch_refusals.add((refusal, frozenset(group) - {name}))
