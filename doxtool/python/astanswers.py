"""What a helper's check of a parameter hands back (part of
:class:`~doxtool.python.functionwalk.FunctionWalk`, through
:meth:`~doxtool.python.astraisecalls.AstRaiseCalls._if_contract`).

``def check_items(items): if not items: return [], "items is required"``
refuses an empty ``items`` by handing back an error, not by raising: the
caller decides (``parsed, err = check_items(items)``, then ``if err:
return Response(...)``). The summary records, for each parameter the check
refuses and each item of what its block returns that is a literal, that
literal (:attr:`~doxtool.core.summary_facts.FunctionSummary.answers`); a
tool testing that item of the call's result learns what the check makes of
the value it hands (:mod:`~doxtool.python.refusedvalues`).
"""

from __future__ import annotations

import ast
from typing import Any

from doxtool.python.astshapes import literal

#: a text made with an f-string: not known, but not empty when a part is written
_WRITTEN = "<text>"


def answered(stmt: ast.If, refused: list[list[str]]) -> list[list[Any]]:
    """``(parameter, kind of value refused, item, literal)`` for each of the
    ``refused`` parameters and each literal item of the value the block of
    ``stmt``, a lone ``return``, hands back: ``""`` for the whole value,
    ``#<n>`` for the n-th item of a tuple written there."""
    if len(stmt.body) != 1 or not isinstance(stmt.body[0], ast.Return):
        return []
    value = stmt.body[0].value
    if value is None:
        items: list[tuple[str, ast.expr | None]] = [("", None)]
    elif isinstance(value, ast.Tuple):
        items = [(f"#{index}", item) for index, item in enumerate(value.elts)]
    else:
        items = [("", value)]
    found = []
    for item, node in items:
        known, held = (True, None) if node is None else _literal(node)
        if known:
            found.extend([name, refusal, item, held] for name, refusal in refused)
    return found


def _literal(node: ast.expr) -> tuple[bool, Any]:
    """The value of a literal item, an f-string with a written part standing
    for some text that is not empty."""
    if isinstance(node, ast.Starred):
        return False, None
    if isinstance(node, ast.JoinedStr):
        written = any(isinstance(v, ast.Constant) and v.value for v in node.values)
        return (True, _WRITTEN) if written else (False, None)
    return literal(node)
