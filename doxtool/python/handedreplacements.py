"""A method of the tool handed an argument's value that replaces it when
missing (part of :class:`~doxtool.python.toolscan.ToolScan`).

``execute(self, events=None)`` then ``return await self._setup(events)``,
where ``_setup`` starts ``if not events: events = list(EVENTS)``: a missing
``events`` is no ``null`` there but what the method makes of it, as the same
replacement in ``execute`` would make it
(:func:`~doxtool.python.replacements.replaced`); on that path a missing key
gets another value, so no default is claimed.
"""

from __future__ import annotations

from doxtool.python.cstnodes import suite_body
from doxtool.python.modulescan import Func
from doxtool.python.replacements import KEPT, gives_again, replaced


class HandedReplacements:
    """Replacements of a handed value: a part of :class:`~doxtool.python.toolscan.ToolScan`."""

    def _handed_replacements(self, fn: Func, values: frozenset[tuple[str, str]]) -> None:
        """Each parameter of ``fn`` receiving an argument whose missing value
        is an empty literal (``None``, ``""``, ``0``: the mark of one not
        given) that ``fn`` replaces before any other use of the name."""
        if fn is self.entry:  # type: ignore[attr-defined]
            return  # ``execute``'s own parameters: :mod:`~doxtool.python.fallbacks`
        for param, arg in sorted(values):
            builder = self.args.get(arg)  # type: ignore[attr-defined]
            if builder is None or not builder.has_default or builder.default:
                continue
            body = suite_body(fn.node.body)
            outcome = replaced(self._shapes(), body, param, builder.default)  # type: ignore[attr-defined]
            if outcome.kind == KEPT or gives_again(outcome, builder.default):
                continue  # ``selector = str(selector or "").strip()`` leaves ``""``
            builder.unknown_fallback()
