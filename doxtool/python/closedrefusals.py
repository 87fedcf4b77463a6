"""Whether a closed dispatch refuses what a missing key gives (part of
:class:`~doxtool.python.arguments.ArgBuilder`): one with a list of values
(``if mode not in ("fast", "slow")``), or one whose values are not known
(``if tool not in READ_TOOLS``), which may refuse it.
"""

from __future__ import annotations

from typing import Any

from doxtool.python.argvalues import default_outside


class ClosedRefusals:
    """What :class:`~doxtool.python.arguments.ArgBuilder` has learnt of the
    closed dispatches on an argument, and whether they refuse a missing key."""

    blank_tested: bool
    absence_blank: bool
    none_tested: bool
    absence_none: bool
    coercion: str | None
    enum: list[Any]
    beside: list[Any]
    closed_always: bool
    closed_sometimes: bool
    closed_opaque: bool
    values_unknown: bool
    respelled: bool
    missing_unknown: bool
    enum_folds: set[str] | None
    rejecting: set[str]
    reads: list[Any]
    refused_reads: set[tuple[int, int]]

    def _closed_refuses(self, value: Any, listed: bool = True) -> bool:
        """Whether the closed dispatch refuses what a missing key gives:
        ``""`` (nor any folding or conversion of it: ``"".lower()`` is
        ``""``) or ``None`` (converted, only by ``str``, to ``"None"``,
        which the dispatch must not spell) is no value it accepts or takes
        on, and no test of the value says less than a list (a comparison
        with a value not known may take it; a re-spelling such as
        ``replace("-", "_")`` leaves ``""`` as it is). A
        lookup of the value in a dict changes nothing the check tests. The
        dispatch chooses among two values or more: past a test of one value
        (``if op == "x": return ...``) the ``Response`` returned may as well
        be the tool's answer as an error. ``listed=False``: as if no other
        test of the value had left the values it takes unknown."""
        if value == "":
            tested = self.blank_tested or self.absence_blank
            empty = not tested and self.coercion in (None, "str")
        else:
            spelled = any(
                isinstance(v, str) and v.strip().lower() == "none"
                for v in [*self.enum, *self.beside]
            )
            empty = (
                value is None
                and not self.respelled  # ``str(None).replace("N", "n")`` may be listed
                and not (self.none_tested or self.absence_none)
                and (self.coercion is None or (self.coercion == "str" and not spelled))
            )
        return (
            empty
            and (self.closed_always or self.closed_sometimes)
            and len(self.enum) > 1
            and not (self.values_unknown and listed)
        )

    def _opaque_refuses(self, value: Any) -> bool:
        """Whether a closed dispatch against values not known may refuse
        what a missing key gives (``""`` or ``None``, taken on by no test
        of its own), as one with a list of them would."""
        if value == "":
            taken = self.blank_tested or self.absence_blank or self.coercion not in (None, "str")
        else:
            taken = value is not None or self.none_tested or self.absence_none
        # a listed dispatch on every call that refuses it, beside another test
        # of the value that leaves the values taken unknown (``if action not
        # in READ_ACTIONS:`` after it): that test may take it, or not
        beside = self.values_unknown and self.closed_always and self._closed_refuses(value, False)
        return ((self.closed_opaque and not taken) or beside) and not self.missing_unknown

    def refused_only(self) -> bool:
        """Whether every read of the argument is a test of its presence whose
        body raises (``if "debug" in self.args: raise ValueError(...)``):
        the tool refuses the key when given, and takes it nowhere."""
        return bool(self.reads) and all(
            (r.line, r.column) in self.refused_reads for r in self.reads
        )

    def _rejected_where(self, value: Any) -> set[str]:
        """Where (``"always"``, ``"sometimes"``: on every call or on some)
        a test that rejects every value it does not list, in a body that
        ends with an error, refuses ``value``, what a missing key gives,
        when it is no value listed nor any folding of one the test makes
        (``mode = args.get("mode", "auto")``, then ``if mode not in ("fast",
        "slow"): return Response(error)``). The empty values are
        :meth:`_closed_refuses`'s; nothing is said where the value tested is
        not only the read's, is re-spelled, or is tested in a way no list holds."""
        if self.missing_unknown or self.respelled or self.values_unknown:
            return set()
        if not default_outside(self.enum, self.enum_folds, self.coercion, (True, value), _none):
            return set()
        return set(self.rejecting)


def _none(value: Any) -> bool:
    """No check refuses ``value`` (:func:`default_outside` asks)."""
    return False
