"""What a name an ``if`` binds to an argument's read, when the argument is
present, holds when it is missing: one rule for both walks, the libcst one
over tool classes (:mod:`~doxtool.python.fallbacks`) and the ``ast`` one of
helper summaries (:mod:`~doxtool.python.keyreads`), through the
:class:`~doxtool.python.replacements.Shapes` of their nodes.

``url = "about:blank"`` then ``if "url" in self.args: url =
self.args["url"]`` (or ``if self.args.get("url"): ...``): a missing ``url``
leaves the name what it was bound to before, ``"about:blank"``; with an
``else: url = "about:blank"`` (``if "url" not in args: url = ... else:
url = args["url"]`` too) it is what that arm binds. What the statements
after the ``if`` make of it counts as for any fallback (``url = url or
"about:blank"`` after a ``url = None``). A value before or in the other arm
that is no literal (``url = self.home``), a binding of the name elsewhere
than just before in the same statements (an outer block, a parameter), or
another statement between that uses it, leaves what a missing argument
gives unknown: neither claimed nor denied. An other arm that leaves
(``else: return ...``) binds nothing; that is a check, not a default.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from doxtool.python.replacements import KEPT, KNOWN, UNKNOWN, Outcome, Shapes, evaluate, replaced

N = TypeVar("N")


def missing_binding(
    shapes: Shapes[N],
    before: Sequence[N],
    missing: Sequence[N],
    after: Sequence[N],
    name: str,
    elsewhere: bool,
) -> Outcome | None:
    """What ``name`` holds after the ``if`` when the argument is missing,
    given the statements ``before`` the ``if`` in the same body, the arm
    run when it is ``missing`` and the statements ``after`` it, and
    whether the function binds the name ``elsewhere`` than in the ``if``
    (a parameter, an outer block): a
    :data:`~doxtool.python.replacements.KNOWN` value or an
    :data:`~doxtool.python.replacements.UNKNOWN` one; None where the name
    is bound on no such path that goes on (no default is then stated)."""
    held = _bound_before(shapes, before, name)
    if missing:
        if shapes.ends(missing):
            return None  # a check: the missing argument does not go on
        users = [stmt for stmt in missing if shapes.uses(stmt, name)]
        if users:
            shape = shapes.stmt(users[0], name)
            if shape[0] != "assign" or shapes.uses(shape[1], name) or len(users) > 1:
                return Outcome(UNKNOWN)
            held = evaluate(shapes, shape[1], name, None)
    if held is None:
        # bound elsewhere in the function (an outer block, a parameter): not
        # known what it holds; bound nowhere else: no value, no default
        return Outcome(UNKNOWN) if elsewhere else None
    if held.kind != KNOWN:
        return Outcome(UNKNOWN)
    outcome = replaced(shapes, after, name, held.value)
    return Outcome(KNOWN, held.value) if outcome.kind == KEPT else outcome


def _bound_before(shapes: Shapes[N], before: Sequence[N], name: str) -> Outcome | None:
    """What the last statement of ``before`` that uses ``name`` binds it to,
    when that is a plain assignment of a value that does not use it
    (:data:`~doxtool.python.replacements.UNKNOWN` for any other use); None
    when none uses it."""
    for stmt in reversed(before):
        if not shapes.uses(stmt, name):
            continue
        shape = shapes.stmt(stmt, name)
        if shape[0] != "assign" or shapes.uses(shape[1], name):
            return Outcome(UNKNOWN)
        return evaluate(shapes, shape[1], name, None)
    return None


def bound_elsewhere(shapes: Shapes[N], scope: Sequence[N], stmt: N, name: str) -> bool:
    """Whether the statements ``scope`` (a function's body) bind ``name``
    other than inside ``stmt``."""
    inside = len(shapes.assignments(stmt, name))
    return sum(len(shapes.assignments(node, name)) for node in scope) > inside
