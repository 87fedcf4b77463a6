"""What a check of an argument sees where a fallback at a use left its
default unknown (part of :class:`~doxtool.python.arguments.ArgBuilder`).

``path = args.get("path", "")`` (or ``execute(self, path: str = "")``),
then ``label = path or "none"``: a missing ``path`` gives ``"none"`` to
``label`` and may be handed on as it is elsewhere, so no default is known;
but the name ``path`` still holds the ``""``, and a check of it (``if not
path: return Response(error)``) refuses that, on every call or in one
action's branch. The literal held is what such checks judge, not the
default no one can state.
"""

from __future__ import annotations

from typing import Any

from doxtool.core.facts import json_stateable
from doxtool.python.literals import jsonable


class HeldFallbacks:
    """The fallbacks of an argument, and the literals its names hold past
    fallbacks at their uses: a part of :class:`~doxtool.python.arguments.ArgBuilder`."""

    has_default: bool
    default_unknown: bool
    fallback_known: bool
    fallback: Any
    #: (known, literal) each read gives the name a fallback replaces at its use
    held: list[tuple[bool, Any]]
    #: a fallback not at a use (``args.get("x") or self.limit``) made the
    #: default unknown as well: what a missing key gives there is not held
    unheld_fallback: bool

    def unknown_fallback(self) -> None:  # pragma: no cover
        raise NotImplementedError

    def held_fallback(self, known: bool, value: Any) -> None:
        """``{"size": size or "2K"}`` where ``size`` holds ``value`` (``known``):
        no default is known (a fallback no one can state on this path,
        :meth:`~doxtool.python.argdefaults.DefaultsSeen.unknown_fallback`),
        while the name still holds ``value`` for the checks of it
        (:meth:`checked_missing`)."""
        unheld = self.unheld_fallback
        self.unknown_fallback()
        self.unheld_fallback = unheld
        known = known and json_stateable(value)
        self.held.append((known, jsonable(value) if known else None))

    def checked_missing(self, known: bool, value: Any) -> tuple[bool, Any, bool, Any]:
        """What a check of the name sees for a missing key, given what
        :meth:`missing` says (``known``, ``value``), and the fallback a check
        judges (known, value): where fallbacks at uses alone left the default
        unknown and every such read holds one literal, that literal, for both."""
        fallback = self.fallback_known, self.fallback
        if known or self.has_default or not self.default_unknown or self.unheld_fallback:
            return known, value, *fallback
        if self.fallback_known or not self.held or not all(ok for ok, _ in self.held):
            return known, value, *fallback
        if len({repr(v) for _, v in self.held}) != 1:
            return known, value, *fallback
        return True, self.held[0][1], True, self.held[0][1]
