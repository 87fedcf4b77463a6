"""A helper's check refusing a parameter as one part of its test, or by its
type (part of :class:`~doxtool.python.keyreads.KeyReads`, for the ``ast``
summaries).

``if not isinstance(items, list) or len(items) > 64: raise ValueError(...)``
raises whenever any part of the ``or`` is true: on every value ``not
isinstance(items, list)`` is true for (``None`` among them), as on every
value a part ``not items`` is. Each such part refuses its parameter as the
whole test ``if not items: raise`` does
(:attr:`~doxtool.core.summary_facts.FunctionSummary.refuses`): a tool
handing the value to the helper needs it, as the tool walk reads the same
check in the tool's own module. A part of an ``and`` refuses its name on the
calls the other parts take only (:func:`joined_refusals`): needed on some calls;
an ``and`` of checks only (``not a and not b``) needs one of them, not each.
"""

from __future__ import annotations

import ast

from doxtool.python.astemptied import emptied
from doxtool.python.asttested import isinstance_refusal


def part_refusals(test: ast.expr) -> list[tuple[str, str]]:
    """(name, kind of refusal) of each part of ``test`` (the test itself,
    or each value of an ``or`` of any depth) that is true on what it
    refuses of a bare name: an empty value (:func:`emptied`) or one of
    other types than ``not isinstance(name, T)`` names."""
    found: list[tuple[str, str]] = []
    parts = [test]
    while parts:
        part = parts.pop(0)
        if isinstance(part, ast.BoolOp) and isinstance(part.op, ast.Or):
            parts[:0] = part.values
            continue
        typed = isinstance_refusal(part)
        if typed is not None and type(typed[0]) is ast.Name:
            found.append((typed[0].id, typed[1]))
            continue
        empty = emptied(part)
        if empty is not None:
            found.append(empty)
    return found


def joined_refusals(test: ast.expr) -> list[tuple[str, str]]:
    """(name, kind of refusal) of each part of an ``and`` (``action == "dm"
    and not target``) that refuses a bare name no other part names: the
    check refuses it on the calls the other parts take only."""
    if not (isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And)):
        return []
    refusing = [part_refusals(part) for part in test.values]
    if all(refusing):
        return []  # ``not a and not b``: one of them is needed, not each on some calls
    found = []
    for part, refused in zip(test.values, refusing, strict=True):
        others = {
            n.id for p in test.values if p is not part for n in ast.walk(p) if type(n) is ast.Name
        }
        found.extend((n, r) for n, r in refused if n not in others)
    return found
