"""Keys a helper's code writes at the top of its body with an ``or`` of
reads (``d["url"] = d.get("link") or d.get("href")``): a check of the key's
value past it (``if not d.get("url"): raise ...``) is a check of those reads
jointly, as one of a name bound to the ``or`` is: one of the keys is needed.
As :mod:`~doxtool.python.absencetests` reads a tool's own code
(:attr:`~doxtool.python.walkstate.Fills.grouped`)."""

from __future__ import annotations

import ast
from typing import Any

from doxtool.core.facts import json_type
from doxtool.core.summary_facts import KeyRead
from doxtool.python.readforms import REFUSALS

#: the reads an ``or`` stands for, and its literal operands
Group = tuple[list[KeyRead], list[Any]]


class KeyGroups:
    """A part of :class:`~doxtool.python.keyreads.KeyReads`."""

    #: (dict, key) written at the top with an ``or`` of reads -> that group,
    #: as :attr:`~doxtool.python.keyreads.KeyReads.var_groups` for names
    key_groups: dict[tuple[str, str], Group]

    def _track_key_group(self, target: ast.Subscript, group: Group | None, stmt: ast.stmt) -> None:
        """``d["url"] = d.get("link") or d.get("href")`` (``group``: the reads
        of that ``or``, :func:`~doxtool.python.keyreads.or_group`): at the top
        of the body, the key holds what they give (:attr:`key_groups`)."""
        source, key = self._itself(target.value), self._key(target.slice)  # type: ignore[attr-defined]
        if source is None or key is None:
            return
        if group is not None and self._top(stmt):  # type: ignore[attr-defined]
            self.key_groups[(source, key)] = group
        else:
            self.key_groups.pop((source, key), None)

    def _key_group_tested(self, test: ast.expr) -> Group | None:
        """The group ``not d.get("url")`` / ``not d["url"]`` tests where the key
        was written over with an ``or`` of reads (:attr:`key_groups`)."""
        if not isinstance(test, ast.UnaryOp) or not isinstance(test.op, ast.Not):
            return None
        return self._key_group_of(test.operand)

    def _key_group_of(self, node: ast.expr) -> Group | None:
        """The group a read of such a key holds (``d.get("url")``, ``d["url"]``)."""
        source, key = self._itself, self._key  # type: ignore[attr-defined]
        place = None
        if isinstance(node, ast.Subscript):
            place = (source(node.value), key(node.slice))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get"
            and len(node.args) == 1
            and not node.keywords
        ):
            place = (source(node.func.value), key(node.args[0]))
        writes = self.writes  # type: ignore[attr-defined]
        if place not in writes.written or place in writes.maybe:
            return None
        return self.key_groups.get(place)  # type: ignore[arg-type]

    def _group_contract(self, reads: list[KeyRead], literals: list[Any], refusal: str) -> None:
        """``text = args.get("text") or args.get("message") or ""``, then ``if
        not text: raise ...``: one of the keys is needed (alternatives), when
        the check refuses every literal and every default of the reads."""
        refused = REFUSALS[refusal]
        if not all(refused(value) for value in literals):
            return
        if any(read.has_default and not refused(read.default) for read in reads):
            return
        keys = {read.key for read in reads}
        for read in reads:
            read.alternatives = sorted(keys - {read.key})
            read.default_unknown = False
            if read.has_default:  # reached with every key missing, and refused: no default
                read.weak = read.weak or json_type(read.default)
                read.refused_default, read.default, read.has_default = True, None, False
