"""What a missing key gives an argument on each path the walk reads it on
(part of :class:`~doxtool.python.arguments.ArgBuilder`): a literal default,
a fallback whose value is known, or one no one can state. One default is
claimed only where every path that states one agrees.
"""

from __future__ import annotations

from typing import Any

from doxtool.core.facts import json_stateable, json_type
from doxtool.python.argvalues import holds
from doxtool.python.literals import jsonable


class DefaultsSeen:
    """The defaults and fallbacks :class:`~doxtool.python.arguments.ArgBuilder`
    has seen for an argument."""

    default: Any
    has_default: bool
    default_unknown: bool
    fallback_known: bool
    fallback: Any
    defaults_clash: bool
    clash_typed: bool
    unknown_path: bool
    unheld_fallback: bool
    #: a default or fallback of the code's own that doxtool cannot tell
    #: (``args.get("n", self.limit)``, ``or LIMIT``, ``n=os.getenv("N")``),
    #: not a value a call it does not follow makes: it may be of any type
    untold_default = False

    def set_default(self, value: Any) -> None:
        # a literal default anywhere is the default, also past a fallback
        # after ``or`` read earlier (``args.get("plan") or []`` in one branch,
        # ``args.get("plan", [])`` in another)
        if not json_stateable(value):  # ``b"raw"``, ``1e999``: no JSON value states it
            self.set_fallback(False)
        elif self.has_default and not holds([self.default], jsonable(value)):
            # two reads give different literal defaults: which a missing key
            # gets depends on the path, and none is claimed (:meth:`build`)
            self.defaults_clash = True
            other = json_type(self.default) != json_type(jsonable(value))
            self.clash_typed = self.clash_typed or other
        elif not self.has_default:
            # a known fallback elsewhere gives another value (``args.get("s",
            # 0) or 0`` in ``execute``, ``args.get("s", None)`` in a heading),
            # or one no one can state (:meth:`unknown_fallback`)
            other = self._other_fallback(value) or self.unknown_path
            self.defaults_clash = self.defaults_clash or other
            self.default = jsonable(value)
            self.has_default = True
            self.default_unknown = False

    def default_read(self, known: bool, value: Any) -> None:
        """``args.get("x", <default>)``: a literal is the default; another
        value (a helper's parameter, ``self.limit``) states none known, and
        gives a missing key on this path what no one can state."""
        self.set_default(value) if known else self.untold_fallback()

    def set_fallback(self, known: bool, value: Any = None) -> None:
        """``self.args.get("x") or <fallback>`` where the fallback is not
        claimed as a default: not a literal (``or self.limit``), or an empty
        one that only normalises a missing value (``or ""``, ``or []``)."""
        self.unheld_fallback = True  # what a missing key gives is not held (:mod:`.heldfallbacks`)
        if not self.has_default and not self.default_unknown:
            self.default_unknown = True
            known = known and json_stateable(value)
            self.fallback_known, self.fallback = known, jsonable(value) if known else None
        elif self.has_default and known and json_stateable(value):
            # a literal default elsewhere, and this path gives another value
            self.defaults_clash = self.defaults_clash or not holds([self.default], jsonable(value))

    def unknown_fallback(self) -> None:
        """A path on which a missing key gets what no one can state
        (``override or state.slug``, ``args.get("n", self.limit)``): beside
        a literal default on another path (``args.get("slug", "draft")`` in
        another handler), which a missing key gets depends on the path, and
        none is claimed."""
        self.unknown_path = True
        self.defaults_clash = self.defaults_clash or self.has_default
        self.set_fallback(False)

    def untold_fallback(self) -> None:
        """:meth:`unknown_fallback` of a default or fallback the code writes
        whose value doxtool cannot tell (:attr:`untold_default`)."""
        self.untold_default = True
        self.unknown_fallback()

    def _other_fallback(self, value: Any) -> bool:
        """Whether a known fallback seen before gives another value than ``value``."""
        return (
            self.default_unknown
            and self.fallback_known
            and not holds([self.fallback], jsonable(value))
        )
