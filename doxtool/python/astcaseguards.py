"""The guard of a ``case`` in a helper's walk (part of
:class:`~doxtool.python.functionwalk.FunctionWalk`), as the tool's own walk
reads it (:mod:`~doxtool.python.matchwalk`).

``case "delete" if args.get("force"):`` reads ``force`` on the calls whose
value the pattern matches (on every call for a first ``case`` that matches
anything), and in the body the keys the guard tests are present as under
an ``if``.
"""

from __future__ import annotations

import ast
from collections.abc import Callable


class AstCaseGuards:
    """``case`` guards: a part of :class:`~doxtool.python.functionwalk.FunctionWalk`."""

    branches: int
    _expr: Callable[[ast.expr], None]
    _tests: Callable[[ast.expr], tuple[frozenset[str], frozenset[str]]]

    def _case_guard(
        self, case: ast.match_case, first: bool
    ) -> tuple[frozenset[str], frozenset[str]]:
        """Walk the guard of ``case``: the keys known present, and absent,
        in its body."""
        if case.guard is None:
            return frozenset(), frozenset()
        some_calls = not (first and _irrefutable(case.pattern))
        self.branches += some_calls
        self._expr(case.guard)
        self.branches -= some_calls
        present, _ = self._tests(case.guard)
        return present, frozenset()


def _irrefutable(pattern: ast.pattern) -> bool:
    """Whether a pattern matches every value: ``_``, ``x``, or an or-pattern with one of them."""
    if isinstance(pattern, ast.MatchAs):
        return pattern.pattern is None or _irrefutable(pattern.pattern)
    if isinstance(pattern, ast.MatchOr):
        return any(_irrefutable(element) for element in pattern.patterns)
    return False
