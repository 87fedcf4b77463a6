"""Places at the top of a function's body (part of
:class:`~doxtool.python.keyreads.KeyReads`): which statements are there,
the first that may return, and the names bound before a check there.

A check at the top of the body runs on every call that gets that far, and
no loop runs it twice: a parameter rebound after it (``value =
value.strip()`` past ``if not value: raise ...``) was checked as passed.
"""

from __future__ import annotations

import ast
from functools import cached_property

from doxtool.python.summaryscope import ModuleScope


class BodyTop:
    """The top of :attr:`node`'s body."""

    owner: ModuleScope
    node: ast.FunctionDef | ast.AsyncFunctionDef

    def _top(self, stmt: ast.stmt) -> bool:
        return id(stmt) in self._top_index

    @cached_property
    def _top_index(self) -> dict[int, int]:
        """Each statement of the top of the body -> its index there."""
        return {id(stmt): index for index, stmt in enumerate(self.node.body)}

    @cached_property
    def _first_return(self) -> int:
        """Index of the first statement at the top of the body that may
        return (the length of the body when none may)."""
        return min(self._returning, default=len(self.node.body))  # type: ignore[attr-defined]

    def _bound_through(self, stmt: ast.stmt, name: str) -> bool:
        """Whether a statement of the top of the body up to ``stmt``, that
        one included, binds ``name`` (or declares it ``global``/``nonlocal``,
        in a nested function too): what the check of ``stmt`` sees of it."""
        binds = self.owner.binds()
        index = self._top_index[id(stmt)]
        return any(name in binds.of(s).assigned() for s in self.node.body[: index + 1])
