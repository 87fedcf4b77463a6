"""Local names that hold text never empty, along the walk (part of
:class:`~doxtool.python.toolwalk.StatementWalk`).

A name is text (:attr:`~doxtool.python.walkstate.Env.texts`) once it is
bound to a value with text of its own (``label = "Result: "``, ``answer =
text or "none"``) or tested by ``if not x: return ...``. The walk is linear,
but an arm of an ``if`` runs on some calls only: past the ``if``, a name is
text, and an argument not empty (:attr:`~doxtool.python.walkstate.Env.nonempty`),
only when every arm that goes on, and the calls that skip an ``if``
without ``else``, leave it so (``label = ""`` then ``if title: label =
"Result: "`` may still be empty), what the test showed included (``if not
title: return ...`` then ``elif title == "x": pass``, or ``else: pass``,
leaves ``title`` not empty), and past a loop only when it was before the
loop (its body may not run).
"""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

from doxtool.python.changedtexts import ChangedTexts
from doxtool.python.cstnodes import suite_body
from doxtool.python.helperguards import HelperGuards
from doxtool.python.walkstate import Env

#: what is known where an arm of an ``if`` ends: the local names that are
#: text and the arguments not empty; None for an arm that leaves the function
ArmEnd = tuple[set[str], set[str]] | None


class TextArms(HelperGuards, ChangedTexts):
    """Names of never-empty text: a part of the statement walk."""

    def _assume_nonempty(
        self, values: list[cst.BaseExpression], env: Env
    ) -> tuple[set[str], set[str]]:
        """Take ``values`` as not empty; the local names and the arguments
        that were not known so before."""
        names: set[str] = set()
        args: set[str] = set()
        for value in values:
            if type(value) is cst.NamedExpr:
                value = value.target
            if type(value) is cst.Name and value.value not in env.texts:
                names.add(value.value)
            arg = self._arg_of(value, env)  # type: ignore[attr-defined]
            self._note_tested(value, arg, env)
            if arg is not None and arg not in env.nonempty:
                args.add(arg)
        env.texts |= names
        env.nonempty |= args
        return names, args

    def _arm_end(self, body: Sequence[cst.BaseStatement], env: Env) -> ArmEnd:
        """What is known not empty where an arm walked with ``body`` ends,
        with what its test showed; None when it leaves the function (a raise
        a handler that goes on may take does not)."""
        if self._ends_past_handlers(body, env):  # type: ignore[attr-defined]
            return None
        return set(env.texts), set(env.nonempty)

    def _past_arms(self, ends: list[ArmEnd], env: Env) -> None:
        """Past an ``if``: what every arm that goes on left known (``ends``);
        when none goes on, what the walk has."""
        going = [end for end in ends if end is not None]
        if going:
            env.texts = set.intersection(*(texts for texts, _ in going))
            env.nonempty = set.intersection(*(args for _, args in going))


def else_body(orelse: cst.If | cst.Else) -> Sequence[cst.BaseStatement]:
    """The statements of the ``else`` of an ``if``: an ``elif`` is one ``if``."""
    return [orelse] if type(orelse) is cst.If else suite_body(orelse.body)
