"""Local names that hold text never empty, along the walk (part of
:class:`~doxtool.python.toolwalk.StatementWalk`).

A name is text (:attr:`~doxtool.python.walkstate.Env.texts`) once it is
bound to a value with text of its own (``label = "Result: "``, ``answer =
text or "none"``) or tested by ``if not x: return ...``. The walk is linear,
but an arm of an ``if`` runs on some calls only: past the ``if``, a name is
text only when every arm that goes on, and the calls that skip an ``if``
without ``else``, leave it so (``label = ""`` then ``if title: label =
"Result: "`` may still be empty), and past a loop only when it was before
the loop (its body may not run).
"""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

from doxtool.python.controlflow import terminates
from doxtool.python.walkstate import Env


class TextArms:
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
            if arg is not None and arg not in env.nonempty:
                args.add(arg)
        env.texts |= names
        env.nonempty |= args
        return names, args


def arm_end(body: Sequence[cst.BaseStatement], env: Env) -> set[str] | None:
    """The names text where an arm walked with ``body`` ends; None when it
    leaves the function (its names reach nothing past the ``if``)."""
    return None if terminates(body) else set(env.texts)


def texts_past(ends: list[set[str] | None], current: set[str]) -> set[str]:
    """The names text past an ``if``: those every arm that goes on left text
    (``ends``: each arm's, None for one that leaves the function); when none
    goes on, ``current``, as the walk has it."""
    going = [end for end in ends if end is not None]
    return set.intersection(*going) if going else current
