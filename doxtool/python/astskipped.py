"""Branches a missing key does not take, in a helper (part of
:class:`~doxtool.python.keyreads.KeyReads`), as the tool walk reads them
(:mod:`~doxtool.python.partialbinds`).

``items = args.get("items")``, then ``if isinstance(items, str): items =
json.loads(items)`` at the top of the body: the walk forgets what ``items``
stands for past the ``if``, as the branch may remake it. But the ``None`` a
missing key gives fails the test, so the branch never runs without the key
and the name still holds that ``None`` there: a check past it that refuses
``None`` (``if not isinstance(items, list): raise ...``) refuses a missing
key. The name stands for the read in such checks only, not in anything else
the walk reads of it (types, compared values), which the remade value may
take.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from functools import cached_property
from typing import Any

from doxtool.core.summary_facts import KeyRead
from doxtool.python.astparse import statements
from doxtool.python.astshapes import _AST_SHAPES
from doxtool.python.replacements import UNKNOWN, evaluate


class SkippedBranches:
    """Names a missing key leaves as they were: a part of
    :class:`~doxtool.python.keyreads.KeyReads`."""

    node: ast.FunctionDef | ast.AsyncFunctionDef
    var_reads: dict[str, KeyRead]
    fallback_values: dict[int, tuple[bool, Any]]

    @cached_property
    def var_missing_only(self) -> dict[str, KeyRead]:
        """Local name -> the read whose missing value it holds past a
        branch that missing key does not take and that remade the name."""
        return {}

    @cached_property
    def _skipped(self) -> dict[int, dict[str, KeyRead]]:
        """Id of an ``if`` at the top of the body -> the names it remakes on
        calls with their key only, each with its read."""
        return {}

    def _note_skipped_branch(self, body: Sequence[ast.stmt], index: int) -> None:
        """``body[index]``, at the top of the body: an ``if`` with no ``else``
        whose test a missing key's value of a name fails, whose body binds
        that name again; past such an ``if``, the name holds that value."""
        if body is not self.node.body:
            return
        if index > 0:
            self.var_missing_only.update(self._skipped.pop(id(body[index - 1]), {}))
        stmt = body[index]
        if not isinstance(stmt, ast.If) or stmt.orelse:
            return
        bound = {
            target.id
            for inner in statements(stmt.body)
            if isinstance(inner, (ast.Assign, ast.AnnAssign, ast.AugAssign))
            for target in (inner.targets if isinstance(inner, ast.Assign) else [inner.target])
            if type(target) is ast.Name
        }
        found: dict[str, KeyRead] = {}
        for name in bound:
            read = self.var_reads.get(name)
            if read is None or read.kind != "get" or read.default_unknown:
                continue
            if id(read) in self.fallback_values:
                continue
            missing = read.default if read.has_default else None
            decided = evaluate(_AST_SHAPES, stmt.test, name, missing)
            if decided.kind != UNKNOWN and not decided.value:
                found[name] = read
        if found:
            self._skipped[id(stmt)] = found

    def _missing_read(self, name: str) -> KeyRead | None:
        """The read ``name`` stands for in a check of what a missing key gives."""
        return self.var_reads.get(name) or self.var_missing_only.get(name)
